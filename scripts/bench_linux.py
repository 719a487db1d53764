#!/usr/bin/env python3
"""make compare: Linux measured the same way as entrylab's benchmark.

Boots tests/programs/syscall-loop.c (the benchmark's kill, invalid, getpid,
kill-handled, fault-read and fault-write loops, as a static glibc program) as pid 1 of Debian 12's stock
kernels, fetched by apt-get download into build/linux-pid1/ and never installed
(scripts/linux-pid1.py): Linux 6.1 (linux-image-amd64) and 6.12
(linux-image-6.12-amd64, bookworm-security), each with its default mitigations
and with mitigations=off. Every boot is QEMU TCG with -icount
shift=0,align=off,sleep=off on one CPU (-cpu max), as make bench ICOUNT=1 boots
entrylab, so a tick is one instruction. One boot at a time.

With --bochs BOCHS and --fred-build SCRIPT (../shared/tools/linux-fred/build.sh,
which builds Linux 6.12 with CONFIG_X86_FRED and an ISO around the program,
booted with fred=on), one more row, linux-6.12-fred, under that Bochs as
wildcat_lake: there a tick is a Bochs TSC tick, one per executed instruction on
one CPU, and that kernel is tinyconfig with no mitigations compiled in.

Output: a table in make bench's columns (ticks per call, the minimum over the
repetitions), then one line per cell in make bench's format, which
bench_mitigations.CELL reads:
  bench variant=linux-6.1 op=kill iters=10000 ticks_per_call=X median=Y reps=5
With --log, the boot variant's row of that make bench log is printed beside them.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from bench_mitigations import CELL  # noqa: E402  (make bench's line, one parser)

OPS = ('kill', 'invalid', 'getpid', 'kill-handled', 'fault-read', 'fault-write')
KERNELS = (('linux-6.1', 'linux-image-amd64'), ('linux-6.12', 'linux-image-6.12-amd64'))
MITIGATIONS = (('', ''), (',mitigations=off', 'mitigations=off'))
# Linux's own line when pid 1 ends: 0x00000000 is exit(0).
INIT_EXIT = re.compile(r'Attempted to kill init! exitcode=(0x[0-9a-f]+)')
BOOT_VARIANT = re.compile(r'^bench: entry (\S+),', re.M)


def cells_of(row, log):
    """{op: (min, median, the whole line)} of row's lines in log."""
    cells = {}
    for line in log.splitlines():
        m = CELL.match(line)
        if m and m[1] == row:
            cells[m[2]] = (m[3], m[4], line)
    return cells


def measured(row, log, what):
    """row's cells from a boot's log; exits saying what failed when one is missing."""
    cells = cells_of(row, log)
    if sorted(cells) != sorted(OPS):
        sys.stdout.write(log[-3000:])
        sys.exit(f'bench-linux: {what}: row {row} reported {sorted(cells)}, not {list(OPS)}')
    return cells


def boot_qemu(program, row, pkg, append, args, timeout):
    cmd = [sys.executable, os.path.join(ROOT, 'scripts', 'linux-pid1.py'), '--icount',
           '--kernel', pkg, '--timeout', str(timeout)]
    if append:
        cmd += ['--append', append]
    r = subprocess.run(cmd + [program, row, *args], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return r.stdout.replace('\r', '')


def boot_bochs(bochs, iso, timeout):
    """The serial output of iso under bochs as a one-CPU wildcat_lake (scripts/bochs.sh)."""
    env = dict(os.environ, BOCHS=bochs, BOCHS_CPU='wildcat_lake', SMP='1', TIMEOUT=str(timeout))
    r = subprocess.run(['bash', os.path.join(ROOT, 'scripts', 'bochs.sh'), iso], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.stdout


def print_table(rows, notes, args):
    print('\nbench: Linux measured as make bench measures entrylab: ticks per call, minimum over'
          '\nbench: the repetitions, empty loop subtracted (%s); pid 1 of each kernel.'
          % ' '.join(args))
    print('bench: %-36s' % 'variant' + ''.join(' %10s %-22s' % (op, '') for op in OPS))
    for name, cells in rows:
        print('bench: %-36s' % name + ''.join(' %10s %-22s' % (cells[op][0], '') for op in OPS))
    for name, note in notes:
        print('bench: %-36s %s' % (name, note))
    for name, cells in rows:
        for op in OPS:
            if not name.startswith('linux-'):
                continue
            print(cells[op][2])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--program', default=os.path.join(ROOT, 'build', 'tests', 'syscall-loop.elf'))
    ap.add_argument('--args', default='iters=10000 reps=5',
                    help="make bench's BENCH_ARGS: its iters= and reps=")
    ap.add_argument('--only', help='one row, e.g. linux-6.1,mitigations=off')
    ap.add_argument('--log', help="a make bench log: its boot variant's row beside Linux's")
    ap.add_argument('--bochs', help='a FRED-capable Bochs, for the FRED Linux row')
    ap.add_argument('--fred-build', help='../shared/tools/linux-fred/build.sh: Linux 6.12 with '
                    'FRED around the program, for the FRED row')
    ap.add_argument('--timeout', type=int, default=900)
    a = ap.parse_args()
    args = a.args.split()

    rows, notes = [], []
    if a.log and os.path.exists(a.log):
        log = open(a.log, errors='replace').read()
        boot = BOOT_VARIANT.search(log)
        if boot and set(OPS) <= set(cells_of(boot[1], log)):
            rows.append((boot[1], cells_of(boot[1], log)))
            notes.append((boot[1], f"entrylab's boot variant, mitigations=off, from {a.log} "
                                   '(its machine lines are there)'))
    for name, pkg in KERNELS:
        for suffix, append in MITIGATIONS:
            row = name + suffix
            if a.only and a.only != row:
                continue
            log = boot_qemu(a.program, row, pkg, append, args, a.timeout)
            exit_code = INIT_EXIT.search(log)
            if not exit_code or exit_code[1] != '0x00000000':
                sys.stdout.write(log[-3000:])
                sys.exit(f'bench-linux: {row}: the program did not exit 0 as init')
            rows.append((row, measured(row, log, pkg)))
            notes.append((row, f'Debian {pkg}, QEMU icount, '
                               f'{"mitigations=off" if append else "default mitigations"}'))
    if a.bochs:
        if not a.fred_build:
            sys.exit('bench-linux: --bochs needs --fred-build')
        row = 'linux-6.12-fred'
        iso = os.path.join(os.path.dirname(a.program), 'linux-fred.iso')
        # Linux 6.12 uses FRED only when asked; the words after -- are init's arguments.
        subprocess.run(['bash', a.fred_build, a.program, iso, 'fred=on', '--', row, *args],
                       check=True)
        log = boot_bochs(a.bochs, iso, a.timeout)
        if 'Initialize FRED on CPU0' not in log:
            sys.stdout.write(log[-3000:])
            sys.exit(f'bench-linux: {row}: the kernel did not report FRED on')
        rows.append((row, measured(row, log, iso)))
        notes.append((row, 'Linux 6.12 tinyconfig with CONFIG_X86_FRED, fred=on, Bochs '
                           'wildcat_lake: Bochs TSC ticks, no mitigations built'))
    print_table(rows, notes, args)


if __name__ == '__main__':
    main()
