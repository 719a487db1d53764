#!/usr/bin/env python3
"""Print (or put into docs/entry.md) the built do_syscall_64 of the default variant.

    entry-disasm.py KERNEL.elf                 print the listing
    entry-disasm.py KERNEL.elf --update DOC    replace the block between the
                                               DISASM-BEGIN / DISASM-END markers
    entry-disasm.py KERNEL.elf --check DOC     exit 1 if that block is stale

Each instruction is printed as objdump shows it, with the source line it came
from (objdump -l) turned into a short comment, so the listing explains itself. A
reading guide above it names each per-CPU (%gs:) and pt_regs offset the code uses,
from the build's asm-offsets.inc (arch/x86/asm-offsets.c), so it cannot drift.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

FUNC = 'do_syscall_64_irqoff_inline'
BEGIN, END = '<!-- DISASM-BEGIN: make disasm -->', '<!-- DISASM-END -->'


def symbols(kernel):
    out = subprocess.run(['nm', '-n', kernel], check=True, capture_output=True, text=True).stdout
    return [(int(a, 16), t, n) for a, t, n in (l.split(maxsplit=2) for l in out.splitlines())
            if a.startswith('ffffffff8')]


def symbolise(addr, syms):
    best = None
    for a, t, n in syms:
        if a > addr:
            break
        best = (a, t, n)
    if best and addr == best[0]:
        return best[2]
    if best and best[1] in 'Tt':
        return f'{best[2]}+{addr - best[0]:#x}'
    return '<string>'      # an anonymous constant (a string literal) in .rodata


def stable(insn, comment, syms):
    """Replaces addresses that move with every build by the symbols they name."""
    m = re.search(r'<([^>]+)>', comment or '')
    if m and '(%rip)' in insn:       # rip-relative: objdump names the target
        insn = re.sub(r'-?0x[0-9a-f]+\(%rip\)', f'{m[1]}(%rip)', insn)

    def repl(mm):
        v = int(mm[2], 16)
        if mm[1] == '-':
            v = (1 << 64) - v
        if v >= 0xffffffff80000000:
            return mm[0][:mm.start(1) - mm.start(0)] + symbolise(v, syms)
        return mm[0]
    return re.sub(r'(-?)0x([0-9a-f]+)', lambda mm: repl(mm), insn)


def listing(kernel):
    syms = symbols(kernel)
    out = subprocess.run(['objdump', '-d', '-l', '--no-show-raw-insn',
                          f'--disassemble={FUNC}', kernel],
                         check=True, capture_output=True, text=True).stdout
    insns, where = [], None      # (address, instruction, source line)
    for line in out.splitlines():
        m = re.match(r'^(/[^:]+):(\d+)', line)
        if m:
            where = f'{m[1].removeprefix(ROOT)}:{m[2]}'
            continue
        m = re.match(r'^\s*([0-9a-f]+):\s+(\S.*)$', line)
        if m:
            # A branch's target: "ffffffff80114114 <fn+0x44>" -> "<fn+0x44>".
            text = re.sub(r'\b[0-9a-f]{16} <', '<', re.sub(r'\s+', ' ', m[2]).strip())
            insn, _, comment = text.partition('#')
            insns.append((int(m[1], 16), stable(insn.strip(), comment, syms), where))
    # Jumps inside the function go to local labels, numbered in address order, so a
    # reader can follow a cold branch without addresses.
    start = insns[0][0]
    offsets = sorted({int(o, 16) for _, insn, _ in insns
                      for o in re.findall(rf'<{FUNC}\+0x([0-9a-f]+)>', insn)})
    labels = {start + o: f'.L{i + 1}' for i, o in enumerate(offsets)}
    lines = [f'{FUNC}:']
    for addr, insn, src in insns:
        if addr in labels:
            lines.append(f'{labels[addr]}:')
        insn = re.sub(rf'<{FUNC}\+0x([0-9a-f]+)>',
                      lambda m: labels[start + int(m[1], 16)], insn)
        lines.append(f'    {insn:<44} ; {src}' if src else f'    {insn}')
    return '\n'.join(lines)


def guide(kernel, text):
    """Names for the offsets the listing uses, from asm-offsets.inc beside the kernel."""
    inc = open(os.path.join(os.path.dirname(kernel), 'asm-offsets.inc')).read()
    defs = {n: int(v) for n, v in re.findall(r'^%define (\w+) (\d+)$', inc, re.M)}
    names = {'PERCPU_': {}, 'PT_': {}}
    for n, v in defs.items():
        for prefix, table in names.items():
            if n.startswith(prefix):
                table[v] = n[len(prefix):].lower()
    regs = re.search(r'mov %rdi,%(\w+)', text)[1]     # where do_syscall_64 keeps regs
    gs = sorted({int(o, 16) for o in re.findall(r'%gs:0x([0-9a-f]+)', text)})
    pt = sorted({int(o, 16) for o in re.findall(rf'\b0x([0-9a-f]+)\(%{regs}\)', text)})
    # pt_regs holds 8-byte fields: a byte test (testb $0x1,0x91) names its byte.
    unnamed = [f'%gs:{o:#x}' for o in gs if o not in names['PERCPU_']] + \
              [f'{o:#x}(%{regs})' for o in pt if o & ~7 not in names['PT_']]
    if unnamed:
        sys.exit(f'no name for {", ".join(unnamed)}: add it to arch/x86/asm-offsets.c')
    percpu = ', '.join(f'`%gs:{o:#x}` is `percpu.{names["PERCPU_"][o]}`' for o in gs)
    fields = ', '.join(f'`{o:#x}` `{names["PT_"][o & ~7]}`' + (f' (byte {o & 7})' if o & 7 else '')
                       for o in pt)
    return (f'Reading guide (generated): {percpu}; the offsets into `regs` (`%{regs}`) '
            f'are {fields} in `struct pt_regs`.')


def block(kernel):
    text = listing(kernel)
    return f'{BEGIN}\n{guide(kernel, text)}\n\n```\n{text}\n```\n{END}'


def main():
    kernel = sys.argv[1]
    if len(sys.argv) == 2:
        print(listing(kernel))
        return 0
    mode, doc = sys.argv[2], sys.argv[3]
    text = open(doc).read()
    m = re.search(re.escape(BEGIN) + r'.*?' + re.escape(END), text, re.S)
    if not m:
        sys.exit(f'{doc}: no {BEGIN} ... {END} block')
    if mode == '--check':
        return 0 if m[0] == block(kernel) else 1
    if m[0] == block(kernel):
        print(f'{doc}: listing of {FUNC} unchanged')
        return 0
    open(doc, 'w').write(text[:m.start()] + block(kernel) + text[m.end():])
    print(f'{doc}: listing of {FUNC} updated')
    return 0


if __name__ == '__main__':
    sys.exit(main())
