#!/usr/bin/env python3
"""Linux's own x86 entry selftests, unmodified, each booted as entrylab's init.

`make selftests-x86` runs this. It takes tools/testing/selftests/x86 from Debian's
linux-source-6.12 package (scripts/setup.sh installs it; the tarball is extracted
into build/selftests-x86/ once), builds every test the way that directory's
Makefile does, 64-bit ones and (with gcc-multilib) 32-bit ones, named NAME_32,
plus -static (entrylab runs no dynamic linker), boots each one as init (two at a
time) and prints one line per test:

    PASS name | SKIP name: reason | FAIL name: first failing line

and `N passed, N failed, N skipped`. A test passes when it exits 0 and prints no
[FAIL] or "not ok" line; it is skipped when it exits 4 (KSFT_SKIP), or exits 0
having only skipped or saying it can test nothing. tests/selftests-x86.expect says
which tests must pass and, for every other one, why not; any difference from it is
a problem, so the file stays true. No test source is ever patched.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boot  # noqa: E402
from boot import ROOT  # noqa: E402

TARBALL = '/usr/src/linux-source-6.12.tar.xz'
TOP = 'linux-source-6.12'
# The x86 tests and what they include from outside their directory.
MEMBERS = [f'{TOP}/tools/testing/selftests/x86', f'{TOP}/tools/testing/selftests/kselftest.h',
           f'{TOP}/arch/x86/include/asm/desc_defs.h']
EXPECT = os.path.join(ROOT, 'tests', 'selftests-x86.expect')
BOOT_TIMEOUT = 30       # seconds; a test that hangs is a failure, not a stuck run
# Under Bochs, whose emulation is some 20 times slower than QEMU's: sysret_ss_attrs,
# 1,000 sleeps each ended by a tick of a spinning thread, takes over 3 minutes there
# alone, twice that beside other boots.
BOCHS_TIMEOUT = 1200
# The CPU model of Bochs 3.0 that has FRED.
FRED_MODEL = 'wildcat_lake'
FRED_PREFIX = 'fred:'
FRED_EVENTS = r'^entrylab: events: FRED '
KSFT_SKIP = 4


def source_dir(out):
    """tools/testing/selftests/x86, extracted into out/ once."""
    src = os.path.join(out, TOP, 'tools', 'testing', 'selftests', 'x86')
    stamp = os.path.join(out, '.extracted')
    # The sources, and the 32-bit half of gcc that the Makefile's TARGETS_C_32BIT_NEEDED wants.
    subprocess.run(['bash', os.path.join(ROOT, 'scripts', 'setup.sh'), 'linux-source-6.12',
                    'gcc-multilib'], check=True)
    if not os.path.exists(stamp):
        os.makedirs(out, exist_ok=True)
        subprocess.run(['tar', '-xJf', TARBALL, '-C', out, *MEMBERS], check=True)
        open(stamp, 'w').close()
    return src


def can_build(src, program, *flags):
    """The Makefile's check_cc.sh: does gcc build this trivial program with these flags?"""
    p = subprocess.run(['bash', 'check_cc.sh', 'gcc', program, *flags], cwd=src,
                       capture_output=True, text=True)
    return p.stdout.strip() == '1'


def makefile_tests(src):
    """The tests the Makefile builds, as names: each 64-bit one (TARGETS_C_BOTHBITS,
    TARGETS_C_64BIT_ONLY, and TARGETS_C_32BIT_NEEDED when gcc builds 32-bit programs
    too, as the Makefile adds them) by its name, each 32-bit one (TARGETS_C_BOTHBITS,
    TARGETS_C_32BIT_ONLY and TARGETS_C_32BIT_NEEDED, with gcc-multilib) as name_32."""
    text = open(os.path.join(src, 'Makefile')).read().replace('\\\n', ' ')

    def targets(*variables):
        return [name for var in variables
                for m in re.finditer(rf'^{var}\s*\+?:?=(.*)$', text, re.M) for name in m[1].split()]

    names = targets('TARGETS_C_BOTHBITS', 'TARGETS_C_64BIT_ONLY')
    if can_build(src, 'trivial_32bit_program.c', '-m32') and \
       can_build(src, 'trivial_64bit_program.c'):
        names += targets('TARGETS_C_32BIT_NEEDED')
        names += [f'{n}_32' for n in targets('TARGETS_C_BOTHBITS', 'TARGETS_C_32BIT_ONLY',
                                              'TARGETS_C_32BIT_NEEDED')]
    return names


