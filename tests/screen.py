"""What the framebuffer console put on the screen, read back from a QEMU screendump.

boot_and_dump() boots an ISO under scripts/qemu.sh with a QEMU monitor on a UNIX
socket, waits for the kernel's "power-off in" line (it then waits halt_after=
seconds with the screen as it is), takes a screendump (a binary PPM) and quits.
read_ppm() reads it; read_text() turns it back into text with the kernel's own
font (build/font8x16.c): each 8x16 cell whose lit pixels are exactly one glyph's
is that character, so a line read back proves the console drew legible text at
the right places, in the right colours' brightness.
"""
import os
import re
import socket
import subprocess
import time

from boot import ROOT

CELL_W, CELL_H = 8, 16


def read_ppm(path):
    """(width, height, rgb bytes) of a binary (P6) PPM with 8-bit channels."""
    data = open(path, 'rb').read()
    m = re.match(rb'P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s', data)
    if not m or m[3] != b'255':
        raise ValueError(f'{path}: not an 8-bit binary PPM')
    width, height = int(m[1]), int(m[2])
    pixels = data[m.end():m.end() + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError(f'{path}: {len(pixels)} bytes of pixels, expected {width * height * 3}')
    return width, height, pixels


def load_font(build):
    """{tuple of 16 row bytes: character} from the generated font source."""
    text = open(os.path.join(build, 'font8x16.c')).read()
    rows = re.findall(r'\{ ((?:0x[0-9a-f]{2}, ){15}0x[0-9a-f]{2}) \}', text)
    glyphs = {}
    for i, row in enumerate(rows):
        glyphs.setdefault(tuple(int(v, 16) for v in row.split(', ')), chr(0x20 + i))
    return glyphs


def read_text(build, path, threshold=0x40):
    """The screen's lines of text (trailing spaces dropped); '\\0' for a cell that is
    no glyph of the font."""
    width, height, px = read_ppm(path)
    glyphs = load_font(build)
    lines = []
    for top in range(0, height - CELL_H + 1, CELL_H):
        chars = []
        for left in range(0, width - CELL_W + 1, CELL_W):
            cell = []
            for y in range(top, top + CELL_H):
                bits = 0
                for x in range(left, left + CELL_W):
                    if max(px[(y * width + x) * 3:(y * width + x) * 3 + 3]) > threshold:
                        bits |= 0x80 >> (x - left)
                cell.append(bits)
            chars.append(glyphs.get(tuple(cell), '\0'))
        lines.append(''.join(chars).rstrip(' '))
    return lines


def until_prompt(s):
    """Reads the QEMU monitor's output up to its next "(qemu) " prompt."""
    got = b''
    while not got.endswith(b'(qemu) '):
        chunk = s.recv(4096)
        if not chunk:
            raise ConnectionError('the QEMU monitor closed its socket')
        got += chunk
    return got


def boot_and_dump(build, name, iso, env, qemu_args=(), timeout=240):
    """Boots iso (its command line must hold halt_after=N), dumps the screen once the
    kernel says it will power off, and returns (serial log, PPM path or None)."""
    logdir = os.path.join(build, 'test-logs')
    sock, ppm = os.path.join(logdir, name + '.sock'), os.path.join(logdir, name + '.ppm')
    for f in (sock, ppm):
        if os.path.exists(f):
            os.unlink(f)
    base = {k: v for k, v in os.environ.items() if k not in ('SMP', 'ICOUNT')}
    p = subprocess.Popen(['bash', 'scripts/qemu.sh', iso, *qemu_args,
                          '-monitor', f'unix:{sock},server,nowait'],
                         cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors='replace',
                         env=dict(base, KVM='0', EXIT_DEVICE='0', TIMEOUT=str(timeout), **env))
    log = []
    for line in p.stdout:
        log.append(line)
        if 'power-off in' in line:
            # printk writes COM1 before it draws: on a loaded host the screen's copy of
            # this line can lag. The kernel keeps the screen for halt_after=30 s.
            time.sleep(5)
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(30)
                s.connect(sock)
                until_prompt(s)			# the monitor's banner
                s.sendall(f'screendump {ppm}\n'.encode())
                until_prompt(s)			# the dump is written when the prompt returns
                s.sendall(b'quit\n')
                while s.recv(4096):		# QEMU closes the socket as it exits
                    pass
            break
    log += p.stdout.readlines()
    p.wait()
    with open(os.path.join(logdir, name + '.log'), 'w') as f:
        f.write(''.join(log))
    return log, ppm if os.path.exists(ppm) else None
