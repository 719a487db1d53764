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
import os
import re
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
DEBUG_ONLY = {'entry/irqoff_hooks_assert_irqs_off', 'spinlock/lockdep_catches_irq_unsafe_use'}
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
            'fred/an_exception_in_an_nmi_keeps_nmis_blocked'}
NOHZ_ONLY = {'sched/nohz_full_tick_stops_for_one_task_restarts_for_two',
             'sched/nohz_full_user_time_counts_without_a_tick'}
# Skipped where ring 3 cannot write its GS base (CPU=qemu64, nofsgsbase).
FSGSBASE_ONLY = {'nmi/nmi_in_a_swapgs_window_with_a_kernel_half_user_gs',
                 'fsgsbase/wrgsbase_kernel_half_survives_entries_and_switches'}
# Skipped with page-table isolation off (mitigations=off, pti=off).
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
             'fred/an_exception_in_an_nmi_keeps_nmis_blocked'}
# Skipped unless the CPU says AuthenticAMD, as QEMU's TCG models and Bochs's ryzen do.
AMD_ONLY = {'context_switch/replaces_a_null_ss_for_amds_sysret'}
RELEASE_SKIPS = DEMOS | DEBUG_ONLY | SMP_ONLY | NOHZ_ONLY | INTEL_ONLY | FRED_ONLY
SMP_SKIPS = DEMOS | DEBUG_ONLY | INTEL_ONLY | FRED_ONLY
SMP_REPORT = {s: KERNEL_SUITES[s] for s in ('acpi', 'rcu', 'sched', 'smp', 'spinlock')}
BANNER = (r'^entrylab: CPU \S+ ".+"', r'^entrylab: memory \d+ MiB usable',
          r'^entrylab: TSC \d+\.\d+ MHz', r'^entrylab: protections: NX on')
RESOURCES_OK = (r'^init: resources: \d+ frames free before and after, kernel page tables '
                r'unchanged, CT_WARN_ON count 0$')
