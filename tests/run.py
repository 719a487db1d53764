#!/usr/bin/env python3
"""entrylab's test runner: `make test` runs this after building.

Most cases boot the kernel in one configuration and compare what it printed with
a row of BOOTS or MAKES: the boot arguments, the lines that must (or must not)
appear, the exit status, and for KTAP output the exact set of test cases per
suite, read from the SELFTEST() definitions in the sources, so a lost test is a
failure. MAKES rows run a make command as a user types it. CHECKS are the cases
that need code: the disassembly, the benchmark and fuzzer runs, the docs.

Boots run in parallel (one per core); MAKES rows share build/entrylab.iso and run
one after another. Output, kvm-unit-tests style, in table order:
    PASS name (detail) | FAIL name: what went wrong | SKIP name: why
Every KTAP case of the suites a row's `report` names is counted too, on an
indented line. The last line is "N passed, N failed" (", N skipped" when any were). Logs
are in build/test-logs/. `--only PATTERN` runs the cases whose name contains it.
"""
import concurrent.futures
import fnmatch
import glob
import itertools
import math
import os
import re
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boot  # noqa: E402
import screen  # noqa: E402
import selftests_linux  # noqa: E402
import selftests_x86  # noqa: E402
from boot import ROOT  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
import vulnerabilities  # noqa: E402  (tests/vulnerabilities.expect's reader)
import bench_linux  # noqa: E402  (make compare's ops)
import bench_mitigations  # noqa: E402  (make bench's machine line)


def selftest_suites(*patterns):
    """{suite: {case}} from the SELFTEST(suite, case) lines of the matching sources."""
    suites = {}
    for pattern in patterns:
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            for suite, name in re.findall(r'^SELFTEST\((\w+), (\w+)\)', open(path).read(), re.M):
                suites.setdefault(suite, set()).add(name)
    return suites


def entry_variants():
    """The variants' symbol names, as include/entry-variants.h lists them (the one list)."""
    text = open(os.path.join(ROOT, 'include', 'entry-variants.h')).read()
    return re.findall(r'^\s*ENTRY_VARIANT\((\w+),', text, re.M)


def asm_fastpath():
    """The asm fast path's name, as bench/variants.c's table gives it."""
    text = open(os.path.join(ROOT, 'bench', 'variants.c')).read()
    return re.search(r'\[ENTRY_ASM_FASTPATH\] = \{ "(\w+)"', text)[1].replace('_', '-')


# As the kernel spells them on the command line and in its warning: '-' for '_'.
VARIANT_NAMES = ', '.join([v.replace('_', '-') for v in entry_variants()] + [asm_fastpath()])
KERNEL_SUITES = selftest_suites('arch/x86/**/*.c', 'kernel/**/*.c', 'lib/*.c', 'entry/*.c')
RING3_SUITES = selftest_suites('user/tests/*.c')
# A boot of both reports them in one KTAP tree: one name, one suite.
SHARED_SUITES = sorted(KERNEL_SUITES.keys() & RING3_SUITES.keys())
assert not SHARED_SUITES, f'suites both in the kernel and in ring 3: {SHARED_SUITES}'
DEMOS = {'selftest/fail_demo', 'selftest/oops_demo'}
DEBUG_ONLY = {'entry/irqoff_hooks_assert_irqs_off', 'spinlock/lockdep_catches_irq_unsafe_use',
              'slab/debug_catches_double_free', 'slab/debug_catches_write_after_free'}
# Skipped on one CPU, which is how every row without SMP= boots.
SMP_ONLY = {'smp/reschedule_ipi_reaches_every_cpu', 'smp/call_function_runs_on_each_cpu_irqs_off',
            'rcu/synchronize_rcu_waits_for_a_reader_on_another_cpu',
            'rcu/user_mode_cpu_needs_no_interrupt_with_the_tracker',
            'rcu/user_mode_cpu_needs_an_interrupt_without_the_tracker',
            'sched/task_runs_where_its_affinity_says', 'threads/mprotect_reaches_other_cpus_tlb',
            'threads/frames_are_freed_only_after_other_cpus_flush',
            'threads/modify_ldt_reaches_other_cpus_ldtr',
            'nmi/nmi_ipi_reaches_every_other_cpu', 'nmi/nmis_keep_arriving_in_ring_3',
            'timekeeping/readers_never_see_a_torn_rebase',
            'membarrier/rseq_barrier_aborts_a_section_on_another_cpu',
            'seccomp/listener_addfd_wait_ends_on_a_signal',
            'fred/an_exception_in_an_nmi_keeps_nmis_blocked',
            'jump_label/trackers_switch_while_another_cpu_makes_syscalls'}
NOHZ_ONLY = {'sched/nohz_full_tick_stops_for_one_task_restarts_for_two',
             'sched/nohz_full_user_time_counts_without_a_tick'}
# Skipped where ring 3 cannot write its GS base (CPU=qemu64, nofsgsbase).
FSGSBASE_ONLY = {'nmi/nmi_in_a_swapgs_window_with_a_kernel_half_user_gs',
                 'fsgsbase/wrgsbase_kernel_half_survives_entries_and_switches'}
# Skipped with page-table isolation off: QEMU's TCG models that say AuthenticAMD
# (max, qemu64: not affected by Meltdown, as Linux decides), mitigations=off, pti=off.
PTI_ONLY = {'pti/user_tables_map_the_entry_area_alone',
            'pti/kernel_text_data_and_direct_map_are_absent',
            'pti/tss_rsp0_is_the_entry_stack_on_every_cpu'}
# Skipped unless the CPU says GenuineIntel: QEMU's TCG models say AuthenticAMD
# (docs/testing.md, "What only a real PC or KVM exercises").
INTEL_ONLY = {'sysret/sigreturn_to_noncanonical_rip_that_sysret_could_restore'}
# Skipped under FRED (Bochs's wildcat_lake): SWAPGS is #UD there, no window to land in;
# and Bochs 3.0's ERETU to the compat-mode CS and SS that IA32_STAR names raises #GP.
IDT_ONLY = {'nmi/nmi_in_a_swapgs_window_finds_this_cpus_area',
            'nmi/nmi_in_a_swapgs_window_with_a_kernel_half_user_gs',
            'sysret/sigreturn_to_compat_mode_and_back'}
# Skipped unless events are delivered by FRED: its own rules (entry/fred_test.c).
FRED_ONLY = {'fred/swapgs_raises_ud', 'fred/msrs_and_cr4_as_set',
             'fred/nmi_in_ring_0_lands_on_stack_level_2',
             'fred/erets_unblocks_nmis_after_an_nmi', 'fred/erets_to_itself_keeps_the_context',
             'fred/db_in_ring_0_lands_on_stack_level_1_with_its_event_data',
             'fred/an_exception_in_an_nmi_keeps_nmis_blocked',
             'fred/switched_off_and_on_again_as_booted'}
# Skipped under Bochs 3.0 with FRED: its FRED delivery leaves a pending interrupt unmasked
# with IF clear, which the trackers' switch under a busy CPU trips over (its comment says how).
BOCHS_FRED_SKIPS = {'jump_label/trackers_switch_while_another_cpu_makes_syscalls'}
# Skipped unless the CPU says AuthenticAMD, as QEMU's TCG models and Bochs's ryzen do.
AMD_ONLY = {'context_switch/replaces_a_null_ss_for_amds_sysret'}
# Skipped without AVX-512: QEMU 7.2's TCG has none; Bochs's corei7_skylake_x has it.
AVX512_ONLY = {'xstate/avx512_enabled_where_the_cpu_has_it',
               'xstate/zmm_and_opmask_survive_a_signal_and_a_context_switch'}
# Skipped under QEMU's TCG, which models no alignment check (#AC); Bochs does.
TCG_SKIPS = {'faults/misaligned_access_with_ac_set_is_sigbus'}
# Skipped without XSAVEOPT (CPU=qemu64: FXSAVE): what a reader sees of its skipped components.
XSAVEOPT_ONLY = {'fpu/image_fill_init_writes_what_xsave_would'}
# The default CPU (max) runs the retpoline, RSB filling and the SWAPGS fence: these
# turn on the rest of the entry path's mechanisms, as a Meltdown, MDS and BHI part would.
EVERY_MITIGATION = 'pti=on force_mitigations=verw,bhi'
EVERY_MITIGATION_ON = tuple(rf'^entrylab: mitigation {m}: on \({why}\)$' for m, why in (
    ('pti', 'pti=on'), ('verw', 'force_mitigations'), ('retpoline', 'spectre_v2 default.*'),
    ('rsb', '.*'), ('bhi', 'force_mitigations'), ('swapgs-fence', '.*')))
RELEASE_SKIPS = (DEMOS | DEBUG_ONLY | SMP_ONLY | NOHZ_ONLY | INTEL_ONLY | FRED_ONLY | PTI_ONLY |
                 AVX512_ONLY | TCG_SKIPS)
SMP_SKIPS = DEMOS | DEBUG_ONLY | INTEL_ONLY | FRED_ONLY | PTI_ONLY | AVX512_ONLY | TCG_SKIPS
SMP_REPORT = {s: KERNEL_SUITES[s] for s in ('acpi', 'rcu', 'sched', 'smp', 'spinlock')}
BANNER = (r'^entrylab: CPU \S+ ".+"', r'^entrylab: memory \d+ MiB usable',
          r'^entrylab: TSC \d+\.\d+ MHz', r'^entrylab: protections: NX on')
RESOURCES_OK = (r'^init: resources: \d+ frames free before and after, kernel page tables '
                r'unchanged, CT_WARN_ON count 0$')
SUCCESS = r'^entrylab: run ended: success \(0\)$'
# A row of the benchmark's tables that is a name alone, with no figure and no reason
# ("not measured: ..."): in the results block, or dashes only in the table.
BENCH_NAME_ALONE = (r'^results: (?!clock:|pmu:)\S+\s*$', r'^bench: [a-z][\w,=-]*( +-)+\s*$')
# The end-of-run lines of kernel/stack_usage.c: each kind's deepest use, which
# boot.check() holds to half the stack in every boot that prints them.
STACKS = tuple(rf'^stack: deepest use \d+ of \d+ bytes \({kind}, CPU \d+\)$'
               for kind in ('boot stack', '#DF stack', 'NMI stack', '#DB stack', '#MC stack'))
TASK_STACK = r'^stack: deepest use \d+ of \d+ bytes \(task stack, pid \d+ .+\)$'
IDLE_STACK = r'^stack: deepest use \d+ of \d+ bytes \(idle stack, CPU [1-9]\d*\)$'
GCC_CLONE = r'(\.(constprop|isra|part)\.\d+)*'     # gcc's names for specialised copies


def killed(signame, extra=''):
    return (rf'^init: killed by signal \d+ \({signame}\) at rip=0x[0-9a-f]+{extra}',
            r'^entrylab: run ended: init killed by a signal \(4\)$')


# name: the boot's arguments (cmdline, init, init_args, env, kernel) and what to expect
# (status, lines, absent, suites, skips, report: prefix to count each KTAP case under).
P = '{b}/user/probe.elf'
BOOTS = {
    'selftests-cpu-max': dict(cmdline='selftest noinit', env={'CPU': 'max'},
                              suites=KERNEL_SUITES, skips=RELEASE_SKIPS,
                              lines=(*BANNER, r'^entrylab: user FPU state by XSAVEOPT: x87, SSE, '
                                              r'AVX, 832-byte images$', *STACKS),
                              report=('selftest', KERNEL_SUITES)),
    'selftests-cpu-qemu64': dict(cmdline='selftest noinit', env={'CPU': 'qemu64'},
                                 suites=KERNEL_SUITES,
                                 skips=RELEASE_SKIPS | FSGSBASE_ONLY | XSAVEOPT_ONLY,
                                 lines=(*BANNER, r'^entrylab: user FPU state by FXSAVE: x87, '
                                                 r'SSE, 512-byte images$')),
    'nofsgsbase-selftests-and-ring3-suite': dict(
        cmdline='selftest nofsgsbase', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS | FSGSBASE_ONLY,
        lines=(r'^entrylab: FSGSBASE off \(paranoid entry by MSR_GS_BASE', RESOURCES_OK,
               SUCCESS, *STACKS, TASK_STACK)),
    'cputime-exact-selftests-and-ring3-suite': dict(
        cmdline='selftest cputime=exact', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS,
        lines=(r'^cputime: exact on every CPU \(cputime=exact\)$', RESOURCES_OK, SUCCESS,
               *STACKS, TASK_STACK)),
    'mitigations-off-selftests-and-ring3-suite': dict(
        cmdline='selftest mitigations=off', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS,
        lines=(r'^entrylab: mitigation pti: off \(mitigations=off\)$', RESOURCES_OK, SUCCESS,
               *STACKS, TASK_STACK)),
    'every-mitigation-selftests-and-ring3-suite': dict(
        cmdline='selftest ' + EVERY_MITIGATION, init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS - PTI_ONLY, timeout=300,
        lines=(*EVERY_MITIGATION_ON, RESOURCES_OK, SUCCESS)),
    'selftests-debug-entry': dict(cmdline='selftest', kernel='{b}/debug/entrylab.elf',
                                  init='{b}/user/init.elf', init_args='iters=200 reps=1',
                                  suites=KERNEL_SUITES,
                                  skips=DEMOS | SMP_ONLY | NOHZ_ONLY | FRED_ONLY | PTI_ONLY,
                                  lines=(r'^bench: CT_WARN_ON count 0$', SUCCESS)),
    'selftests-without-probe-fail': dict(cmdline='selftest noinit', no_probe=True, status=1,
                                         lines=(r'# .*no probe module', r'^not ok \d+ entry$')),
    'fail-demo-implies-selftest': dict(cmdline='selftest.fail_demo noinit', status=1,
                                       suites=KERNEL_SUITES, failures={'selftest/fail_demo'},
                                       skips=RELEASE_SKIPS - {'selftest/fail_demo'},
                                       absent=(r"unknown parameter 'selftest",),
                                       lines=(r'^    not ok \d+ fail_demo$',
                                              r'^entrylab: run ended: failure \(1\)$')),
    'kernel-oops-report': dict(cmdline='selftest.oops_demo noinit', status=1, lines=(
        r'oops: #PF page fault', rf'^RIP: 0x[0-9a-f]{{16}} <oops_demo_read{GCC_CLONE}\+0x',
        r'^CR2: 0xffffc7ffdead0000', r'^RAX: [0-9a-f]{16} RBX:', r'^R13: ', r'^Call trace:',
        r'^  0x[0-9a-f]{16} <selftests_run\+0x', r'^  0x[0-9a-f]{16} <kmain\+0x',
        r'end oops')),
    'kernel-stack-overflow-double-fault': dict(cmdline='selftest.oops_demo=stack noinit',
                                               status=1, lines=(
        r'oops: #DF double fault', rf'^RIP: 0x[0-9a-f]{{16}} <oops_demo_recurse{GCC_CLONE}\+0x',
        rf'^  0x[0-9a-f]{{16}} <oops_demo_recurse{GCC_CLONE}\+0x', r'end oops')),
    'orphans-left-at-init-exit-freed': dict(init=P, init_args='orphans',
                                            lines=(RESOURCES_OK, SUCCESS)),
    'smp2-orphans-left-at-init-exit-freed': dict(init=P, init_args='orphans', env={'SMP': '2'},
                                                 lines=(RESOURCES_OK, SUCCESS)),
    'bench-clock-under-icount-is-instructions': dict(
        init=P, init_args='bench iters=200 reps=1', env={'ICOUNT': '1'},
        lines=(r'^results: clock: instructions \(QEMU icount or Bochs: one TSC tick per '
               r'instruction\), not cycles$',
               r'^results: row +op: instructions per call$',
               r'^bench: instructions per call, minimum over the repetitions',
               r'^results: pmu: none \(', SUCCESS),
        absent=(r'ns_per_call=', *BENCH_NAME_ALONE)),
    'smp2-bench-measures-every-row': dict(
        init=P, init_args='bench iters=200 reps=1', env={'SMP': '2', 'ICOUNT': '0'},
        lines=(r'^results: .*2 CPU\(s\)',
               *(rf'^bench variant={row} op={op} iters=200 ticks_per_call=\d' for row in
                 (r'[a-z-]+,context_tracking=off', r'[a-z-]+,rcu_eqs=off',
                  r'[a-z-]+,cputime=exact')
                 for op in ('kill', 'invalid', 'getpid')),
               RESOURCES_OK, SUCCESS)),
    'bench-clock-under-plain-tcg-is-host-time': dict(
        init=P, init_args='bench iters=200 reps=1', env={'ICOUNT': '0'},
        lines=(r'^results: clock: RDTSC ticks of a hypervisor \(QEMU TCG without icount: host '
               r'time, not the work\)$',
               r'^results: TSC [\d.]+ MHz \(PIT calibration\), invariance not shown by the '
               r'hypervisor \(QEMU: \+invtsc\), under QEMU TCG$',
               r'^results: row +op: TSC ticks per call \(ns\)$', SUCCESS),
        absent=BENCH_NAME_ALONE),
    'kernel-smap-violation-oops': dict(cmdline='selftest.oops_demo=user noinit', status=1,
                                       timeout=60, lines=(
        r'oops: SMAP violation: the kernel touched a user page outside uaccess',
        rf'^RIP: 0x[0-9a-f]{{16}} <oops_demo_read{GCC_CLONE}\+0x',
        r'^CR2: 0x0000000000400000 \(kernel read, protection violation\)', r'end oops')),
    'bad-boot-no-long-mode': dict(cmdline='selftest noinit', env={'CPU': 'qemu32'}, status=2,
                                  lines=(r'boot failed: CPU does not support long mode',)),
    'user-ud2-killed': dict(init=P, init_args='crash=ud2', status=4, lines=killed('SIGILL')),
    'user-kernel-read-killed': dict(init=P, init_args='crash=kread', status=4,
                                    lines=killed('SIGSEGV', ' addr=0xffffffff80100000')),
    'user-noncanonical-jump-killed': dict(init=P, init_args='crash=noncanon', status=4,
                                          lines=killed('SIGSEGV')),
    'init-exit-status-reported': dict(init=P, init_args='exit=3', status=3, lines=(
        r'^init: exited with status 3$',
        r'^entrylab: run ended: init exited with an error \(3\)$')),
    'bad-init-elf-refused': dict(init='{b}/test-logs/bad-machine.elf', status=2, lines=(
        r'^entrylab: boot failed: init: not an x86-64 executable',)),
    'dynamic-init-elf-refused': dict(init='{b}/tests/hello-dynamic.elf', status=2, lines=(
        r'^entrylab: boot failed: init: a dynamically linked executable',)),
    'missing-init-refused': dict(status=2, lines=(r'^entrylab: boot failed: no init module',)),
    'glibc-static-program-as-init': dict(init='{b}/tests/hello-glibc.elf', init_args='first 0',
                                         lines=(r'^hello from glibc: entrylab x86_64, pid 1, '
                                                r'argc 3, argv\[1\] first, heap ok$', SUCCESS)),
    'glibc-static-pie-program-as-init': dict(init='{b}/tests/hello-pie.elf', init_args='pie 0',
                                             lines=(r'^hello from glibc: entrylab x86_64, pid 1, '
                                                    r'argc 3, argv\[1\] pie, heap ok$', SUCCESS)),
    'i386-suite-amd-syscall': dict(init='{b}/tests/i386-suite.elf', lines=(
        r'^# AuthenticAMD: the vDSO\'s slot holds 89 cd 0f 05$', r'^# Totals: pass:18 fail:0$',
        RESOURCES_OK, SUCCESS)),
    'i386-suite-intel-sysenter': dict(init='{b}/tests/i386-suite.elf',
                                      env={'CPU': 'max,vendor=GenuineIntel'}, lines=(
        r'^# GenuineIntel: the vDSO\'s slot holds 89 e5 0f 34$', r'^# Totals: pass:18 fail:0$',
        RESOURCES_OK, SUCCESS)),
    'smp2-i386-suite-amd-syscall': dict(init='{b}/tests/i386-suite.elf', env={'SMP': '2'},
                                        lines=(r'^# Totals: pass:18 fail:0$', RESOURCES_OK,
                                               SUCCESS)),
    'rust-std-threads': dict(init='{b}/tests/threads-rust.elf', lines=(
        r'^threads-rust: all ok$', RESOURCES_OK, SUCCESS)),
    'smp2-rust-std-threads': dict(init='{b}/tests/threads-rust.elf', env={'SMP': '2'},
                                  lines=(r'^threads-rust: all ok$', RESOURCES_OK, SUCCESS)),
    'rust-std-threads-static-pie': dict(init='{b}/tests/threads-rust-pie.elf', lines=(
        r'^threads-rust: all ok$', RESOURCES_OK, SUCCESS)),
    'smp2-rust-std-threads-static-pie': dict(init='{b}/tests/threads-rust-pie.elf',
                                             env={'SMP': '2'}, lines=(
        r'^threads-rust: all ok$', RESOURCES_OK, SUCCESS)),
    'go-runtime': dict(init='{b}/tests/goroutines-go.elf', lines=(
        r'^goroutines-go: all ok$', RESOURCES_OK, SUCCESS)),
    'smp2-go-runtime': dict(init='{b}/tests/goroutines-go.elf', env={'SMP': '2'},
                            lines=(r'^goroutines-go: all ok$', RESOURCES_OK, SUCCESS)),
    # The vDSO: glibc finds it and makes no clock system call; with tsc=unstable the
    # vDSO falls back to the system call, which proves the count counts.
    'glibc-clocks-through-the-vdso': dict(init='{b}/tests/vdso-glibc.elf', init_args='vdso',
                                          lines=(r'^vdso: clock reader stable, ',
                                                 r'^vdso-glibc: 5000 clock calls, 0 reached '
                                                 r'the kernel \(expected 0\), values ok$',
                                                 SUCCESS)),
    'glibc-clocks-percpu-reader': dict(init='{b}/tests/vdso-glibc.elf', init_args='vdso',
                                       cmdline='vdso_clock=percpu', env={'SMP': '2'},
                                       lines=(r'^vdso: clock reader percpu, ',
                                              r'^vdso-glibc: 5000 clock calls, 0 reached ',
                                              SUCCESS)),
    'glibc-clocks-tsc-unstable-syscall': dict(init='{b}/tests/vdso-glibc.elf',
                                              init_args='syscall', cmdline='tsc=unstable',
                                              lines=(r'^vdso: the TSC is not usable '
                                                     r'\(tsc=unstable\)',
                                                     r'^vdso-glibc: 5000 clock calls, 3000 '
                                                     r'reached the kernel \(expected 3000\)',
                                                     SUCCESS)),
    # The same program built for i386: the 32-bit vDSO, whose fallback is __kernel_vsyscall.
    'glibc-i386-clocks-through-the-vdso': dict(init='{b}/tests/vdso-glibc-i386.elf',
                                               init_args='vdso', lines=(
        r'^vdso-glibc: 5000 clock calls, 1000 reached the kernel \(expected 1000\), values ok$',
        SUCCESS)),
    'smp2-glibc-i386-clocks-percpu-reader': dict(init='{b}/tests/vdso-glibc-i386.elf',
                                                 init_args='vdso', cmdline='vdso_clock=percpu',
                                                 env={'SMP': '2'}, lines=(
        r'^vdso: clock reader percpu, ', r'^vdso-glibc: 5000 clock calls, 1000 reached ',
        SUCCESS)),
    'glibc-i386-clocks-tsc-unstable-syscall': dict(init='{b}/tests/vdso-glibc-i386.elf',
                                                   init_args='syscall', cmdline='tsc=unstable',
                                                   lines=(
        r'^vdso-glibc: 5000 clock calls, 4000 reached the kernel \(expected 4000\), values ok$',
        SUCCESS)),
    'glibc-i386-clocks-tsc-unstable-sysenter': dict(init='{b}/tests/vdso-glibc-i386.elf',
                                                    init_args='syscall', cmdline='tsc=unstable',
                                                    env={'CPU': 'max,vendor=GenuineIntel'},
                                                    lines=(
        r'^vdso-glibc: 5000 clock calls, 4000 reached the kernel \(expected 4000\), values ok$',
        SUCCESS)),
    'vdso-clock-bad-value-warned': dict(init='{b}/tests/vdso-glibc.elf', init_args='vdso',
                                        cmdline='vdso_clock=fast', lines=(
        r'^cmdline: vdso_clock=fast is not stable or percpu, using stable$', SUCCESS)),
    'quoted-arguments-reach-init': dict(init='{b}/tests/hello-glibc.elf',
                                        init_args='''it's "a\\b"''', lines=(
        r'''^hello from glibc: entrylab x86_64, pid 1, argc 3, argv\[1\] it's, heap ok$''',)),
    # UEFI (OVMF) as well as SeaBIOS: the same ISO, the same results.
    'uefi-selftests': dict(cmdline='selftest noinit', env={'FIRMWARE': 'uefi'},
                           suites=KERNEL_SUITES, skips=RELEASE_SKIPS, lines=(SUCCESS,)),
    'uefi-bench': dict(init='{b}/user/init.elf', init_args='iters=200 reps=1',
                       env={'FIRMWARE': 'uefi'},
                       lines=(r'^bench: CT_WARN_ON count 0$', r'^bench proc=fork-wait ',
                              SUCCESS)),
    'uefi-acpi-power-off-without-exit-device': dict(
        cmdline='noinit halt_after=0', env={'FIRMWARE': 'uefi', 'EXIT_DEVICE': '0'}, lines=(
            r'^acpi: power-off: PM1a_CNT (port|at) 0x[0-9a-f]+', SUCCESS,
            r'^acpi: powering off \(S5\)$',
            r'QEMU exited by itself \(no exit device\): run status 0$')),
    # No isa-debug-exit device, as on a PC: ACPI ends the run and QEMU exits by itself.
    'acpi-power-off-without-exit-device': dict(
        cmdline='selftest noinit halt_after=0', env={'EXIT_DEVICE': '0'},
        suites=KERNEL_SUITES, skips=RELEASE_SKIPS, lines=(
            r'^acpi: power-off: PM1a_CNT (port|at) 0x[0-9a-f]+, SLP_TYP \d+/\d+ \(\\_S5_\); '
            r'reset: ',
            SUCCESS, r'^entrylab: no debug-exit device: power-off in 0 s',
            r'^acpi: powering off \(S5\)$', r'^acpi: clearing wake sources: PM1 status port '
            r'0x[0-9a-f]+ \(0x[0-9a-f]+ set\), GPE0 [1-9]\d* and GPE1 \d+ registers$',
            r'QEMU exited by itself \(no exit device\): '
            r'run status 0$'), absent=(r'still running', r'^cmdline: warning: unknown')),
    'acpi-reset-without-exit-device': dict(
        cmdline='noinit halt_after=0 reboot', env={'EXIT_DEVICE': '0'}, lines=(
            SUCCESS, r'^entrylab: no debug-exit device: reset in 0 s',
            r'^acpi: resetting through ', r'QEMU exited by itself')),
    'halt-after-never-stays': dict(
        cmdline='noinit halt_after=never', env={'EXIT_DEVICE': '0'}, timeout=15, status=124,
        lines=(SUCCESS, r'^entrylab: halted \(halt_after=never\)')),
    'irq-restore-sti-selftests': dict(cmdline='selftest irq_restore=sti noinit',
                                      suites=KERNEL_SUITES, skips=RELEASE_SKIPS, lines=(
        r'^entrylab: local_irq_restore\(\) by a conditional sti \(irq_restore=sti\)$',
        SUCCESS)),
    'irq-restore-garbage-warned': dict(cmdline='irq_restore=pushf noinit', lines=(
        r'^cmdline: irq_restore=pushf is not popf or sti, using popf$',
        r'^entrylab: local_irq_restore\(\) by popf$', SUCCESS)),
    'unknown-parameters-warned': dict(cmdline="noinit it's entry=bogus context_tracking=off "
                                      'rcu_eqs=on', lines=(
        r"^cmdline: warning: unknown parameter 'it's' ignored$",
        rf'^cmdline: entry=bogus is not an entry variant \({VARIANT_NAMES}\), using '
        r'irqoff-inline$',
        r'^cmdline: warning: rcu_eqs=on needs context tracking',
        r'context tracking off, RCU tracker off$', SUCCESS)),
}

