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


def case(fn):
    CASES.append(fn)
    return fn


class Skip(Exception):
    pass


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


def selftests(b, cpu):
    v = expect(boot.run(b, f'selftest-{cpu}', 'selftest', env={'CPU': cpu}),
               min_cases=25, min_suites=6)
    for what in (r'^entrylab: CPU \S+ ".+"', r'^entrylab: memory \d+ MiB usable',
                 r'^entrylab: TSC \d+\.\d+ MHz', r'^entrylab: protections: NX on'):
        if not v.has(what):
            raise AssertionError(f'banner line missing: {what}')
    return (f'{v.count(ok=True, skip=False)} passed, {v.count(skip=True)} skipped, '
            f'{v.seconds:.1f}s')


@case
def selftests_cpu_max(b):
    return selftests(b, 'max')


@case
def selftests_cpu_qemu64(b):
    return selftests(b, 'qemu64')


@case
def runner_reports_failing_test(b):
    """The runner itself must notice a failing test: selftest.fail_demo fails one."""
    v = boot.judge(boot.run(b, 'fail-demo', 'selftest selftest.fail_demo'))
    if v.failed_names() != ['fail_demo'] or not any('not ok' in p for p in v.problems):
        raise AssertionError(f'expected exactly fail_demo reported as not ok, got '
                             f'{v.failed_names()} / {v.problems}')
    if v.status != 1:
        raise AssertionError(f'a failed self-test must end with status 1, got {v.status}')
    return 'fail_demo reported as not ok and the boot judged failed'


@case
def kernel_oops_report(b):
    v = boot.run(b, 'oops-demo', 'selftest selftest.oops_demo')
    needed = [r'oops: #PF page fault', r'^RIP: 0x[0-9a-f]{16} <oops_demo_read\+0x',
              r'^CR2: 0xffffc7ffdead0000', r'^RAX: [0-9a-f]{16} RBX:', r'^R13: ',
              r'^Call trace:', r'^  0x[0-9a-f]{16} <selftests_run\+0x',
              r'^  0x[0-9a-f]{16} <kmain\+0x',
              r'end oops']
    missing = [n for n in needed if not v.has(n)]
    if missing:
        raise AssertionError(f'oops report lacks {missing}')
    if v.status != 1:
        raise AssertionError(f'an oops must end with status 1, got {v.status}')
    return 'oops with registers, CR2 and a symbolised backtrace; status 1'


@case
def bad_boot_no_long_mode(b):
    v = boot.run(b, 'no-long-mode', 'selftest', env={'CPU': 'qemu32'})
    if not v.has(r'boot failed: CPU does not support long mode'):
        raise AssertionError('no "does not support long mode" message')
    if v.status != 2:
        raise AssertionError(f'expected status 2 (bad boot), got {v.status}')
    return '-cpu qemu32: message and status 2'


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
    summary = f'{passed} passed, {failed} failed'
    print(summary + (f', {skipped} skipped' if skipped else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
