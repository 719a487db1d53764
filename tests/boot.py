"""Boot one entrylab configuration under QEMU and judge the result.

A Boot builds its ISO with scripts/mkiso.sh, runs it with scripts/qemu.sh under a
timeout, keeps the serial log in build/test-logs/NAME.log and returns a Verdict:
the decoded exit status, the KTAP results and every problem found. judge() is
strict: any "not ok", a missing or short plan, an oops or panic, a missing exit
status or a timeout is a failure.
"""
import os
import re
import subprocess
import time

import ktap

STATUS_NAMES = {0: 'success', 1: 'failure', 2: 'bad boot', 3: 'init exited non-zero',
                4: 'init killed by a signal', 125: 'no status (QEMU died or was killed)'}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Verdict:
    last = None     # the most recent boot's verdict

    def __init__(self, status, log, timed_out, seconds):
        self.status, self.log, self.timed_out, self.seconds = status, log, timed_out, seconds
        self.lines = log.splitlines()
        self.cases, self.ktap_errors = ktap.parse(self.lines)
        self.problems = []
        Verdict.last = self

    def count(self, ok=None, skip=None):
        return sum(1 for c in self.cases
                   if (ok is None or c.ok == ok) and (skip is None or c.skip == skip))

    def has(self, pattern):
        return any(re.search(pattern, line) for line in self.lines)

    def failed_names(self):
        return [c.name for c in self.cases if not c.ok]


def run(build, name, cmdline, init=None, init_args='', env=None, timeout=120, qemu_args=()):
    """Builds and boots one configuration; returns its Verdict."""
    logdir = os.path.join(build, 'test-logs')
    os.makedirs(logdir, exist_ok=True)
    iso = os.path.join(logdir, name + '.iso')
    mk = ['bash', os.path.join(ROOT, 'scripts/mkiso.sh'), os.path.join(build, 'entrylab.elf'),
          iso, cmdline]
    if init:
        mk += [init, init_args]
    subprocess.run(mk, check=True)
    full_env = dict(os.environ, KVM='0')
    full_env.update(env or {})
    start = time.monotonic()
    timed_out = False
    try:
        p = subprocess.run(['bash', os.path.join(ROOT, 'scripts/qemu.sh'), iso, *qemu_args],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, env=full_env, timeout=timeout)
        out, status = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, status, timed_out = e.stdout or b'', None, True
    log = out.decode('utf-8', 'replace').replace('\r\n', '\n')
    with open(os.path.join(logdir, name + '.log'), 'w') as f:
        f.write(log)
    os.unlink(iso)
    return Verdict(status, log, timed_out, time.monotonic() - start)


def judge(v, expect_status=0, min_cases=0, min_suites=0, ktap=True):
    """Fills v.problems for a boot that should pass cleanly; returns v.

    ktap=False: the boot runs no self-tests, so no KTAP output is required (any
    KTAP it does print is still checked).
    """
    if v.timed_out:
        v.problems.append('timed out')
    elif v.status != expect_status:
        v.problems.append(f'exit status {v.status} ({STATUS_NAMES.get(v.status, "?")}), '
                          f'expected {expect_status} ({STATUS_NAMES[expect_status]})')
    if ktap or v.has(r'^KTAP version 1$'):
        v.problems += [f'KTAP: {e}' for e in v.ktap_errors]
    if v.failed_names():
        v.problems.append('not ok: ' + ', '.join(v.failed_names()))
    if v.has(r'oops:|Kernel panic'):
        v.problems.append('kernel oops or panic in the log')
    if v.has(r'^CT_WARN_ON'):
        v.problems.append('context-tracking warning in the log')
    if len(v.cases) < min_cases:
        v.problems.append(f'only {len(v.cases)} KTAP cases, expected at least {min_cases}')
    suites = sum(1 for line in v.lines if re.match(r'^    # Subtest: ', line))
    if suites < min_suites:
        v.problems.append(f'only {suites} suites, expected at least {min_suites}')
    return v