SUCCESS = r'^entrylab: run ended: success \(0\)$'
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
                              lines=(*BANNER, r'^entrylab: user FPU state by XSAVE: x87, SSE, '
                                              r'AVX, 832-byte images$'),
                              report=('selftest', KERNEL_SUITES)),
    'selftests-cpu-qemu64': dict(cmdline='selftest noinit', env={'CPU': 'qemu64'},
                                 suites=KERNEL_SUITES, skips=RELEASE_SKIPS | FSGSBASE_ONLY,
                                 lines=(*BANNER, r'^entrylab: user FPU state by FXSAVE: x87, '
                                                 r'SSE, 512-byte images$')),
    'nofsgsbase-selftests-and-ring3-suite': dict(
        cmdline='selftest nofsgsbase', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS | FSGSBASE_ONLY,
        lines=(r'^entrylab: FSGSBASE off \(paranoid entry by MSR_GS_BASE', RESOURCES_OK,
               SUCCESS)),
    'cputime-exact-selftests-and-ring3-suite': dict(
        cmdline='selftest cputime=exact', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS,
        lines=(r'^cputime: exact on every CPU \(cputime=exact\)$', RESOURCES_OK, SUCCESS)),
    'mitigations-off-selftests-and-ring3-suite': dict(
        cmdline='selftest mitigations=off', init='{b}/user/entrytests.elf',
        suites={**KERNEL_SUITES, **RING3_SUITES}, skips=RELEASE_SKIPS | PTI_ONLY,
        lines=(r'^entrylab: mitigation pti: off \(mitigations=off\)$', RESOURCES_OK, SUCCESS)),
    'selftests-debug-entry': dict(cmdline='selftest', kernel='{b}/debug/entrylab.elf',
                                  init='{b}/user/init.elf', init_args='iters=200 reps=1',
                                  suites=KERNEL_SUITES,
                                  skips=DEMOS | SMP_ONLY | NOHZ_ONLY | FRED_ONLY,
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
               r'^results: pmu: none \(', SUCCESS),
        absent=(r'ns_per_call=',)),
    'bench-clock-under-plain-tcg-is-host-time': dict(
        init=P, init_args='bench iters=200 reps=1', env={'ICOUNT': '0'},
        lines=(r'^results: clock: RDTSC ticks of a hypervisor \(QEMU TCG without icount: host '
               r'time, not the work\)$', SUCCESS)),
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
        r'^# AuthenticAMD: the vDSO\'s slot holds 89 cd 0f 05$', r'^# Totals: pass:17 fail:0$',
        RESOURCES_OK, SUCCESS)),
    'i386-suite-intel-sysenter': dict(init='{b}/tests/i386-suite.elf',
                                      env={'CPU': 'max,vendor=GenuineIntel'}, lines=(
        r'^# GenuineIntel: the vDSO\'s slot holds 89 e5 0f 34$', r'^# Totals: pass:17 fail:0$',
        RESOURCES_OK, SUCCESS)),
    'smp2-i386-suite-amd-syscall': dict(init='{b}/tests/i386-suite.elf', env={'SMP': '2'},
                                        lines=(r'^# Totals: pass:17 fail:0$', RESOURCES_OK,
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
            r'^acpi: power-off: PM1a_CNT 0x[0-9a-f]+', SUCCESS, r'^acpi: powering off \(S5\)$',
            r'QEMU exited by itself \(no exit device\): run status 0$')),
    # No isa-debug-exit device, as on a PC: ACPI ends the run and QEMU exits by itself.
    'acpi-power-off-without-exit-device': dict(
        cmdline='selftest noinit halt_after=0', env={'EXIT_DEVICE': '0'},
        suites=KERNEL_SUITES, skips=RELEASE_SKIPS, lines=(
            r'^acpi: power-off: PM1a_CNT 0x[0-9a-f]+, SLP_TYP \d+/\d+ \(\\_S5_\); reset: ',
            SUCCESS, r'^entrylab: no debug-exit device: power-off in 0 s',
            r'^acpi: powering off \(S5\)$', r'QEMU exited by itself \(no exit device\): '
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
BOOTS.update({
    'smp2-selftests': dict(cmdline='selftest nohz_full=1 noinit', env={'SMP': '2'},
                           suites=KERNEL_SUITES, skips=SMP_SKIPS, report=('smp2', SMP_REPORT),
                           lines=(SMP_ONLINE.format(2), r'^nohz_full: CPU 1 stops its tick')),
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
                                       skips=DEMOS | FRED_ONLY,
                                       lines=(r'^    # expected lockdep: CPU 1: ',)),
    'smp2-ring3-suite': dict(init='{b}/user/entrytests.elf', env={'SMP': '2'},
                             suites=RING3_SUITES, skips=INTEL_ONLY,
                             lines=(SMP_ONLINE.format(2), RESOURCES_OK, SUCCESS)),
    'smp2-mitigations-off-ring3-suite': dict(
        cmdline='mitigations=off', init='{b}/user/entrytests.elf', env={'SMP': '2'},
        suites=RING3_SUITES, skips=INTEL_ONLY,
        lines=(SMP_ONLINE.format(2), RESOURCES_OK, SUCCESS)),
    'smp-without-acpi-boots-one-cpu': dict(cmdline='noinit', env={'SMP': '2'},
                                           qemu_args=['-no-acpi'], lines=(
        r'^smp: ACPI: no RSDP from the loader \(no ACPI tables\?\): booting on one CPU$',
        SMP_ONLINE.format(1), SUCCESS)),
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

# The README's commands, as a user types them; one after another (one ISO path).
LONG_ARGS = 'x' * 10000
MAKES = {
    'readme-ring3-suite-as-init': dict(
        args=['run', 'INIT=build/user/entrytests.elf'], suites={**KERNEL_SUITES, **RING3_SUITES},
        skips=RELEASE_SKIPS, lines=(RESOURCES_OK, SUCCESS), report=('ring3', RING3_SUITES)),
    'readme-make-run-names-its-clock': dict(
        args=['run'], timeout=600,
        lines=(r'^qemu.sh: clock: (QEMU TCG with icount: .*\(KVM not usable: .+\)|KVM: )',
               r'^results: clock: (instructions \(QEMU icount or Bochs: .*\), not cycles|'
               r'TSC ticks under KVM)',
               r'^results: irqoff-inline +kill \d+\.\d\d ', SUCCESS)),
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
     'user FPU state by XSAVE (x87, SSE, AVX: 832-byte images) on the first and by FXSAVE on '
     'the second'),
    (['mitigations-off-selftests-and-ring3-suite', 'smp2-mitigations-off-ring3-suite'],
     '`mitigations=off`: the self-tests (the PTI ones skip) and the ring-3 suite pass with '
     'every speculation mitigation off, on one CPU and on two; every other boot runs them '
     'at their defaults (under TCG: PTI without PCID, VERW, retpoline, RSB filling, BHI '
     'clearing, the SWAPGS fence)'),
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
    (['readme-make-run-names-its-clock', 'bench-clock-under-*'],
     '`make run` measures on every machine: without usable KVM it counts instructions '
     'under icount, its first line names the clock and why, and its results block says '
     '"instructions (QEMU icount or Bochs: one TSC tick per instruction), not cycles"; '
     'the kernel tells icount (RDTSC advancing by exactly one per instruction) from plain '
     'TCG, whose block says its ticks are host '
     'time; under icount no figure is given in ns, and the block says `pmu: none` (TCG '
     'has no counters)'),
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
     '(32-bit MULs and DIVs, as the 32-bit vDSO computes the time) and run on the host: '
     'the same 20,000 results, and every quotient times the divisor plus the remainder is '
     'the dividend'),
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
     '`EXIT_DEVICE=0` under SeaBIOS: power-off (and QEMU exits by itself), `reboot` resets, '
     '`halt_after=never` halts until stopped'),
    (['iso-boots-bios-and-uefi'],
     'build/entrylab.iso carries a BIOS and a UEFI El Torito boot image'),
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
     'faulting buffer ends the call after the ones before it); prctl(PR_SET_SECCOMP) and '
     'seccomp() (354) read i386\'s struct sock_fprog (failed reading the 64-bit one, and 354 '
     '-ENOSYS); Syscall User Dispatch lets the 32-bit vDSO\'s sigreturn and rt_sigreturn '
     'through with the selector on BLOCK (failed: the dispatched return killed the process); '
     'PTRACE_PEEKSIGINFO gives the i386 tracer i386\'s siginfo layout (si_pid at byte 12). '
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
     'below all pass, then a clean resource check'),
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
     '(docs/smp-rcu.md, "Self-tests"); `smp: N CPUs online`'),
    (['smp2-selftests-rcu-eqs-off', 'smp2-selftests-debug-entry'],
     'the same with the RCU tracker off, and in the DEBUG_ENTRY=1 kernel (lockdep-lite '
     'reports an IRQ-unsafe lock taken on another CPU)'),
    (['smp2-ring3-suite'],
     'the ring-3 suite as init on two CPUs (its `affinity` cases move between them)'),
    (['smp-without-acpi-boots-one-cpu'],
     '`-no-acpi`: one line saying there is no RSDP, one CPU, success'),
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
     'mitigations at their defaults (PTI on: CR3 windows too) and the ring-3 suite with '
     '`mitigations=off`, while QEMU\'s '
     'monitor sends `nmi` (LINT1, every CPU) 20 times a second from init\'s start to its '
     'end: NMIs land anywhere, SWAPGS windows and user mode included, and take the '
     'paranoid entry; the run succeeds with CT_WARN_ON 0 and nothing leaked, and each CPU '
     'counted every NMI sent (`nmi: CPU n: N NMIs`), less at most 2% (at least one): QEMU '
     'merges an NMI sent while the CPU\'s last one is still pending, which a loaded host '
     'can cause. With NMIs taken by the ordinary entry (GS decided by CS) the benchmark '
     'boot dies'),
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
    (['docs-figures-match-tables'],
     'the figures docs/benchmarks.md shows (`make plot DOCS=1`) draw exactly the numbers of '
     'the tables beside them: a figure left behind by a changed table fails'),
    (['docs-entry-listing-current'],
     'the `do_syscall_64` listing quoted in docs/entry.md matches the build, and so do the '
     'SYSCALL stubs read out of guest memory after two boots, with `mitigations=off` and '
     'with the defaults (`make disasm` refreshes both)'),
    (['docs-file-references-exist'],
     'every path of this tree that README.md, docs/ or a folder\'s README.md names exists (a '
     'doc naming a moved file fails)'),
    (['entry-closure-is-the-reading-guide'],
     'the default variant\'s entry/common.c reads at most 1,600 lines of source (its `.d` '
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
     'SYSENTER as an Intel one), and docs/benchmarks.md\'s instruction budget (the default '
     'variant\'s invalid syscall, part by part) a fresh trace of it; with a FRED-capable '
     'Bochs that has its source beside it (`BOCHS=`; CI gives Bochs 3.0) the `fred` row and '
     'the budget\'s FRED column too, traced under that source built with its gdb stub '
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
     "docs/benchmarks.md's table matches; the "
     "process table's six round trips are printed, repeat exactly, and order getpid < "
     'yield-pingpong < pipe-pingpong < eventfd-epoll < thread-create-join < fork-wait, '
     'with yield-pingpong-rseq above yield-pingpong; '
     "the mitigation table's rows are "
     "printed, `off` equals the variant table's default row, each row costs no less than "
     'the one before (off < pti <= pti+verw <= +retpoline <= +bhi <= auto), and its table '
     "in docs/benchmarks.md matches; the syscall-work table's getpid orders no filter (the "
     "variant table's figure) < one bitmapped filter = two < one full filter < two < four "
     '< a dispatched SIGSYS round trip, with dispatch on and the call let through between no '
     'filter and one full one, and its table in docs/benchmarks.md matches; an i386 '
     "program's getpid is printed through int $0x80, SYSCALL (AMD model) and SYSENTER (Intel "
     'model), above the 64-bit getpid, and its table in docs/benchmarks.md matches'),
    (['bochs-cpu-models'],
     'under Bochs (`BOCHS=`, Debian\'s 2.7 by default) as `corei7_skylake_x` (Intel, PTI with '
     'PCID), `ryzen` (AMD) and, where the binary has it (CI gives Bochs 3.0), `wildcat_lake`: '
     'the self-tests and the ring-3 suite pass, exactly the cases the sources define; the '
     'benchmark ends in success with kill, invalid and getpid per call in every row equal to '
     'QEMU icount\'s of the same build, `pmu: none` (each model advertises counters Bochs '
     'does not count) and no PMU column; a model the binary lacks is reported as skipped. '
     '`make bochs-models` runs the self-tests on two CPUs too (Bochs loops on an '
     'instruction breakpoint there, which the ring-3 suite sets). `wildcat_lake` has FRED: '
     'its boots say `events: FRED` and pass, once more with `fred=off` (`events: IDT`) on '
     'one CPU, and the self-tests on two CPUs too (FRED\'s NMI rules need another CPU\'s '
     'NMIs); its benchmark\'s legacy rows come from the `fred=off` boot, and a FRED boot '
     'prints the `fred` row alone, its invalid syscall below the default\'s icount figure and '
     'at most 100; `selftest.oops_demo=stack` there ends in the #DF\'s oops, which says '
     '`FRED stack level: 3`; without a FRED-capable Bochs those are reported as skipped, '
     'saying so'),
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
    """One ISO for every PC: El Torito boot images for both BIOS and UEFI."""
    out = subprocess.run(['xorriso', '-indev', os.path.join(b, 'entrylab.iso'),
                          '-report_el_torito', 'plain'], capture_output=True, text=True).stdout
    platforms = set(re.findall(r'^El Torito boot img :\s+\d+\s+(\S+)', out, re.M))
    problems = [f'no {p} El Torito boot image in build/entrylab.iso'
                for p in ('BIOS', 'UEFI') if p not in platforms]
    return problems, 'build/entrylab.iso has BIOS and UEFI El Torito boot images'


