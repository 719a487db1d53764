#!/usr/bin/env python3
"""entrylab's test runner: `make test` runs this after building.

Each case below boots the kernel in one configuration (or inspects the built
kernel) and checks one claim. One line per case, kvm-unit-tests style:
    PASS name (detail) | FAIL name: what went wrong | SKIP name: why
and the last line is "N passed, N failed" (", N skipped" when any were). Serial
logs of every boot are kept in build/test-logs/. Exit status 0 only if nothing
failed. `--only PATTERN` runs the cases whose name contains PATTERN.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boot  # noqa: E402

CASES = []
# KTAP cases of the current boot that the closing line counts one by one.
SUBRESULTS = []


def case(fn):
    CASES.append(fn)
    return fn


def report_each(v, prefix):
    """Counts every KTAP case of boot v as its own result, named prefix/suite/case."""
    for c in v.cases:
        SUBRESULTS.append((f'{prefix}/{c.suite}/{c.name}', c.ok, c.skip, c.reason))


class Skip(Exception):
    pass


def expect_report(v, patterns, status, what):
    """The boot's log has a line matching each pattern, and it ended with status."""
    missing = [p for p in patterns if not v.has(p)]
    if missing:
        raise AssertionError(f'{what}: no line matching {missing}')
    if v.status != status:
        raise AssertionError(f'{what}: expected status {status} '
                             f'({boot.STATUS_NAMES[status]}), got {v.status}')
    return v


def expect(v, **kw):
    boot.judge(v, **kw)
    if v.problems:
        raise AssertionError('; '.join(v.problems) + f' (log: build/test-logs/)')
    return v


@case
def multiboot2_header(b):
    subprocess.run(['grub-file', '--is-x86-multiboot2', os.path.join(b, 'entrylab.elf')],
                   check=True)
    return 'grub-file --is-x86-multiboot2 accepts build/entrylab.elf'


def init_elf(b):
    return os.path.join(b, 'user', 'init.elf')


def selftests(b, cpu):
    v = expect(boot.run(b, f'selftest-{cpu}', 'selftest noinit', init=init_elf(b),
                        env={'CPU': cpu}),
               min_cases=25, min_suites=6)
    for what in (r'^entrylab: CPU \S+ ".+"', r'^entrylab: memory \d+ MiB usable',
                 r'^entrylab: TSC \d+\.\d+ MHz', r'^entrylab: protections: NX on'):
        if not v.has(what):
            raise AssertionError(f'banner line missing: {what}')
    return (f'{v.count(ok=True, skip=False)} passed, {v.count(skip=True)} skipped, '
            f'{v.seconds:.1f}s')


@case
def selftests_cpu_max(b):
    detail = selftests(b, 'max')
    report_each(boot.Verdict.last, 'selftest')
    return detail


@case
def selftests_cpu_qemu64(b):
    return selftests(b, 'qemu64')


@case
def runner_reports_failing_test(b):
    """The runner itself must notice a failing test: selftest.fail_demo fails one."""
    v = boot.judge(boot.run(b, 'fail-demo', 'selftest selftest.fail_demo noinit'))
    if v.failed_names() != ['fail_demo'] or not any('not ok' in p for p in v.problems):
        raise AssertionError(f'expected exactly fail_demo reported as not ok, got '
                             f'{v.failed_names()} / {v.problems}')
    if v.status != 1:
        raise AssertionError(f'a failed self-test must end with status 1, got {v.status}')
    return 'fail_demo reported as not ok and the boot judged failed'


@case
def kernel_oops_report(b):
    expect_report(boot.run(b, 'oops-demo', 'selftest selftest.oops_demo noinit'),
                  [r'oops: #PF page fault', r'^RIP: 0x[0-9a-f]{16} <oops_demo_read\+0x',
                   r'^CR2: 0xffffc7ffdead0000', r'^RAX: [0-9a-f]{16} RBX:', r'^R13: ',
                   r'^Call trace:', r'^  0x[0-9a-f]{16} <selftests_run\+0x',
                   r'^  0x[0-9a-f]{16} <kmain\+0x', r'end oops'], 1, 'oops report')
    return 'oops with registers, CR2 and a symbolised backtrace; status 1'


