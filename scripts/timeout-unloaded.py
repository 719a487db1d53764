#!/usr/bin/env python3
"""Usage: timeout-unloaded.py SECONDS COMMAND [ARG...]

Runs COMMAND (an emulator) and stops it once it has had SECONDS of time to itself:
wall time less the longest that any of its threads has waited on this host's run
queues for a CPU (/proc/PID/task/TID/schedstat's second field). On an idle host
that is the wall time; on one whose cores other programs keep busy, a vCPU thread
that waits half the time gets twice the wall time. A time-out from a quiet host
then still means what it meant there: the work, or the guest's idle waiting, took
that long, not the host's other load. An emulator is that kind of process: its
threads run guest code or sleep until the guest's next timer; whether the host
lets them run is not the guest's doing.

COMMAND keeps the terminal's foreground, as `timeout --foreground` leaves it.
Exit status: COMMAND's, or 124 if it was stopped (SIGTERM, then SIGKILL 5 s later).
A SIGTERM sent to this process is passed on to COMMAND.
"""
import os
import signal
import subprocess
import sys
import time

POLL = 0.2      # seconds between looks at the run-queue waits


def run_delay(pid):
    """The longest run-queue wait in seconds of any of pid's live threads (0 if gone)."""
    longest = 0
    try:
        tids = os.listdir(f'/proc/{pid}/task')
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f'/proc/{pid}/task/{tid}/schedstat') as f:
                longest = max(longest, int(f.read().split()[1]))
        except (OSError, IndexError, ValueError):
            pass            # the thread has exited
    return longest / 1e9


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.split('\n')[0])
    limit = float(sys.argv[1])
    p = subprocess.Popen(sys.argv[2:])
    start, waited = time.monotonic(), 0.0
    # ^C reaches COMMAND too (one process group): it ends, and so does this loop. A
    # SIGTERM for this process (bochs.sh's, once the run has ended) is COMMAND's.
    signal.signal(signal.SIGINT, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: p.terminate())
    while p.poll() is None:
        # The waits only grow; a thread that exits takes its own with it.
        waited = max(waited, run_delay(p.pid))
        if time.monotonic() - start - waited > limit:
            p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            return 124
        time.sleep(POLL)
    return p.returncode


if __name__ == '__main__':
    sys.exit(main())