SCREEN_CASES = (  # (name, -vga, command line, lines the screen must show)
    ('std', 'std', 'selftest noinit halt_after=30', ('entrylab: run ended: success (0)',)),
    ('virtio', 'virtio', 'selftest noinit halt_after=30', ('entrylab: run ended: success (0)',)),
    ('oops', 'std', 'selftest.oops_demo noinit halt_after=30',
     ('------------[ oops: #PF page fault ]------------', '---[ end oops ]---',
      'entrylab: run ended: failure (1)')),
)


NMI_STORM_INTERVAL = 0.05      # seconds: 20 NMIs a second, to every CPU at once
# QEMU keeps one NMI pending per CPU: a "nmi" that finds the last one not yet taken
# (its vCPU thread not run for an interval, on a loaded host) is merged into it. So a
# count may fall short of the NMIs sent by so many, at most; NMIs left blocked lose
# every one after.
NMI_STORM_MERGED = 0.02
# (case, init, its arguments): the ring-3 suite and a benchmark, each on two CPUs.
NMI_STORM_CASES = (('ring3-suite', 'user/entrytests.elf', '', ''),
                   ('bench', 'user/init.elf', 'iters=10000 reps=5', ''),
                   ('ring3-suite-mitigations-off', 'user/entrytests.elf', '', 'mitigations=off'))


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

    def storm(monitor):
        while not stop.is_set():
            try:
                monitor.command('nmi')
            except OSError:         # QEMU has exited
                return
            sent[0] += 1
            stop.wait(NMI_STORM_INTERVAL)

    def watch(line, monitor):
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


