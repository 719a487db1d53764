#!/usr/bin/env python3
"""Boots a static program as pid 1 of Debian's own Linux under entrylab's QEMU.

An expect file that excuses a Linux selftest case ("fails there too: no
filesystem") must show the reason true. This script boots the very binary the
same way entrylab runs it: one CPU (or SMP=N), TCG, its only file the program,
as /init of an initramfs (no /proc, /dev or /sys mounted, no other file), with
Debian 12's kernel (the linux-image-amd64 package's, downloaded once into
build/linux-pid1/, never installed). It prints the serial console; the kernel's
"Attempted to kill init! exitcode=0x..." line gives init's wait status.
--kernel names another image package of the release, e.g. linux-image-6.12-amd64
(bookworm's Linux 6.12, from bookworm-security), fetched the same way; --cpu a
QEMU CPU model (default max); --append more kernel parameters.

With --icount, QEMU counts as make bench ICOUNT=1 does (-icount
shift=0,align=off,sleep=off; one CPU unless --smp says otherwise): a guest RDTSC
delta is the number of instructions executed, so a program's figures are
comparable with the benchmark's (make compare boots tests/programs/syscall-loop.c
so: scripts/bench_linux.py).

    scripts/linux-pid1.py [--smp N] [--timeout S] [--kernel PKG] [--cpu MODEL]
                          [--append PARAMS] [--icount] PROGRAM [ARG...]
"""
import argparse
import glob
import gzip
import io
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'build', 'linux-pid1')


def kernel(meta='linux-image-amd64'):
    """The vmlinuz of the image package the package meta depends on, extracted once."""
    deps = subprocess.run(['apt-cache', 'depends', meta], capture_output=True,
                          text=True, check=True).stdout.split()
    pkg = next(w for w in deps if w.startswith('linux-image-') and w != meta)
    found = glob.glob(os.path.join(OUT, pkg, 'boot', 'vmlinuz-*'))
    if not found:
        os.makedirs(OUT, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(['apt-get', 'download', '-q', pkg], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
            deb = glob.glob(os.path.join(tmp, '*.deb'))[0]
            subprocess.run(['dpkg-deb', '-x', deb, os.path.join(OUT, pkg)], check=True)
        found = glob.glob(os.path.join(OUT, pkg, 'boot', 'vmlinuz-*'))
    return found[0]


def cpio_newc(files):
    """A gzipped newc cpio archive of {name: (mode, data)}, as the kernel unpacks it."""
    out = io.BytesIO()
    for ino, (name, (mode, data)) in enumerate([*files.items(), ('TRAILER!!!', (0, b''))]):
        fields = [0x070701, ino + 1, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name) + 1, 0]
        out.write(b'%06X' % fields[0] + b''.join(b'%08X' % f for f in fields[1:]))
        out.write(name.encode() + b'\0')
        out.write(b'\0' * (-out.tell() % 4) + data + b'\0' * (-len(data) % 4))
    return gzip.compress(out.getvalue())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--smp', type=int, default=1)
    ap.add_argument('--timeout', type=int, default=600)
    ap.add_argument('--kernel', default='linux-image-amd64')
    ap.add_argument('--cpu', default='max')
    ap.add_argument('--append', default='')
    ap.add_argument('--icount', action='store_true',
                    help='count instructions, as make bench ICOUNT=1 (scripts/qemu.sh)')
    ap.add_argument('program')
    ap.add_argument('args', nargs='*')
    a = ap.parse_args()
    vmlinuz = kernel(a.kernel)
    with tempfile.TemporaryDirectory() as tmp:
        initrd = os.path.join(tmp, 'initrd.gz')
        with open(initrd, 'wb') as f:
            f.write(cpio_newc({'init': (0o100755, open(a.program, 'rb').read())}))
        icount = ['-icount', 'shift=0,align=off,sleep=off'] if a.icount else []
        cmd = ['qemu-system-x86_64', *icount, '-cpu', a.cpu, '-smp', str(a.smp),
               '-m', '512M',
               '-display', 'none', '-serial', 'stdio', '-no-reboot', '-kernel', vmlinuz,
               '-initrd', initrd, '-append',
               ' '.join(['console=ttyS0', 'panic=-1', 'quiet', *a.append.split(), '--',
                         *a.args])]
        try:
            return subprocess.run(cmd, timeout=a.timeout).returncode
        except subprocess.TimeoutExpired:
            print(f'linux-pid1: no end after {a.timeout} s', file=sys.stderr)
            return 124


if __name__ == '__main__':
    sys.exit(main())