@case
def kernel_stack_overflow_double_fault(b):
    """Runaway recursion hits the boot stack's guard page: #DF on IST1, a full oops."""
    expect_report(boot.run(b, 'oops-stack', 'selftest selftest.oops_demo=stack noinit'),
                  [r'oops: #DF double fault', r'^RIP: 0x[0-9a-f]{16} <oops_demo_recurse\+0x',
                   r'^  0x[0-9a-f]{16} <oops_demo_recurse\+0x', r'end oops'], 1,
                  'double-fault report')
    return 'guard page -> #PF -> #DF on its IST stack; oops and status 1'


@case
def bad_boot_no_long_mode(b):
    expect_report(boot.run(b, 'no-long-mode', 'selftest noinit', env={'CPU': 'qemu32'}),
                  [r'boot failed: CPU does not support long mode'], 2, '-cpu qemu32')
    return '-cpu qemu32: message and status 2'


@case
def selftests_debug_entry(b):
    """DEBUG_ENTRY=1 build: the _irqoff hooks check that IRQs are really off."""
    dbg = os.path.join(b, 'debug')
    v = expect(boot.run(dbg, 'selftest-debug-entry', 'selftest', init=init_elf(b),
                        init_args='iters=200 reps=1'), min_cases=25, min_suites=6)
    if not any(c.name == 'irqoff_hooks_assert_irqs_off' and c.ok and not c.skip
               for c in v.cases):
        raise AssertionError('irqoff_hooks_assert_irqs_off did not run and pass')
    if not v.has(r'^bench: CT_WARN_ON count 0$'):
        raise AssertionError('benchmark under DEBUG_ENTRY did not end with CT_WARN_ON count 0')
    return f'{v.count(ok=True, skip=False)} passed, the benchmark ran with 0 CT warnings'


def disassemble(b):
    """{function name: [instruction lines]} from objdump of the built kernel."""
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', os.path.join(b, 'entrylab.elf')],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+ <(.+)>:$', line)
        if m:
            cur = funcs.setdefault(m[1], [])
        elif cur is not None and line.strip():
            cur.append(line)
    return funcs


@case
def entry_variants_objdump(b):
    """Each variant's hot path is what its name says: inlined or not, pushf or not."""
    funcs = disassemble(b)
    for v in ('irqoff_inline', 'irqoff_outline', 'irqsave_inline', 'irqsave_outline'):
        body = funcs.get(f'do_syscall_64_{v}')
        if not body:
            raise AssertionError(f'do_syscall_64_{v} not found in the kernel')
        hooks = [f'enter_from_user_mode_{v}', f'prepare_exit_to_usermode_{v}']
        calls = [h for h in hooks if any(re.search(rf'call.*<{h}>', l) for l in body)]
        path = body + [l for h in hooks for l in funcs.get(h, [])]
        has_pushf = any(re.search(r'\bpushf', l) for l in path)
        has_popf = any(re.search(r'\bpopf', l) for l in path)
        if v.endswith('inline') and calls:
            raise AssertionError(f'{v}: do_syscall_64 calls {calls}, expected them inlined')
        if v.endswith('outline') and calls != hooks:
            raise AssertionError(f'{v}: do_syscall_64 calls {calls}, expected {hooks}')
        if v.startswith('irqoff') and (has_pushf or has_popf):
            raise AssertionError(f'{v}: pushf/popf on the hot path')
        if v.startswith('irqsave') and not (has_pushf and has_popf):
            raise AssertionError(f'{v}: no pushf/popf on the hot path')
    return 'inline/outline calls and pushf/popf presence match all four variants'


@case
def docs_entry_listing_current(b):
    """docs/entry.md quotes the built do_syscall_64; it must match this build."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    r = subprocess.run(['python3', os.path.join(root, 'scripts/entry-disasm.py'),
                        os.path.join(b, 'entrylab.elf'), '--check',
                        os.path.join(root, 'docs/entry.md')])
    if r.returncode:
        raise AssertionError('docs/entry.md listing is stale: run "make disasm" and commit')
    return 'docs/entry.md matches the built do_syscall_64_irqoff_inline'


BENCH_LINE = re.compile(r'^bench variant=(\S+) op=(\S+) iters=(\d+) ticks_per_call=(\S+)')


def bench_boot(b, name):
    v = expect(boot.run(b, name, '', init=init_elf(b), init_args='iters=1000 reps=3',
                        env={'ICOUNT': '1'}, timeout=300), ktap=False)
    cells = {(m[1], m[2]): float(m[4]) for m in map(BENCH_LINE.match, v.lines) if m}
    if len(cells) < 17:
        raise AssertionError(f'only {len(cells)} bench lines (expected 4 variants x 4 ops + floor)')
    return v, cells


DOC_OPS = ('kill', 'invalid', 'getpid', 'kill-handled')


def docs_table_mismatches(cells):
    """Cells where docs/benchmarks.md's icount table disagrees with this build."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, 'docs', 'benchmarks.md')).read()
    section = text.split('## Instruction counts')[1].split('## ')[0]
    wrong = {}
    for row in re.findall(r'^\| (irq\S+|floor) \|(.*)\|$', section, re.M):
        for op, cell in zip(DOC_OPS, row[1].split('|')):
            m = re.match(r'\s*(\d+)', cell)
            measured = cells.get((row[0], op))
            if m and measured is not None and float(m[1]) != measured:
                wrong[(row[0], op)] = (int(m[1]), measured)
    return wrong