@check
def nmi_storm_on_two_cpus(b):
    """NMIs at any instruction (SWAPGS windows, user mode, idle, the SYSCALL stub's
    first instruction) take the paranoid entry: the run succeeds, CT_WARN_ON stays 0,
    nothing leaks, and each CPU counted every NMI sent while init ran, less at most
    NMI_STORM_MERGED of them (at least one) that QEMU merged into a pending one."""
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
        merged = max(1, int(before_end * NMI_STORM_MERGED))
        problems += [f'{case}: CPU {c} counted {n} NMIs, {before_end} were sent before init '
                     f'ended ({total} in all; at most {merged} may merge)'
                     for c, n in counts.items() if not before_end - merged <= n <= total]
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
    """include/math64.h's i386 way (32-bit MUL and DIV, the 32-bit vDSO's) computes what its
    x86-64 way does (a 128-bit product), case for case."""
    outputs = {}
    for bits in ('64', '32'):
        exe = os.path.join(b, 'tests', f'math64-{bits}')
        os.makedirs(os.path.dirname(exe), exist_ok=True)
        cc = subprocess.run(['gcc', f'-m{bits}', '-ffreestanding', '-O2', '-Wall', '-Werror',
                             '-Iinclude', '-o', exe, 'tests/programs/math64.c'],
                            cwd=ROOT, capture_output=True, text=True)
        if cc.returncode:
            return [f'gcc -m{bits}: {cc.stderr.strip()}'], ''
        run = subprocess.run([exe], capture_output=True, text=True)
        outputs[bits] = run.stdout.splitlines()
        if run.returncode:
            return [f'math64-{bits}: {outputs[bits][-1:]}'], ''
    problems = [f'case {i}: x86-64 {x!r}, i386 {y!r}'
                for i, (x, y) in enumerate(zip(outputs['64'], outputs['32'])) if x != y][:3]
    if len(outputs['64']) != len(outputs['32']):
        problems.append('the two builds printed different numbers of lines')
    return problems, (f'{outputs["64"][-1]}; the i386 build prints the same '
                      f'{len(outputs["32"])} lines')


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
        table[cells[0]] = {col: float(m[1].replace(',', '')) for col, cell in
                           zip(head[1:], cells[1:]) if (m := re.match(r'([\d,.]+)', cell))}
    return table


