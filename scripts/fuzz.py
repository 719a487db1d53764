#!/usr/bin/env python3
"""make fuzz: long runs of the syscall fuzzer (user/fuzz.c), one boot per seed.

Each seed boots build/user/fuzz.elf as init (scripts/mkiso.sh, scripts/qemu.sh),
one after another: the fuzzer's lines and the kernel's last words go to the
terminal as they come (a progress line every --progress calls), the whole log to
BUILD/fuzz-logs/SEED.log. A seed passes when the fuzzer reports all its calls and
a hash, the kernel finds no frame leaked and its page tables unchanged, the run
ends in success, and no timer it armed (always for 2^31 seconds or more) fired;
then a line per seed (its result, hash and time) and "N passed, N failed". Exit
status 1 if any seed failed.

Seeds: a list ("1 2 3"), a range ("20261205-20261220") or both. Frames: 0, 1, or
"even" for frames=1 on the even seeds only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import boot  # noqa: E402

DONE = re.compile(r'^fuzz: done: (\d+) syscalls made')
HASH = re.compile(r'^fuzz: result hash (0x[0-9a-f]+)$')
EXPIRIES = re.compile(r'^fuzz: (\d+) timer expiries')
RESOURCES_OK = re.compile(r'^init: resources: \d+ frames free before and after, kernel page '
                          r'tables unchanged, CT_WARN_ON count 0$')
# What reaches the terminal: the fuzzer, and how the run ended.
SHOWN = re.compile(r'^(fuzz:|init: (killed|exited|resources)|entrylab: run ended|qemu\.sh: no '
                   r'result|.*(oops|panic|BUG|WARN))', re.IGNORECASE)


def seeds_of(text):
    seeds = []
    for word in text.replace(',', ' ').split():
        lo, _, hi = word.partition('-')
        if not lo.isdigit() or (hi and not hi.isdigit()):
            sys.exit(f'fuzz.py: FUZZ_SEEDS: {word!r} is not a seed or a range LO-HI')
        seeds += range(int(lo), int(hi or lo) + 1)
    if not seeds or 0 in seeds:
        sys.exit('fuzz.py: FUZZ_SEEDS: no seeds, or seed 0 (the fuzzer takes 1 and up)')
    return seeds


def run_seed(args, seed, frames):
    """(passed, what happened, hash or None, seconds) of one boot."""
    init_args = f'seed={seed} count={args.count} progress={args.progress}'
    if frames:
        init_args += ' frames=1'
    logdir = os.path.join(args.build, 'fuzz-logs')
    os.makedirs(logdir, exist_ok=True)
    iso = os.path.join(logdir, f'{seed}.iso')
    mk = ['bash', 'scripts/mkiso.sh', os.path.join(args.build, 'entrylab.elf'), iso,
          args.cmdline, os.path.join(args.build, 'user', 'probe.elf'),
          os.path.join(args.build, 'user', 'fuzz.elf'), init_args]
    built = subprocess.run(mk, cwd=ROOT, capture_output=True, text=True)
    if built.returncode:
        return False, 'no ISO: ' + (built.stdout + built.stderr).strip(), None, 0.0
    print(f'fuzz.py: seed {seed}: {init_args}', flush=True)
    start = time.monotonic()
    lines = []
    try:
        with subprocess.Popen(['bash', 'scripts/qemu.sh', iso], cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env={**os.environ, 'TIMEOUT': str(args.timeout)}) as p:
            for raw in p.stdout:
                line = raw.decode('utf-8', 'replace').rstrip('\r\n')
                lines.append(line)
                if SHOWN.match(line):
                    print(line, flush=True)
        status = p.returncode
    finally:
        os.unlink(iso)
    seconds = time.monotonic() - start
    with open(os.path.join(logdir, f'{seed}.log'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    made = [int(m[1]) for m in map(DONE.match, lines) if m]
    digest = [m[1] for m in map(HASH.match, lines) if m]
    if status != 0:
        why = boot.STATUS_NAMES.get(status, f'exit status {status}')
        killed = [x for x in lines if x.startswith('init: killed')]
        return False, why + (f' ({killed[-1]})' if killed else ''), None, seconds
    if made != [args.count] or len(digest) != 1:
        return False, f'no report of {args.count} calls and a hash', None, seconds
    expiries = [m[1] for m in map(EXPIRIES.match, lines) if m]
    if expiries:
        return False, f'{expiries[0]} timer expiries decades early', digest[0], seconds
    if not any(RESOURCES_OK.match(x) for x in lines):
        return False, 'resources not as they were after init', digest[0], seconds
    return True, f'{args.count} calls', digest[0], seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default='build')
    ap.add_argument('--seeds', required=True)
    ap.add_argument('--count', type=int, required=True)
    ap.add_argument('--frames', default='0', choices=('0', '1', 'even'))
    ap.add_argument('--progress', type=int, default=1000000)
    ap.add_argument('--cmdline', default='')
    # Default: far more than a seed needs under TCG on a busy host (about 30 us a call).
    ap.add_argument('--timeout', type=int, default=0)
    args = ap.parse_args()
    args.timeout = args.timeout or 300 + args.count // 10000
    seeds = seeds_of(args.seeds)
    passed = failed = 0
    for seed in seeds:
        frames = args.frames == '1' or (args.frames == 'even' and seed % 2 == 0)
        ok, what, digest, seconds = run_seed(args, seed, frames)
        print(f'fuzz.py: seed {seed}{" frames=1" if frames else ""}: '
              f'{"PASS" if ok else "FAIL"}: {what}{", hash " + digest if digest else ""}, '
              f'{seconds:.1f}s', flush=True)
        passed, failed = passed + ok, failed + (not ok)
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