@case
def bench_icount_ordering_repeatable(b):
    """Under icount, ticks are instructions: exact, repeatable, ordered by design."""
    v1, c1 = bench_boot(b, 'bench-icount-1')
    _, c2 = bench_boot(b, 'bench-icount-2')
    if c1 != c2:
        diff = {k: (c1.get(k), c2.get(k)) for k in set(c1) | set(c2) if c1.get(k) != c2.get(k)}
        raise AssertionError(f'two icount runs differ: {diff}')
    k = {var: c1[(var, 'kill')] for var in
         ('irqoff-inline', 'irqoff-outline', 'irqsave-inline', 'irqsave-outline')}
    if not k['irqoff-inline'] < k['irqoff-outline'] < k['irqsave-outline']:
        raise AssertionError(f'kill: expected irqoff-inline < irqoff-outline < irqsave-outline: {k}')
    if not k['irqoff-inline'] < k['irqsave-inline'] < k['irqsave-outline']:
        raise AssertionError(f'kill: expected irqoff-inline < irqsave-inline < irqsave-outline: {k}')
    if c1[('floor', 'invalid')] >= c1[('irqoff-inline', 'invalid')]:
        raise AssertionError('the floor is not below the full entry')
    if ('irqoff-inline', 'kill-handled') not in c1:
        raise AssertionError('no kill-handled row')
    stale = docs_table_mismatches(c1)
    if stale:
        raise AssertionError(f'docs/benchmarks.md icount table is stale: {stale}')
    return ('kill: ' + ', '.join(f'{n} {k[n]:g}' for n in k) +
            f'; floor {c1[("floor", "invalid")]:g}; identical in two boots')


def init_killed(b, crash, signame, extra=''):
    v = expect_report(boot.run(b, f'crash-{crash}', '', init=init_elf(b),
                               init_args=f'crash={crash}'),
                      [rf'^init: killed by signal \d+ \({signame}\) at rip=0x[0-9a-f]+{extra}'],
                      4, f'init crash={crash}')
    if v.has(r'oops:|Kernel panic'):
        raise AssertionError('the kernel oopsed')
    return f'{signame} line and status 4'


@case
def user_ud2_killed(b):
    return init_killed(b, 'ud2', 'SIGILL')


@case
def user_kernel_read_killed(b):
    return init_killed(b, 'kread', 'SIGSEGV', ' addr=0xffffffff80100000')


@case
def user_noncanonical_jump_killed(b):
    return init_killed(b, 'noncanon', 'SIGSEGV')


@case
def init_exit_status_reported(b):
    expect_report(boot.run(b, 'init-exit-3', '', init=init_elf(b), init_args='exit=3'),
                  [r'^init: exited with status 3$'], 3, 'init exit=3')
    return 'line and status 3'


@case
def bad_init_elf_refused(b):
    bad = os.path.join(b, 'test-logs', 'bad.elf')
    with open(init_elf(b), 'rb') as f:
        data = bytearray(f.read())
    data[18] = 3        # e_machine = EM_386
    with open(bad, 'wb') as f:
        f.write(data)
    expect_report(boot.run(b, 'bad-elf', '', init=bad),
                  [r'^entrylab: boot failed: init: not an x86-64 executable'], 2, 'bad ELF')
    return 'wrong e_machine: one-line reason, status 2'


@case
def missing_init_refused(b):
    expect_report(boot.run(b, 'no-init', ''), [r'^entrylab: boot failed: no init module'], 2,
                  'no init module')
    return 'message and status 2'