# tests/programs/threads.c built with each C library for each ABI, on one CPU and on two.
for libc in ('glibc', 'glibc-i386', 'musl', 'musl-i386'):
    for prefix, env in (('', None), ('smp2-', {'SMP': '2'})):
        BOOTS[f'{prefix}{libc}-threads-fork-sleep'] = dict(
            init=f'{{b}}/tests/threads-{libc}.elf', env=env,
            lines=(rf'^threads-{libc}: all ok$', RESOURCES_OK, SUCCESS))

# Several CPUs: TCG without icount (docs/smp-rcu.md). The self-tests at 2 and 4 CPUs,
# with the tracker off, in the debug build; the ring-3 suite; what bad input gets.
SMP_ONLINE = r'^smp: {} CPUs online$'
# The banner's APIC mode: QEMU 7.2's TCG has no x2APIC; Bochs's Skylake-X has.
XAPIC_NO_X2APIC = r'^apic: xAPIC mode \(no x2APIC on this CPU\)$'
X2APIC_ENABLED = r'^apic: x2APIC mode \(the CPU has it; enabled by us\)$'
X2APIC_FROM_FIRMWARE = r'^apic: x2APIC mode \(firmware handed over in x2APIC mode\)$'
# The banner's load address: at or above 1 GiB, phys_base not 0.
RELOCATED_ABOVE_1G = (r'^entrylab: kernel loaded at 0x[4-7][0-9a-f]{7}-0x[0-9a-f]+, linked for '
                      r'0x200000 \(phys_base 0x[0-9a-f]{8}\)$')
BOOTS.update({
    'smp2-selftests': dict(cmdline='selftest nohz_full=1 noinit', env={'SMP': '2'},
                           suites=KERNEL_SUITES, skips=SMP_SKIPS, report=('smp2', SMP_REPORT),
                           lines=(SMP_ONLINE.format(2), r'^nohz_full: CPU 1 stops its tick',
                                  XAPIC_NO_X2APIC, *STACKS, IDLE_STACK)),
    # Firmware leaves the boot CPU's control registers its own way (OVMF sets CR0.NE,
    # CR4.DE, CR4.MCE); every CPU must still run the same rules.
    'uefi-smp2-selftests': dict(cmdline='selftest nohz_full=1 noinit',
                                env={'SMP': '2', 'FIRMWARE': 'uefi'}, suites=KERNEL_SUITES,
                                skips=SMP_SKIPS, lines=(SMP_ONLINE.format(2), SUCCESS)),
    'smp4-selftests': dict(cmdline='selftest nohz_full=2-3 noinit', env={'SMP': '4'},
                           suites=KERNEL_SUITES, skips=SMP_SKIPS, report=('smp4', SMP_REPORT),
                           lines=(SMP_ONLINE.format(4), r'^nohz_full: CPU 3 stops its tick')),
    'smp2-selftests-rcu-eqs-off': dict(
        cmdline='selftest rcu_eqs=off nohz_full=1 noinit', env={'SMP': '2'},
        suites=KERNEL_SUITES, skips=SMP_SKIPS | {'entry/rcu_tracker_counts_every_transition'},
        lines=(SMP_ONLINE.format(2), r'RCU tracker off$')),
    'smp2-selftests-debug-entry': dict(cmdline='selftest nohz_full=1 noinit', env={'SMP': '2'},
                                       kernel='{b}/debug/entrylab.elf', suites=KERNEL_SUITES,
                                       skips=DEMOS | FRED_ONLY | PTI_ONLY,
                                       lines=(r'^    # expected lockdep: CPU 1: ',)),
    'smp2-ring3-suite': dict(init='{b}/user/entrytests.elf', env={'SMP': '2'},
                             suites=RING3_SUITES, skips=INTEL_ONLY | AVX512_ONLY | TCG_SKIPS,
                             lines=(SMP_ONLINE.format(2), RESOURCES_OK, SUCCESS, *STACKS,
                                    TASK_STACK, IDLE_STACK)),
    'smp2-every-mitigation-selftests-and-ring3-suite': dict(
        cmdline='selftest ' + EVERY_MITIGATION, init='{b}/user/entrytests.elf',
        env={'SMP': '2'}, suites={**KERNEL_SUITES, **RING3_SUITES}, timeout=300,
        skips=SMP_SKIPS - PTI_ONLY | NOHZ_ONLY | INTEL_ONLY,
        lines=(*EVERY_MITIGATION_ON, SMP_ONLINE.format(2), RESOURCES_OK, SUCCESS)),
    'smp2-mitigations-off-ring3-suite': dict(
        cmdline='mitigations=off', init='{b}/user/entrytests.elf', env={'SMP': '2'},
        suites=RING3_SUITES, skips=INTEL_ONLY | AVX512_ONLY | TCG_SKIPS,
        lines=(SMP_ONLINE.format(2), RESOURCES_OK, SUCCESS)),
    'smp-without-acpi-boots-one-cpu': dict(cmdline='noinit', env={'SMP': '2'},
                                           qemu_args=['-no-acpi'], lines=(
        r'^smp: ACPI: no RSDP from the loader \(no ACPI tables\?\): booting on one CPU$',
        SMP_ONLINE.format(1), SUCCESS)),
    # RAM above 4 GiB (QEMU puts 3 GiB below the PCI hole, the rest from 4 GiB on): the
    # allocator takes all of it and the direct map reaches it; the ring-3 suite runs there.
    'selftests-and-ring3-suite-with-6g': dict(
        cmdline='selftest', init='{b}/user/entrytests.elf', env={'MEM': '6G'},
        # 4% of 6 GiB is more watches than a test fills: that case says so and skips.
        suites={**KERNEL_SUITES, **RING3_SUITES},
        skips=RELEASE_SKIPS | {'epoll/max_user_watches_is_the_only_limit'},
        lines=(r'^entrylab: memory 6\d{3} MiB usable, \d+ frames free, highest address '
               r'0x1[0-9a-f]{8}$', RESOURCES_OK, SUCCESS)),
    # GRUB must load the kernel elsewhere than where it links (2 MiB): under OVMF its
    # cutmem (scripts/mkiso.sh's CUTMEM) takes 1 MiB..1 GiB from the firmware before the
    # kernel is loaded, so the image and the modules lie above 1 GiB, beyond the old boot
    # tables (GRUB puts the boot information below 1 MiB); on two CPUs the APs start
    # through the trampoline, and PTI maps the entry area from the image's frames.
    **{f'uefi-{prefix}relocated-selftests-and-ring3-suite': dict(
        cmdline=f'selftest {cmdline}'.strip(), init='{b}/user/entrytests.elf', timeout=300,
        env={'FIRMWARE': 'uefi', 'MEM': '2G', 'CUTMEM': '1M 1G', **env},
        # 1 GiB of RAM is more epoll watches than a test fills (as with 6 GiB).
        suites={**KERNEL_SUITES, **RING3_SUITES},
        skips=skips | {'epoll/max_user_watches_is_the_only_limit'},
        lines=(RELOCATED_ABOVE_1G, *online, RESOURCES_OK, SUCCESS))
       for prefix, cmdline, env, skips, online in (
           ('', '', {}, RELEASE_SKIPS, ()),
           ('smp2-', 'nohz_full=1 pti=on', {'SMP': '2'}, SMP_SKIPS - PTI_ONLY,
            (SMP_ONLINE.format(2), r'^entrylab: mitigation pti: on \(pti=on\)$')))},
    # 32-bit UEFI on a 64-bit CPU: OVMF's ia32 build runs the ISO's i386-efi GRUB, which
    # hands over as the x86_64 one does (EFI32 tags instead of EFI64: the kernel reads
    # neither); relocated as above.
    'uefi32-relocated-selftests-and-ring3-suite': dict(
        cmdline='selftest', init='{b}/user/entrytests.elf', timeout=300,
        env={'FIRMWARE': 'uefi32', 'MEM': '2G', 'CUTMEM': '1M 1G'},
        suites={**KERNEL_SUITES, **RING3_SUITES},
        skips=RELEASE_SKIPS | {'epoll/max_user_watches_is_the_only_limit'},
        lines=(r'^qemu\.sh: firmware: OVMF32_CODE_4M\.secboot\.fd on -M q35,smm=on$',
               r'^fbcon: \d+x\d+, ', RELOCATED_ABOVE_1G, RESOURCES_OK, SUCCESS)),
    # SeaBIOS's GRUB takes cutmem's range out of the map it reports but still loads the
    # kernel at 2 MiB: the image lies outside the memory map, and the direct map has it.
    'kernel-outside-the-memory-map-selftests': dict(
        cmdline='selftest noinit', env={'MEM': '2G', 'CUTMEM': '1M 1G'},
        suites=KERNEL_SUITES, skips=RELEASE_SKIPS, lines=(
            r'^entrylab: memory 10\d\d MiB usable, ',
            r'^entrylab: kernel loaded at 0x200000-0x[0-9a-f]+, linked for 0x200000 '
            r'\(phys_base 0x0\)$', SUCCESS)),
    # make run's default command line on a machine without ACPI tables: nothing to
    # calibrate against but the PIT, and the self-test that needs the PM timer says so.
    'selftests-without-acpi': dict(
        cmdline='selftest noinit', qemu_args=['-no-acpi'], suites=KERNEL_SUITES,
        skips=RELEASE_SKIPS | {'timer/pm_timer_calibration_agrees',
                               'acpi/firmware_tables_list_every_online_cpu'},
        lines=(r'^ *ok \d+ pm_timer_calibration_agrees # SKIP no ACPI PM timer to compare with: '
               r'no RSDP', SUCCESS)),
    'smp-absent-cpu-skipped': dict(cmdline='noinit smp.test_absent_cpu', env={'SMP': '2'},
                                   lines=(r'^smp: CPU with APIC ID 254 did not come online '
                                          r'within 200 ms: skipped$', SMP_ONLINE.format(2),
                                          SUCCESS)),
    'smp-nosmp-boots-one-cpu': dict(cmdline='noinit nosmp', env={'SMP': '2'},
                                    lines=(SMP_ONLINE.format(1), SUCCESS)),
})
for value, want, warning in (
        ('0', 1, r'smp=0 is below the minimum 1, using 1'),
        ('999', 2, r'smp=999 is above the maximum 8, using 8'),
        ('abc', 2, r'smp=abc is not a number, using 8')):
    BOOTS[f'smp-{value}-warned'] = dict(cmdline=f'noinit smp={value}', env={'SMP': '2'},
                                        lines=(rf'^cmdline: warning: {warning}$',
                                               SMP_ONLINE.format(want), SUCCESS))
for value, warning in (
        ('0', r'nohz_full: CPU 0 keeps its tick \(it runs RCU'),
        ('7', r'nohz_full: CPU 7 is not online: dropped'),
        ('garbage', r'nohz_full=garbage is not a CPU list \(like 1-3,5\): ignored')):
    BOOTS[f'nohz-full-{value}-warned'] = dict(cmdline=f'noinit nohz_full={value}',
                                              env={'SMP': '2'}, absent=(r'^nohz_full: CPU',),
                                              lines=(rf'^cmdline: warning: {warning}',
                                                     SMP_ONLINE.format(2), SUCCESS))

for death in ('no_restorer', 'bad_stack', 'altstack_overflow', 'blocked_fault'):
    BOOTS[f'ring3-{death.replace("_", "-")}-killed'] = dict(
        init='{b}/user/entrytests.elf', init_args=f'die={death}', status=4,
        lines=killed('SIGSEGV') + (RESOURCES_OK,), absent=(r'survived',))

# Init dies between BENCH_BEGIN and BENCH_END (the floor row selected, the tick stopped):
# the kernel restores both and reads them back.
BOOTS['ring3-death-inside-benchmark-restores-row-and-timer'] = dict(
    init='{b}/user/entrytests.elf', init_args='die=inside_benchmark', status=4,
    lines=(r'^bench: init ended between BENCH_BEGIN and BENCH_END; restored:$',
           r'^bench: CPU 0: entry irqoff-inline, timer running$')
    + killed('SIGSEGV') + (RESOURCES_OK,), absent=(r'survived',))

# What Linux 6.12 says in /sys/devices/system/cpu/vulnerabilities/ on each QEMU CPU model
# (tests/vulnerabilities.expect, from scripts/vulnerabilities.py's Linux boots) against
# what entrylab says booted the same way: the files it has (include/file.h's
# CPU_VULNERABILITIES) the same, but where it lacks what Linux runs (VULN_DIFFERS), the
# others ENOENT. docs/mitigations.md has the table.
VULN_FILES = set(re.findall(r'V\((\w+)\)', re.search(
    r'#define CPU_VULNERABILITIES\(V\)((?:.*\\\n)*.*)',
    open(os.path.join(boot.ROOT, 'include', 'file.h')).read())[1]))
# (file, what Linux 6.12 says): what entrylab says instead, having no return thunks.
VULN_DIFFERS = {
    ('indirect_target_selection', 'Mitigation: Aligned branch/return thunks'): 'Vulnerable',
    ('retbleed', 'Mitigation: untrained return thunk; SMT disabled'): 'Vulnerable',
    ('spec_rstack_overflow', 'Vulnerable: Safe RET, no microcode'): 'Vulnerable: No microcode',
}
VULN_LINE = re.compile(r'^vuln (\w+): (.*)$')


def vulnerability_lines(linux):
    """The lines vulns.elf must print under entrylab where Linux printed linux."""
    out = []
    for line in linux:
        m = VULN_LINE.match(line)
        if m and m[1] not in VULN_FILES:
            line = f'vuln {m[1]}: (ENOENT)'
        elif m:
            line = f'vuln {m[1]}: {VULN_DIFFERS.get((m[1], m[2]), m[2])}'
        out.append('^' + re.escape(line) + '$')
    return tuple(out)


for model, linux in vulnerabilities.read_expect().items():
    BOOTS[f'vulnerabilities-as-linux-{model.lower()}'] = dict(
        init='{b}/tests/vulns.elf', env={'CPU': model},
        lines=(*vulnerability_lines(linux), r'^vulns: done$', SUCCESS))

# The README's commands, as a user types them; one after another (one ISO path).
LONG_ARGS = 'x' * 10000
MAKES = {
    'readme-ring3-suite-as-init': dict(
        args=['run', 'INIT=build/user/entrytests.elf'], suites={**KERNEL_SUITES, **RING3_SUITES},
        skips=RELEASE_SKIPS, lines=(RESOURCES_OK, SUCCESS, *STACKS, TASK_STACK),
        report=('ring3', RING3_SUITES)),
    'readme-make-run-names-its-clock': dict(
        args=['run'], timeout=600,
        lines=(r'^qemu.sh: clock: (QEMU TCG with icount: .*\(KVM not usable: .+\)|KVM: )',
               r'^results: clock: (instructions \(QEMU icount or Bochs: .*\), not cycles|'
               r'TSC ticks under KVM)',
               r'^results: row +op: (instructions|TSC ticks) per call',
               r'^results: irqoff-inline +kill \d+\.\d\d ', SUCCESS),
        absent=BENCH_NAME_ALONE),
    'readme-bad-arguments-warned': dict(
        args=['bench', 'BENCH_ARGS=iters=-5 iter=100 reps=1000 count=99999999999999999999'],
        timeout=600,  # 64 repetitions, the mitigation table's PTI rows flushing the TLB
        lines=(r'^init: warning: iters=-5 is not a number, using 10000$',
               r'^init: warning: reps=1000 is above the maximum 64, using 64$',
               r"^init: warning: unknown parameter 'iter' ignored$",
               r"^init: warning: unknown parameter 'count' ignored$",
               r'^bench variant=irqoff-inline op=kill iters=10000 ', SUCCESS)),
    'readme-failing-run-fails-make': dict(
        args=['run', 'CMDLINE=noinit selftest.fail_demo'], status=2,
        lines=(r'^entrylab: run ended: failure \(1\)$', r'\[Makefile:\d+: run\] Error 1$')),
    'readme-init-status-reaches-make': dict(
        args=['run', 'CMDLINE=', 'INIT=build/user/probe.elf', 'INIT_ARGS=exit=3'], status=2,
        lines=(r'^entrylab: run ended: init exited with an error \(3\)$',
               r'\[Makefile:\d+: run\] Error 3$')),
    'readme-rcu-demo': dict(
        args=['rcu-demo'], lines=(
            r'^rcu-demo: a ring-3 loop spins on CPU 1 \(nohz_full: its tick stops\)',
            r'^rcu-demo rcu_eqs=on grace_periods=100 gp_latency_us_median=[\d.]+ '
            r'gp_latency_us_max=[\d.]+ interrupts_on_nohz_cpu=0$',
            r'^rcu-demo rcu_eqs=off grace_periods=100 gp_latency_us_median=[\d.]+ '
            r'gp_latency_us_max=[\d.]+ interrupts_on_nohz_cpu=([1-9]\d\d|\d{4,})$', SUCCESS)),
    'readme-rcu-demo-needs-two-cpus': dict(
        args=['rcu-demo', 'SMP=1'], status=2,
        lines=(r'^rcu-demo: needs two or more CPUs \(make rcu-demo SMP=2\)$',
               r'\[Makefile:\d+: rcu-demo\] Error 1$')),
    'readme-long-init-args-refused': dict(
        args=['run', f'INIT_ARGS={LONG_ARGS}'], status=2,
        lines=(r'^mkiso.sh: init\'s argument string \("init" \+ INIT_ARGS\) is 10005 characters; '
               r'the kernel accepts at most 2047$',)),
    'callgraph-recursion-bounded': dict(
        args=['callgraph'], absent=(r'^PROBLEM ',), lines=(
            r'^cycle: \S+: one call per page-table level', r'^deepest: \d+ bytes: ',
            r'^\d+ functions, \d+ direct calls, \d+ cycles$')),
    'usb-needs-a-device': dict(args=['usb'], status=2, lines=(
        r'^usb.sh: say which stick: make usb DEV=/dev/sdX', r'\[Makefile:\d+: usb\] Error 2$')),
    'usb-refuses-non-block-device': dict(args=['usb', 'DEV=/dev/null'], status=2, lines=(
        r'^usb.sh: /dev/null: not a block device; nothing written$',)),
}