@check
def docs_figures_match_tables(b):
    """Every bar of docs/figures/*.svg has the value docs/benchmarks.md's table gives."""
    text = open(os.path.join(ROOT, 'docs', 'benchmarks.md')).read()
    problems, count = [], 0
    for name, heading, columns in FIGURE_TABLES:
        table = doc_table((heading if heading.startswith('|') else '') + text.split(heading, 1)[1])
        svg = open(os.path.join(ROOT, 'docs', 'figures', name)).read()
        bars = re.findall(r'id="bar:([^:"]+):([^:"]+):([^"]+)"', svg)
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
    return problems, f'{count} bars in {len(FIGURE_TABLES)} figures, each as its table says'


@check
def docs_entry_listing_current(b):
    """docs/entry.md quotes the built do_syscall_64 and the booted stubs: they must match."""
    r = subprocess.run(['python3', 'scripts/entry-disasm.py', os.path.join(b, 'entrylab.elf'),
                        '--check', 'docs/entry.md'], cwd=ROOT)
    problems = ['docs/entry.md listings are stale: run "make disasm" and commit'] if r.returncode \
        else []
    return problems, 'docs/entry.md matches do_syscall_64_irqoff_inline and the booted stubs'


def make_deps(path):
    """The prerequisites of a gcc -MMD .d file's first rule: every file the compiler read."""
    with open(path) as f:
        rule = f.read().replace('\\\n', ' ').split('\n', 1)[0]
    return rule.split(':', 1)[1].split()