def makefile_extras(src, binary):
    """The per-binary additions of the Makefile (binary: name_64 or name_32): extra
    sources and flags."""
    text = open(os.path.join(src, 'Makefile')).read()
    files = re.findall(rf'^\$\(eval \$\(call extra-files,{binary},(\S+)\)\)', text, re.M)
    flags = re.findall(rf'^\$\(OUTPUT\)/{binary}: CFLAGS \+= (.*)$', text, re.M)
    return files, ' '.join(flags).split()


def build(src, out, name):
    """(binary, None) or (None, the first error line). name_32 is the 32-bit build."""
    bits = 32 if name.endswith('_32') else 64
    base = name[:-3] if bits == 32 else name
    binary = os.path.abspath(os.path.join(out, 'bin', f'{base}_{bits}'))
    os.makedirs(os.path.dirname(binary), exist_ok=True)
    files, flags = makefile_extras(src, f'{base}_{bits}')
    cmd = ['gcc', f'-m{bits}', '-o', binary, '-O2', '-g', '-std=gnu99', '-pthread', '-Wall',
           '-no-pie', '-static', *flags, f'-DCAN_BUILD_{bits}', f'{base}.c', *files, '-lrt',
           '-ldl', '-lm']
    p = subprocess.run(cmd, cwd=src, capture_output=True, text=True)
    if p.returncode:
        errors = [line for line in p.stderr.splitlines() if 'error' in line]
        return None, (errors or p.stderr.splitlines() or ['gcc failed'])[0]
    return binary, None


KERNEL_LINE = re.compile(r'^(init: (starting|resources|exited|killed)|entrylab:|smp:|stack:|'
                         r'qemu\.sh:)')


def program_lines(r):
    """What the test printed: the lines after init started that the kernel did not print."""
    start = next((i for i, line in enumerate(r.lines) if line.startswith('init: starting')),
                 len(r.lines))
    return [line.strip() for line in r.lines[start:] if line.strip() and
            not KERNEL_LINE.match(line)]


def verdict(r, timeout=BOOT_TIMEOUT):
    """('PASS'|'SKIP'|'FAIL', reason) from one boot's result, stopped after timeout s;
    a kernel stack used beyond half its size (boot.stack_problems()) fails it too."""
    failed = [line for line in r.lines if re.search(r'\[FAIL\]|^not ok', line)]
    exited = [int(m[1]) for m in (re.match(r'^init: exited with status (\d+)$', line)
                                  for line in r.lines) if m]
    skips = [line.strip() for line in r.lines if '[SKIP]' in line]
    # What a test says when it found nothing to work on (fsgsbase_restore without a
    # segment of its own) and exits 0 all the same: a skip, not a pass.
    nothing = [line.strip() for line in r.lines
               if re.search(r"\[NOTE\].*can't test anything", line)]
    ran = any(re.search(r'\[OK\]|^ok ', line) for line in r.lines)
    deep = boot.stack_problems(r)
    if deep:
        return 'FAIL', deep[0]
    if exited == [0] and not failed:
        if nothing:
            return 'SKIP', nothing[0]
        return ('SKIP', skips[-1]) if skips and not ran else ('PASS', '')
    if exited == [KSFT_SKIP] and not failed:
        return 'SKIP', skips[-1] if skips else 'exited with KSFT_SKIP'
    if failed:
        return 'FAIL', failed[0].strip()
    said = program_lines(r)
    last = f', after "{said[-1]}"' if said else ''
    if r.status == 124:
        return 'FAIL', f'no result after {timeout} s{last}'
    ends = [line for line in r.lines if re.match(r'^init: (killed|exited)', line)]
    return 'FAIL', (ends[0] if ends else f'status {r.status}') + last


def read_expect(fred=False):
    """{name: reason or None (must pass)} from tests/selftests-x86.expect, and the
    environment (VAR=value words after "pass") each boot gets. fred: as under FRED,
    where a "fred:NAME fail: REASON" line overrides NAME's (those lines are
    ignored otherwise)."""
    want, envs = {}, {}
    for line in open(EXPECT):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        name, _, rest = line.partition(' ')
        if name.startswith(FRED_PREFIX):
            if not fred:
                continue
            name = name[len(FRED_PREFIX):]
        words = rest.split()
        if words and words[0] == 'pass':
            want[name] = None
            envs[name] = dict(w.split('=', 1) for w in words[1:])
        else:
            want[name] = rest.strip()
    return want, envs


