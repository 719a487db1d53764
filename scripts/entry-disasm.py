#!/usr/bin/env python3
"""Print (or put into docs/entry.md) the default variant's entry code as it runs.

    entry-disasm.py KERNEL.elf                 print the do_syscall_64 listing
    entry-disasm.py KERNEL.elf --update DOC    replace the blocks between the
                                               DISASM-BEGIN / DISASM-END markers
                                               and the STUB-BEGIN / STUB-END ones
    entry-disasm.py KERNEL.elf --check DOC     exit 1 if a block is stale
    entry-disasm.py KERNEL.elf --stubs         print the booted SYSCALL stubs

The walkthrough at the top of docs/entry.md quotes the same listings in pieces,
each beside the step it belongs to: a block between
<!-- WALK-BEGIN: LISTING FIRST .. LAST --> and <!-- WALK-END --> holds the lines of
LISTING (`stub`: the plain stub as booted; `c`: do_syscall_64; `user`: the
benchmark's timed loop, bench/user/bench.c's time_syscalls()) from the first
instruction that starts with FIRST to the next one that starts with LAST. The
block between the PTREGS markers draws struct pt_regs on the stack: each field's
offset (arch/x86/include/asm/ptrace.h, checked against asm-offsets.inc's PT_*)
beside the push of the booted stub that wrote it.

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
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace  # noqa: E402  scripts/trace.py: the gdb-stub boot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

FUNC = 'do_syscall_64_irqoff_inline'
# The benchmark's loop (bench/user/bench.c), in the init program it is linked into.
USER_ELF, USER_FUNC = os.path.join('user', 'init.elf'), 'time_syscalls'
BEGIN, END = '<!-- DISASM-BEGIN: make disasm -->', '<!-- DISASM-END -->'
STUB_BEGIN, STUB_END = '<!-- STUB-BEGIN: make disasm -->', '<!-- STUB-END -->'
# (mitigation row of scripts/bench_mitigations.py, the stub MSR_LSTAR names with it)
STUBS = (('off', 'entry_SYSCALL_64_irqoff_inline'),
         ('pti+verw+retpoline+bhi', 'entry_SYSCALL_64_irqoff_inline_mitigated'))
WALK = re.compile(r'(<!-- WALK-BEGIN: (stub|c|user) (.+?) \.\. (.+?) -->\n).*?(<!-- WALK-END -->)', re.S)
PTREGS_BEGIN, PTREGS_END = '<!-- PTREGS-BEGIN: make disasm -->', '<!-- PTREGS-END -->'


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


def listing(elf, func=FUNC):
    """func of elf, each instruction with its source line: FUNC of the kernel, or
    USER_FUNC of the benchmark's init, whose addresses stable() leaves alone."""
    syms = symbols(elf)
    out = subprocess.run(['objdump', '-d', '-l', '--no-show-raw-insn',
                          f'--disassemble={func}', elf],
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
                      for o in re.findall(rf'<{func}\+0x([0-9a-f]+)>', insn)})
    labels = {start + o: f'.L{i + 1}' for i, o in enumerate(offsets)}
    lines = [f'{func}:']
    for addr, insn, src in insns:
        if addr in labels:
            lines.append(f'{labels[addr]}:')
        # A user branch's target: "402a30 <fn+0x40>" -> ".L1", as the kernel's.
        insn = re.sub(rf'(\b[0-9a-f]+ )?<{func}\+0x([0-9a-f]+)>',
                      lambda m: labels[start + int(m[2], 16)], insn)
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
        lines.append(f'    {f"+{a - start:#04x}":<7}{insn:<40} ; {asm_source(where[a], insn)}')
    return '\n'.join(lines)


def asm_source(loc, insn):
    """loc, or the same line of the one entry/*.inc that holds insn (its mnemonic and operands)
    where loc's line does not: NASM's line table keeps the file of the line before when a
    macro's line has the same number (PUSH_REGS_CLOBBERED's first push, calling.inc:38,
    after entry_64.asm:38's)."""
    path, _, line = loc.rpartition(':')
    want = re.findall(r'\w+', insn.replace('%', ''))

    def words(p):
        try:
            text = open(os.path.join(ROOT, p)).read().splitlines()[int(line) - 1]
        except (OSError, IndexError, ValueError):
            return []
        return re.findall(r'\w+', text.split(';', 1)[0])

    if not want or not path.endswith('.asm') or sorted(words(path)) == sorted(want):
        return loc
    found = [p for p in sorted(glob.glob('entry/*.inc', root_dir=ROOT))
             if sorted(words(p)) == sorted(want)]
    return f'{found[0]}:{line}' if len(found) == 1 else loc


def decode(raw, base, addr):
    """[(address, instruction)] of the raw image loaded at base, from addr on."""
    out = subprocess.run(['objdump', '-D', '-b', 'binary', '-m', 'i386:x86-64',
                          '--no-show-raw-insn', f'--adjust-vma={base:#x}',
                          f'--start-address={addr:#x}', raw],
                         check=True, capture_output=True, text=True).stdout
    return [(int(m[1], 16), re.sub(r'\s+', ' ', m[2]).split('#')[0].strip()) for m in
            re.finditer(r'^\s*([0-9a-f]+):\s+(\S.*)$', out, re.M)]