def root_disk():
    """The whole disk this machine's root filesystem is on, or None (a container)."""
    src = subprocess.run(['findmnt', '-no', 'SOURCE', '/'], capture_output=True,
                         text=True).stdout.strip()
    if not src.startswith('/dev/'):
        return None
    parent = subprocess.run(['lsblk', '-no', 'PKNAME', src], capture_output=True,
                            text=True).stdout.split()
    return '/dev/' + (parent[0] if parent else os.path.basename(src))


if root_disk():
    MAKES['usb-refuses-the-root-disk'] = dict(args=['usb', f'DEV={root_disk()}'], status=2,
                                              lines=(r'holds the root filesystem of this system; '
                                                     r'nothing written$',))

# What each case claims, for the docs: docs/testing.md's table of cases is generated
# from this list (--update-docs), and every case must match exactly one entry.
CLAIMS = [
    (['selftests-cpu-max', 'selftests-cpu-qemu64'],
     'every boot self-test passes on a CPU with SMEP/SMAP/UMIP and on one without (where '
     'STAC/CLAC are patched out), exactly the cases the sources define; banner complete, '
     'user FPU state by XSAVEOPT (x87, SSE, AVX: 832-byte images) on the first and by FXSAVE on '
     'the second'),
    (['mitigations-off-selftests-and-ring3-suite', 'smp2-mitigations-off-ring3-suite'],
     '`mitigations=off`: the self-tests and the ring-3 suite pass with every speculation '
     'mitigation off, on one CPU and on two; every other boot runs them at Linux\'s '
     'defaults for its CPU (under TCG\'s `max`, an AMD part: the retpoline, RSB filling, '
     'the SWAPGS fence; no PTI, so the PTI self-tests skip)'),
    (['every-mitigation-selftests-and-ring3-suite',
      'smp2-every-mitigation-selftests-and-ring3-suite'],
     '`pti=on force_mitigations=verw,bhi`: the self-tests (the PTI ones included) and the '
     'ring-3 suite pass with every mechanism of the entry path on (PTI, VERW, the '
     'retpoline, RSB filling, the BHI loop, the SWAPGS fence), on one CPU and on two'),
    (['vulnerabilities-as-linux-*'],
     'booted as init under each QEMU CPU model of tests/vulnerabilities.expect (Skylake, '
     'Cascade Lake, Ice Lake, Cooper Lake, Haswell, EPYC Zen 1/2/3, Denverton, Snow Ridge, '
     '`max`), tests/programs/vulns.c prints what Linux 6.12 printed there '
     '(scripts/vulnerabilities.py): the same CPUID, and each vulnerability file entrylab '
     'has word for word, except where it lacks Linux\'s return thunks (retbleed, SRSO, '
     'ITS: docs/mitigations.md); the files it does not have are ENOENT'),
    (['cputime-exact-selftests-and-ring3-suite'],
     '`cputime=exact`: the self-tests and the ring-3 suite pass with CPU time measured at '
     'each user/kernel crossing on every CPU (every other boot samples it by the tick, '
     'exactly only on nohz_full CPUs): the CPU-time clocks, getrusage() telling a spin in '
     'user mode from reads of /dev/zero, a reaped child\'s times'),
    (['nofsgsbase-selftests-and-ring3-suite'],
     '`nofsgsbase`: the self-tests and the ring-3 suite pass with FSGSBASE off, the paranoid '
     'entry deciding by MSR_GS_BASE\'s sign (the kernel-half GS cases skip: ring 3 cannot '
     'make one)'),
    (['selftests-debug-entry'],
     "the `DEBUG_ENTRY=1` kernel: self-tests pass, the `_irqoff` hooks' IRQs-off assertion "
     'fires when misused, and a benchmark run ends with zero `CT_WARN_ON`'),
    (['selftests-without-probe-fail'],
     'an ISO without the probe module: the `entry` tests that need it fail, saying why, and '
     'the run ends with status 1'),
    (['fail-demo-implies-selftest'],
     '`selftest.fail_demo` alone runs the self-tests, with exactly `fail_demo` not ok, and '
     'status 1'),
    (['orphans-left-at-init-exit-freed', 'smp2-orphans-left-at-init-exit-freed'],
     'init exits leaving a process in each state a run can end with (asleep, an unreaped '
     'zombie, a tracee stopped for a live tracer, a zombie leader with a live thread, '
     'threads exiting together): the kernel kills and frees them all, on one CPU and on two'),
    (['smp2-bench-measures-every-row'],
     'the benchmark on two CPUs (plain TCG: figures without meaning, their presence is the '
     'point) measures kill, invalid and getpid in the rows that switch context tracking, '
     'the RCU tracker and exact CPU time, the other CPU held in the kernel while the '
     'trackers switch; its results block says `2 CPU(s)`, nothing leaks. Fails when those '
     'rows are refused on more than one CPU'),
    (['readme-make-run-names-its-clock', 'bench-clock-under-*'],
     '`make run` measures on every machine: without usable KVM it counts instructions '
     'under icount, its first line names the clock and why, and its results block says '
     '"instructions (QEMU icount or Bochs: one TSC tick per instruction), not cycles"; '
     'the kernel tells icount (RDTSC advancing by exactly one per instruction) from plain '
     'TCG, whose block says its ticks are host '
     'time and names QEMU TCG (its CPUID signature) with the TSC\'s invariance as not '
     'shown by the hypervisor; under icount no figure is given in ns, and the block says '
     '`pmu: none` (TCG has no counters); both tables name the unit they count '
     '(`instructions per call`, or `TSC ticks per call (ns)`), and a row without figures '
     '(`asm-fastpath` with the mitigations on, `fred` without FRED) says why it was not '
     'measured: none is a name alone or dashes alone'),
    (['kernel-smap-violation-oops'],
     '`selftest.oops_demo=user` reads a present user page from the kernel outside uaccess: '
     'an oops naming the SMAP violation at once, where retrying the fault livelocked'),
    (['kernel-oops-report'],
     '`selftest.oops_demo` faults in the kernel: the oops names the vector, error code, RIP '
     'with symbol, CR2, all registers, a symbolised backtrace; status 1'),
    (['kernel-stack-overflow-double-fault'],
     "`selftest.oops_demo=stack` recurses into the boot stack's guard page: the #PF cannot "
     'push its frame, the CPU raises #DF on its IST stack, and the oops reports it with the '
     'recursion in the backtrace'),
    (['bad-boot-no-long-mode'],
     '`-cpu qemu32`: one line saying long mode is missing, status 2, no triple fault'),
    (['user-ud2-killed', 'user-kernel-read-killed', 'user-noncanonical-jump-killed'],
     'a faulting init (`probe crash=...`) is killed with `init: killed by signal N (NAME) at '
     'rip=...` and status 4; the kernel does not oops'),
    (['init-exit-status-reported'],
     '`probe exit=3` as init: `init: exited with status 3`, status 3'),
    (['bad-init-elf-refused'],
     'an init with the wrong `e_machine`: one-line reason, status 2'),
    (['dynamic-init-elf-refused'],
     'a dynamically linked (non-PIE) glibc program as init: refused, saying it needs '
     '`-static`, status 2'),
    (['missing-init-refused'],
     'no init module: one-line reason, status 2'),
    (['glibc-static-program-as-init'],
     'a `gcc -static` glibc program (tests/programs/hello-glibc.c) runs as init, as pid 1'),
    (['glibc-static-pie-program-as-init'],
     'the same program built `gcc -static-pie` (ET_DYN, no interpreter) runs as init: loaded at '
     'USER_PIE_BASE, it relocates itself from AT_PHDR and runs as the static one does'),
    (['glibc-clocks-through-the-vdso', 'glibc-clocks-percpu-reader'],
     'tests/programs/vdso-glibc.c, a stock static glibc program, calls `clock_gettime`, '
     '`clock_getres`, `gettimeofday`, `time` and `sched_getcpu` 1,000 times each and asks '
     'the kernel how many clock system calls it made (`BENCH_CLOCK_SYSCALLS`): none, with '
     'the stable reader and (two CPUs) the per-CPU one; the values are sane and monotonic'),
    (['glibc-clocks-tsc-unstable-syscall'],
     'the same with `tsc=unstable`: the vDSO falls back, and exactly the 3,000 clock-reading '
     'calls reach the kernel (getres and getcpu stay in the vDSO): the count counts'),
    (['glibc-i386-clocks-through-the-vdso', 'smp2-glibc-i386-clocks-percpu-reader'],
     'the same program built for i386 (`gcc -m32 -static`) finds the 32-bit vDSO\'s '
     '`__vdso_clock_gettime64`, `__vdso_gettimeofday` and `__vdso_time`: only its 1,000 '
     '`clock_getres` calls reach the kernel (i386 glibc asks for `clock_getres_time64` first, '
     'which Linux\'s 32-bit vDSO has not either; `sched_getcpu` reads rseq); each clock read '
     'by a system call lies between two vDSO readings (CLOCK_MONOTONIC and CLOCK_REALTIME, '
     '100 times), in both programs. Stable reader on one CPU, per-CPU reader on two'),
    (['glibc-i386-clocks-tsc-unstable-syscall', 'glibc-i386-clocks-tsc-unstable-sysenter'],
     'the i386 program with `tsc=unstable`: 4,000 calls reach the kernel, the 32-bit vDSO\'s '
     'fallbacks through `__kernel_vsyscall` (SYSCALL on the AMD model, SYSENTER as an Intel one)'),
    (['math64-i386-matches-x86-64'],
     'include/math64.h built for x86-64 (a 128-bit product, one 64-bit DIV) and for i386 '
     '(32-bit MULs and DIVs, as the 32-bit vDSO computes the time), the one run on the host '
     'and the other as init: the same hashes of 20,000 results, and every quotient times the '
     'divisor plus the remainder is the dividend'),
    (['vdso-clock-bad-value-warned'],
     '`vdso_clock=fast`: one warning naming the value used instead'),
    (['uefi-selftests', 'uefi-bench', 'uefi-acpi-power-off-without-exit-device'],
     'the same ISO under OVMF (`FIRMWARE=uefi`): every self-test, a short benchmark, and the '
     'end of a run by ACPI power-off with no isa-debug-exit device'),
    (['uefi-smp2-selftests'],
     "two CPUs under OVMF: OVMF leaves the boot CPU's CR0 and CR4 unlike an AP's (NE, DE, "
     'MCE), and `smp/every_cpu_has_the_boot_cpus_protections` holds only because '
     '`cpu_init_protections()` sets every bit of both itself'),
    (['acpi-power-off-without-exit-device', 'acpi-reset-without-exit-device',
      'halt-after-never-stays'],
     '`EXIT_DEVICE=0` under SeaBIOS: power-off (and QEMU exits by itself) after every GPE '
     'is disabled and every PM1 and GPE status bit cleared, as ACPICA does before S5, '
     '`reboot` resets, `halt_after=never` halts until stopped'),
    (['iso-boots-bios-and-uefi'],
     'build/entrylab.iso carries a BIOS and a UEFI El Torito boot image, the UEFI one with '
     'GRUB for 64-bit and for 32-bit UEFI (BOOTX64.EFI, BOOTIA32.EFI)'),
    (['uefi-screen-shows-the-boot'],
     "under OVMF, with QEMU's standard VGA (GRUB sets 24 bits per pixel) and with virtio-vga "
     '(32): a QEMU monitor `screendump` taken while the kernel waits to power off '
     "(`halt_after=30`, no exit device) is read back as text with the kernel's own font "
     '(tests/screen.py: a PPM reader, then each 8x16 cell matched against the glyphs of '
     "build/font8x16.c); the screen must show the run's last two lines exactly, at least ten "
     'lines, and no cell that is not a character; a third boot (`selftest.oops_demo`) must '
     'show the oops from its header to `---[ end oops ]---`'),
    (['usb-needs-a-device', 'usb-refuses-non-block-device', 'usb-refuses-the-root-disk'],
     '`make usb` without `DEV=`, with `/dev/null`, and with the disk `/` is on: each refused '
     'with its reason, nothing written (the root-disk case is left out where `/` is not on a '
     'block device)'),
    (['glibc-threads-fork-sleep', 'smp2-glibc-threads-fork-sleep', 'musl-threads-fork-sleep',
      'smp2-musl-threads-fork-sleep'],
     'tests/programs/threads.c, stock C built with glibc (`gcc -static`) and with musl '
     '(`musl-gcc -static`): four `pthread_create()` threads counting '
     'under a mutex and a condition variable, joined; `fork()` and `waitpid()`; a handled '
     'signal from a child ends a 10 s `nanosleep()` with EINTR and the time left; every '
     'frame back afterwards. One CPU and two'),
    (['glibc-i386-threads-fork-sleep', 'smp2-glibc-i386-threads-fork-sleep'],
     'the same tests/programs/threads.c built as an i386 program (`gcc -m32 -static`): an '
     'ELF32 file run in compat mode, its TLS in a GDT descriptor (`set_thread_area`, GS '
     '0x63), threads by clone3 with a `struct user_desc`, every call through '
     '`__kernel_vsyscall` (AT_SYSINFO) and the i386 table, its handler on an i386 signal '
     'frame. One CPU and two'),
    (['musl-i386-threads-fork-sleep', 'smp2-musl-i386-threads-fork-sleep'],
     'the same program built with Debian\'s i386 musl (musl-dev:i386, unpacked under build/ by '
     'scripts/musl-i386.sh; `gcc -m32` with its specs): musl\'s own i386 start-up, TLS, '
     'threads and stdio (`writev` with i386 iovecs). One CPU and two'),
    (['i386-suite-amd-syscall', 'i386-suite-intel-sysenter', 'smp2-i386-suite-amd-syscall'],
     'tests/programs/i386.c, the i386 suite, a `gcc -m32 -static` glibc program with one KTAP '
     'line per case: int $0x80 and `__kernel_vsyscall` keep every register but EAX; the '
     "vDSO's slot holds the CPU vendor's instruction (SYSCALL on the AMD model, SYSENTER as an "
     'Intel one); argument 6 (FUTEX_CMP_REQUEUE\'s val3) reaches the call through either door; '
     'bad pointers are -EFAULT; a handler gets the i386 frame (SI_TKILL, EIP in '
     '`__kernel_vsyscall`, the interrupted ESP) and its change to the FSAVE view\'s control '
     'word is what the return loads; a pipe read interrupted by an SA_RESTART handler is made '
     'again; threads reloading GS keep their own TLS; set_thread_area picks a free GDT entry, '
     'FS loads it, get_thread_area reads it back, a 16-bit one is -EINVAL; mappings stay below '
     '4 GiB; clock_gettime with a 32-bit and a 64-bit time_t agree, writing 8 and 16 bytes; '
     'stat64, fstat64 and glibc\'s stat() and fstat() write i386\'s 96-byte struct stat64; '
     'readv and writev take i386\'s 8-byte iovecs (-EFAULT for an unreadable array, a '
     'faulting buffer fails a pipe\'s writev() whole, nothing queued, as Linux 6.12\'s); '
     'prctl(PR_SET_SECCOMP) and '
     'seccomp() (354) read i386\'s struct sock_fprog (failed reading the 64-bit one, and 354 '
     '-ENOSYS); Syscall User Dispatch lets the 32-bit vDSO\'s sigreturn and rt_sigreturn '
     'through with the selector on BLOCK (failed: the dispatched return killed the process); '
     'PTRACE_PEEKSIGINFO gives the i386 tracer i386\'s siginfo layout (si_pid at byte 12); '
     'AT_MINSIGSTKSZ is Linux\'s get_sigframe_size() for the CPU\'s FPU image (the 732-byte '
     '`struct sigframe_ia32`, the image with MAGIC2, `struct fregs_state`, their paddings). '
     'Each case was seen to fail with its property broken. AMD and Intel models, one CPU and '
     'two'),
    (['go-runtime', 'smp2-go-runtime'],
     "tests/programs/goroutines.go, a stock static Go program (CGO_ENABLED=0) built by the "
     "distribution's go: 16 goroutines sleep and report on a channel; time.After and a "
     'Ticker (the network poller: epoll and a non-blocking pipe); the garbage collector '
     'under allocation; a goroutine spinning without a call, with one P, preempted by '
     "the runtime's signal; a nil pointer's SIGSEGV recovered as a panic; os/signal; a "
     'pipe between goroutines to end of file; exit status 0, every frame back. One CPU '
     'and two'),
    (['rust-std-threads', 'smp2-rust-std-threads', 'rust-std-threads-static-pie',
      'smp2-rust-std-threads-static-pie'],
     "tests/programs/threads.rs, Rust's std built by the distribution's rustc with "
     '`crt-static`, position-dependent and static-PIE (rustc\'s default): std starts '
     "(it polls fds 0-2), four threads sleep, count under a Mutex and wake a Condvar, send "
     'on an mpsc channel and are joined; a thread\'s panic is caught by `join()`; exit '
     'status 0, every frame back. One CPU and two'),
    (['quoted-arguments-reach-init'],
     "`INIT_ARGS` with a quote and a backslash reach init's argv unchanged"),
    (['unknown-parameters-warned'],
     "`it's`, `entry=bogus`, `context_tracking=off rcu_eqs=on`: one warning each, naming "
     'what is used'),
    (['irq-restore-sti-selftests'],
     'every self-test passes with `irq_restore=sti`, and the banner says '
     '`local_irq_restore()` is a conditional sti'),
    (['irq-restore-garbage-warned'],
     '`irq_restore=pushf`: one warning naming the value used (popf)'),
    (['ring3-*-killed'],
     'the ring-3 cases that must end the process (below) do, with SIGSEGV, status 4, nothing '
     'leaked'),
    (['ring3-death-inside-benchmark-restores-row-and-timer'],
     'init dies between `BENCH_BEGIN` and `BENCH_END` with the floor row selected and the '
     "tick stopped: the kernel restores the boot's row and the tick, reads both back "
     '(`bench: CPU 0: entry irqoff-inline, timer running`), and the run ends as init did'),
    (['readme-ring3-suite-as-init'],
     '`make run INIT=build/user/entrytests.elf`: the kernel self-tests and the ring-3 suite '
     'below all pass, then a clean resource check; the end-of-run `stack:` lines give the '
     'deepest use of a task stack, the boot stack and each IST stack, each at most half its '
     'size (so in every boot that prints them; the main boots must print them)'),
    (['callgraph-recursion-bounded'],
     '`make callgraph`: gcc\'s call graph of the kernel (-fcallgraph-info=su) has no cycle '
     'of direct calls but those scripts/callgraph.py names with their bound (page-table '
     'walks by level, the seccomp recheck, the stack-overflow demo), and it prints the '
     'deepest chain of direct calls with each frame'),
    (['readme-bad-arguments-warned'],
     '`make bench BENCH_ARGS="iters=-5 iter=100 reps=1000 count=..."`: a warning per bad or '
     'unknown argument, the defaults or caps used, the benchmark runs'),
    (['readme-failing-run-fails-make'],
     'a run that fails (status 1) fails `make run`, and make names status 1'),
    (['readme-init-status-reaches-make'],
     "init exiting 3: `run ended: ... (3)` and make's `Error 3`"),
    (['readme-long-init-args-refused'],
     "a 10,000-character `INIT_ARGS`: refused before booting, with the kernel's limit"),
    (['readme-rcu-demo'],
     '`make rcu-demo`: both machine lines; with the RCU tracker on, 0 interrupts on the '
     'nohz_full CPU in 100 grace periods; with it off, at least 100 (docs/smp-rcu.md)'),
    (['readme-rcu-demo-needs-two-cpus'],
     '`make rcu-demo SMP=1`: says it needs two CPUs, and make fails'),
    (['smp2-selftests', 'smp4-selftests'],
     '`SMP=2` / `SMP=4` with nohz_full CPUs: every self-test passes, including the SMP ones '
     '(docs/smp-rcu.md, "Self-tests"); `smp: N CPUs online`; at SMP=2 the banner says '
     '`apic: xAPIC mode (no x2APIC on this CPU)` (QEMU 7.2\'s TCG has no x2APIC)'),
    (['smp2-selftests-rcu-eqs-off', 'smp2-selftests-debug-entry'],
     'the same with the RCU tracker off, and in the DEBUG_ENTRY=1 kernel (lockdep-lite '
     'reports an IRQ-unsafe lock taken on another CPU)'),
    (['bochs-smp2-selftests-x2apic-from-firmware'],
     'under Bochs as `corei7_skylake_x` on two CPUs with `apic.test_firmware_x2apic` (each '
     'CPU switched to x2APIC mode before the kernel sets up its APIC, as firmware would): the '
     'banner says `apic: x2APIC mode (firmware handed over in x2APIC mode)`, both CPUs come '
     'online (INIT/SIPI as one 64-bit ICR write) and every self-test passes (docs/smp-rcu.md, '
     '"Self-tests")'),
    (['smp2-ring3-suite'],
     'the ring-3 suite as init on two CPUs (its `affinity` cases move between them)'),
    (['smp-without-acpi-boots-one-cpu'],
     '`-no-acpi`: one line saying there is no RSDP, one CPU, success'),
    (['selftests-and-ring3-suite-with-6g'],
     '`MEM=6G`: the memory above 4 GiB is used (the banner counts it, the direct map reaches '
     'the last frame) and the self-tests and the ring-3 suite pass'),
    (['uefi-relocated-selftests-and-ring3-suite',
      'uefi-smp2-relocated-selftests-and-ring3-suite'],
     'GRUB loads the kernel where it finds room: under OVMF with 1 MiB..1 GiB taken away '
     '(GRUB\'s `cutmem`), it is loaded above 1 GiB, not at 2 MiB where it links (the banner '
     'says where, `phys_base` not 0), with the modules up there too; the self-tests and the ring-3 suite pass on one CPU and on two (the APs through '
     'the trampoline; with `pti=on`, so the user tables\' entry area and the PTI '
     'self-tests use the image where it is)'),
    (['uefi32-relocated-selftests-and-ring3-suite'],
     '32-bit UEFI on a 64-bit CPU (`FIRMWARE=uefi32`: OVMF\'s ia32 build on q35, as on '
     'Bay Trail-class PCs): the ISO\'s i386-efi GRUB loads the kernel, relocated above 1 GiB '
     'as in the case before, the framebuffer console comes up, and the self-tests and the '
     'ring-3 suite pass'),
    (['kernel-outside-the-memory-map-selftests'],
     'SeaBIOS\'s GRUB with `cutmem 1M 1G`: the memory map leaves the kernel image out, GRUB '
     'still loads it at 2 MiB, and the self-tests pass (the direct map covers the image, the '
     'boot information and the modules, RAM or not)'),
    (['selftests-without-acpi'],
     '`-no-acpi` (hardware-reduced firmware has no PM timer either): the self-tests pass, '
     'the PM-timer calibration check skipped, naming why'),
    (['smp-absent-cpu-skipped'],
     '`smp.test_absent_cpu` adds a CPU that never answers: reported after 200 ms and '
     'skipped, the real ones online'),
    (['smp-nosmp-boots-one-cpu', 'smp-0-warned', 'smp-999-warned', 'smp-abc-warned'],
     '`nosmp`, `smp=0`, `smp=999`, `smp=abc` on two CPUs: a warning naming the value used, '
     'and that many CPUs online'),
    (['nohz-full-0-warned', 'nohz-full-7-warned', 'nohz-full-garbage-warned'],
     '`nohz_full=0` (CPU 0 keeps its tick), `nohz_full=7` on two CPUs, `nohz_full=garbage`: '
     'a warning each, no CPU made nohz_full'),
    (['nmi-storm-on-two-cpus'],
     'three boots on two CPUs, the ring-3 suite and the benchmark as init with the '
     'mitigations at their defaults and `pti=on` (CR3 windows too) and the ring-3 suite with '
     '`mitigations=off`, with `apic_extnmi=all`, while QEMU\'s monitor sends `nmi` (LINT1, '
     'every CPU) up to 20 times a second from init\'s start to its end, each once both CPUs\' counts (read from guest memory) show the last one '
     'taken, so none merges into a pending one however loaded the host: NMIs land '
     'anywhere, SWAPGS windows and user mode included, and take the paranoid entry; the '
     'run succeeds with CT_WARN_ON 0 and nothing leaked, and each CPU counted every NMI '
     'sent (`nmi: CPU n: N NMIs`). With NMIs taken by the ordinary entry (GS decided by '
     'CS) the benchmark boot dies'),
    (['multiboot2-header'],
     '`grub-file --is-x86-multiboot2` accepts the kernel'),
    (['entry-variants-objdump'],
     'disassembly of the built kernel: every variant of include/entry-variants.h is what its '
     'name says (inline variants call neither hook, outline variants call both, irqoff paths '
     'have no `pushf`/`popf`, irqsave paths have `pushf` and `popf`, the `-sti` ones `pushf` '
     'and an STI behind a test of IF instead of `popf`), and `interrupt_common` disassembles '
     'as code through its `clac`'),
    (['int80-dispatch-has-no-indirect-branch'],
     'the i386 system call is dispatched by a switch of direct calls (no indirect call or '
     'jump in `do_int80_syscall_32`), and its gate clears the branch history as SYSCALL\'s '
     'does'),
    (['spectre-v1-barriers-where-sys-says'],
     'what /sys/devices/system/cpu/vulnerabilities/spectre_v1 claims is in the built kernel: '
     '`copy_from_user` has the LFENCE after `access_ok()` and both copies the branchless '
     'address mask; the paranoid entry\'s conditional SWAPGS is fenced before any GS load'),
    (['mitigated-stub-sites-in-mit-syscall-path'],
     'every patch site of the `_mitigated` SYSCALL stubs names a mitigation in '
     '`MIT_SYSCALL_PATH`, the mask that makes `syscall_init()` choose those stubs, or '
     'sits inside a block of one (PCID\'s, inside PTI\'s); read from the built kernel\'s '
     '`.patch_sites`'),
    (['plot-draws-references-reasons-whole-labels'],
     "scripts/plot.py, given a synthetic log: `make compare`'s `linux-*` rows become "
     'labelled reference lines and no bar, a row not measured is named with its reason (the '
     "kernel's and the mitigation table's), a bar's label is its value in whole ticks "
     "(halves up) with its difference from the default, the process figure is on a log "
     'scale per round trip, and the mitigation figure says what icount cannot show'),
    (['docs-figures-match-tables'],
     'the figures docs/benchmarks.md shows (`make plot DOCS=1`) draw exactly the numbers of '
     'the tables beside them, each bar labelled with its value in whole ticks as the tables '
     'round it, and Linux\'s reference lines lie where `make compare`\'s table puts them: a '
     'figure left behind by a changed table fails'),
    (['docs-prose-figures-match-tables'],
     'every figure the prose of README.md and docs/ quotes from a measured table is marked '
     'with that table\'s cell, or a sum or ratio of cells (`<!--={icount:irqoff-inline:'
     'invalid}-->` after it, invisible when rendered), and says what the cell says: whole figures '
     'rounded halves up, "about" ones within 5%; the tables themselves are checked against '
     'the run and the trace they come from'),
    (['docs-entry-listing-current'],
     'the `do_syscall_64` listing quoted in docs/entry.md matches the build, and so do the '
     'SYSCALL stubs read out of guest memory after two boots, with `mitigations=off` and '
     'with every site of the syscall path on, the walkthrough\'s pieces of both and of the '
     'benchmark\'s timed loop in ring 3 (`WALK` blocks) and its drawing of `pt_regs`, each word beside the push that wrote it '
     '(`make disasm` refreshes them all)'),
    (['docs-readme-results-match-benchmarks'],
     "README.md's results table (the floor, the default, the design before 2016, the "
     'mitigations Linux picks, FRED under Bochs; Linux 6.1 and 6.12 and FRED Linux, '
     'measured by `make compare`) quotes exactly the rows of '
     "docs/benchmarks.md's measured tables, which `bench-icount-ordering-repeatable` "
     'holds to the build (the README\'s icount rows too)'),
    (['docs-bench-examples-match-tables'],
     "the example machine lines docs/benchmarks.md shows (`bench variant=...`, `proc=`, "
     '`clock=`, `filter=`) carry the figures of its tables'),
    (['docs-file-references-exist'],
     'every path of this tree that README.md, docs/ or a folder\'s README.md names exists (a '
     'doc naming a moved file fails)'),
    (['docs-entry-exercises-run'],
     'the exercises of docs/entry.md\'s walkthrough still work: `make debug`\'s boot (on a free '
     'port) with the exercise\'s own gdb commands stops at a `kill()` and prints `pt_regs` '
     'word for word as the drawing orders it, with `cx == ip` and `r11 == flags`, and the '
     'CPU as the walkthrough\'s state table says after the stack switch (CPL 0, IF clear, '
     'GS_BASE the kernel\'s, the user\'s in KERNEL_GS_BASE, RSP just below `regs`); '
     '`make trace VARIANT=irqoff-outline`\'s trace calls the outlined hooks and counts what '
     'the trace summary says; the plain stub\'s length is the sum of the budget\'s stub rows; '
     'what exercises 5 to 8 point at (step 5\'s row, readme-rcu-demo\'s check, the range '
     'check before the mask, FRED\'s table) is still there'),
    (['entry-closure-is-the-reading-guide'],
     'the default variant\'s entry/common.c reads at most 1,800 lines of source (its `.d` '
     'file), and docs/entry.md\'s reading guide lists exactly those files'),
    (['entry-stubs-call-into-entry'],
     'every function entry/*.asm calls or jumps to is defined in entry/ (the stubs\' C halves '
     'live beside them)'),
    (['docs-testing-cases-current'],
     'every case of this runner has exactly one claim here, and this table is generated '
     'from them (`python3 tests/run.py --update-docs`)'),
    (['docs-entry-trace-current'],
     'the per-variant `make trace` summary in docs/entry.md matches a fresh trace of '
     '`kill()` in every variant, its i386 summary a fresh trace of an i386 `getpid()` '
     'through each door (int $0x80; `__kernel_vsyscall` by SYSCALL on the AMD model and by '
     'SYSENTER as an Intel one), and docs/benchmarks.md\'s instruction budgets (the default '
     'variant\'s invalid syscall, and one fault-read from its load through the #PF to the '
     'load again, part by part) fresh traces of them; with a FRED-capable '
     'Bochs that has its source beside it (`BOCHS=`; CI gives Bochs 3.0) the `fred` row and '
     'the budgets\' FRED columns too, traced under that source built with its gdb stub '
     '(without, the case says they were not traced and why)'),
    (['bench-icount-ordering-repeatable'],
     'two `make bench ICOUNT=1` runs print identical counts for every row and op; for '
     '`kill`, irqoff-inline < irqoff-outline < irqsave-outline and irqoff-inline < '
     'irqsave-inline < irqsave-outline, and the merged context-tracking state < the split; '
     'for `invalid`, floor < the asm fast path untracked < the default untracked < the '
     'default < the asm fast path tracked, and context tracking off < RCU tracker off; '
     'exact CPU-time accounting (`cputime=exact`) above the default in every op; '
     'a registered rseq area (`irqoff-inline,rseq`) the same as the default in kill, '
     'invalid and getpid (Linux 6.19: nothing to do on a return after no switch); '
     'the #PF ops are printed in the default and its tracker rows (a reason for the rest): '
     'in each, fault-read + 512 <= fault-write (a zeroed frame against the zero page), '
     'the same in every repetition, and context tracking off below on; '
     "docs/benchmarks.md's table matches; the "
     "process table's six round trips are printed, repeat exactly, and order getpid < "
     'yield-pingpong < pipe-pingpong < eventfd-epoll < thread-create-join < fork-wait, '
     'with yield-pingpong-rseq above yield-pingpong; '
     "the mitigation table's rows are "
     "printed, `off` equals the variant table's default row, each row costs no less than "
     'the one before (off < pti <= pti+verw <= +retpoline <= +bhi), auto (Linux\'s choice '
     'for `max`, an AMD part: the retpoline and RSB filling) between off and +retpoline, '
     "and its table in docs/benchmarks.md matches; the syscall-work table's getpid orders "
     "no filter (the variant table's figure) < one bitmapped filter = two < one full filter "
     '< two < four < a dispatched SIGSYS round trip, with dispatch on and the call let '
     'through between no filter and one full one, and its table in docs/benchmarks.md '
     "matches; an i386 program's getpid is printed through int $0x80, SYSCALL (AMD model) "
     'and SYSENTER (Intel model), above the 64-bit getpid, and its table in '
     'docs/benchmarks.md matches'),
    (['bochs-cpu-models'],
     'under Bochs (`BOCHS=`, Debian\'s 2.7 by default) as `corei7_skylake_x` (Intel, PTI with '
     'PCID), `ryzen` (AMD) and, where the binary has it (CI gives Bochs 3.0), `wildcat_lake`: '
     'the self-tests and the ring-3 suite pass, exactly the cases the sources define '
     '(`corei7_skylake_x` in x2APIC mode: `apic: x2APIC mode (the CPU has it; enabled by '
     'us)`); the '
     'benchmark ends in success with kill, invalid and getpid per call in every row equal to '
     'QEMU icount\'s of the same build, `pmu: none` (each model advertises counters Bochs '
     'does not count) and no PMU column; a model the binary lacks is reported as skipped. '
     '`make bochs-models` runs the self-tests on two CPUs too (Bochs loops on an '
     'instruction breakpoint there, which the ring-3 suite sets). `wildcat_lake` has FRED: '
     'its boots say `events: FRED` and pass, once more with `fred=off` (`events: IDT`) on '
     'one CPU, and the self-tests on two CPUs too (FRED\'s NMI rules need another CPU\'s '
     'NMIs); its benchmark boots once with FRED, which it switches off for the legacy '
     'rows (their figures still icount\'s; the results block says so), and its `fred` row\'s '
     'invalid syscall is below the default\'s icount figure and at most 100, its #PF from '
     'ring 3 (the event data carry CR2) fault-read + 512 <= '
     'fault-write; `selftest.oops_demo=stack` there ends in the #DF\'s oops, which says '
     '`FRED stack level: 3`; without a FRED-capable Bochs those are reported as skipped, '
     'saying so'),
    (['linux-compare'],
     '`make compare` with `iters=1000 reps=3`: Debian\'s Linux 6.1 and 6.12, each with its '
     'default mitigations and with `mitigations=off`, as pid 1 under QEMU icount, print a row '
     'of the table and a machine line for kill, invalid, getpid, kill-handled, fault-read and '
     'fault-write, with 0 < invalid < getpid < kill < kill-handled instructions per call and '
     'getpid < fault-read < fault-write (docs/benchmarks.md, "Linux measured the same way")'),
    (['micro-icount'],
     '`make micro ICOUNT=1`: every micro test reports a whole, positive instruction count; '
     'the PIR drains order as their instruction counts must (docs/benchmarks.md)'),
    (['selftests-x86-as-expected'],
     "Linux's own x86 entry selftests, unmodified, each as init, with the mitigations at "
     'their defaults and again with `mitigations=off`: both times exactly the results '
     'tests/selftests-x86.expect lists (below)'),
    (['selftests-x86-under-fred'],
     "Linux's 64-bit x86 selftests that pass on the IDT path, booted again under Bochs "
     '(`BOCHS=`; CI gives Bochs 3.0) as `wildcat_lake`, events by FRED: exactly the results '
     'tests/selftests-x86.expect lists for FRED (its `fred:` lines); without a FRED-capable '
     'Bochs, reported as skipped, saying so'),
    (['readme-make-run-fred-one-boot'],
     '`make run` under Bochs (`BOCHS=`; CI gives Bochs 3.0) as `wildcat_lake`, as a PC with '
     'FRED runs it: the self-tests pass and the benchmark as init prints, in that one boot, '
     'the legacy rows (`irqoff-inline`, `irqsave-outline`) and the `fred` row, kill, invalid '
     'and getpid each cheaper by FRED, and the results block says FRED was switched off at '
     'run time for the legacy rows; without a FRED-capable Bochs, reported as skipped, '
     'saying so'),
    (['selftests-linux-as-expected'],
     "Linux's selftests beyond x86/ (breakpoints/, sigaltstack/, timers/threadtest on two "
     'CPUs and on four, timers/posix_timers, nanosleep, nsleep-lat, inconsistency-check and '
     'set-timer-lat, syscall_user_dispatch/, ptrace/, seccomp/seccomp_bpf on one CPU and on two, '
     "rseq/'s basic_test and basic_percpu_ops_test on one CPU and on two (the latter with "
     "`mitigations=off`: under TCG PTI's CR3 writes make its 20 million yields five times "
     "slower), param_test in run_param_test.sh's eight default runs and with its defaults), "
     'unmodified, each as init: exactly the results tests/selftests-linux.expect lists, its '
     'excused cases failing and no others'),
    (['readme-fuzzer-as-init'],
     "the README's fuzzer command on one CPU, then with `SMP=2`: self-tests pass, 1,000,000 "
     'fuzzed syscalls, the same result hash, CT_WARN_ON 0, no frame leaked, kernel page '
     'tables unchanged; then 300,000 with `frames=1` on one CPU and on two, its signal '
     'frames\' FPU images wrecked before each sigreturn: the same checks, the same hash; '
     'then the 1,000,000 again with `mitigations=off`: the same hash'),
]


CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


def expand(value, b):
    return value.format(b=b) if isinstance(value, str) else value


CHECK_KEYS = ('status', 'lines', 'absent', 'suites', 'skips', 'failures')


def boot_case(b, name, row):
    kw = {k: expand(v, b) for k, v in row.items()}
    if kw.get('init', '').endswith('bad-machine.elf'):
        make_bad_machine_elf(b, kw['init'])
    return boot.run(b, name, kw.get('cmdline', ''), init=kw.get('init'),
                    init_args=kw.get('init_args', ''), env=kw.get('env'),
                    kernel=kw.get('kernel'), probe=not kw.get('no_probe'),
                    qemu_args=kw.get('qemu_args', ()), timeout=kw.get('timeout', 120))


def make_case(b, name, row):
    return boot.run_make(b, name, row['args'], timeout=row.get('timeout', 300))


def make_bad_machine_elf(b, path):
    with open(os.path.join(b, 'user', 'init.elf'), 'rb') as f:
        data = bytearray(f.read())
    data[18] = 3        # e_machine = EM_386
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data)


def summary(r):
    ran = [c for c in r.cases if not c.skip]
    detail = f'status {r.status}, {r.seconds:.1f}s'
    return f'{len(ran)} KTAP cases passed, {detail}' if r.cases else detail


def disassemble(b):
    """{function name: [instruction lines]} from objdump of the built kernel."""
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', os.path.join(b, 'entrylab.elf')],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+ <(.+)>:$', line)
        # NASM's labels inside a function: macro-local (..@N.x) and local (fn.x).
        if m and not m[1].startswith('..@') and m[1].split('.')[0] not in funcs:
            cur = funcs.setdefault(m[1], [])
        elif cur is not None and line.strip():
            cur.append(line)
    return funcs




@check
def iso_boots_bios_and_uefi(b):
    """One ISO for every PC: El Torito boot images for both BIOS and UEFI, and in the
    UEFI one (grub-mkrescue's /efi.img, FAT) a GRUB for 64-bit and for 32-bit UEFI."""
    iso = os.path.join(b, 'entrylab.iso')
    out = subprocess.run(['xorriso', '-indev', iso, '-report_el_torito', 'plain'],
                         capture_output=True, text=True).stdout
    platforms = set(re.findall(r'^El Torito boot img :\s+\d+\s+(\S+)', out, re.M))
    problems = [f'no {p} El Torito boot image in build/entrylab.iso'
                for p in ('BIOS', 'UEFI') if p not in platforms]
    img = os.path.join(b, 'test-logs', 'efi.img')
    os.makedirs(os.path.dirname(img), exist_ok=True)
    subprocess.run(['xorriso', '-osirrox', 'on', '-indev', iso, '-extract', '/efi.img', img],
                   capture_output=True)
    listing = subprocess.run(['mdir', '-b', '-i', img, '::/efi/boot'], capture_output=True,
                             text=True).stdout.lower() if os.path.exists(img) else ''
    problems += [f'no {f} in the UEFI boot image' for f in ('bootx64.efi', 'bootia32.efi')
                 if f'/efi/boot/{f}' not in listing]
    if os.path.exists(img):
        os.unlink(img)
    return problems, ('build/entrylab.iso has BIOS and UEFI El Torito boot images, the UEFI one '
                      'with BOOTX64.EFI and BOOTIA32.EFI')


SCREEN_CASES = (  # (name, -vga, command line, lines the screen must show)
    ('std', 'std', 'selftest noinit halt_after=30', ('entrylab: run ended: success (0)',)),
    ('virtio', 'virtio', 'selftest noinit halt_after=30', ('entrylab: run ended: success (0)',)),
    ('oops', 'std', 'selftest.oops_demo noinit halt_after=30',
     ('------------[ oops: #PF page fault ]------------', '---[ end oops ]---',
      'entrylab: run ended: failure (1)')),
)


NMI_STORM_INTERVAL = 0.05      # seconds: at most 20 NMIs a second, to every CPU at once
# (case, init, its arguments): the ring-3 suite and a benchmark, each on two CPUs.
# apic_extnmi=all: LINT1's NMI on every CPU (Linux's default, bsp, unmasks it on CPU 0 only).
NMI_STORM_CASES = (('ring3-suite', 'user/entrytests.elf', '', 'pti=on apic_extnmi=all'),
                   ('bench', 'user/init.elf', 'iters=10000 reps=5', 'pti=on apic_extnmi=all'),
                   ('ring3-suite-mitigations-off', 'user/entrytests.elf', '',
                    'mitigations=off apic_extnmi=all'))


def boot_in_nmi_storm(b, name, init, init_args, cmdline):
    """Boots init on two CPUs while QEMU's monitor sends "nmi" (LINT1 on every CPU)
    every NMI_STORM_INTERVAL from init's start until it has ended. Returns the Result
    and the NMIs sent before init ended and in all (one may be in flight then)."""
    iso = os.path.join(b, 'test-logs', name + '.iso')
    built = subprocess.run(['bash', 'scripts/mkiso.sh', os.path.join(b, 'entrylab.elf'), iso,
                            cmdline, os.path.join(b, 'user', 'probe.elf'), os.path.join(b, init),
                            init_args], cwd=ROOT, capture_output=True, text=True)
    if built.returncode:
        return boot.Result(built.returncode, built.stdout + built.stderr, 0.0), 0, 0
    stop, sent, storms = threading.Event(), [0, None], []
    counters = nmi_counter_addresses(b, 2)     # as linked; moved by the banner's phys_base

    def storm(monitor):
        """QEMU keeps one NMI pending per CPU, and one sent while it is still pending
        is merged into it: on a loaded host a vCPU thread may not run for a while.
        So the next NMI goes only when every CPU has counted the last one (read from
        guest memory), however long that takes: none can merge, and NMIs left
        blocked stop the storm, whose count then falls short of init's run."""
        try:
            seen = [monitor.read_phys_u64(a) for a in counters]
            while not stop.is_set():
                monitor.command('nmi')
                sent[0] += 1
                while not stop.is_set():
                    now = [monitor.read_phys_u64(a) for a in counters]
                    if all(n > s for n, s in zip(now, seen)):
                        seen = now
                        break
                    stop.wait(0.002)
                stop.wait(NMI_STORM_INTERVAL)
        except OSError:         # QEMU has exited
            return

    def watch(line, monitor):
        if m := re.search(r'\(phys_base (0x[0-9a-f]+)\)$', line.strip()):
            counters[:] = [a + int(m[1], 16) for a in counters]
        if line.startswith('init: starting'):
            storms.append(threading.Thread(target=storm, args=(monitor,)))
            storms[0].start()
        elif line.startswith('init: resources') and sent[1] is None:
            sent[1] = sent[0]
            stop.set()
        return False
    start = time.monotonic()
    try:
        log, status = boot.boot_with_monitor(b, name, iso, {'SMP': '2'}, watch)
    finally:
        stop.set()
        for t in storms:
            t.join()
        os.unlink(iso)
    return boot.Result(status, ''.join(log), time.monotonic() - start), sent[1] or 0, sent[0]


