#!/usr/bin/env python3
"""Linux's selftests beyond x86/, unmodified, each booted as entrylab's init.

`make selftests-linux` runs this. tests/selftests-linux.expect names each test by
its directory and program (breakpoints/breakpoint_test); the directories are taken
from Debian's linux-source-6.12 (scripts/setup.sh installs it) into
build/selftests-linux/ once. Each program is built static, as its directory's
lib.mk builds it (no optimisation flags), against the tree's own uapi headers
(its `make headers`, as lib.mk's KHDR_INCLUDES), with the shared libraries its
Makefile builds for its tests (rseq's librseq.so) linked in from their sources,
booted as init, and judged as
tests/selftests_x86.py judges one; the expect file may excuse named cases that
fail for a stated reason. It prints one line per test and
`N passed, N failed, N skipped`. No test source is ever patched.
"""
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boot  # noqa: E402
import selftests_x86  # noqa: E402
from boot import ROOT  # noqa: E402

SELFTESTS = f'{selftests_x86.TOP}/tools/testing/selftests'
EXPECT = os.path.join(ROOT, 'tests', 'selftests-linux.expect')
LINE = re.compile(r'^(\S+)\s+(pass|fail|skip)(?:\s+except\s+((?:"[^"]*"(?:,\s*)?)+))?'
                  r'((?:\s+[A-Z_]+=(?:"[^"]*"|[^\s:"]+))*):?\s*(.*)$')


def read_expect():
    """{TEST: (kind, excused cases, reason)} from tests/selftests-linux.expect, and
    {TEST: the environment (VAR=value words) its boot gets}. A TEST is DIR/NAME,
    followed by its VAR=value words when it has any: one program may be listed
    once per environment (seccomp_bpf on one CPU and with SMP=2)."""
    want, envs = {}, {}
    for line in open(EXPECT):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        m = LINE.match(line)
        if not m:
            raise SystemExit(f'tests/selftests-linux.expect: cannot read "{line}"')
        excused = re.findall(r'"([^"]+)"', m[3] or '')
        test = ' '.join([m[1], *m[4].split()])
        if test in want:
            raise SystemExit(f'tests/selftests-linux.expect: "{test}" listed twice')
        want[test] = (m[2], excused, m[5])
        envs[test] = dict(w.split('=', 1) for w in shlex.split(m[4]))
    return want, envs


# What the tree's `make headers` reads; it writes usr/include, the uapi headers as
# installed, which lib.mk's KHDR_INCLUDES and some Makefiles' LINUX_HDR_PATH name.
HEADERS_MEMBERS = ['Makefile', 'Kbuild', 'Kconfig', 'arch/Kconfig', 'scripts', 'include',
                   'arch/x86', 'tools/include', 'tools/arch/x86', 'usr']


