#!/usr/bin/env python3
"""Print (or put into docs/entry.md) the default variant's entry code as it runs.

    entry-disasm.py KERNEL.elf                 print the do_syscall_64 listing
    entry-disasm.py KERNEL.elf --update DOC    replace the blocks between the
                                               DISASM-BEGIN / DISASM-END markers
                                               and the STUB-BEGIN / STUB-END ones
    entry-disasm.py KERNEL.elf --check DOC     exit 1 if a block is stale
    entry-disasm.py KERNEL.elf --stubs         print the booted SYSCALL stubs

The C half: each instruction of do_syscall_64 as objdump shows it, with the source
line it came from (objdump -l) turned into a short comment, so the listing
explains itself. A reading guide above it names each per-CPU (%gs:) and pt_regs
offset the code uses, from the build's asm-offsets.inc (arch/x86/asm-offsets.c),
so it cannot drift.

The stub: the SYSCALL stub is one macro instantiated per variant and patched at
boot (arch/x86/alternative.c), so no file shows the bytes that run. This boots
the kernel twice under QEMU's gdb stub (scripts/trace.py), with mitigations=off
and with the defaults, stops at the probe's SYSCALL, after the patching, and
reads the stub MSR_LSTAR names out of the guest's memory: the plain stub, and its
_mitigated twin. Each instruction gets the assembly source line it came from.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace  # noqa: E402  scripts/trace.py: the gdb-stub boot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

FUNC = 'do_syscall_64_irqoff_inline'
BEGIN, END = '<!-- DISASM-BEGIN: make disasm -->', '<!-- DISASM-END -->'
STUB_BEGIN, STUB_END = '<!-- STUB-BEGIN: make disasm -->', '<!-- STUB-END -->'
# (mitigation row of scripts/bench_mitigations.py, the stub MSR_LSTAR names with it)
STUBS = (('off', 'entry_SYSCALL_64_irqoff_inline'),
         ('auto', 'entry_SYSCALL_64_irqoff_inline_mitigated'))


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
                table[v] = n[len(prefix):].lower().replace('__', '.')
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


def booted_stub(kernel, row, stub):
    """The listing of stub as the boot with mitigation row left it in memory."""
    build = os.path.dirname(kernel)
    syms = symbols(kernel)
    start = next(a for a, _, n in syms if n == stub)
    end = min(a for a, t, n in syms if a > start and t in 'Tt' and not n.startswith('..@'))
    log = os.path.join(build, f'disasm-{row}.log')
    probe = os.path.join(build, 'user/probe.elf')
    with trace.stopped_at(build, trace.row_cmdline(row), probe, 'trace op=getpid',
                          'trace_syscall', log) as (gdb, _):
        image = gdb.memory(start, end - start)
    raw = os.path.join(build, f'disasm-{row}.bin')
    open(raw, 'wb').write(image)
    named = [x for x in syms if not x[2].startswith('..@')]
    insns, addr = [], start
    while addr < end:
        decoded = decode(raw, start, addr)
        # The alignment padding after the stub's last instruction is no part of it.
        while decoded and decoded[-1][1].startswith(('nop', 'int3', 'cs nop', 'data16')):
            decoded.pop()
        addr = end
        for a, insn in decoded:
            insns.append((a, insn))
            # A patch site switched off is a JMP over its block: the bytes skipped
            # never run, so the listing goes on at the target.
            m = re.match(r'jmp 0x([0-9a-f]+)$', insn)
            if m and a < int(m[1], 16) < end:
                addr = int(m[1], 16)
                break
    where = trace.source_lines(kernel, [a for a, _ in insns])
    on = sorted(m for m, state, _ in trace.BANNER.findall(open(log).read()) if state == 'on')
    lines = [f'{stub}:  ; booted with {trace.row_cmdline(row) or "the defaults"}: '
             f'mitigations on: {", ".join(on) or "none"}']
    for i, (a, insn) in enumerate(insns):
        # RIP-relative operands and branch targets by the symbols they name.
        nxt = insns[i + 1][0] if i + 1 < len(insns) else end
        insn = re.sub(r'(-?0x[0-9a-f]+)\(%rip\)',
                      lambda m: f'{symbolise(nxt + int(m[1], 16), named)}(%rip)', insn)
        insn = re.sub(r'(?<![$\w])0x([0-9a-f]{16})\b',
                      lambda m: symbolise(int(m[1], 16), named), insn)
        insn = re.sub(rf'\b{stub}\+0x([0-9a-f]+)', r'.+0x\1', insn)
        lines.append(f'    {f"+{a - start:#04x}":<7}{insn:<40} ; {where[a]}')
    return '\n'.join(lines)


def decode(raw, base, addr):
    """[(address, instruction)] of the raw image loaded at base, from addr on."""
    out = subprocess.run(['objdump', '-D', '-b', 'binary', '-m', 'i386:x86-64',
                          '--no-show-raw-insn', f'--adjust-vma={base:#x}',
                          f'--start-address={addr:#x}', raw],
                         check=True, capture_output=True, text=True).stdout
    return [(int(m[1], 16), re.sub(r'\s+', ' ', m[2]).split('#')[0].strip()) for m in
            re.finditer(r'^\s*([0-9a-f]+):\s+(\S.*)$', out, re.M)]


def stub_block(kernel):
    listings = '\n\n'.join(booted_stub(kernel, row, stub) for row, stub in STUBS)
    return f'{STUB_BEGIN}\n```\n{listings}\n```\n{STUB_END}'


def replace_block(text, begin, end, new, doc):
    m = re.search(re.escape(begin) + r'.*?' + re.escape(end), text, re.S)
    if not m:
        sys.exit(f'{doc}: no {begin} ... {end} block')
    return text[:m.start()] + new + text[m.end():]


def main():
    kernel = sys.argv[1]
    if len(sys.argv) == 2:
        print(listing(kernel))
        return 0
    if sys.argv[2] == '--stubs':
        print(stub_block(kernel))
        return 0
    mode, doc = sys.argv[2], sys.argv[3]
    text = open(doc).read()
    new = replace_block(text, BEGIN, END, block(kernel), doc)
    new = replace_block(new, STUB_BEGIN, STUB_END, stub_block(kernel), doc)
    if mode == '--check':
        return 0 if new == text else 1
    if new != text:
        open(doc, 'w').write(new)
    print(f'{doc}: listings of {FUNC} and the booted stubs '
          f'{"updated" if new != text else "unchanged"}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