def run_one(b, src, out, name, env, cmdline, vendor, bochs):
    binary, error = build(src, out, name)
    if not binary:
        return name, 'FAIL', f'does not build: {error}'
    tag = '-' + cmdline.replace('=', '-') if cmdline else ''
    timeout = BOOT_TIMEOUT
    if vendor:
        env = dict(env, CPU=f'{env.get("CPU", "max")},vendor={vendor}')
        tag += f'-{vendor}'
    if bochs:
        # CPU= names QEMU's model (its SMAP work-around): Bochs's is FRED_MODEL.
        env = dict({k: v for k, v in env.items() if k != 'CPU'}, BOCHS=bochs,
                   BOCHS_CPU=FRED_MODEL)
        tag += '-fred'
        timeout = BOCHS_TIMEOUT
    r = boot.run(b, f'selftests-x86{tag}-{name}', cmdline, init=binary, env=env,
                 timeout=timeout)
    if bochs and not r.has(FRED_EVENTS):
        return name, 'FAIL', 'the boot did not say it delivers events by FRED'
    return (name, *verdict(r, timeout))


def run_all(b, only='', cmdline='', vendor='', bochs=None):
    """[(name, result, reason)] and the problems against the expect file. vendor:
    the CPU model's vendor string instead of QEMU's default (AuthenticAMD), which
    decides the 32-bit vDSO's fast entry: GenuineIntel makes it SYSENTER. bochs: a
    Bochs binary with FRED_MODEL: the 64-bit tests that must pass on the IDT path,
    booted there with events by FRED, against the expect file's fred: lines."""
    out = os.path.join(b, 'selftests-x86')
    src = source_dir(out)
    names = [n for n in makefile_tests(src) if only in n]
    (want, envs), problems = read_expect(fred=bool(bochs)), []
    if bochs:
        idt, _ = read_expect()
        names = [n for n in names if not n.endswith('_32') and n in idt and idt[n] is None]
        problems += [f'{FRED_PREFIX}{n}: not a 64-bit test that passes on the IDT path'
                     for n in sorted(want) if want[n] != idt.get(n) and n not in names]
        skipped = [n for n in names if (want[n] or '').startswith('skip:')]
        names = [n for n in names if n not in skipped]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as ex:
        results = list(ex.map(lambda n: run_one(b, src, out, n, envs.get(n, {}), cmdline,
                                                vendor, bochs), names))
    if bochs:
        results += [(n, 'SKIP', want[n][len('skip:'):].strip()) for n in skipped]
    for name, result, reason in results:
        if name not in want:
            problems.append(f'{name}: not in tests/selftests-x86.expect')
        elif want[name] is None and result != 'PASS':
            problems.append(f'{name}: expected to pass, {result}: {reason}')
        elif want[name] is not None and result == 'PASS':
            problems.append(f'{name}: passes now: mark it "pass" in tests/selftests-x86.expect')
    if not only and not bochs:
        problems += [f'{n}: in tests/selftests-x86.expect, not in the Makefile'
                     for n in sorted(set(want) - set(names))]
    return results, problems


def report(results, problems, note):
    """One line per test (note(name, result) adds to it), the problems, and the counts.
    Returns the exit status: 1 if there are problems."""
    for name, result, reason in results:
        print(f'{result} {name}' + (f': {reason}' if reason else '') + note(name, result))
    for p in problems:
        print(f'PROBLEM {p}')
    count = {k: sum(1 for r in results if r[1] == k) for k in ('PASS', 'FAIL', 'SKIP')}
    print(f'{count["PASS"]} passed, {count["FAIL"]} failed, {count["SKIP"]} skipped')
    return 1 if problems else 0


def main():
    b, only = boot.cli_args()
    results, problems = run_all(b, only)
    want, _ = read_expect()
    return report(results, problems, lambda name, result: f' (expected: {want[name]})'
                  if result != 'PASS' and want.get(name) else '')


if __name__ == '__main__':
    sys.exit(main())