CLOSURE_MAX_LINES = 1600


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


@check
def docs_entry_trace_current(b):
    """docs/entry.md's dynamic-trace summary and docs/benchmarks.md's instruction budget
    (make trace) must match this build; their FRED row and column too when BOCHS= has
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
                      "getpid() of every door, and docs/benchmarks.md the invalid syscall's "
                      "instruction budget" +
                      ('; FRED\'s row and column not traced: ' + '; '.join(untraced)
                       if untraced else ', FRED\'s row and column included'))


BENCH_LINE = re.compile(r'^bench variant=(\S+) op=(\S+) iters=(\d+) ticks_per_call=(\S+)')


def bench_ops():
    text = open(os.path.join(ROOT, 'include', 'uapi', 'bench.h')).read()
    return re.findall(r'BENCH_OP\(\w+, "([\w-]+)"\)', text)


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
DOCS_ICOUNT_TABLES = (
    ('benchmarks.md', '## Instruction counts', r'irq\S+|asm\S+|floor', bench_ops(), ''),
    ('benchmarks.md', '### Mitigations', r'[a-z+]+', MIT_OPS, 'mitigations='),
    ('smp-rcu.md', '## What the tracker costs per syscall', r'irq\S+',
     ('kill', 'invalid', 'getpid'), ''),
    ('benchmarks.md', '### Syscall work', r'no-filter|bitmap-\d|full-\d|dispatch-allowed',
     ('getpid',), 'filter='),
    ('benchmarks.md', '### From i386 programs', r'int80|syscall|sysenter', ('getpid',), 'i386='),
)
# And in prose: docs/entry.md's comparison with Linux names the default's three.
DOCS_ICOUNT_PROSE = ('entry.md', r"against entrylab's (\d+), (\d+) and (\d+)",
                     [('irqoff-inline', op) for op in ('kill', 'invalid', 'getpid')])


def docs_table_mismatches(cells):
    """Cells where the docs' quoted icount figures (the variants' table, the
    mitigations', the tracker's, the comparison with Linux) disagree with this build."""
    wrong = {}
    for doc, heading, rows, ops, key in DOCS_ICOUNT_TABLES:
        text = open(os.path.join(ROOT, 'docs', doc)).read()
        section = text.split(heading)[1].split('\n## ')[0]
        for row in re.findall(r'^\| `?(' + rows + r')`? \|(.*)\|$', section, re.M):
            for op, cell in zip(ops, row[1].split('|')):
                m = re.match(r'\s*(\d+)', cell)
                measured = cells.get((key + row[0], op))
                if m and measured is not None and float(m[1]) != measured:
                    wrong[(doc, key + row[0], op)] = (int(m[1]), measured)
    doc, pattern, keys = DOCS_ICOUNT_PROSE
    m = re.search(pattern, open(os.path.join(ROOT, 'docs', doc)).read())
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
    problems = boot.check(r1, lines=(SUCCESS, *block)) + boot.check(r2, lines=(SUCCESS,))
    names = [v.replace('_', '-') for v in entry_variants()]
    trackers = [f'irqoff-inline,{t}=off' for t in ('context_tracking', 'rcu_eqs')]
    fast = [asm_fastpath(), f'{asm_fastpath()},context_tracking=off']
    exact, rseq = 'irqoff-inline,cputime=exact', 'irqoff-inline,rseq'
    want = {(v, op) for v in names + trackers + fast + [exact, rseq] for op in bench_ops()}
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
        if not chain[0] < chain[1] or chain != sorted(chain) or \
                c1[('mitigations=auto', op)] < chain[-1]:
            problems.append(f'{op}: expected off < pti <= ... <= +bhi <= auto: {chain}')
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
                      'identical in two boots')


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


# Bochs, an x86 implemented apart from QEMU's (scripts/bochs.sh), as the CPU models it
# copies (docs/testing.md, "Which x86 covers what"): {model: (Intel, PTI on, FRED)}.
BOCHS_MODELS = {
    'corei7_skylake_x': (True, True, False),    # no RDCL_NO: PTI, with PCIDs
    'ryzen': (False, True, False),
    'wildcat_lake': (True, False, True),        # Bochs 3.0; RDCL_NO; FRED and LKGS
}
FRED_EVENTS = selftests_x86.FRED_EVENTS
IDT_EVENTS_FRED_OFF = r'^entrylab: events: IDT \(fred=off\)$'
# The FRED row's invalid syscall: at most this many instructions (docs/benchmarks.md).
FRED_INVALID_MAX = 100
# Ticks per call an emulator counts the same as QEMU's icount: one instruction each.
BOCHS_SAME_OPS = ('kill', 'invalid', 'getpid')


def bochs_skips(model, smp, fred):
    """The self-test and ring-3 cases that skip under Bochs as model on smp CPUs, with
    events by FRED or by the IDT."""
    intel, pti, _ = BOCHS_MODELS[model]
    skips = RELEASE_SKIPS if smp == 1 else SMP_SKIPS | NOHZ_ONLY
    if intel:
        skips = skips - INTEL_ONLY | AMD_ONLY
    if fred:
        skips = skips - FRED_ONLY | IDT_ONLY | (FRED_ONLY & SMP_ONLY if smp == 1 else set())
    return skips if pti else skips | PTI_ONLY


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
    CPUs whatever BOCHS_SMP says, and measures the FRED row in a boot of its own; and
    overflows the kernel stack, whose #DF the oops must report on stack level 3."""
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
                p = boot.check(r, lines=(RESOURCES_OK, SUCCESS) + events,
                               suites={**KERNEL_SUITES, **RING3_SUITES},
                               skips=bochs_skips(model, n, by_fred))
            else:
                r = boot.run(b, tag, 'selftest noinit', env=env, timeout=3600)
                p = boot.check(r, lines=(SMP_ONLINE.format(n), SUCCESS) + events,
                               suites=KERNEL_SUITES, skips=bochs_skips(model, n, by_fred))
            subs.append(('FAIL' if p else 'PASS', names[(n, extra)],
                         '; '.join(p) or f'{r.seconds:.0f} s'))
        if 1 not in smps:
            continue
        # A FRED boot measures the FRED row alone: the legacy rows with fred=off.
        r = boot.run(b, f'bochs-{model}-bench', 'mitigations=off' + (' fred=off' if fred else ''),
                     init=f'{b}/user/probe.elf',
                     init_args=bench_args, env={'BOCHS_CPU': model, 'BOCHS': binary},
                     timeout=1800)
        got = bench_cells(r)
        p = boot.check(r, lines=(SUCCESS, r'^results: pmu: none \(', r'^results: clock: '
                                 r'instructions \(QEMU icount or Bochs'),
                       absent=(r'pmu_cycles_per_call=', r'\[cycles '))
        p += [f'{row} {op}: {got.get((row, op))} per call, icount {v}'
              for (row, op), v in sorted(want.items()) if got.get((row, op)) != v]
        subs.append(('FAIL' if p else 'PASS', f'bochs/{model}/bench', '; '.join(p) or
                     f'kill/invalid/getpid as under icount in {len(want) // 3} rows, '
                     f'{r.seconds:.0f} s'))
        if not fred:
            continue
        r = boot.run(b, f'bochs-{model}-bench-fred', 'mitigations=off',
                     init=f'{b}/user/probe.elf', init_args=bench_args,
                     env={'BOCHS_CPU': model, 'BOCHS': binary}, timeout=1800)
        got = bench_cells(r)
        legacy = want.get(('irqoff-inline', 'invalid'))
        mine = got.get(('fred', 'invalid'))
        p = boot.check(r, lines=(SUCCESS, FRED_EVENTS))
        if mine is None or legacy is None or not mine < legacy or mine > FRED_INVALID_MAX:
            p.append(f'FRED invalid {mine} per call: must be below the default\'s {legacy} '
                     f'and at most {FRED_INVALID_MAX}')
        if any(row != 'fred' for row, _ in got):
            p.append('a FRED boot printed rows that LSTAR chooses: '
                     + ', '.join(sorted({row for row, _ in got if row != 'fred'})))
        subs.append(('FAIL' if p else 'PASS', f'bochs/{model}/bench/fred', '; '.join(p) or
                     f'fred invalid {mine:g} against {legacy:g}, {r.seconds:.0f} s'))
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
        if 'mitigations=off' in cmdline:
            skips = skips | PTI_ONLY  # a new set: RELEASE_SKIPS is shared by every check
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