def nmi_counter_addresses(b, cpus):
    """The guest physical addresses of CPUs 0..cpus-1's NMI counts (percpu_areas[n].nmis):
    the symbol from the kernel's ELF, placed by its load segment, laid out as the
    build's asm-offsets say."""
    elf = os.path.join(b, 'entrylab.elf')
    offsets = open(os.path.join(b, 'asm-offsets.inc')).read()
    field, size = (int(re.search(rf'^%define {name} (\d+)$', offsets, re.M)[1])
                   for name in ('PERCPU_nmis', 'PERCPU_SIZE'))
    base = int(next(line.split()[0] for line in subprocess.run(
        ['nm', elf], check=True, capture_output=True, text=True).stdout.splitlines()
        if line.endswith(' percpu_areas')), 16)
    segments = subprocess.run(['readelf', '-lW', elf], check=True, capture_output=True,
                              text=True).stdout
    for m in re.finditer(r'^\s*LOAD\s+\S+\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+\S+\s+(0x[0-9a-f]+)',
                         segments, re.M):
        virt, phys, memsz = (int(x, 16) for x in m.groups())
        if virt <= base < virt + memsz:
            return [base - virt + phys + n * size + field for n in range(cpus)]
    raise ValueError('percpu_areas is in no load segment of the kernel')


@check
def nmi_storm_on_two_cpus(b):
    """NMIs at any instruction (SWAPGS windows, user mode, idle, the SYSCALL stub's
    first instruction) take the paranoid entry: the run succeeds, CT_WARN_ON stays 0,
    nothing leaks, and each CPU counted every NMI sent while init ran (each sent
    only when the last one was counted: none merged into a pending one)."""
    problems, seen = [], []
    for case, init, init_args, cmdline in NMI_STORM_CASES:
        name = f'nmi-storm-{case}'
        r, before_end, total = boot_in_nmi_storm(b, name, init, init_args, cmdline)
        problems += [f'{case}: {p}' for p in boot.check(r, lines=(RESOURCES_OK, SUCCESS))]
        counts = {int(c): int(n) for c, n in
                  (re.match(r'^nmi: CPU (\d+): (\d+) NMIs$', l).groups()
                   for l in r.lines if re.match(r'^nmi: CPU \d+: \d+ NMIs$', l))}
        if before_end < 20:
            problems.append(f'{case}: only {before_end} NMIs sent while init ran')
        if sorted(counts) != [0, 1]:
            problems.append(f'{case}: NMI counts for CPUs {sorted(counts)}, expected 0 and 1')
        problems += [f'{case}: CPU {c} counted {n} NMIs, {before_end} were sent before init '
                     f'ended ({total} in all)'
                     for c, n in counts.items() if not before_end <= n <= total]
        seen.append(f'{case}: {before_end} sent, counted ' +
                    '/'.join(str(counts.get(c)) for c in (0, 1)))
    return problems, '; '.join(seen)


@check
def uefi_screen_shows_the_boot(b):
    """Under OVMF the framebuffer console draws the kernel's output: a QEMU screendump
    taken while the kernel waits to power off reads back, with the kernel's own font,
    as the last lines of the run. With QEMU's standard VGA (GRUB sets 24 bits per
    pixel there) and virtio-vga (32); and an oops reaches the screen whole."""
    problems, seen = [], []
    for case, vga, cmdline, want in SCREEN_CASES:
        name = f'uefi-screen-{case}'
        iso = os.path.join(b, 'test-logs', name + '.iso')
        built = subprocess.run(['bash', 'scripts/mkiso.sh', os.path.join(b, 'entrylab.elf'),
                                iso, cmdline, os.path.join(b, 'user', 'probe.elf')],
                               cwd=ROOT, capture_output=True, text=True)
        if built.returncode:
            return [f'mkiso.sh failed: {built.stderr.strip()}'], ''
        try:
            log, ppm = screen.boot_and_dump(b, name, iso, {'FIRMWARE': 'uefi'}, ('-vga', vga))
        finally:
            os.unlink(iso)
        if not ppm:
            problems.append(f'{case}: no screendump (log: {b}/test-logs/{name}.log)')
            continue
        text = [l for l in screen.read_text(b, ppm) if l]
        problems += [f'{case}: screen line {l!r} has cells that are no character of the font'
                     for l in text if '\0' in l]
        for line in want + ('entrylab: no debug-exit device: power-off in 30 s '
                            '(halt_after=N|never)',):
            if line not in text:
                problems.append(f'{case}: the screen does not show {line!r}: '
                                f'it ends {text[-3:]}')
        if len(text) < 10:
            problems.append(f'{case}: only {len(text)} lines of text on the screen')
        fbcon = [l.strip()[len('fbcon: '):] for l in log if l.startswith('fbcon: ')]
        seen.append(f'{case}: {fbcon[0] if fbcon else "no fbcon line"}, {len(text)} lines')
    return problems, '; '.join(seen) + ' read back, each ending as the run did'


@check
def multiboot2_header(b):
    subprocess.run(['grub-file', '--is-x86-multiboot2', os.path.join(b, 'entrylab.elf')],
                   check=True)
    return [], 'grub-file --is-x86-multiboot2 accepts build/entrylab.elf'


def conditional_sti(lines):
    """Is there an STI that runs only if a test of IF (bit 9) says so?

    The unconditional STI of syscall_enter_from_user_mode() is in every variant; a
    restore by conditional STI is a test of IF whose conditional jump leads to an
    STI (jne to it, or je over it onto the next instruction)."""
    insns = [re.match(r'^\s*([0-9a-f]+):\s+(\S+)\s*(\S*)', l) for l in lines]
    insns = [(int(m[1], 16), m[2], m[3]) for m in insns if m]
    at = {addr: op for addr, op, _ in insns}
    for i in range(len(insns) - 2):
        _, op, args = insns[i]
        if not (op.startswith('test') and re.match(r'\$0x(2,%ah|200,)', args)
                or op.startswith('bt') and args.startswith('$0x9,')):
            continue
        jop, jargs = insns[i + 1][1], insns[i + 1][2]
        target = int(jargs, 16) if re.fullmatch(r'[0-9a-f]+', jargs) else None
        if jop == 'jne' and at.get(target) == 'sti' or jop == 'je' and insns[i + 2][1] == 'sti':
            return True
    return False


# RCU's watching counter's unit in the ct.state word (include/context_tracking_state.h).
CT_RCU_WATCHING = 1 << int(re.search(
    r'#define CT_RCU_WATCHING_SHIFT\s+(\d+)',
    open(os.path.join(ROOT, 'include', 'context_tracking_state.h')).read())[1])


@check
def entry_variants_objdump(b):
    """Each variant's hot path is what its name says: inlined or not, pushf or not."""
    funcs, problems = disassemble(b), []
    interrupt = funcs.get('interrupt_common', [])
    if not any(re.search(r'\bclac\b', l) for l in interrupt) or \
            not any(re.search(r'call.*<do_interrupt>', l) for l in interrupt):
        problems.append('interrupt_common does not disassemble to clac ... call do_interrupt')
    for v in entry_variants():
        body = funcs.get(f'do_syscall_64_{v}')
        if not body:
            problems.append(f'do_syscall_64_{v} not found in the kernel')
            continue
        hooks = [f'enter_from_user_mode_{v}', f'syscall_exit_to_user_mode_{v}']
        calls = [h for h in hooks if any(re.search(rf'call.*<{h}>', l) for l in body)]
        path = body + [l for h in hooks for l in funcs.get(h, [])]
        pushf = any(re.search(r'\bpushf', l) for l in path)
        popf = any(re.search(r'\bpopf', l) for l in path)
        words = v.split('_')
        if 'inline' in words and calls:
            problems.append(f'{v}: do_syscall_64 calls {calls}, expected them inlined')
        # The state's transitions: split, a locked add of the counter alone (and a
        # store of the context); merged, the counter with the context folded in.
        adds = {int(m[1], 16) for l in path for m in [re.search(r'lock addq \$0x(\w+),%gs:', l)]
                if m}
        want = {CT_RCU_WATCHING} if 'split' in words else \
            {CT_RCU_WATCHING - 1, CT_RCU_WATCHING + 1}
        if adds != want:
            problems.append(f'{v}: locked adds to ct.state of {sorted(map(hex, adds))}, '
                            f'expected {sorted(map(hex, want))}')
        if 'outline' in words and calls != hooks:
            problems.append(f'{v}: do_syscall_64 calls {calls}, expected {hooks}')
        cond_sti = any(conditional_sti(body + funcs.get(h, [])) for h in hooks)
        if v.startswith('irqoff_') and (pushf or popf):
            problems.append(f'{v}: pushf/popf on the hot path')
        if v.endswith('_sti') and not (pushf and cond_sti and not popf):
            problems.append(f'{v}: expected pushf and a conditional sti, no popf')
        if v.startswith('irqsave_') and not v.endswith('_sti') and not (pushf and popf):
            problems.append(f'{v}: no pushf/popf on the hot path')
        # spectre_v2=retpoline: the same C built with retpolines, whose table call is
        # a direct call to a thunk, and the plain one an indirect call.
        retpoline = funcs.get(f'do_syscall_64_{v}_retpoline', [])
        thunk = [l for l in retpoline if re.search(r'call.*<__x86_indirect_thunk_\w+>', l)]
        if not thunk or any(re.search(r'call +\*', l) for l in retpoline):
            problems.append(f'{v}: do_syscall_64_{v}_retpoline has no retpoline call, or an '
                            'indirect one')
        if not any(re.search(r'call +\*', l) for l in body) or \
                any('__x86_indirect_thunk' in l for l in body):
            problems.append(f'{v}: do_syscall_64_{v} has no indirect call, or a thunk')
    return problems, (f'{len(entry_variants())} variants: calls, pushf, popf, sti and the '
                      'context-tracking state\'s locked adds as named; '
                      'each one\'s _retpoline copy calls through __x86_indirect_thunk_*')


@check
def int80_dispatch_has_no_indirect_branch(b):
    """int $0x80 clears the branch history and dispatches with direct calls only."""
    funcs = disassemble(b)
    problems = [f'do_int80_syscall_32: {l.split(None, 1)[1]}' for l in funcs['do_int80_syscall_32']
                if re.search(r'(call|jmp) +\*|__x86_indirect_thunk', l)]
    if not any('<clear_bhb_loop>' in l for l in funcs['entry_INT80_compat']):
        problems.append('entry_INT80_compat does not call clear_bhb_loop')
    return problems, ('do_int80_syscall_32 has no indirect call or jump; entry_INT80_compat '
                      'calls clear_bhb_loop')


@check
def math64_i386_matches_x86_64(b):
    """include/math64.h's i386 way (32-bit MUL and DIV, the 32-bit vDSO's), run as entrylab's
    init, computes what its x86-64 way does (a 128-bit product) on the host, block for block."""
    exe = os.path.join(b, 'tests', 'math64-64')
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    cc = subprocess.run(['gcc', '-m64', '-ffreestanding', '-O2', '-Wall', '-Werror', '-Iinclude',
                         '-o', exe, 'tests/programs/math64.c'],
                        cwd=ROOT, capture_output=True, text=True)
    if cc.returncode:
        return [f'gcc -m64: {cc.stderr.strip()}'], ''
    host = subprocess.run([exe], capture_output=True, text=True).stdout.splitlines()
    r = boot.run(b, 'math64-i386', '', init=os.path.join(b, 'tests', 'math64-i386.elf'))
    problems = boot.check(r, lines=(SUCCESS,))
    i386 = [l for l in r.lines if l.startswith('math64: ')]
    if host[-1:] != ['math64: 20000 cases, division ok']:
        problems.append(f'x86-64: {host[-1:]}')
    problems += [f'x86-64 {x!r}, i386 {y!r}' for x, y in zip(host, i386) if x != y][:3]
    if len(host) != len(i386):
        problems.append(f'x86-64 printed {len(host)} lines, i386 {len(i386)}')
    return problems, (f'{host[-1]}; the i386 build under entrylab prints the same '
                      f'{len(i386)} lines')


@check
def spectre_v1_barriers_where_sys_says(b):
    """/sys's spectre_v1 line names usercopy and SWAPGS barriers and pointer masking:
    the built code has each where Linux has it."""
    funcs, problems = disassemble(b), []
    for name, need in (('copy_from_user', ('lfence', 'sbb')), ('copy_to_user', ('sbb',))):
        problems += [f'{name} has no {insn}' for insn in need
                     if not any(re.search(rf'\s{insn}\b', l) for l in funcs[name])]
    body = funcs['paranoid_entry']
    msr = next(i for i, l in enumerate(body) if re.search(r'\srdmsr\b', l))
    gs = next(i for i, l in enumerate(body) if i > msr and '%gs:' in l)
    if not any('lfence' in l for l in body[msr:gs]):
        problems.append('paranoid_entry: no LFENCE between the MSR_GS_BASE test and the first '
                        'GS-relative load')
    return problems, ('copy_from_user: LFENCE and the SBB mask; copy_to_user: the mask; '
                      "paranoid_entry's conditional SWAPGS fenced before its first GS load")