@case
def glibc_static_program_as_init(b):
    v = boot.run(b, 'glibc-init', '', init=os.path.join(b, 'tests', 'hello-glibc.elf'),
                 init_args='first 0')
    if not v.has(r'^hello from glibc: entrylab x86_64, pid 1, argc 3, argv\[1\] first, heap ok$'):
        raise AssertionError('no greeting from the glibc program')
    if v.status != 0:
        raise AssertionError(f'expected status 0, got {v.status}')
    return 'gcc -static (glibc) hello runs as init'


RESOURCES_OK = (r'^init: resources: \d+ frames free before and after, kernel page tables '
                r'unchanged, CT_WARN_ON count 0$')


@case
def ring3_entry_suite(b):
    """user/tests/: the entry path attacked from ring 3, KTAP from ring 3."""
    v = boot.run(b, 'ring3-entrytests', '', init=os.path.join(b, 'user', 'entrytests.elf'))
    report_each(v, 'ring3')
    expect(v, min_cases=40, min_suites=6)
    if not v.has(RESOURCES_OK):
        raise AssertionError('no clean resource check after the suite')
    return f'{v.count(ok=True, skip=False)} ring-3 cases passed, {v.count(skip=True)} skipped'


def ring3_death(b, name):
    v = expect_report(boot.run(b, f'ring3-die-{name}', '',
                               init=os.path.join(b, 'user', 'entrytests.elf'),
                               init_args=f'die={name}'),
                      [r'^init: killed by signal 11 \(SIGSEGV\) at rip=0x[0-9a-f]+', RESOURCES_OK],
                      4, f'entrytests die={name}')
    if v.has(r'survived') or v.has(r'oops:|Kernel panic'):
        raise AssertionError('the process survived, or the kernel oopsed')
    return 'SIGSEGV, status 4, nothing leaked'


@case
def ring3_no_restorer_killed(b):
    return ring3_death(b, 'no_restorer')


@case
def ring3_unwritable_stack_killed(b):
    return ring3_death(b, 'bad_stack')


@case
def ring3_altstack_overflow_killed(b):
    return ring3_death(b, 'altstack_overflow')


@case
def ring3_blocked_fault_killed(b):
    return ring3_death(b, 'blocked_fault')


FUZZ_SEED = 20261130
FUZZ_DONE = re.compile(r'^fuzz: done: (\d+) syscalls made')
FUZZ_HASH = re.compile(r'^fuzz: result hash (0x[0-9a-f]+)$')


def fuzz_boot(b, name):
    v = expect(boot.run(b, name, '', init=os.path.join(b, 'user', 'fuzz.elf'),
                        init_args=f'seed={FUZZ_SEED} count=1000000', timeout=600), ktap=False)
    made = [int(m[1]) for m in map(FUZZ_DONE.match, v.lines) if m]
    digest = [m[1] for m in map(FUZZ_HASH.match, v.lines) if m]
    if not made or made[0] < 1000000 or not digest:
        raise AssertionError('the fuzzer did not finish 1,000,000 syscalls')
    if not v.has(RESOURCES_OK):
        raise AssertionError('resource check after the fuzzer failed (frames or page tables)')
    return made[0], digest[0], v.seconds


@case
def syscall_fuzzer(b):
    """1,000,000 seeded random syscalls, twice: same results, nothing leaked."""
    n1, h1, s1 = fuzz_boot(b, 'fuzz-1')
    n2, h2, _ = fuzz_boot(b, 'fuzz-2')
    if (n1, h1) != (n2, h2):
        raise AssertionError(f'same seed, different runs: {h1} vs {h2}')
    return f'seed {FUZZ_SEED}: {n1} syscalls, hash {h1} in both runs, {s1:.1f}s each'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--only', default='')
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    passed = failed = skipped = 0
    for fn in CASES:
        name = fn.__name__.replace('_', '-')
        if args.only and args.only not in name:
            continue
        SUBRESULTS.clear()
        try:
            detail = fn(build)
            print(f'PASS {name} ({detail})', flush=True)
            passed += 1
        except Skip as e:
            print(f'SKIP {name}: {e}', flush=True)
            skipped += 1
        except (AssertionError, subprocess.CalledProcessError) as e:
            print(f'FAIL {name}: {e}', flush=True)
            failed += 1
        for sub, ok, skip, reason in SUBRESULTS:
            if skip:
                print(f'  SKIP {sub}: {reason}')
                skipped += 1
            elif ok:
                print(f'  PASS {sub}')
                passed += 1
            else:
                print(f'  FAIL {sub}')
                failed += 1
    summary = f'{passed} passed, {failed} failed'
    print(summary + (f', {skipped} skipped' if skipped else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