@check
def selftests_x86_under_fred(b):
    """Linux's 64-bit x86 selftests that pass on the IDT path, under Bochs (BOCHS=) as
    wildcat_lake, events by FRED: exactly tests/selftests-x86.expect's results, its
    fred: lines included. Skipped, saying so, without a FRED-capable Bochs."""
    binary = os.environ.get('BOCHS', 'bochs')
    models = bochs_model_names(binary)
    if models is None or selftests_x86.FRED_MODEL not in models:
        why = (f'Bochs at {binary!r} has no model {selftests_x86.FRED_MODEL}: no FRED-capable '
               'Bochs, so nothing ran under FRED (BOCHS=path to one that has)')
        return [], why, [('SKIP', 'selftests-x86-fred', why)]
    want, _ = selftests_x86.read_expect(fred=True)
    results, problems = selftests_x86.run_all(b, bochs=binary)
    subs = [(result if result != 'FAIL' or want.get(name) is None else 'XFAIL',
             f'selftests-x86-fred/{name}', reason) for name, result, reason in results]
    passed = sum(1 for r in results if r[1] == 'PASS')
    return problems, f'{passed} of {len(results)} pass under FRED, the rest as expected', subs


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
          'selftests_x86_as_expected', 'selftests_x86_under_fred', 'selftests_linux_as_expected',
          'micro_icount',
          'docs_entry_trace_current']


def run_case(b, name):
    """(problems, detail, and a Result, a check's list of sub-results, or None) of one case."""
    for table, run in ((BOOTS, boot_case), (MAKES, make_case)):
        if name in table:
            r = run(b, name, table[name])
            problems = boot.check(r, **{k: v for k, v in table[name].items() if k in CHECK_KEYS})
            return problems, summary(r), r
    problems, detail, *subs = next(fn for fn in CHECKS if fn.__name__ == name)(b)
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