def stub_block(stubs):
    listings = '\n\n'.join(stubs[stub] for _, stub in STUBS)
    return f'{STUB_BEGIN}\n```\n{listings}\n```\n{STUB_END}'


def insn_of(line):
    """The instruction of a listing line, without its stub offset and source."""
    return re.sub(r'^\s*(\+0x[0-9a-f]+\s+)?', '', line).split(' ; ')[0].strip()


def walk_slice(listing, first, last):
    """The lines of listing from the instruction starting with first to the next
    one starting with last, both included."""
    lines = listing.splitlines()
    try:
        i = next(n for n, l in enumerate(lines) if insn_of(l).startswith(first))
        j = next(n for n in range(i, len(lines)) if insn_of(lines[n]).startswith(last))
    except StopIteration:
        sys.exit(f'no "{first}" .. "{last}" in the listing: fix the WALK marker')
    return '\n'.join(lines[i:j + 1])


def pt_regs_fields():
    """struct pt_regs' fields, lowest address first; every one is 8 bytes."""
    src = open(os.path.join(ROOT, 'arch/x86/include/asm/ptrace.h')).read()
    body = re.search(r'^struct pt_regs \{(.*?)^\};', src, re.S | re.M)[1]
    body = re.sub(r'/\*.*?\*/', '', body, flags=re.S)
    decls = [d.strip() for d in body.split(';') if d.strip()]
    fields = [re.fullmatch(r'unsigned long (\w+)', d) for d in decls]
    if not all(fields):
        sys.exit('struct pt_regs has a field that is no unsigned long: draw it by hand')
    return [f[1] for f in fields]


def ptregs_block(kernel, stub):
    """struct pt_regs drawn on the stack, each slot beside the stub's push that wrote it."""
    fields = pt_regs_fields()
    inc = open(os.path.join(os.path.dirname(kernel), 'asm-offsets.inc')).read()
    percpu_top = int(re.search(r'^%define PERCPU_top_of_stack (\d+)$', inc, re.M)[1])
    for name, value in re.findall(r'^%define PT_(\w+) (\d+)$', inc, re.M):
        if name.lower() not in fields or int(value) != 8 * fields.index(name.lower()):
            sys.exit(f'asm-offsets.inc: PT_{name} is {value}, ptrace.h says otherwise')
    lines = stub.splitlines()[1:]
    top = next(n for n, l in enumerate(lines) if insn_of(l).startswith('push'))
    end = next(n for n in range(top, len(lines)) if not insn_of(lines[n]).startswith('push'))
    pushes = lines[top:end]
    if len(pushes) != len(fields) or insn_of(lines[end]) != 'mov %rsp,%rdi':
        sys.exit(f'the stub pushes {len(pushes)} words before "mov %rsp,%rdi", '
                 f'struct pt_regs has {len(fields)}')
    size = 8 * len(fields)
    # Push k of the stub writes the k-th word below top_of_stack, where pt_regs ends.
    rows = [f'    regs+{size:#05x}  top_of_stack (%gs:{percpu_top:#x}), higher addresses above',
            f'    {"":12}+-----------+']
    for k, line in enumerate(pushes):
        off = size - 8 * (k + 1)
        offset, insn, src = re.fullmatch(r'\s*(\+0x[0-9a-f]+)\s+(.*?)\s+; (.*)', line).groups()
        rows.append(f'    regs+{off:#05x}  | {fields[off // 8]:<9} |  {offset} {insn:<26} {src}')
    rows += [f'    {"":12}+-----------+',
             f'    {"":12}^ RSP after the last push: `mov %rsp,%rdi` makes it C\'s regs']
    return f'{PTREGS_BEGIN}\n```\n' + '\n'.join(rows) + f'\n```\n{PTREGS_END}'


def walk_blocks(text, listings):
    return WALK.sub(lambda m: f'{m[1]}```\n{walk_slice(listings[m[2]], m[3], m[4])}\n```\n{m[5]}',
                    text)


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
    stubs = {stub: booted_stub(kernel, row, stub) for row, stub in STUBS}
    if sys.argv[2] == '--stubs':
        print(stub_block(stubs))
        return 0
    mode, doc = sys.argv[2], sys.argv[3]
    text = open(doc).read()
    new = replace_block(text, BEGIN, END, block(kernel), doc)
    new = replace_block(new, STUB_BEGIN, STUB_END, stub_block(stubs), doc)
    plain = stubs[STUBS[0][1]]
    new = replace_block(new, PTREGS_BEGIN, PTREGS_END, ptregs_block(kernel, plain), doc)
    user = listing(os.path.join(os.path.dirname(kernel), USER_ELF), USER_FUNC)
    new = walk_blocks(new, {'stub': plain, 'c': listing(kernel), 'user': user})
    if mode == '--check':
        return 0 if new == text else 1
    if new != text:
        open(doc, 'w').write(new)
    print(f'{doc}: listings of {FUNC} and the booted stubs '
          f'{"updated" if new != text else "unchanged"}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
