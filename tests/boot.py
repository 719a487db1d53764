"""Boot one entrylab configuration under QEMU or Bochs, or run one make command, and judge it.

run() builds an ISO with scripts/mkiso.sh and boots it with scripts/qemu.sh (or, when
its env names a BOCHS_CPU, with scripts/bochs.sh);
run_make() runs a make target the way a user types it. Both keep the output in
build/test-logs/NAME.log and return a Result: the exit status (the documented
status, 0-4, 124 or 125), the log's lines and its KTAP cases. check() compares a
Result with what a case expects and returns the list of problems, empty if none.
"""
import argparse
import os
import re
import socket
import subprocess
import time

import ktap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATUS_NAMES = {0: 'success', 1: 'failure', 2: 'bad boot', 3: 'init exited non-zero',
                4: 'init killed by a signal', 124: 'timed out', 125: 'no status from the kernel'}


def cli_args():
    """(build directory relative to the tree, --only pattern) of a runner's command line."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--only', default='')
    args = ap.parse_args()
    return os.path.relpath(os.path.abspath(args.build), ROOT), args.only


class Result:
    def __init__(self, status, log, seconds):
        self.status, self.seconds = status, seconds
        self.lines = log.splitlines()
        self.cases, self.ktap_errors = ktap.parse(self.lines)

    def has(self, pattern):
        return any(re.search(pattern, line) for line in self.lines)


def _finish(build, name, cmd, env, timeout):
    logdir = os.path.join(build, 'test-logs')
    os.makedirs(logdir, exist_ok=True)
    start = time.monotonic()
    # Each case says how many CPUs it wants; the caller's SMP= or ICOUNT= must not leak.
    base = {k: v for k, v in os.environ.items() if k not in ('SMP', 'ICOUNT')}
    # The case's own variables win (a slow test's TIMEOUT, say).
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL,
                       env={**base, 'KVM': '0', 'TIMEOUT': str(timeout), **env}, cwd=ROOT)
    log = p.stdout.decode('utf-8', 'replace')
    with open(os.path.join(logdir, name + '.log'), 'w') as f:
        f.write(log)
    return Result(p.returncode, log, time.monotonic() - start)


def run(build, name, cmdline, init=None, init_args='', env=None, timeout=120, kernel=None,
        probe=True, qemu_args=()):
    """Boots kernel (default build/entrylab.elf) with cmdline, the probe module and init;
    qemu_args go to QEMU as they are. env's BOCHS_CPU boots it under Bochs instead."""
    iso = os.path.join(build, 'test-logs', name + '.iso')
    os.makedirs(os.path.dirname(iso), exist_ok=True)
    mk = ['bash', 'scripts/mkiso.sh', kernel or os.path.join(build, 'entrylab.elf'), iso,
          cmdline, os.path.join(build, 'user', 'probe.elf') if probe else '']
    if init:
        mk += [init, init_args]
    # The env reaches mkiso.sh too: CUTMEM is its.
    built = subprocess.run(mk, cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, **(env or {})})
    if built.returncode:
        return Result(built.returncode, built.stdout + built.stderr, 0.0)
    try:
        boot = (['bash', 'scripts/bochs.sh', iso] if (env or {}).get('BOCHS_CPU') else
                ['bash', 'scripts/qemu.sh', iso, *qemu_args])
        return _finish(build, name, boot, env or {}, timeout)
    finally:
        os.unlink(iso)