def install_headers(out):
    """The tree's usr/include under out/, made once by its own `make headers`."""
    top = os.path.join(out, selftests_x86.TOP)
    usr = os.path.join(top, 'usr', 'include')
    if not os.path.exists(os.path.join(usr, 'linux', 'ptrace.h')):
        subprocess.run(['tar', '-xJf', selftests_x86.TARBALL, '-C', out,
                        *(f'{selftests_x86.TOP}/{m}' for m in HEADERS_MEMBERS)], check=True)
        subprocess.run(['make', '-s', '-C', top, 'ARCH=x86', 'headers'], check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.abspath(usr)


def makefile_flags(directory, usr):
    """CFLAGS and LDLIBS the directory's Makefile sets for its tests: plain words, words
    naming its own plain variables (rseq's $(top_srcdir)), and the kernel headers under
    the names lib.mk and the Makefiles give them; and the sources of the shared
    libraries it builds for them ($(OUTPUT)/libNAME.so: SOURCE.c), which a static
    program takes as sources."""
    text = open(os.path.join(directory, 'Makefile')).read().replace('\\\n', ' ')
    known = {'$(KHDR_INCLUDES)': ['-isystem', usr], '-I$(LINUX_HDR_PATH)': [f'-I{usr}']}
    plain = dict(re.findall(r'^(\w+)\s*:?=\s*([^\s$]+)\s*$', text, re.M))
    found = {'CFLAGS': [], 'LDLIBS': []}
    for var, words in re.findall(r'^(CFLAGS|LDLIBS)\s*\+?:?=(.*)$', text, re.M):
        for w in words.split():
            w = re.sub(r'\$\((\w+)\)', lambda v: plain.get(v[1], v[0]), w)
            found[var] += known.get(w, [] if '$' in w else [w])
    libraries = re.findall(r'^\$\(OUTPUT\)/lib\w+\.so:\s*(\S+\.c)', text, re.M)
    return found['CFLAGS'], libraries + found['LDLIBS']


def source_dir(out, dirs):
    """tools/testing/selftests with dirs and kselftest.h, extracted into out/ once,
    and the sibling directories their sources include (seccomp's ../clone3/)."""
    src = os.path.join(out, SELFTESTS)
    # libcap-dev: seccomp's tests link libcap, as their Makefile says.
    subprocess.run(['bash', os.path.join(ROOT, 'scripts', 'setup.sh'), 'linux-source-6.12',
                    'libcap-dev'], check=True)
    missing = [d for d in dirs if not os.path.isdir(os.path.join(src, d))]
    if missing or not os.path.exists(os.path.join(src, 'kselftest_harness.h')):
        os.makedirs(out, exist_ok=True)
        subprocess.run(['tar', '-xJf', selftests_x86.TARBALL, '-C', out,
                        f'{SELFTESTS}/kselftest.h', f'{SELFTESTS}/kselftest_harness.h',
                        *(f'{SELFTESTS}/{d}' for d in missing)], check=True)
    included = {m for d in dirs for c in os.listdir(os.path.join(src, d)) if c.endswith('.c')
                for m in re.findall(r'#include "\.\./(\w+)/', open(os.path.join(src, d, c)).read())}
    if included - set(dirs):
        return source_dir(out, sorted(set(dirs) | included))
    return src


def build(src, out, usr, test):
    """(binary, None) or (None, the first error line): lib.mk's rule with the directory
    Makefile's CFLAGS and LDLIBS, plus -static."""
    directory, name = test.split('/')
    binary = os.path.abspath(os.path.join(out, 'bin', test))
    os.makedirs(os.path.dirname(binary), exist_ok=True)
    cflags, ldlibs = makefile_flags(os.path.join(src, directory), usr)
    cmd = ['gcc', '-static', '-pthread', '-D_GNU_SOURCE=', *cflags, f'{name}.c', '-o', binary,
           *ldlibs]
    p = subprocess.run(cmd, cwd=os.path.join(src, directory), capture_output=True, text=True)
    if p.returncode:
        errors = [line for line in p.stderr.splitlines() if 'error' in line]
        return None, (errors or p.stderr.splitlines() or ['gcc failed'])[0]
    return binary, None


def program(test):
    """The DIR/NAME a test runs (its VAR=value words dropped)."""
    return test.split()[0]


def failing_cases(r):
    """The descriptions of the KTAP/TAP cases the program reported "not ok"."""
    return [m[1].strip() for m in (re.match(r'^not ok \d+ (.*?)(?: # .*)?$', line.strip())
                                   for line in r.lines) if m]


def verdict(r, excused):
    """selftests_x86's verdict, with the excused cases' failures taken out: and
    with them the KSFT_FAIL exit status the harness gives for them."""
    cases = failing_cases(r)
    if excused and sorted(cases) == sorted(excused):
        r.lines = [re.sub(r'^init: exited with status 1$', 'init: exited with status 0', line)
                   for line in r.lines if not re.match(r'^\s*not ok ', line)]
    return (*selftests_x86.verdict(r), cases)


def run_one(b, built, test, excused, env, cmdline):
    """Boots one test; its ARGS= word is the program's arguments, its CMDLINE= word
    joins the kernel's command line, the others go to scripts/qemu.sh (a slow one's
    TIMEOUT, say)."""
    binary, error = built
    if not binary:
        return test, 'FAIL', f'does not build: {error}', []
    tag = '-' + cmdline.replace('=', '-') if cmdline else ''
    name = re.sub(r'[^\w.-]+', '-', test)
    env = dict(env)
    args = env.pop('ARGS', '')
    cmdline = ' '.join(filter(None, (cmdline, env.pop('CMDLINE', ''))))
    r = boot.run(b, f'selftests-linux{tag}-{name}', cmdline, init=binary, init_args=args,
                 env=env, timeout=int(env.get('TIMEOUT', selftests_x86.BOOT_TIMEOUT * 4)))
    return (test, *verdict(r, excused))


def run_all(b, only='', cmdline=''):
    """[(test, result, reason)] and the problems against the expect file."""
    out = os.path.join(b, 'selftests-linux')
    (want, envs), problems = read_expect(), []
    tests = [t for t in want if only in t]
    src = source_dir(out, sorted({t.split('/')[0] for t in want}))
    usr = install_headers(out)
    programs = sorted({program(t) for t in tests})
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as ex:
        built = dict(zip(programs, ex.map(lambda p: build(src, out, usr, p), programs)))
        results = list(ex.map(lambda t: run_one(b, built[program(t)], t, want[t][1], envs[t],
                                                cmdline), tests))
    for test, result, reason, cases in results:
        kind, excused, why = want[test]
        if kind == 'pass' and result != 'PASS':
            problems.append(f'{test}: expected to pass, {result}: {reason}')
        elif kind == 'pass' and excused and sorted(cases) != sorted(excused):
            problems.append(f'{test}: the excused cases {excused} fail no more: '
                            'update tests/selftests-linux.expect')
        elif kind != 'pass' and result == 'PASS':
            problems.append(f'{test}: passes now: mark it "pass" in tests/selftests-linux.expect')
    return [(t, r, why) for t, r, why, _ in results], problems


def main():
    b, only = boot.cli_args()
    results, problems = run_all(b, only)
    want, _ = read_expect()

    def note(test, result):
        _, excused, why = want[test]
        if result != 'PASS':
            return f' (expected: {why})' if why else ''
        return f' (excused: {", ".join(excused)})' if excused else ''
    return selftests_x86.report(results, problems, note)


if __name__ == '__main__':
    sys.exit(main())