def scripts_module(name):
    """scripts/NAME.py as a module (scripts/trace.py would lose to Python's own trace)."""
    import importlib.util
    sys.path.insert(0, os.path.join(ROOT, 'scripts'))
    spec = importlib.util.spec_from_file_location(f'scripts_{name}',
                                                  os.path.join(ROOT, 'scripts', f'{name}.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@check
def mitigated_stub_sites_in_mit_syscall_path(b):
    """Every patch site in a _mitigated SYSCALL stub names a mitigation of
    MIT_SYSCALL_PATH, the mask that makes syscall_init() choose that stub: a site of
    another one there would never be patched in (or out) when it alone is on."""
    entry_trace = scripts_module('trace')   # the sites as the boot reads them
    numbers = {name: n for n, name in entry_trace.site_conditions(b).items()}
    offsets = open(os.path.join(b, 'asm-offsets.inc')).read()
    path = int(re.search(r'^%define MIT_SYSCALL_PATH (\d+)$', offsets, re.M)[1])
    out = subprocess.run(['nm', os.path.join(b, 'entrylab.elf')], check=True,
                         capture_output=True, text=True).stdout
    syms = sorted((int(a, 16), n) for a, _, n in (line.split() for line in out.splitlines()
                                                   if len(line.split()) == 3)
                  if not n.startswith('..@') and '.' not in n)
    sites = entry_trace.patch_sites(b)
    blocks = [(addr, aux, cond) for addr, aux, cond, kind in sites
              if kind == entry_trace.SKIP_UNLESS and path & (1 << numbers[cond])]
    problems, seen = [], 0
    for addr, _, cond, _ in sites:
        func = max((s for s in syms if s[0] <= addr), default=(0, '?'))[1]
        if not re.fullmatch(r'entry_SYSCALL_64_\w+_mitigated', func):
            continue
        seen += 1
        # A site inside a block of one that is (PCID's, inside PTI's) runs only with it.
        if not path & (1 << numbers[cond]) and \
                not any(start < addr < end for start, end, _ in blocks):
            problems.append(f'{func}: a {cond} site, and {cond} is not in MIT_SYSCALL_PATH')
    if not seen:
        problems.append('no patch site found in any _mitigated stub')
    return problems, (f'{seen} sites in the _mitigated stubs, each of MIT_SYSCALL_PATH or '
                      'inside a block of one')


# docs/figures/ (make plot DOCS=1) against the tables they draw: figure, where its table
# is in docs/benchmarks.md (its section's heading, or its own header row), and {table
# column: figure op}; the row names are the same.
FIGURE_TABLES = (
    ('variants.svg', '## Instruction counts', None),
    ('faults.svg', '## Instruction counts', None),
    ('mitigations.svg', '### Mitigations', None),
    ('processes.svg', '### Processes', {'instructions': 'time'}),
    ('clock.svg', '| reader | instructions per call |', {'instructions per call': 'time'}),
)


def doc_table(section):
    """{row: {column: the number the cell starts with}} of a section's first table."""
    lines = [l for l in section.splitlines() if l.startswith('|')]
    head = [c.strip().strip('`') for c in lines[0].strip('|').split('|')]
    table = {}
    for line in lines[2:]:
        cells = [c.strip().strip('`') for c in line.strip('|').split('|')]
        # "`linux-6.1` (6.1.0-57-amd64)": the row is its name; the rest says which.
        name = re.match(r'`?([^`]+)`\s', line.strip('|').split('|')[0].strip() + ' ')
        table[name[1] if name else cells[0]] = {col: float(m[1].replace(',', '')) for col, cell in
                           zip(head[1:], cells[1:]) if (m := re.match(r'([\d,.]+)', cell))}
    return table


def first_table(text, heading):
    """The lines of the first table after heading in text (heading: a line or a marker)."""
    lines = text.split(heading, 1)[1].splitlines() if heading in text else []
    start = next((n for n, line in enumerate(lines) if line.startswith('|')), len(lines))
    return '\n'.join(itertools.takewhile(lambda line: line.startswith('|'), lines[start:]))


# The README's results rows: {row: (where docs/benchmarks.md's table is, its row)}.
README_RESULTS = {
    'floor': ('## Instruction counts', 'floor'),
    'irqoff-inline': ('## Instruction counts', 'irqoff-inline'),
    'irqsave-outline': ('## Instruction counts', 'irqsave-outline'),
    'mitigations=auto': ('### Mitigations', 'auto'),
    'fred': ('<!-- FRED rows -->', 'fred'),
    'linux-6.1,mitigations=off': ('### Linux measured the same way', 'linux-6.1,mitigations=off'),
    'linux-6.12,mitigations=off': ('### Linux measured the same way',
                                   'linux-6.12,mitigations=off'),
    'linux-6.12-fred': ('### Linux measured the same way', 'linux-6.12-fred'),
}


@check
def docs_readme_results_match_benchmarks(b):
    """README.md's results table quotes docs/benchmarks.md's measured rows exactly."""
    bench = open(os.path.join(ROOT, 'docs', 'benchmarks.md')).read()
    table = first_table(open(os.path.join(ROOT, 'README.md')).read(), '## Results')
    readme = doc_table(table) if table else {}
    problems = [] if set(readme) == set(README_RESULTS) else [
        f'README.md\'s results rows are {sorted(readme)}, not {sorted(README_RESULTS)}']
    for row, (heading, source) in README_RESULTS.items():
        want = doc_table(first_table(bench, heading)).get(source)
        for op in ('kill', 'invalid', 'getpid'):
            if want is None or readme.get(row, {}).get(op) != want.get(op):
                problems.append(f'README.md: {row} {op} is {readme.get(row, {}).get(op)}, '
                                f'docs/benchmarks.md ({heading}, {source}) says '
                                f'{want and want.get(op)}')
    return problems, f'{len(readme)} rows, each as docs/benchmarks.md measured it'


# docs/benchmarks.md's example machine lines: (pattern, where the table is, its column).
BENCH_EXAMPLES = (
    (r'bench variant=(\S+) op=(\S+) .*ticks_per_call=([\d.]+)', '## Instruction counts', None),
    (r'bench proc=(\S+) .*ticks_per_op=([\d.]+)', '### Processes', 'instructions'),
    (r'bench clock=(\S+) ticks_per_call=([\d.]+)', '| reader | instructions per call |',
     'instructions per call'),
    (r'bench filter=(\S+) ticks_per_call=([\d.]+)', '### Syscall work', 'getpid'),
)


@check
def docs_bench_examples_match_tables(b):
    """The machine lines docs/benchmarks.md shows as examples carry its tables' figures."""
    text = open(os.path.join(ROOT, 'docs', 'benchmarks.md')).read()
    lines = re.findall(r'^    (bench .*)$', text, re.M)
    problems, count = [], 0
    for line in lines:
        for pattern, heading, column in BENCH_EXAMPLES:
            m = re.match(pattern, line)
            if not m:
                continue
            row, col, value = (m[1], m[2], m[3]) if column is None else (m[1], column, m[2])
            rows = first_table(text, heading)
            table = doc_table(heading + '\n' + rows if heading.startswith('|') else rows)
            want = table.get(row, {}).get(col)
            # A whole figure in a table is the line's figure without its fraction.
            if want is None or not (want == float(value) or
                                    (want == int(want) and want == int(float(value)))):
                problems.append(f'docs/benchmarks.md: "{line}" says {value}, its table {want}')
            count += 1
            break
        else:
            problems.append(f'docs/benchmarks.md: no table for the example "{line}"')
    return problems, f'{count} example lines, each with its table\'s figure'


# A log of each kind of line scripts/plot.py reads, with figures made up for the check:
# make compare's Linux rows, rows not measured, fractions to round.
PLOT_LOG = """bench: entry irqoff-inline, context tracking on, RCU tracker on, 1 CPU(s)
bench: clock: instructions (QEMU icount or Bochs: one TSC tick per instruction), not cycles
bench: fred                                 not measured: the CPU has no FRED
bench variant=irqoff-inline op=kill iters=10 ticks_per_call=100.00 median=100.00 reps=1
bench variant=irqoff-inline op=invalid iters=10 ticks_per_call=50.50 median=50.50 reps=1
bench variant=irqoff-inline,rcu_eqs=off op=invalid iters=10 ticks_per_call=52.49 median=52.49 reps=1
bench variant=linux-6.1 op=kill iters=10 ticks_per_call=1000.00 median=1000.00 reps=1
bench variant=linux-6.12 op=invalid iters=10 ticks_per_call=2000.00 median=2000.00 reps=1
bench variant=irqoff-inline op=fault-read iters=10 ticks_per_call=600.00 median=600.00 reps=1
bench variant=linux-6.1 op=fault-read iters=10 ticks_per_call=1200.00 median=1200.00 reps=1
bench: pti+pcid                 not on this CPU: pcid (force_mitigations: the CPU has no PCID)
bench mitigations=off op=kill ticks_per_call=100.00 median=100.00
bench proc=fork-wait iters=1 ticks_per_op=1142.11 median=1142.11 reps=1
"""
# (figure, a string it must hold, why).
PLOT_WANT = (
    ('variants.svg', 'id="ref:linux-6.1:kill:1000"', "Linux 6.1's kill as a reference line"),
    ('variants.svg', 'id="ref:linux-6.12:invalid:2000"', "Linux 6.12's invalid as one"),
    ('variants.svg', ' Linux 6.1: 1,000<', 'the reference line labelled'),
    ('variants.svg', 'Linux, measured the same way', 'the reference lines in the legend'),
    ('faults.svg', 'id="ref:linux-6.1:fault-read:1200"', "Linux 6.1's fault as a reference line"),
    ('variants.svg', 'not measured: the CPU has no FRED<', 'the row not measured, with why'),
    ('variants.svg', '<g id="label:irqoff-inline:invalid">', 'a label'),
    ('variants.svg', '> 51<', '50.50 labelled 51, halves up'),
    ('variants.svg', '> 52 (+1)<', "52.49 labelled 52 and its difference from the default's 51"),
    ('mitigations.svg', 'not on this CPU: pcid', 'the mitigation row not measured, named'),
    ('mitigations.svg', 'a CR3 write or a VERW counts one', None),
    ('processes.svg', '> 1,142<', '1142.11 labelled 1,142'),
    ('processes.svg', 'log scale', 'the round trips on a log scale'),
    ('processes.svg', '>per round trip<', 'the panel titled per round trip'),
)


@check
def plot_draws_references_reasons_whole_labels(b):
    """scripts/plot.py on PLOT_LOG: Linux's rows as labelled lines, no bars; rows not
    measured named with their reason; labels in whole ticks."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, 'bench.log'), 'w') as f:
            f.write(PLOT_LOG)
        run = subprocess.run(['/usr/bin/python3', os.path.join(ROOT, 'scripts', 'plot.py'),
                              '--log', os.path.join(tmp, 'bench.log'), '--out', tmp],
                             capture_output=True, text=True)
        if run.returncode:
            return [f'plot.py failed: {run.stderr.strip()[-300:]}'], '', None
        svgs = {n: open(os.path.join(tmp, n)).read() for n in os.listdir(tmp) if
                n.endswith('.svg')}
    problems = [f'{name}: no "{want}" ({why or want})' for name, want, why in PLOT_WANT
                if want not in svgs.get(name, '')]
    problems += [f'{name}: Linux drawn as a bar' for name, svg in svgs.items()
                 if 'bar:linux-' in svg]
    problems += [f'{name}: a label with a fraction' for name, svg in svgs.items()
                 if re.search(r'<g id="label:[^"]+">\s*<text[^>]*>\s*[\d,]+\.', svg)]
    return problems, f'{len(PLOT_WANT)} marks in {len(svgs)} figures of a synthetic log'


@check
def docs_figures_match_tables(b):
    """Every bar of docs/figures/*.svg has the value docs/benchmarks.md's table gives, and
    every reference line Linux's."""
    text = open(os.path.join(ROOT, 'docs', 'benchmarks.md')).read()
    problems, count = [], 0
    for name, heading, columns in FIGURE_TABLES:
        table = doc_table((heading if heading.startswith('|') else '') + text.split(heading, 1)[1])
        svg = open(os.path.join(ROOT, 'docs', 'figures', name)).read()
        bars = re.findall(r'id="bar:([^:"]+):([^:"]+):([^"]+)"', svg)
        labels = dict(re.findall(r'<g id="label:([^"]+)">\s*<text[^>]*>\s*([\d,.]+)', svg))
        if f'figures/{name}' not in text:
            problems.append(f'docs/benchmarks.md does not show figures/{name}')
        if not bars:
            problems.append(f'docs/figures/{name} has no bars')
        for row, op, value in bars:
            count += 1
            col = next((c for c, o in (columns or {}).items() if o == op), op)
            want = table.get(row, {}).get(col)
            if want is None or abs(want - float(value)) > 0.5:
                problems.append(f'docs/figures/{name}: {row} {op} is {value}, the table says '
                                f'{want}: run "make bench ICOUNT=1", then "make plot DOCS=1"')
            # Its label: the value in whole ticks, halves up, as the tables round it.
            elif labels.get(f'{row}:{op}', '').replace(',', '') != str(math.floor(want + 0.5)):
                problems.append(f'docs/figures/{name}: {row} {op} is labelled '
                                f'{labels.get(f"{row}:{op}")}, not {math.floor(want + 0.5)}')
        # Linux's reference lines: as make compare's table in the same file gives them.
        linux = doc_table(first_table(text, '### Linux measured the same way'))
        for row, op, value in re.findall(r'id="ref:([^:"]+):([^:"]+):([^"]+)"', svg):
            count += 1
            want = linux.get(row, {}).get(op)
            if want is None or abs(want - float(value)) > 0.005:
                problems.append(f'docs/figures/{name}: the {row} {op} line is at {value}, the '
                                f'Linux table says {want}: run "make compare", then "make plot '
                                f'DOCS=1"')
    return problems, (f'{count} bars and reference lines in {len(FIGURE_TABLES)} figures, '
                      'each as its table says')


@check
def docs_entry_listing_current(b):
    """docs/entry.md quotes the built do_syscall_64 and the booted stubs: they must match."""
    r = subprocess.run(['python3', 'scripts/entry-disasm.py', os.path.join(b, 'entrylab.elf'),
                        '--check', 'docs/entry.md'], cwd=ROOT)
    problems = ['docs/entry.md listings are stale: run "make disasm" and commit'] if r.returncode \
        else []
    return problems, 'docs/entry.md matches do_syscall_64_irqoff_inline and the booted stubs'



def exercise(doc, n):
    """The text of exercise n of docs/entry.md's walkthrough."""
    part = doc[doc.index('## Exercises'):doc.index('the rest is reference.')]
    return re.search(rf'^{n}\. (.*?)(?=^\d+\. |\Z)', part, re.M | re.S)[1]


def make_dry_run(b, *args, has):
    """The command `make -n ARGS` prints that contains has: what the target runs."""
    out = subprocess.run(['make', '-n', f'BUILD={b}', *args], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.replace('\\\n', ' ')
    return next(line for line in out.splitlines() if has in line)


def exercise_pt_regs_at_a_breakpoint(b, text):
    """Exercises 1 and 2: `make debug`'s boot on a free port, the exercise's own gdb
    commands against it, and the frame they print: each word where the drawing puts it,
    cx == ip and r11 == flags."""
    # make debug's ISO as make debug builds it: the one on disk may hold another init
    # (the last make run INIT=... of a test).
    subprocess.run(['make', f'BUILD={b}', os.path.join(b, 'entrylab.iso')], cwd=ROOT,
                   check=True, capture_output=True)
    boot_cmd = make_dry_run(b, 'debug', has='scripts/qemu.sh')
    if ' -s -S' not in boot_cmd or 'TIMEOUT=0' not in boot_cmd:
        return [f'make debug no longer runs QEMU halted on :1234: {boot_cmd}']
    gdb_cmds = [c for c in re.findall(r'`([^`]+)`', ' '.join(text.split()))
                if c.split()[0] in ('hbreak', 'continue', 'p/x') or c.startswith('x/')]
    words = int(re.search(r'`x/(\d+)gx \$rdi`', text)[1])
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        port = sock.getsockname()[1]
    boot_cmd = boot_cmd.replace(' -s -S', f' -gdb tcp:127.0.0.1:{port} -S').replace(
        'TIMEOUT=0', 'TIMEOUT=300')
    log = open(os.path.join(b, 'test-logs', 'docs-entry-exercises-debug.log'), 'w')
    qemu = subprocess.Popen(['bash', '-c', boot_cmd], cwd=ROOT, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        time.sleep(1)
        r = subprocess.run(['gdb', '-nx', '-batch', os.path.join(b, 'entrylab.elf'),
                            '-ex', f'target remote 127.0.0.1:{port}',
                            *itertools.chain(*(('-ex', c) for c in gdb_cmds)),
                            '-ex', f'printf "{MACHINE_STATE}\\n", {", ".join(MACHINE_REGS)}',
                            '-ex', 'kill'],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    finally:
        os.killpg(qemu.pid, 9)
        qemu.wait()
        log.close()
    out = r.stdout + r.stderr
    fields = dict(re.findall(r'(\w+) = (0x[0-9a-f]+)', out.split('$1 = {', 1)[-1]))
    memory = [int(w, 16) for w in re.findall(r'\t(0x[0-9a-f]{16})', out)]
    problems = []
    if len(fields) != words or len(memory) != words:
        return [f'gdb printed {len(fields)} fields and {len(memory)} words, the exercise '
                f'names {words}: {out[-400:]!r}']
    v = {k: int(x, 16) for k, x in fields.items()}
    if list(v.values()) != memory:
        problems.append('x/gx $rdi and p/x *(struct pt_regs *)$rdi disagree: the words are '
                        'not in struct pt_regs\' order')
    want = {'orig_ax': 62, 'ax': (1 << 64) - 38, 'cs': 0x33, 'ss': 0x2b}
    problems += [f'pt_regs->{k} is {v[k]:#x}, not {w:#x}' for k, w in want.items() if v[k] != w]
    problems += [f'pt_regs->{a} {v[a]:#x} != {c} {v[c]:#x}' for a, c in (('cx', 'ip'),
                                                                          ('r11', 'flags'))
                 if v[a] != v[c]]
    # The walkthrough's table of the machine's state, its row after the stack switch,
    # at C's first instruction: CPL 0, RSP just below regs (the call's return address),
    # GS_BASE this CPU's area (kernel half) with the user's in KERNEL_GS_BASE, IF clear.
    m = re.search(MACHINE_STATE.replace('%lx', '([0-9a-f]+)'), out)
    if not m:
        return problems + [f'gdb printed no machine state: {out[-300:]!r}']
    cs, rsp, rdi, flags, gs, kgs = (int(x, 16) for x in m.groups())
    state = {'CPL 0': cs & 3 == 0, 'RSP = regs - 8': rsp + 8 == rdi,
             'IF clear': not flags & 0x200, 'GS_BASE in the kernel half': gs >> 63 == 1,
             "KERNEL_GS_BASE the user's": kgs >> 47 == 0}
    problems += [f'at do_syscall_64, not {k} (cs {cs:#x} rsp {rsp:#x} rdi {rdi:#x} '
                 f'eflags {flags:#x} gs_base {gs:#x} k_gs_base {kgs:#x})'
                 for k, ok in state.items() if not ok]
    return problems


MACHINE_STATE = 'state cs=%lx rsp=%lx rdi=%lx eflags=%lx gs_base=%lx k_gs_base=%lx'
MACHINE_REGS = ('$cs', '$rsp', '$rdi', '$eflags', '$gs_base', '$k_gs_base')


def exercise_irqoff_outline(b, doc):
    """Exercise 3: make trace VARIANT=irqoff-outline's trace (its first command: the
    second refreshes every variant's summary, which docs-entry-trace-current checks)."""
    cmd = make_dry_run(b, 'trace', 'VARIANT=irqoff-outline', has='--variant')
    r = subprocess.run(['bash', '-c', cmd], cwd=ROOT, capture_output=True, text=True)
    out = r.stdout + r.stderr
    problems = [] if r.returncode == 0 else [f'{cmd}: exit {r.returncode}: {out[-300:]!r}']
    for fn in ('enter_from_user_mode_irqoff_outline', 'syscall_exit_to_user_mode_irqoff_outline'):
        if not re.search(rf'\bcall\s.*\b{fn}\b', out):
            problems.append(f'the trace of irqoff-outline calls no {fn}')
    m = re.search(r'^trace variant=irqoff-outline op=kill .*\binstructions=(\d+)', out, re.M)
    row = re.search(r'^\| irqoff-outline \| (\d+) \|', doc, re.M)
    if not m or not row or m[1] != row[1]:
        problems.append(f'the trace counts {m and m[1]} instructions, the trace summary '
                        f'{row and row[1]}')
    return problems


def exercise_stub_budget(doc):
    """Exercise 4: the plain stub's instructions are the budget's stub rows, summed."""
    block = doc[doc.index('<!-- STUB-BEGIN'):doc.index('<!-- STUB-END')]
    stub = block.split('entry_SYSCALL_64_irqoff_inline:', 1)[1].split('\n\n')[0]
    length = len(re.findall(r'^\s+\+0x[0-9a-f]+\s', stub, re.M))
    bench = open(os.path.join(ROOT, 'docs', 'benchmarks.md')).read()
    rows = ('the stub:', '`pt_regs` saved:', 'registers cleared:', '`pt_regs` restored:')
    found = [int(m[1]) for r in rows
             for m in [re.search(rf'^\| {re.escape(r)}[^|]*\| (\d+) \|', bench, re.M)] if m]
    if len(found) != len(rows) or sum(found) != length:
        return [f'the plain stub is {length} instructions, the budget\'s stub rows '
                f'({", ".join(rows)}) say {found}']
    return []


def exercise_reading(doc):
    """Exercises 5 to 8 name no new command: what they point at must still be there."""
    problems = []
    step5 = doc[doc.index('## 5. SYSRET or IRET?'):doc.index('## 6. The exit')]
    if '| `regs->cx == regs->ip`, `regs->r11 == regs->flags` |' not in step5:
        problems.append('exercise 5: step 5\'s table has no cx == ip, r11 == flags row')
    rcu = MAKES['readme-rcu-demo']
    if rcu['args'] != ['rcu-demo'] or not any('rcu_eqs=off grace_periods=100 ' in line
                                               for line in rcu['lines']):
        problems.append('exercise 6: readme-rcu-demo no longer runs make rcu-demo and checks '
                        'its 100 grace periods with the tracker off')
    step4 = doc[doc.index('## 4. do_syscall_64()'):doc.index('## 5. SYSRET or IRET?')]
    if not re.search(r'cmp \$0x1ff,%r12d.*\n\s+ja .*\n(.*\n)*?\s+sbb ', step4):
        problems.append('exercise 7: step 4 shows no range check jumping over the sbb mask')
    fred = doc[doc.index('## FRED: the same entry'):doc.index('## What entrylab leaves out')]
    if 'SYSRET decision' not in fred:
        problems.append('exercise 8: the FRED section no longer says what became of the '
                        'SYSRET decision')
    return problems


@check
def docs_entry_exercises_run(b):
    """The walkthrough's exercises: the command each names still works and still shows
    what the exercise refers to (two boots, one after the other)."""
    doc = open(os.path.join(ROOT, 'docs', 'entry.md')).read()
    os.makedirs(os.path.join(b, 'test-logs'), exist_ok=True)
    subs = [('1-2', exercise_pt_regs_at_a_breakpoint(b, exercise(doc, 1))),
            ('3', exercise_irqoff_outline(b, doc)),
            ('4', exercise_stub_budget(doc)),
            ('5-8', exercise_reading(doc))]
    problems = [f'exercise {n}: {p}' for n, ps in subs for p in ps]
    return problems, 'every exercise\'s command runs and shows what it asks about', \
        [('FAIL' if ps else 'PASS', f'docs-entry-exercise-{n}', '; '.join(ps)) for n, ps in subs]

def make_deps(path):
    """The prerequisites of a gcc -MMD .d file's first rule: every file the compiler read."""
    with open(path) as f:
        rule = f.read().replace('\\\n', ' ').split('\n', 1)[0]
    return rule.split(':', 1)[1].split()


CLOSURE_MAX_LINES = 1800


@check
def entry_closure_is_the_reading_guide(b):
    """entry/common.c's include closure is small, and docs/entry.md's reading guide lists it."""
    deps = make_deps(os.path.join(b, 'entry', 'common-irqoff_inline.d'))
    lines = sum(open(os.path.join(ROOT, d)).read().count('\n') for d in deps)
    with open(os.path.join(ROOT, 'docs', 'entry.md')) as f:
        text = f.read()
    block = text[text.index('<!-- CLOSURE-BEGIN -->'):text.index('<!-- CLOSURE-END -->')]
    guide = set(re.findall(r'`([\w/.-]+\.h)`', block)) | {'entry/common.c'}
    problems = [f'{d} is in the closure but not in docs/entry.md\'s reading guide'
                for d in deps if d not in guide]
    problems += [f'docs/entry.md\'s reading guide lists {g}, which entry/common.c does not include'
                 for g in sorted(guide - set(deps))]
    if lines > CLOSURE_MAX_LINES:
        problems.append(f'the closure is {lines} lines, over {CLOSURE_MAX_LINES}')
    return problems, (f'entry/common.c reads {len(deps)} files, {lines} lines (at most '
                      f'{CLOSURE_MAX_LINES}); docs/entry.md lists the same files')


def nm(path, *flags):
    out = subprocess.run(['nm', *flags, path], check=True, capture_output=True, text=True).stdout
    return [line.split()[-2:] for line in out.splitlines()]


@check
def entry_stubs_call_into_entry(b):
    """Every function entry/*.asm calls or jumps to is defined in entry/."""
    objs = {os.path.basename(o)[:-2]: o for o in glob.glob(os.path.join(b, 'entry', '*.o'))
            if not o.endswith('_test.o')}
    defined = {sym for o in objs.values() for _, sym in nm(o, '--defined-only')}
    functions = {sym for kind, sym in nm(os.path.join(b, 'entrylab.elf')) if kind in 'Tt'}
    stubs = [os.path.basename(f)[:-4] for f in glob.glob(os.path.join(ROOT, 'entry', '*.asm'))]
    problems, count = [], 0
    for stub in sorted(stubs):
        for _, sym in nm(objs[stub], '--undefined-only'):
            if sym in functions:
                count += 1
                if sym not in defined:
                    problems.append(f'entry/{stub}.asm calls {sym}, defined outside entry/')
    return problems, f'the stubs call {count} C or assembly functions, all defined in entry/'


# Where a doc names a file of this tree: a path under one of its top-level folders that ends in
# a file extension or a slash (KTAP names such as entry/sysret_decision have neither). A path
# within 60 characters after the word "Linux" names Linux's tree, not ours.
TREE_TOP = ('boot', 'arch', 'entry', 'bench', 'kernel', 'lib', 'include', 'user', 'tests', 'docs',
            'scripts', '.ci')
TREE_PATH = re.compile(r'(?<![\w./-])((?:%s)/(?:[\w*.-]+/)*(?:[\w*-]+\.[\w*]+|))(?![\w/-])'
                       % '|'.join(re.escape(t) for t in TREE_TOP))


def doc_files():
    """README.md, docs/ and every folder's README.md: the prose that names files."""
    found = {'README.md'} | set(glob.glob('docs/**/*.md', root_dir=ROOT, recursive=True))
    for top in TREE_TOP:
        found |= set(glob.glob(f'{top}/**/README.md', root_dir=ROOT, recursive=True))
    return sorted(found)


@check
def docs_file_references_exist(b):
    """Every file or folder of this tree that README.md, docs/ or a folder's README names exists."""
    problems, count = [], 0
    for doc in doc_files():
        with open(os.path.join(ROOT, doc)) as f:
            text = f.read()
        for m in TREE_PATH.finditer(text):
            if 'Linux' in text[max(0, m.start() - 60):m.start()]:
                continue
            count += 1
            path = os.path.join(ROOT, m[1])
            if not (glob.glob(path) if '*' in path else os.path.exists(path)):
                lineno = text.count('\n', 0, m.start()) + 1
                problems.append(f'{doc}:{lineno} names {m[1]}, which does not exist')
    return problems, f'{count} file references in {len(doc_files())} docs, all present'


# The tables prose figures are taken from: {name: (file, the table's heading or marker)}.
# Each of them is itself checked against the build or the run it names.
PROSE_TABLES = {
    'icount': ('docs/benchmarks.md', '## Instruction counts'),
    'budget': ('docs/benchmarks.md', '<!-- instruction budget: make trace -->'),
    'linux': ('docs/benchmarks.md', '### Linux measured the same way'),
    'fault-budget': ('docs/benchmarks.md', '<!-- fault budget: make trace OP=fault-read -->'),
    'fred': ('docs/benchmarks.md', '<!-- FRED rows -->'),
    'mitigations': ('docs/benchmarks.md', '### Mitigations'),
    'proc': ('docs/benchmarks.md', '### Processes'),
    'work': ('docs/benchmarks.md', '### Syscall work'),
    'i386': ('docs/benchmarks.md', '### From i386 programs'),
    'clock': ('docs/benchmarks.md', '| reader | instructions per call |'),
    'tracker': ('docs/smp-rcu.md', '## What the tracker costs per syscall'),
    'rcu-demo': ('docs/smp-rcu.md', '## The demonstration'),
}
# A figure in prose and where it comes from: "114<!--={icount:irqoff-inline:invalid}-->",
# or an expression of such cells ("{icount:irqoff-inline:kill} - {icount:floor:invalid}");
# no "|", so that a table's cell may carry one too;
# "<!--~...-->" after a figure the prose says is "about" one: within 5%.
PROSE_FIGURE = re.compile(r'(\d[\d,]*(?:\.\d+)?)(\*\*)?%?<!--([=~])(.*?)-->')
PROSE_CELL = re.compile(r'\{([^:{}]+):([^:{}]+):([^:{}]+)\}')


def prose_cell(tables, name, row, col):
    """The number in table name's row and column, or None. A row is named by its first
    cell (backticks and bold dropped), by that cell before " (", or by a prefix of one
    row's cell alone ("the SYSRET decision" for the budget's row that begins so)."""
    if name not in tables:
        doc, heading = PROSE_TABLES[name]
        text = open(os.path.join(ROOT, doc)).read()
        lines = (heading + '\n' if heading.startswith('|') else '') + first_table(text, heading)
        lines = [l.strip().strip('|').split('|') for l in lines.splitlines()]
        head = [c.strip() for c in lines[0]]
        tables[name] = {re.sub(r'[`*]', '', cells[0]).strip(): {
            col: float(m[1].replace(',', '')) for col, cell in zip(head[1:], cells[1:])
            if (m := re.match(r'\**([\d,.]+)', cell.strip()))} for cells in lines[2:]}
    rows, row = tables[name], row.replace('`', '')
    match = [r for r in rows if r == row] or [r for r in rows if r.split(' (')[0] == row] or \
        [r for r in rows if r.startswith(row)]
    return rows[match[0]].get(col) if len(match) == 1 else None


@check
def docs_prose_figures_match_tables(b):
    """Every figure the docs' prose marks with its source says what that table says."""
    problems, count, tables = [], 0, {}
    for doc in ['README.md'] + sorted(f'docs/{n}' for n in os.listdir(os.path.join(ROOT, 'docs'))
                                      if n.endswith('.md')):
        text = open(os.path.join(ROOT, doc)).read()
        for m in PROSE_FIGURE.finditer(text):
            count += 1
            where = f'{doc}:{text.count(chr(10), 0, m.start()) + 1}'
            cells = [(c, prose_cell(tables, *c)) for c in PROSE_CELL.findall(m[4])]
            missing = [c for c, v in cells if v is None]
            if missing or not cells:
                problems.append(f'{where}: no such cell {missing or m[4]}')
                continue
            expr = PROSE_CELL.sub(lambda c: repr(prose_cell(tables, *c.groups())), m[4])
            if not re.fullmatch(r'[\d.\s+\-*/()]+', expr):
                problems.append(f'{where}: "{m[4]}" is not a sum of cells')
                continue
            value = eval(expr)  # noqa: S307 (numbers and + - * / only, checked above)
            quoted = float(m[1].replace(',', ''))
            places = len(m[1].split('.')[1]) if '.' in m[1] else 0
            if m[3] == '~' and abs(quoted - value) > 0.05 * abs(value) or \
                    m[3] == '=' and quoted != (round(value, places) if places else
                                               math.floor(value + 0.5)):
                problems.append(f'{where}: says {m[1]}, {m[4].strip()} is {value:g}')
    if not count:
        problems.append('no prose figure marked with its source')
    return problems, f'{count} figures in prose, each as the table it names says'


@check
def docs_entry_trace_current(b):
    """docs/entry.md's dynamic-trace summary and docs/benchmarks.md's instruction budgets
    (make trace) must match this build; their FRED row and columns too when BOCHS= has
    the FRED model and its source beside it (scripts/trace.py builds its gdb stub)."""
    binary = os.environ.get('BOCHS', 'bochs')
    models = bochs_model_names(binary)
    fred = ['--bochs', binary] if models and selftests_x86.FRED_MODEL in models else []
    r = subprocess.run(['python3', 'scripts/trace.py', '--build', b, '--docs', 'docs/entry.md',
                        '--budget-docs', 'docs/benchmarks.md', '--check', *fred], cwd=ROOT,
                       capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip()
    problems = [out.replace('\n', ' / ')] if r.returncode else []
    untraced = sorted({line.split(': ', 2)[2] for line in out.splitlines()
                       if ' not traced: ' in line})
    return problems, ("docs/entry.md matches the traced kill() of every variant and the i386 "
                      "getpid() of every door, and docs/benchmarks.md the instruction "
                      "budgets of the invalid syscall and a fault-read" +
                      ('; FRED\'s row and columns not traced: ' + '; '.join(untraced)
                       if untraced else ', FRED\'s row and columns included'))


BENCH_LINE = re.compile(r'^bench variant=(\S+) op=(\S+) iters=(\d+) ticks_per_call=(\S+)')


def bench_ops():
    text = open(os.path.join(ROOT, 'include', 'uapi', 'bench.h')).read()
    return re.findall(r'BENCH_OP\(\w+, "([\w-]+)"\)', text)


# The ops that are a #PF from ring 3 (BENCH_FAULT_OPS), measured only where the fault's
# path differs (bench/bench.c, row_measures_faults()): the default and its tracker rows.
FAULT_OPS = ('fault-read', 'fault-write')
FAULT_REASON = r"^bench: fault-read, fault-write: '-' where a row differs only in its SYSCALL"
# A zeroed 4 KiB frame: at least 512 stores (of 8 bytes) more than mapping the zero page.
FAULT_ZEROING_MIN = 4096 // 8
BENCH_MEDIAN = re.compile(r'^bench variant=(\S+) op=(\S+) iters=\d+ ticks_per_call=(\S+) '
                          r'median=(\S+) reps=(\d+)')


def fault_problems(cells, lines, rows):
    """The fault ops in rows: the read below the write by a frame's zeroing at least,
    and each figure the same in every repetition (minimum = median)."""
    problems = []
    for row in rows:
        read, write = cells.get((row, 'fault-read')), cells.get((row, 'fault-write'))
        if read is None or write is None or not read + FAULT_ZEROING_MIN <= write:
            problems.append(f'{row}: expected fault-read + {FAULT_ZEROING_MIN} <= fault-write '
                            f'(a zeroed frame against the zero page): {read}, {write}')
    for m in map(BENCH_MEDIAN.match, lines):
        if m and m[1] in rows and m[2] in FAULT_OPS and m[3] != m[4]:
            problems.append(f'{m[1]} {m[2]}: minimum {m[3]} and median {m[4]} differ over '
                            f'{m[5]} repetitions')
    return problems


PROC_LINE = re.compile(r'^bench proc=(\S+) iters=(\d+) ticks_per_op=([\d.]+) median=([\d.]+) '
                       r'reps=(\d+)$')
PROC_OPS = ('fork-wait', 'thread-create-join', 'eventfd-epoll', 'pipe-pingpong', 'yield-pingpong')
PROC_RSEQ = 'yield-pingpong-rseq'     # beside yield-pingpong: what rseq adds to a switch
CLOCK_LINE = re.compile(r'^bench clock=(\S+) ticks_per_call=([\d.]+) median=([\d.]+) '
                        r'iters=(\d+) reps=(\d+)( ns_per_call=[\d.]+)?$')
CLOCK_READERS = ('syscall', 'vdso-stable', 'vdso-percpu')
FILTER_LINE = re.compile(r'^bench filter=(\S+) ticks_per_call=([\d.]+) ')
# The syscall-work table's rows (bench/user/bench_filters.c), and the slope it derives.
FILTER_ROWS = ('no-filter', 'bitmap-1', 'bitmap-2', 'full-1', 'full-2', 'full-4',
               'dispatch-allowed', 'dispatch-sigsys', 'per-full-filter')


I386_LINE = re.compile(r'^bench i386=(\S+) op=(\S+) iters=\d+ ticks_per_call=([\d.]+) median=')
MIT_LINE = re.compile(r'^bench mitigations=(\S+) op=(\S+) ticks_per_call=([\d.]+) median=')
# The mitigation table's rows under TCG, in the order each adds to the one before
# (pti+pcid is absent: TCG has no PCID), then auto.
MIT_CHAIN = ('off', 'pti', 'pti+verw', 'pti+verw+retpoline', 'pti+verw+retpoline+bhi')
MIT_OPS = ('kill', 'invalid', 'getpid')


def bench_icount(b, name):
    r = boot.run_make(b, name, ['bench', 'ICOUNT=1', 'BENCH_ARGS=iters=1000 reps=3'],
                      timeout=300)
    cells = {(m[1], m[2]): float(m[4]) for m in map(BENCH_LINE.match, r.lines) if m}
    cells.update({(f'mitigations={m[1]}', m[2]): float(m[3])
                  for m in map(MIT_LINE.match, r.lines) if m})
    cells.update({('proc', m[1]): float(m[3]) for m in map(PROC_LINE.match, r.lines) if m})
    cells.update({('clock', m[1]): float(m[2]) for m in map(CLOCK_LINE.match, r.lines) if m})
    cells.update({(f'filter={m[1]}', 'getpid'): float(m[2])
                  for m in map(FILTER_LINE.match, r.lines) if m})
    cells.update({(f'i386={m[1]}', m[2]): float(m[3]) for m in map(I386_LINE.match, r.lines) if m})
    return r, cells


# Where docs quote icount figures: (file, section heading, row names, columns, row prefix).
# The README's results table names its rows as the benchmark does; its fred row is
# Bochs's, which docs_readme_results_match_benchmarks holds to docs/benchmarks.md.
DOCS_ICOUNT_TABLES = (
    ('docs/benchmarks.md', '## Instruction counts', r'irq\S+|asm\S+|floor', bench_ops(), ''),
    ('docs/benchmarks.md', '### Mitigations', r'[a-z+]+', MIT_OPS, 'mitigations='),
    ('docs/smp-rcu.md', '## What the tracker costs per syscall', r'irq\S+',
     ('kill', 'invalid', 'getpid'), ''),
    ('docs/benchmarks.md', '### Syscall work', r'no-filter|bitmap-\d|full-\d|dispatch-\S+',
     ('getpid',), 'filter='),
    ('docs/benchmarks.md', '### From i386 programs', r'int80|syscall|sysenter', ('getpid',),
     'i386='),
    ('README.md', '## Results', r'floor|irq\S+|mitigations=auto|fred',
     ('kill', 'invalid', 'getpid'), ''),
)
# And in prose: docs/entry.md's comparison with Linux names the default's three.
DOCS_ICOUNT_PROSE = ('docs/entry.md', r"against entrylab's (\d+)(?:<!--[^>]*-->)?, (\d+)"
                     r"(?:<!--[^>]*-->)? and (\d+)",
                     [('irqoff-inline', op) for op in ('kill', 'invalid', 'getpid')])


def docs_table_mismatches(cells):
    """Cells where the docs' quoted icount figures (the variants' table, the
    mitigations', the tracker's, the comparison with Linux) disagree with this build."""
    wrong = {}
    for doc, heading, rows, ops, key in DOCS_ICOUNT_TABLES:
        text = open(os.path.join(ROOT, doc)).read()
        section = text.split(heading)[1].split('\n## ')[0]
        for row in re.findall(r'^\| `?(' + rows + r')`? \|(.*)\|$', section, re.M):
            for op, cell in zip(ops, row[1].split('|')):
                m = re.match(r'\s*(\d+)(\.\d+)?', cell)
                measured = cells.get((key + row[0], op))
                # A figure with a fraction (fault-write's: the frame allocator's step to
                # the next word of its bitmap, once per 64 frames) has one that depends
                # on how many pages the run touched: its whole instructions must match.
                if m and measured is not None and \
                        float(m[1]) != (int(measured) if m[2] else measured):
                    wrong[(doc, key + row[0], op)] = (float(m[1] + (m[2] or '')), measured)
    doc, pattern, keys = DOCS_ICOUNT_PROSE
    m = re.search(pattern, open(os.path.join(ROOT, doc)).read())
    for k, quoted in zip(keys, m.groups() if m else ()):
        if float(quoted) != cells.get(k):
            wrong[(doc, *k)] = (int(quoted), cells.get(k))
    if not m:
        wrong[(doc, 'prose')] = ('missing', pattern)
    return wrong


@check
def bench_icount_ordering_repeatable(b):
    """Under icount, ticks are instructions: exact, repeatable, ordered by design."""
    (r1, c1), (r2, c2) = bench_icount(b, 'bench-icount-1'), bench_icount(b, 'bench-icount-2')
    block = (r'^bench: CPU \S+ ".*" family \d+ model \d+ stepping \d+, microcode ',
             r'^bench: TSC \d+\.\d+ MHz \(', r'^bench: -+ entrylab results: copy from here -+$',
             r'^results: irqoff-inline +kill \d+\.\d\d', r'^bench: -+ end of results -+$')
    problems = boot.check(r1, lines=(SUCCESS, FAULT_REASON, *block)) + \
        boot.check(r2, lines=(SUCCESS,))
    names = [v.replace('_', '-') for v in entry_variants()]
    trackers = [f'irqoff-inline,{t}=off' for t in ('context_tracking', 'rcu_eqs')]
    fast = [asm_fastpath(), f'{asm_fastpath()},context_tracking=off']
    exact, rseq = 'irqoff-inline,cputime=exact', 'irqoff-inline,rseq'
    syscall_ops = [op for op in bench_ops() if op not in FAULT_OPS]
    fault_rows = ['irqoff-inline', *trackers, exact, rseq]
    want = {(v, op) for v in names + trackers + fast + [exact, rseq] for op in syscall_ops}
    want |= {(v, op) for v in fault_rows for op in FAULT_OPS}
    want |= {('floor', 'invalid')}
    want |= {('proc', op) for op in (*PROC_OPS, PROC_RSEQ)}
    want |= {('clock', c) for c in CLOCK_READERS}
    want |= {(f'mitigations={m}', op) for m in (*MIT_CHAIN, 'auto') for op in MIT_OPS}
    want |= {(f'filter={row}', 'getpid') for row in FILTER_ROWS}
    want |= {(f'i386={door}', 'getpid') for door in ('int80', 'syscall', 'sysenter')}
    if set(c1) != want:
        problems.append(f'bench lines: missing {sorted(want - set(c1))}, '
                        f'unexpected {sorted(set(c1) - want)}')
        return problems, ''
    if c1 != c2:
        problems.append('two icount runs differ: ' + str(
            {k: (c1[k], c2.get(k)) for k in c1 if c1[k] != c2.get(k)}))
    k = {v: c1[(v, 'kill')] for v in names}
    if not k['irqoff-inline'] < k['irqoff-outline'] < k['irqsave-outline']:
        problems.append(f'kill: expected irqoff-inline < irqoff-outline < irqsave-outline: {k}')
    if not k['irqoff-inline'] < k['irqsave-inline'] < k['irqsave-outline']:
        problems.append(f'kill: expected irqoff-inline < irqsave-inline < irqsave-outline: {k}')
    if c1[('floor', 'invalid')] >= c1[('irqoff-inline', 'invalid')]:
        problems.append('the floor is not below the full entry')
    # With the merged state the tracker is no extra instruction: rcu_eqs=off swaps its
    # locked adds for plain stores, which saves cycles, not instructions.
    t = [c1[(r, 'invalid')] for r in trackers + ['irqoff-inline']]
    if not t[0] < min(t[1], t[2]):
        problems.append('invalid: expected context_tracking=off below both rcu_eqs=off and '
                        f'irqoff-inline: {t}')
    if not k['irqoff-inline'] < k['irqoff-inline-split']:
        problems.append(f'kill: the merged context-tracking state is not below the split: {k}')
    problems += fault_problems(c1, r1.lines, fault_rows) + fault_problems(c2, r2.lines, fault_rows)
    for op in FAULT_OPS:
        if not c1[(trackers[0], op)] < c1[('irqoff-inline', op)]:
            problems.append(f'{op}: context tracking costs the #PF nothing: '
                            f'{c1[(trackers[0], op)]:g} vs {c1[("irqoff-inline", op)]:g}')
    for op in bench_ops():
        if not c1[('irqoff-inline', op)] < c1[(exact, op)]:
            problems.append(f'{op}: exact CPU-time accounting costs nothing: '
                            f'{c1[("irqoff-inline", op)]:g} vs {c1[(exact, op)]:g}')
    # Linux 6.19's rule: a registered area costs a syscall's return nothing; a
    # switch, a concurrency ID given back and taken again.
    for op in ('kill', 'invalid', 'getpid'):
        if c1[(rseq, op)] != c1[('irqoff-inline', op)]:
            problems.append(f'{op}: an rseq area costs the return something: '
                            f'{c1[(rseq, op)]:g} vs {c1[("irqoff-inline", op)]:g}')
    if not c1[('proc', 'yield-pingpong')] < c1[('proc', PROC_RSEQ)]:
        problems.append('yield-pingpong: a switch with an rseq area costs nothing more: '
                        f'{c1[("proc", "yield-pingpong")]:g} vs {c1[("proc", PROC_RSEQ)]:g}')
    f = [c1[(r, 'invalid')] for r in fast]
    if not c1[('floor', 'invalid')] < f[1] < t[0] < t[2] < f[0]:
        problems.append('invalid: expected floor < asm fast path untracked < the default '
                        'untracked < the default < the asm fast path tracked (its C path): '
                        f'{f[1]:g}, {t[0]:g}, {t[2]:g}, {f[0]:g}')
    p = [c1[('proc', op)] for op in reversed(PROC_OPS)]
    if not c1[('irqoff-inline', 'getpid')] < p[0] < p[1] < p[2] < p[3] < p[4]:
        problems.append(f'processes: expected getpid < yield-pingpong < pipe-pingpong < '
                        f'eventfd-epoll < thread-create-join < fork-wait: {p}')
    c = [c1[('clock', n)] for n in CLOCK_READERS]
    if not c[1] < c[2] < c[0]:
        problems.append(f'clock_gettime: expected vdso-stable < vdso-percpu < syscall: {c}')
    for op in MIT_OPS:
        chain = [c1[(f'mitigations={m}', op)] for m in MIT_CHAIN]
        if chain[0] != c1[('irqoff-inline', op)]:
            problems.append(f'{op}: mitigations=off {chain[0]:g} is not the variant table\'s '
                            f'{c1[("irqoff-inline", op)]:g}')
        # auto is Linux's choice for the CPU: under TCG's max (an AMD part) the
        # retpoline and RSB filling without PTI, so below pti+verw+retpoline.
        auto = c1[('mitigations=auto', op)]
        if not chain[0] < chain[1] or chain != sorted(chain) or not chain[0] < auto <= chain[3]:
            problems.append(f'{op}: expected off < pti <= ... <= +bhi and '
                            f'off < auto <= pti+verw+retpoline: {chain}, auto {auto:g}')
    w = {row: c1[(f'filter={row}', 'getpid')] for row in FILTER_ROWS}
    if not (w['no-filter'] == c1[('irqoff-inline', 'getpid')] and
            w['no-filter'] < w['bitmap-1'] == w['bitmap-2'] < w['full-1'] < w['full-2'] <
            w['full-4'] < w['dispatch-sigsys'] and
            w['no-filter'] < w['dispatch-allowed'] < w['full-1']):
        problems.append('syscall work: expected no-filter (the variant table\'s getpid) < '
                        'bitmap-1 = bitmap-2 < full-1 < full-2 < full-4 < dispatch-sigsys, '
                        f'and no-filter < dispatch-allowed < full-1: {w}')
    doors = {d: c1[(f'i386={d}', 'getpid')] for d in ('int80', 'syscall', 'sysenter')}
    if not c1[('irqoff-inline', 'getpid')] < doors['int80']:
        problems.append('i386: expected getpid by int $0x80, SYSCALL and SYSENTER, each above '
                        f'the 64-bit getpid {c1[("irqoff-inline", "getpid")]:g}: {doors}')
    stale = docs_table_mismatches(c1)
    if stale:
        problems.append(f'docs quote icount figures this build does not give: {stale}')
    return problems, ('kill: ' + ', '.join(f'{n} {k[n]:g}' for n in k) +
                      f'; floor {c1[("floor", "invalid")]:g}; asm fast path invalid '
                      f'{f[1]:g} untracked, {f[0]:g} tracked; trackers off: invalid '
                      f'{t[0]:g}/{t[1]:g}; yield/pipe/eventfd-epoll/thread/fork '
                      f'{p[0]:g}/{p[1]:g}/{p[2]:g}/{p[3]:g}/{p[4]:g}; '
                      f'clock syscall/stable/percpu {c[0]:g}/{c[1]:g}/{c[2]:g}; '
                      f'getpid no filter/bitmap/full-1/full-4/dispatch {w["no-filter"]:g}/'
                      f'{w["bitmap-1"]:g}/{w["full-1"]:g}/{w["full-4"]:g}/'
                      f'{w["dispatch-allowed"]:g}; i386 getpid int80/syscall/sysenter '
                      f'{doors["int80"]:g}/{doors["syscall"]:g}/{doors["sysenter"]:g}; '
                      f'fault read/write {c1[("irqoff-inline", "fault-read")]:g}/'
                      f'{c1[("irqoff-inline", "fault-write")]:g}, untracked '
                      f'{c1[(trackers[0], "fault-read")]:g}/'
                      f'{c1[(trackers[0], "fault-write")]:g}; identical in two boots')


MICRO_LINE = re.compile(r'^micro name=(\S+) iters=(\d+) ticks_per_op=(-?[\d.]+)$')


@check
def micro_icount(b):
    """make micro under icount: every test reports, counts are exact and whole, the
    PIR drains order as their instruction counts must."""
    r = boot.run_make(b, 'micro-icount', ['micro', 'ICOUNT=1'], timeout=300)
    cells = {m[1]: float(m[3]) for m in map(MICRO_LINE.match, r.lines) if m}
    problems = boot.check(r, lines=(SUCCESS, r'^micro: RDTSC ticks per operation'))
    drains = [f'{d},{n}-bits' for n in (0, 1, 8)
              for d in ('pir-xchg-all', 'pir-read-first', 'pir-read-first-unrolled')]
    want = ['pushf;popf', 'irqsave;popf', 'irqsave;cond-sti', 'cli;sti', 'lock-xchg',
            'lock-inc', 'rdtsc', 'rdtscp', 'lfence', 'swapgs-pair', 'wrmsr-tsc-aux'] + drains
    if sorted(cells) != sorted(want):
        return problems + [f'micro lines: missing {sorted(set(want) - set(cells))}, '
                           f'unexpected {sorted(set(cells) - set(want))}'], ''
    problems += [f'{n}: {v} is not a whole, positive instruction count'
                 for n, v in cells.items() if v <= 0 or v != int(v)]
    for n in (0, 1, 8):
        if not cells[f'pir-read-first-unrolled,{n}-bits'] < cells[f'pir-read-first,{n}-bits']:
            problems.append(f'{n} bits: unrolling did not save instructions')
    if not cells['pir-read-first-unrolled,0-bits'] < cells['pir-xchg-all,0-bits']:
        problems.append('nothing pending: reading first did not save instructions')
    if cells['pir-xchg-all,0-bits'] != cells['pir-xchg-all,8-bits']:
        problems.append('xchg-all should cost the same whatever is pending')
    return problems, (f'{len(cells)} tests; PIR drain, 0/8 bits: xchg-all '
                      f'{cells["pir-xchg-all,0-bits"]:g}/{cells["pir-xchg-all,8-bits"]:g}, '
                      f'read-first unrolled {cells["pir-read-first-unrolled,0-bits"]:g}/'
                      f'{cells["pir-read-first-unrolled,8-bits"]:g}')


# make compare's rows (scripts/bench_linux.py), named here so that a row the script stops
# measuring fails: each Debian kernel, its default mitigations and mitigations=off.
LINUX_ROWS = [kernel + suffix for kernel in ('linux-6.1', 'linux-6.12')
              for suffix in ('', ',mitigations=off')]


@check
def linux_compare(b):
    """make compare, shortened: every Linux row prints a positive figure for every op, in
    the table and in make bench's machine lines, and in the order they must have."""
    # BOCHS= empty: the FRED row would build a Linux first (docs/benchmarks.md).
    r = boot.run_make(b, 'linux-compare', ['compare', 'BENCH_ARGS=iters=1000 reps=3', 'BOCHS='],
                      timeout=1800)
    cells = {(m[1], m[2]): float(m[3]) for m in map(bench_mitigations.CELL.match, r.lines) if m}
    figures = len(bench_linux.OPS)
    problems = boot.check(r, lines=[rf'^bench: {re.escape(row)} +(\d+\.\d\d +){{{figures}}}$'
                                    for row in LINUX_ROWS])
    for row in LINUX_ROWS:
        got = [cells.get((row, op)) for op in bench_linux.OPS]
        if None in got:
            problems.append(f'{row}: no machine line for ' +
                            ', '.join(op for op, v in zip(bench_linux.OPS, got) if v is None))
        elif not 0 < got[1] < got[2] < got[0] < got[3] or not got[2] < got[4] < got[5]:
            problems.append(f'{row}: not 0 < invalid < getpid < kill < kill-handled, or not '
                            f'getpid < fault-read < fault-write: {got}')
    return problems, '; '.join(f'{row} ' + '/'.join(f'{cells.get((row, op), 0):g}'
                                                     for op in bench_linux.OPS)
                               for row in LINUX_ROWS)


# Bochs, an x86 implemented apart from QEMU's (scripts/bochs.sh), as the CPU models it
# copies (docs/testing.md, "Which x86 covers what"): {model: (Intel, PTI on, FRED,
# AVX-512: Debian's Bochs 2.7 and Bochs 3.0 are both built with EVEX)}.
BOCHS_MODELS = {
    'corei7_skylake_x': (True, True, False, True),  # no RDCL_NO: PTI, with PCIDs; x2APIC
    'ryzen': (False, False, False, False),          # AMD: not affected by Meltdown
    'wildcat_lake': (True, False, True, False),     # Bochs 3.0; RDCL_NO; FRED and LKGS
}
FRED_EVENTS = selftests_x86.FRED_EVENTS
# The results block of a boot that chose FRED: the legacy rows ran with FRED switched off.
FRED_SWITCHED = (r'^results: events: FRED in the fred row; in the others the IDT and SYSCALL, '
                 r'FRED switched off for them on every CPU at run time \([1-9]\d* switches')
IDT_EVENTS_FRED_OFF = r'^entrylab: events: IDT \(fred=off\)$'
# The FRED row's invalid syscall: at most this many instructions (docs/benchmarks.md).
FRED_INVALID_MAX = 100
# Ticks per call an emulator counts the same as QEMU's icount: one instruction each.
BOCHS_SAME_OPS = ('kill', 'invalid', 'getpid')


def bochs_skips(model, smp, fred):
    """The self-test and ring-3 cases that skip under Bochs as model on smp CPUs, with
    events by FRED or by the IDT."""
    intel, pti, _, avx512 = BOCHS_MODELS[model]
    skips = (RELEASE_SKIPS if smp == 1 else SMP_SKIPS | NOHZ_ONLY) - TCG_SKIPS
    if avx512:
        skips = skips - AVX512_ONLY
    if intel:
        skips = skips - INTEL_ONLY | AMD_ONLY
    if fred:
        skips = skips - FRED_ONLY | IDT_ONLY | (FRED_ONLY & SMP_ONLY if smp == 1 else set())
        skips |= BOCHS_FRED_SKIPS
    return skips - PTI_ONLY if pti else skips | PTI_ONLY


# A Bochs model with x2APIC: the kernel turns it on; the case below boots it with every
# CPU found in x2APIC mode, as firmware with its x2APIC option on leaves them.
X2APIC_MODEL = 'corei7_skylake_x'
BOOTS['bochs-smp2-selftests-x2apic-from-firmware'] = dict(
    cmdline='selftest noinit apic.test_firmware_x2apic', timeout=3600,
    env={'BOCHS_CPU': X2APIC_MODEL, 'BOCHS': os.environ.get('BOCHS', 'bochs'), 'SMP': '2'},
    suites=KERNEL_SUITES, skips=bochs_skips(X2APIC_MODEL, 2, False),
    lines=(X2APIC_FROM_FIRMWARE, SMP_ONLINE.format(2), SUCCESS))


def bochs_model_names(binary):
    """The CPU models Bochs at binary (a path or a name on PATH) offers, or None."""
    try:
        out = subprocess.run([binary, '-help', 'cpu'], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return set((out.stdout + out.stderr).split())


def bench_cells(r):
    return {(m[1], m[2]): float(m[4]) for m in map(BENCH_LINE.match, r.lines) if m}


@check
def bochs_cpu_models(b):
    """Under Bochs (BOCHS=, default Debian's bochs) as each model of BOCHS_MODELS it has:
    the self-tests and the ring-3 suite pass, and the benchmark's kill, invalid and getpid
    per call in every row equal QEMU icount's of the same build; no PMU column is printed
    from counters that do not count. A model the binary lacks is skipped, saying so.
    BOCHS_SMP="1 2" (make bochs-models) runs the suites on each CPU count given; the
    benchmark counts instructions on one CPU only. A FRED model (wildcat_lake, Bochs 3.0)
    runs them by FRED, once more with fred=off on one CPU, boots the self-tests on two
    CPUs whatever BOCHS_SMP says, and measures the FRED row in the same boot as the
    others, FRED switched off for those; and overflows the kernel stack, whose #DF the
    oops must report on stack level 3."""
    binary = os.environ.get('BOCHS', 'bochs')
    models = bochs_model_names(binary)
    smps = [int(n) for n in os.environ.get('BOCHS_SMP', '1').split()]
    bench_args = 'bench iters=200 reps=1'
    # With the mitigations off, as make bench measures: each CPU model's defaults differ
    # (PTI with PCIDs, VERW), the entry path without them does not.
    icount = boot.run(b, 'bochs-reference-icount', 'mitigations=off',
                      init=f'{b}/user/probe.elf', init_args=bench_args, env={'ICOUNT': '1'})
    want = {k: v for k, v in bench_cells(icount).items() if k[1] in BOCHS_SAME_OPS}
    problems = boot.check(icount, lines=(SUCCESS,))
    if not want:
        problems.append('the icount reference printed no kill/invalid/getpid rows')
    subs = []
    for model in BOCHS_MODELS:
        fred = BOCHS_MODELS[model][2]
        # Bochs loops on an instruction breakpoint's #DB with two CPUs or more, which the
        # ring-3 suite's ptrace cases set (docs/testing.md): there the self-tests alone.
        # A FRED model boots each suite by FRED, and on one CPU once more with fred=off.
        # A FRED model boots the self-tests on two CPUs as well: FRED's NMI rules
        # need a second CPU's NMIs (entry/fred_test.c).
        cpus = sorted(set(smps) | ({2} if fred else set()))
        what = {n: 'selftests-and-ring3-suite' if n == 1 else 'selftests' for n in cpus}
        boots = [(n, '') for n in cpus] + ([(1, 'fred=off')] if fred and 1 in smps else [])
        names = {(n, c): f'bochs/{model}/smp{n}/{what[n]}' + (f'/{c}' if c else '')
                 for n, c in boots}
        benches = [f'bochs/{model}/bench'] + ([f'bochs/{model}/bench/fred',
                                               f'bochs/{model}/double-fault'] if fred else [])
        if models is None or model not in models:
            why = (f'no Bochs at {binary!r}' if models is None else
                   f'Bochs at {binary!r} has no model {model} (BOCHS=path to one that has)')
            if fred:
                why += ': no FRED-capable Bochs, so nothing ran under FRED'
            subs += [('SKIP', name, why) for name in names.values()]
            subs += [('SKIP', name, why) for name in benches] if 1 in smps else []
            continue
        for n, extra in boots:
            env = {'BOCHS_CPU': model, 'BOCHS': binary, 'SMP': str(n)}
            by_fred = fred and not extra
            events = ((FRED_EVENTS,) if by_fred else
                      (IDT_EVENTS_FRED_OFF,) if fred else ())
            tag = f'bochs-{model}-smp{n}-{what[n]}' + (f'-{extra.replace("=", "-")}'
                                                       if extra else '')
            if n == 1:
                r = boot.run(b, tag, f'selftest {extra}'.strip(),
                             init=f'{b}/user/entrytests.elf', env=env, timeout=3600)
                x2apic = (X2APIC_ENABLED,) if model == X2APIC_MODEL else ()
                p = boot.check(r, lines=(RESOURCES_OK, SUCCESS) + events + x2apic,
                               suites={**KERNEL_SUITES, **RING3_SUITES},
                               skips=bochs_skips(model, n, by_fred))
            else:
                r = boot.run(b, tag, 'selftest noinit', env=env, timeout=3600)
                p = boot.check(r, lines=(SMP_ONLINE.format(n), SUCCESS) + events,
                               suites=KERNEL_SUITES,
                               skips=bochs_skips(model, n, by_fred))
            subs.append(('FAIL' if p else 'PASS', names[(n, extra)],
                         '; '.join(p) or f'{r.seconds:.0f} s'))
        if 1 not in smps:
            continue
        # One boot measures every row; a FRED model's switches FRED off for the legacy
        # rows (arch/x86/fred.c), which must count as the IDT's do under icount.
        r = boot.run(b, f'bochs-{model}-bench', 'mitigations=off',
                     init=f'{b}/user/probe.elf',
                     init_args=bench_args, env={'BOCHS_CPU': model, 'BOCHS': binary},
                     timeout=1800)
        got = bench_cells(r)
        p = boot.check(r, lines=(SUCCESS, r'^results: pmu: none \(', r'^results: clock: '
                                 r'instructions \(QEMU icount or Bochs') +
                       ((FRED_EVENTS, FRED_SWITCHED) if fred else ()),
                       absent=(r'pmu_cycles_per_call=', r'\[cycles '))
        p += [f'{row} {op}: {got.get((row, op))} per call, icount {v}'
              for (row, op), v in sorted(want.items()) if got.get((row, op)) != v]
        subs.append(('FAIL' if p else 'PASS', f'bochs/{model}/bench', '; '.join(p) or
                     f'kill/invalid/getpid as under icount in {len(want) // 3} rows, '
                     f'{r.seconds:.0f} s'))
        if not fred:
            continue
        legacy = want.get(('irqoff-inline', 'invalid'))
        mine = got.get(('fred', 'invalid'))
        p = []
        if mine is None or legacy is None or not mine < legacy or mine > FRED_INVALID_MAX:
            p.append(f'FRED invalid {mine} per call: must be below the default\'s {legacy} '
                     f'and at most {FRED_INVALID_MAX}')
        p += fault_problems(got, r.lines, ('fred',))
        subs.append(('FAIL' if p else 'PASS', f'bochs/{model}/bench/fred', '; '.join(p) or
                     f'fred invalid {mine:g} against {legacy:g}, fault read/write '
                     f'{got[("fred", "fault-read")]:g}/{got[("fred", "fault-write")]:g}, '
                     f'in the same boot'))
        # A #DF by FRED: the overflow's #PF cannot push its frame, and the #DF moves to
        # stack level 3 (arch/x86/fred.c), where the oops reports it.
        case = BOOTS['kernel-stack-overflow-double-fault']
        r = boot.run(b, f'bochs-{model}-double-fault', case['cmdline'],
                     env={'BOCHS_CPU': model, 'BOCHS': binary}, timeout=1800)
        p = boot.check(r, status=case['status'], lines=case['lines'] + (
            FRED_EVENTS, r'^FRED stack level: 3$'))
        subs.append(('FAIL' if p else 'PASS', f'bochs/{model}/double-fault', '; '.join(p) or
                     f'the oops names the #DF on stack level 3, {r.seconds:.0f} s'))
    problems += [f'{sub}: {why}' for result, sub, why in subs if result == 'FAIL']
    ran = sum(result != 'SKIP' for result, _, _ in subs)
    return problems, f'{ran} of {len(subs)} Bochs boots run with {binary}', subs


FUZZ_DONE = re.compile(r'^fuzz: done: (\d+) syscalls made')
FUZZ_HASH = re.compile(r'^fuzz: result hash (0x[0-9a-f]+)$')
FRAMES_COUNT = 300000


@check
def readme_fuzzer_as_init(b):
    """The README's fuzzer command on one CPU and on two: 1,000,000 calls, same hash,
    nothing leaked; then the same with frames=1, shorter; then with the mitigations off,
    which must change nothing the fuzzer can see."""
    runs, problems = [], []
    # frames=1: also the FPU images of its own signals' frames wrecked before sigreturn.
    for i, smp, extra, count, cmdline in ((1, '1', '', 1000000, 'selftest'),
                                          (2, '2', '', 1000000, 'selftest'),
                                          (3, '1', ' frames=1', FRAMES_COUNT, 'selftest'),
                                          (4, '2', ' frames=1', FRAMES_COUNT, 'selftest'),
                                          (5, '1', '', 1000000, 'selftest mitigations=off')):
        r = boot.run_make(b, f'fuzz-{i}', ['run', 'INIT=build/user/fuzz.elf', f'SMP={smp}',
                                           f'INIT_ARGS=seed=20261130 count={count}{extra}',
                                           f'CMDLINE={cmdline}'],
                          timeout=600)
        skips = RELEASE_SKIPS if smp == '1' else SMP_SKIPS | NOHZ_ONLY
        problems += boot.check(r, lines=(RESOURCES_OK, SUCCESS), suites=KERNEL_SUITES,
                               skips=skips)
        made = [int(m[1]) for m in map(FUZZ_DONE.match, r.lines) if m]
        digest = [m[1] for m in map(FUZZ_HASH.match, r.lines) if m]
        if made != [count] or len(digest) != 1:
            problems.append(f'run {i}: the fuzzer did not report {count:,} syscalls and a hash')
            return problems, ''
        runs.append((digest[0], r.seconds))
    for one, two in ((0, 1), (2, 3), (0, 4)):
        if runs[one][0] != runs[two][0]:
            problems.append(f'same seed, different results: {runs[one][0]} vs {runs[two][0]}')
    return problems, (f'seed 20261130: hash {runs[0][0]} with SMP=1 and SMP=2, '
                      f'{runs[0][1]:.1f}s and {runs[1][1]:.1f}s; frames=1: {runs[2][0]} on both, '
                      f'{runs[2][1]:.1f}s and {runs[3][1]:.1f}s; mitigations=off: the same hash, '
                      f'{runs[4][1]:.1f}s')


@check
def selftests_x86_as_expected(b):
    """Linux's x86 selftests, unmodified, as init: exactly tests/selftests-x86.expect."""
    want, _ = selftests_x86.read_expect()
    problems, subs, passed = [], [], []
    # The 32-bit ones again as an Intel CPU: their vDSO enters by SYSENTER, not SYSCALL.
    for cmdline, suffix, only, vendor in (('', '', '', ''),
                                          ('mitigations=off', '-mitigations-off', '', ''),
                                          ('', '-intel', '_32', 'GenuineIntel')):
        results, p = selftests_x86.run_all(b, only=only, cmdline=cmdline, vendor=vendor)
        problems += [f'{cmdline or "mitigations=auto"}{suffix if vendor else ""}: {x}'
                     for x in p]
        subs += [(result if result != 'FAIL' or want.get(name) is None else 'XFAIL',
                  f'selftests-x86{suffix}/{name}', reason) for name, result, reason in results]
        passed.append((sum(1 for r in results if r[1] == 'PASS'), len(results)))
    return problems, (f'{passed[0][0]} of {passed[0][1]} pass with the mitigations on, '
                      f'{passed[1][0]} off, {passed[2][0]} of the {passed[2][1]} 32-bit ones as '
                      f'an Intel CPU (SYSENTER), the rest as expected'), subs


def fred_bochs():
    """BOCHS= (default Debian's bochs), and why it cannot run a FRED case, or None."""
    binary = os.environ.get('BOCHS', 'bochs')
    models = bochs_model_names(binary)
    if models is None or selftests_x86.FRED_MODEL not in models:
        return binary, (f'Bochs at {binary!r} has no model {selftests_x86.FRED_MODEL}: no '
                        'FRED-capable Bochs, so nothing ran under FRED (BOCHS=path to one '
                        'that has)')
    return binary, None


@check
def selftests_x86_under_fred(b):
    """Linux's 64-bit x86 selftests that pass on the IDT path, under Bochs (BOCHS=) as
    wildcat_lake, events by FRED: exactly tests/selftests-x86.expect's results, its
    fred: lines included. Skipped, saying so, without a FRED-capable Bochs."""
    binary, why = fred_bochs()
    if why:
        return [], why, [('SKIP', 'selftests-x86-fred', why)]
    want, _ = selftests_x86.read_expect(fred=True)
    results, problems = selftests_x86.run_all(b, bochs=binary)
    subs = [(result if result != 'FAIL' or want.get(name) is None else 'XFAIL',
             f'selftests-x86-fred/{name}', reason) for name, result, reason in results]
    passed = sum(1 for r in results if r[1] == 'PASS')
    return problems, f'{passed} of {len(results)} pass under FRED, the rest as expected', subs


# The rows make run's one FRED boot must print: the default and the fred row side by side.
FRED_RUN_ROWS = ('irqoff-inline', 'irqsave-outline', 'fred')


@check
def readme_make_run_fred_one_boot(b):
    """make run under Bochs as wildcat_lake (BOCHS=), as a PC with FRED runs it: the
    self-tests and the benchmark as init in one boot print the legacy rows (the default,
    irqsave-outline) and the fred row, each syscall cheaper by FRED, and the results
    block says FRED was switched off for the legacy rows. Skipped, saying so, without a
    FRED-capable Bochs."""
    binary, why = fred_bochs()
    if why:
        return [], why, [('SKIP', 'make-run-fred-one-boot', why)]
    r = boot.run_make(b, 'make-run-fred-one-boot',
                      ['run', f'BOCHS_CPU={selftests_x86.FRED_MODEL}', f'BOCHS={binary}',
                       'INIT_ARGS=iters=200 reps=1'], timeout=1800)
    got = bench_cells(r)
    problems = boot.check(r, lines=(SUCCESS, FRED_EVENTS, FRED_SWITCHED),
                          suites=KERNEL_SUITES, skips=bochs_skips(selftests_x86.FRED_MODEL,
                                                                  1, True))
    problems += [f'no {row} {op} figure' for row in FRED_RUN_ROWS for op in BOCHS_SAME_OPS
                 if (row, op) not in got]
    problems += [f'{op}: fred {got[("fred", op)]:g} not below irqoff-inline\'s '
                 f'{got[("irqoff-inline", op)]:g}' for op in BOCHS_SAME_OPS
                 if ('fred', op) in got and ('irqoff-inline', op) in got and
                 not got[('fred', op)] < got[('irqoff-inline', op)]]
    return problems, (f'{len(got)} cells in one boot; invalid: irqoff-inline '
                      f'{got.get(("irqoff-inline", "invalid"))}, fred '
                      f'{got.get(("fred", "invalid"))}, {r.seconds:.0f} s'
                      if not problems else '')


@check
def selftests_linux_as_expected(b):
    """Linux's selftests beyond x86/, unmodified, as init: exactly tests/selftests-linux.expect."""
    want, _ = selftests_linux.read_expect()
    results, problems = selftests_linux.run_all(b)
    subs = [(result if result != 'FAIL' or want[test][0] == 'pass' else 'XFAIL',
             f'selftests-linux/{test.replace(" ", ":")}', reason)
            for test, result, reason in results]
    passed = sum(1 for r in results if r[1] == 'PASS')
    return problems, f'{passed} of {len(results)} pass, the rest as expected', subs


# Cases that run make share build/entrylab.iso: they go in this order, on one worker.
# The Linux selftests boot two at a time themselves: they go last, on the same worker.
SERIAL = [*MAKES, 'bench_icount_ordering_repeatable', 'readme_fuzzer_as_init',
          'selftests_x86_as_expected', 'selftests_x86_under_fred', 'readme_make_run_fred_one_boot',
          'selftests_linux_as_expected',
          'micro_icount',
          'docs_entry_trace_current', 'docs_entry_exercises_run']


def run_case(b, name):
    """(problems, detail, and a Result, a check's list of sub-results, or None) of one case."""
    for table, run in ((BOOTS, boot_case), (MAKES, make_case)):
        if name in table:
            r = run(b, name, table[name])
            problems = boot.check(r, **{k: v for k, v in table[name].items() if k in CHECK_KEYS})
            return problems, summary(r), r
    try:
        problems, detail, *subs = next(fn for fn in CHECKS if fn.__name__ == name)(b)
    except Exception as e:      # one check's crash must not lose every other result
        return [f'the check raised {type(e).__name__}: {e}'], '', None
    return problems, detail, subs[0] if subs else None


def report_prefix(name):
    return (BOOTS.get(name) or MAKES.get(name) or {}).get('report')


def claim_of(name):
    """The CLAIMS entries whose names (shell patterns) match case name."""
    return [i for i, (names, _) in enumerate(CLAIMS)
            if any(fnmatch.fnmatchcase(name, n) for n in names)]


def cases_table():
    rows = [f"| {', '.join(f'`{n}`' for n in names)} | {claim} |" for names, claim in CLAIMS]
    return '\n'.join([CASES_BEGIN, '| case | claim |', '|---|---|', *rows, CASES_END])


CASES_BEGIN = '<!-- CASES-BEGIN: python3 tests/run.py --update-docs -->'
CASES_END = '<!-- CASES-END -->'
TESTING_MD = os.path.join(ROOT, 'docs', 'testing.md')


def cases_block_span(text):
    m = re.search(re.escape(CASES_BEGIN) + r'.*?' + re.escape(CASES_END), text, re.S)
    if not m:
        sys.exit(f'docs/testing.md: no {CASES_BEGIN} ... {CASES_END} block')
    return m.start(), m.end()


@check
def docs_testing_cases_current(b):
    """Every case has exactly one claim, and docs/testing.md shows them as generated."""
    names = [*BOOTS, *MAKES, *(fn.__name__.replace('_', '-') for fn in CHECKS)]
    problems = [f'{n}: {len(claim_of(n))} claims in CLAIMS, expected 1'
                for n in names if len(claim_of(n)) != 1]
    problems += [f'CLAIMS names {pattern!r}, which is no case' for names_, _ in CLAIMS
                 for pattern in names_ if not fnmatch.filter(names, pattern)]
    text = open(TESTING_MD).read()
    start, end = cases_block_span(text)
    if text[start:end] != cases_table():
        problems.append('docs/testing.md: the table of cases is stale: '
                        'run "python3 tests/run.py --update-docs" and commit')
    return problems, f'{len(names)} cases, each with its claim in docs/testing.md'


def update_docs():
    text = open(TESTING_MD).read()
    start, end = cases_block_span(text)
    open(TESTING_MD, 'w').write(text[:start] + cases_table() + text[end:])
    print('docs/testing.md: table of cases written')


def main():
    if sys.argv[1:] == ['--update-docs']:
        return update_docs()
    b, only = boot.cli_args()
    names = [n for n in [*BOOTS, *MAKES, *(fn.__name__ for fn in CHECKS)]
             if only in n.replace('_', '-')]
    serial = [n for n in SERIAL if n in names]
    parallel = [n for n in names if n not in serial]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as ex:
        def run_serial():
            for n in serial:
                results[n] = run_case(b, n)
        futures = [ex.submit(run_serial)]
        futures += [ex.submit(lambda n=n: results.__setitem__(n, run_case(b, n)))
                    for n in parallel]
        for f in futures:
            f.result()
    passed = failed = skipped = 0
    for n in names:
        problems, detail, r = results[n]
        label = n.replace('_', '-')
        if problems:
            print(f'FAIL {label}: ' + '; '.join(problems) + f' (log: {b}/test-logs/)')
            failed += 1
        else:
            print(f'PASS {label} ({detail})')
            passed += 1
        if isinstance(r, list):     # a check's own results: (PASS|FAIL|SKIP|XFAIL, name, why)
            for result, sub, why in r:
                print(f'  {result} {sub}' + (f': {why}' if why else ''))
                passed += result == 'PASS'
                failed += result == 'FAIL'
                skipped += result in ('SKIP', 'XFAIL')
            continue
        prefix, suites = report_prefix(n) or ('', {})
        for c in (c for c in (r.cases if r else []) if c.suite in suites):
            sub = f'{prefix}/{c.suite}/{c.name}'
            if c.skip:
                print(f'  SKIP {sub}: {c.reason}')
                skipped += 1
            elif c.ok:
                print(f'  PASS {sub}')
                passed += 1
            else:
                print(f'  FAIL {sub}')
                failed += 1
    print(f'{passed} passed, {failed} failed' + (f', {skipped} skipped' if skipped else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
