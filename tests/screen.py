"""What the framebuffer console put on the screen, read back from a QEMU screendump.

boot_and_dump() boots an ISO under scripts/qemu.sh with a QEMU monitor on a UNIX
socket (boot.boot_with_monitor()), waits for the kernel's "power-off in" line (it
then waits halt_after= seconds with the screen as it is), takes a screendump (a
binary PPM) and quits.
read_ppm() reads it; read_text() turns it back into text with the kernel's own
font (build/font8x16.c): each 8x16 cell whose lit pixels are exactly one glyph's
is that character, so a line read back proves the console drew legible text at
the right places, in the right colours' brightness.
"""
import os
import re
import time

import boot
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


def boot_and_dump(build, name, iso, env, qemu_args=(), timeout=240):
    """Boots iso (its command line must hold halt_after=N), dumps the screen once the
    kernel says it will power off, and returns (serial log, PPM path or None)."""
    ppm = os.path.join(build, 'test-logs', name + '.ppm')
    if os.path.exists(ppm):
        os.unlink(ppm)

    def watch(line, monitor):
        if 'power-off in' not in line:
            return False
        # printk writes COM1 before it draws: on a loaded host the screen's copy of
        # this line can lag. The kernel keeps the screen for halt_after=30 s.
        time.sleep(5)
        monitor.command(f'screendump {ppm}')     # written when the prompt returns
        monitor.quit()
        return True
    log, _ = boot.boot_with_monitor(build, name, iso, dict(env, EXIT_DEVICE='0'), watch,
                                    qemu_args, timeout)
    return log, ppm if os.path.exists(ppm) else None