class Monitor:
    """QEMU's human monitor on a UNIX socket: one command at a time, each done when
    the "(qemu) " prompt comes back."""

    def __init__(self, path, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.settimeout(timeout)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self._until_prompt()             # the monitor's banner

    def _until_prompt(self):
        got = b''
        while not got.endswith(b'(qemu) '):
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError('the QEMU monitor closed its socket')
            got += chunk
        return got.decode(errors='replace')

    def command(self, cmd):
        """Runs cmd; returns what the monitor printed (the echo and prompt included)."""
        self.sock.sendall(cmd.encode() + b'\n')
        return self._until_prompt()

    def read_phys_u64(self, pa):
        """The 64-bit word at guest physical address pa (the monitor's xp)."""
        out = self.command(f'xp /1gx {pa:#x}')
        return int(re.search(r'^[0-9a-f]+: (0x[0-9a-f]+)', out, re.M)[1], 16)

    def quit(self):
        """Ends QEMU and waits until it has closed the socket."""
        self.sock.sendall(b'quit\n')
        while self.sock.recv(4096):
            pass
        self.sock.close()


def boot_with_monitor(build, name, iso, env, watch, qemu_args=(), timeout=240):
    """Boots iso under scripts/qemu.sh with a QEMU monitor, and calls watch(line,
    monitor) for each line of the serial log as it comes, until watch returns True;
    the log is then read to its end. Returns (log lines, exit status)."""
    logdir = os.path.join(build, 'test-logs')
    sock = os.path.join(logdir, name + '.sock')
    if os.path.exists(sock):
        os.unlink(sock)
    base = {k: v for k, v in os.environ.items() if k not in ('SMP', 'ICOUNT')}
    p = subprocess.Popen(['bash', 'scripts/qemu.sh', iso, *qemu_args,
                          '-monitor', f'unix:{sock},server,nowait'],
                         cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors='replace',
                         env=dict(base, KVM='0', TIMEOUT=str(timeout), **env))
    log, monitor = [], None
    try:
        monitor = Monitor(sock)
        for line in p.stdout:
            log.append(line)
            if watch(line, monitor):
                break
        log += p.stdout.readlines()
    finally:
        p.wait()
        if monitor:
            monitor.sock.close()
        with open(os.path.join(logdir, name + '.log'), 'w') as f:
            f.write(''.join(log))
    return log, p.returncode


def run_make(build, name, args, timeout=120):
    """Runs "make ARGS" in the source tree, as a user would."""
    return _finish(build, name, ['make', '--no-print-directory', f'BUILD={build}', *args],
                   {}, timeout)


def check(r, status=0, lines=(), absent=(), suites=None, skips=(), failures=(),
          ktap_required=None):
    """Problems with result r, or [].

    status    the expected exit status
    lines     patterns that some line must match
    absent    patterns that no line may match
    suites    {suite: {case, ...}}: exactly these KTAP cases, each ok
    skips     "suite/case" names expected to be skipped (the others must run)
    failures  "suite/case" names expected to fail (a demo of the runner itself)
    ktap_required  KTAP output must be present and well formed (default: if suites)
    A kernel oops, a panic, a CT_WARN_ON or a lockdep line is a problem unless a
    pattern in lines asks for it; so is a kernel stack used beyond half its size, as
    the end-of-run "stack: deepest use U of S bytes (...)" lines say.
    """
    problems = []
    if r.status != status:
        problems.append(f'exit status {r.status} ({STATUS_NAMES.get(r.status, "?")}), '
                        f'expected {status} ({STATUS_NAMES.get(status, "?")})')
    problems += [f'no line matching {p!r}' for p in lines if not r.has(p)]
    problems += [f'a line matches {p!r}' for p in absent if r.has(p)]
    alarms = [p for p in (r'oops:|Kernel panic', r'^CT_WARN_ON', r'^lockdep:')
              if not any(re.search(p, line) for line in lines)]
    problems += [f'unexpected {p!r} in the log' for p in alarms if r.has(p)]
    problems += stack_problems(r)
    if ktap_required if ktap_required is not None else suites is not None:
        problems += [f'KTAP: {e}' for e in r.ktap_errors]
    if suites is not None:
        problems += suite_problems(r, suites, set(skips), set(failures))
    return problems


def stack_problems(r):
    """The end-of-run "stack: deepest use U of S bytes (...)" lines (kernel/stack_usage.c)
    whose U is over half of S: the margin the kernel keeps on every stack."""
    stacks = (re.match(r'^stack: deepest use (\d+) of (\d+) bytes .*', line) for line in r.lines)
    return [f'{m[0]}: over half the stack' for m in stacks if m and int(m[1]) > int(m[2]) // 2]


def suite_problems(r, suites, skips, failures):
    """Exactly the expected cases, per suite; each ok (or not, if expected to fail),
    skipped only if expected to."""
    problems = []
    seen = {}
    for c in r.cases:
        seen.setdefault(c.suite, []).append(c)
    for suite in sorted(set(suites) | set(seen)):
        want = suites.get(suite, set())
        got = [c.name for c in seen.get(suite, [])]
        if sorted(got) != sorted(want):
            missing, extra = sorted(want - set(got)), sorted(set(got) - want)
            problems.append(f'suite {suite}: {len(got)} cases, expected {len(want)}'
                            + (f'; missing {missing}' if missing else '')
                            + (f'; unexpected {extra}' if extra else ''))
    for c in r.cases:
        full = f'{c.suite}/{c.name}'
        if c.ok == (full in failures):
            problems.append(f'not ok: {full}' if not c.ok else f'{full}: ok, expected to fail')
        elif c.skip != (full in skips):
            problems.append(f'{full}: ' + (f'skipped ({c.reason})' if c.skip else
                                           'ran, expected to be skipped'))
    return problems
