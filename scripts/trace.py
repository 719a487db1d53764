#!/usr/bin/env python3
"""make trace: the dynamic instruction trace of one syscall.

Boots the kernel with the probe program as init ("probe trace op=OP", entry=VARIANT)
under QEMU with its gdb stub, puts a breakpoint on the probe's SYSCALL instruction
(the symbol trace_syscall), and single-steps until the instruction after it: every
instruction executed from SYSCALL to SYSRET or IRETQ, in user and kernel mode.
QEMU's stub steps with interrupts and timers masked, so nothing else is traced.
The FRED path (SYSCALL to ERETU) is stepped the same way under Bochs, as QEMU's
TCG has no FRED; Bochs's stub masks no interrupt, and a step that takes one lists
its handler from the second instruction on, so a FRED trace that a ring-0 event
entered is refused (a boot there is deterministic, and none does).

Prints each instruction with its symbol+offset, its disassembly and its source
line, then a summary: instructions, locked instructions, POPF, STI/CLI,
serializing instructions (SWAPGS, SYSRET, IRETQ, ERETU, ERETS, WRMSR, MOV to CR,
LFENCE),
calls and returns, memory loads and stores (from the disassembly: an operand in
memory that is read, or written; PUSH and CALL store, POP and RET load, POP to
memory stores too), and the
two instructions the mitigations add whose cost no instruction count shows:
CR3 writes (page-table isolation) and VERW (buffer clearing).

The kernel patches its entry code at boot (arch/x86/alternative.c): the
disassembly is patched the same way, from the ELF's .patch_sites and the
mitigations the traced boot's banner reports, so each executed address shows
the instruction that ran.

  trace.py --build DIR --variant V --op OP [--mitigations ROW] [--bochs BOCHS]
      the trace and its summary; ROW is a row of make bench's mitigation table
      (scripts/bench_mitigations.py; default off). V=fred is the FRED path, under
      a Bochs with its gdb stub built from the source beside BOCHS (gdbstub_bochs()),
      as its CPU model with FRED (--bochs-cpu)
  trace.py --build DIR --i386 DOOR
      getpid() from an i386 program (bench/user/i386/bench.c) through DOOR: int80, or the
      vDSO's __kernel_vsyscall on an AMD CPU model (syscall) or an Intel one (sysenter)
  trace.py --build DIR --docs docs/entry.md --budget-docs docs/benchmarks.md [--check]
            [--bochs BOCHS]
      the summary of op=kill for every entry variant, and of the i386 getpid() for
      every door, written between the trace markers of docs/entry.md, and the
      budgets of the invalid syscall and of one fault-read in docs/benchmarks.md
      (or, with --check, compared with them); FRED's row and columns with --bochs,
      else left as they are

User code outside the traced program's ELF (the 32-bit vDSO, whose fast-syscall
slot the boot patched) is disassembled from the guest's memory as it ran.
"""
import argparse
import contextlib
import glob
import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from bench_mitigations import BANNER, row_cmdline

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                'tests'))
from selftests_x86 import FRED_MODEL  # noqa: E402  (the Bochs model with FRED)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = '<!-- trace summary: make trace -->', '<!-- end of trace summary -->'
I386_BEGIN = '<!-- i386 trace summary: make trace -->'
I386_END = '<!-- end of i386 trace summary -->'
# The i386 doors: the program's argument and the CPU model that makes the vDSO take it.
I386_DOORS = {
    'int80': ('int80', None),
    'syscall': ('vsyscall', 'max,vendor=AuthenticAMD'),
    'sysenter': ('vsyscall', 'max,vendor=GenuineIntel'),
}
MAX_STEPS = 20000
# Seconds the stub may take to answer a command other than a continue (Gdb.cont()).
REPLY_TIMEOUT = 30
# The probe's traced instruction for an op that is not a syscall (user/probe.c).
TRACE_SYMBOL = {'fault-read': 'trace_fault'}
# The FRED path: a boot of its own under Bochs (QEMU's TCG has no FRED), by the name
# the benchmark gives its row.
FRED = 'fred'
SERIALIZING = ('swapgs', 'sysret', 'iretq', 'eretu', 'erets', 'wrmsr', 'lfence')
# FRED's returns as binutils before 2.41 decodes their bytes (f3/f2 0f 01 ca).
FRED_RETURNS = {'repz clac': 'eretu', 'repnz clac': 'erets'}


def variants():
    text = open(os.path.join(ROOT, 'include', 'entry-variants.h')).read()
    return [v.replace('_', '-') for v in re.findall(r'^\s*ENTRY_VARIANT\((\w+),', text, re.M)]


def disassemble(elf, extra=()):
    """{address: (symbol, offset, instruction)} of every instruction in elf."""
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', *extra, elf],
                         capture_output=True, text=True, check=True).stdout
    insns, func, start = {}, '?', 0
    for line in out.splitlines():
        m = re.match(r'^([0-9a-f]+) <(\S+)>:$', line)
        if m:
            if not m[2].startswith('..@'):	# NASM's macro-local labels name no function
                start, func = int(m[1], 16), m[2]
            continue
        m = re.match(r'^\s*([0-9a-f]+):\s+(.*)$', line)
        if m:
            addr = int(m[1], 16)
            insn = re.sub(r'\s+', ' ', m[2]).strip()
            insns[addr] = (func, addr - start, FRED_RETURNS.get(insn, insn))
    return insns


def source_lines(elf, addrs):
    """{address: 'file:line'} from the debug information."""
    if not addrs:
        return {}
    out = subprocess.run(['addr2line', '-e', elf] + [hex(a) for a in addrs],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return {a: tidy_path(l.split(' ')[0]) for a, l in zip(addrs, out)}


def tidy_path(loc):
    """file:line relative to the tree (NASM's records repeat the directory)."""
    path, _, line = loc.rpartition(':')
    path = os.path.relpath(path, ROOT) if path.startswith('/') else path
    parts = path.split('/')
    if len(parts) > 2 and parts[0] == parts[1]:
        path = '/'.join(parts[1:])
    return f'{path}:{line}'


def symbol(elf, name):
    out = subprocess.run(['nm', elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == name:
            return int(parts[0], 16)
    sys.exit(f'trace: {name} not found in {elf}')


class Gdb:
    """Just enough of the gdb remote protocol: packets, acks, stop replies."""

    def __init__(self, port):
        for _ in range(200):
            try:
                self.sock = socket.create_connection(('127.0.0.1', port),
                                                     timeout=REPLY_TIMEOUT)
                # One small packet per step: without this, delayed ACKs cost ~40 ms each.
                self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                break
            except OSError:
                time.sleep(0.05)
        else:
            sys.exit('trace: the emulator\'s gdb stub did not answer')
        self.buf = b''

    def _read(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError('the emulator closed the gdb connection')
        self.buf += data

    def cont(self):
        """Continues to the next stop, however long the stretch: the emulator's own
        time-out (scripts/qemu.sh's, scripts/bochs.sh's TIMEOUT) bounds it, and ends
        in EOFError, where a fixed wait for the stop would fail a boot that a busy
        host merely slows (Bochs boots to ring 3 in tens of seconds)."""
        self.sock.settimeout(None)
        try:
            return self.command('c')
        finally:
            self.sock.settimeout(REPLY_TIMEOUT)

    def run_to_end(self):
        """Continues through every stop until the emulator closes the connection, at
        the run's end or its timeout, however long the stretches between stops."""
        try:
            while True:
                self.cont()
        except (EOFError, ConnectionError):
            pass

    def close(self):
        self.sock.close()

    def command(self, cmd):
        payload = cmd.encode()
        packet = b'$' + payload + b'#' + b'%02x' % (sum(payload) & 0xff)
        self.sock.sendall(packet)
        while True:
            m = re.search(rb'\$([^#]*)#[0-9a-fA-F]{2}', self.buf)
            if m:
                self.buf = self.buf[m.end():]
                self.sock.sendall(b'+')
                return m[1].decode()
            self._read()

    def memory(self, addr, length):
        return bytes.fromhex(self.command(f'm{addr:x},{length:x}'))

    def regs(self):
        """RIP, CS and RCX: RAX, RBX, RCX, ..., R15 (8 bytes each), RIP, EFLAGS (4), CS (4)."""
        regs = self.command('g')
        rcx = int.from_bytes(bytes.fromhex(regs[2 * 16:3 * 16]), 'little')
        rip = int.from_bytes(bytes.fromhex(regs[16 * 16:17 * 16]), 'little')
        cs = int.from_bytes(bytes.fromhex(regs[17 * 16 + 8:17 * 16 + 16]), 'little')
        return rip, cs, rcx


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


@contextlib.contextmanager
def stopped_at(build, cmdline, program, args, sym, log_name, cpu=None, bochs=None):
    """Boots program as init (with args) and cmdline under QEMU's gdb stub, on the CPU
    model cpu, or under bochs (a Bochs with its stub, and its CPU model: (path, model)),
    and yields (gdb, address of sym) once ring 3 stops there: the kernel has booted
    and patched itself, and the CPU is about to run the traced instruction. On the
    way out the boot runs on to its end, logged in log_name: QEMU's after a detach;
    Bochs's stub stops at every exception, and after a detach ends the run at the
    next one (gdbstub.cc), so it is continued until the run ends."""
    kernel = os.path.join(build, 'entrylab.elf')
    iso = os.path.splitext(log_name)[0] + '.iso'	# its own: two may boot at once
    subprocess.run(['bash', 'scripts/mkiso.sh', kernel, iso, cmdline, program,
                    program, args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    env = dict(os.environ, SMP='1', TIMEOUT='120', KVM='0')
    for var in ('ICOUNT', 'CPU', 'BOCHS', 'BOCHS_CPU', 'GDB_PORT'):
        env.pop(var, None)
    if bochs:
        env.update(BOCHS=bochs[0], BOCHS_CPU=bochs[1], GDB_PORT=str(port), TIMEOUT='600')
        boot = ['bash', 'scripts/bochs.sh', iso]
    else:
        if cpu:
            env['CPU'] = cpu
        boot = ['bash', 'scripts/qemu.sh', iso, '-gdb', f'tcp:127.0.0.1:{port}', '-S']
    log = open(log_name, 'w')
    emulator = subprocess.Popen(boot, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    gdb = None
    try:
        gdb = Gdb(port)
        start = symbol(program, sym)
        gdb.command(f'Z0,{start:x},1')
        # The firmware or GRUB may run code at the same linear address before the
        # program does: only a stop in ring 3 is the program's. Bochs's stub also
        # stops at every exception, and reports a breakpoint's RIP one byte on, as
        # if an INT3 had run there (gdbstub.cc).
        for _ in range(100000 if bochs else 100):
            stop = gdb.cont()
            rip, cs, _ = gdb.regs()
            if bochs and stop == 'S05':
                rip -= 1
            if rip == start and cs & 3 == 3:
                break
        else:
            sys.exit(f'trace: never stopped at {sym} {start:#x} in user mode')
        gdb.command(f'z0,{start:x},1')
        yield gdb, start
        if bochs:
            gdb.run_to_end()
        else:
            gdb.command('D')	# detach: the boot runs on to its end
    except EOFError as e:
        emulator.terminate()
        sys.exit(f'trace: {e} (log: {log.name})')
    except BaseException:
        emulator.terminate()	# a stub left waiting for a command would wait for good
        raise
    finally:
        if gdb:
            gdb.close()
        if emulator.wait(timeout=600) not in (0,):
            print(f'trace: the traced boot did not succeed (log: {log.name})', file=sys.stderr)
        log.close()


def step_through(build, cmdline, program, args, sym, log, cpu=None, bochs=None):
    """The addresses executed from sym to the instruction after it in program, and RCX
    as each was reached (one more: at that instruction after); the bytes of each user
    instruction outside program's ELF, read as it ran; and the patch sites' conditions
    the boot had on (mitigations, FSGSBASE)."""
    known = disassemble(program)
    outside = {}
    with stopped_at(build, cmdline, program, args, sym, log, cpu, bochs) as (gdb, start):
        end = min(a for a in known if a > start)
        rip, _, rcx = gdb.regs()
        path, rcxs, last = [start], [rcx], (start, rcx)
        while len(path) < MAX_STEPS:
            gdb.command('s')
            rip, _, rcx = gdb.regs()
            if rip == end:
                rcxs.append(rcx)
                break
            # A step that left RIP and RCX as they were executed nothing (QEMU can
            # return from a step early on a loaded host); a REP iteration moves RCX.
            if (rip, rcx) != last:
                path.append(rip)
                rcxs.append(rcx)
                if rip < 0xffff800000000000 and rip not in known and rip not in outside:
                    outside[rip] = gdb.memory(rip, 15)	# the longest x86 instruction
            last = (rip, rcx)
        else:
            sys.exit(f'trace: no return to user mode after {MAX_STEPS} steps')
    banner = open(log).read()
    on = {m for m, state, _ in BANNER.findall(banner) if state == 'on'}
    if re.search(r'^entrylab: FSGSBASE on', banner, re.M):
        on.add('fsgsbase')		# the paranoid entry's patch site (asm/alternative.h)
    return (path, rcxs), outside, on, banner


def gdbstub_bochs(build, bochs, model):
    """(path, model) of the Bochs that traces the FRED path: the source beside bochs
    (a FRED-capable binary, as ../shared/tools/bochs keeps its tarball in the
    directory above its bin/), built with its gdb stub into build/bochs-gdbstub
    (scripts/bochs-gdbstub.sh) again whenever the tarball or that script changes; or
    (None, why) without one."""
    if not bochs:
        return None, 'no FRED-capable Bochs given (BOCHS=)'
    binary = shutil.which(bochs)
    if not binary:
        return None, f'no Bochs at {bochs!r}'
    src = sorted(glob.glob(os.path.join(os.path.dirname(os.path.realpath(binary)), '..',
                                        'bochs-*.tar.xz')))
    if not src:
        return None, f'no Bochs source tarball beside {binary} to build a gdb stub from'
    source = os.path.realpath(src[-1])
    script = os.path.join(ROOT, 'scripts', 'bochs-gdbstub.sh')
    st = os.stat(source)
    recipe = (f'{source} {st.st_size} {st.st_mtime_ns} '
              f'{hashlib.sha256(open(script, "rb").read()).hexdigest()}')
    out = os.path.join(build, 'bochs-gdbstub')
    stub, stamp = os.path.join(out, 'bin', 'bochs'), os.path.join(out, 'source')
    built_from = open(stamp).read() if os.path.exists(stamp) else None
    if not os.path.exists(stub) or built_from != recipe:
        if subprocess.run(['bash', 'scripts/bochs-gdbstub.sh', source, out],
                          cwd=ROOT).returncode:
            sys.exit(f'trace: building Bochs with its gdb stub failed ({out}/build.log)')
        open(stamp, 'w').write(recipe)
    return (stub, model), None


def record(build, variant, op, mitigations, bochs=None):
    """The probe's op from trace_syscall to the instruction after its SYSCALL (a fault
    op: from trace_fault, the faulting load, through the #PF and the load's retry, to
    the instruction after it): under QEMU with entry=variant, or the FRED path under
    bochs (gdbstub_bochs())."""
    cmdline = row_cmdline(mitigations)
    if variant != FRED:
        cmdline = f'entry={variant} {cmdline}'.strip()
    log = os.path.join(build, f'trace-{variant}-{op}.log')
    path, _, on, banner = step_through(build, cmdline, os.path.join(build, 'user/probe.elf'),
                                       f'trace op={op}', TRACE_SYMBOL.get(op, 'trace_syscall'),
                                       log,
                                       bochs=bochs if variant == FRED else None)
    events = re.search(r'^entrylab: events: (\w+)', banner, re.M)
    if variant == FRED and not (events and events[1] == 'FRED'):
        sys.exit(f'trace: the boot under {bochs[0]} as {bochs[1]} did not deliver events by '
                 f'FRED (log: {log})')
    return path, on


def disassemble_bytes(addr, code, names):
    """(symbol, offset, instruction) of the i386 instruction code starts with, at addr;
    names: {address: symbol} to name it by."""
    with tempfile.NamedTemporaryFile(suffix='.bin') as f:
        f.write(code)
        f.flush()
        out = subprocess.run(['objdump', '-D', '--no-show-raw-insn', '-b', 'binary', '-m',
                              'i386', f'--adjust-vma={addr:#x}', f.name],
                             capture_output=True, text=True, check=True).stdout
    insn = next(re.sub(r'\s+', ' ', m[1]).strip() for m in
                re.finditer(r'^\s*[0-9a-f]+:\s+(.*)$', out, re.M))
    func = max((a for a in names if a <= addr), default=None)
    return (names[func], addr - func, insn) if func is not None else ('?', 0, insn)


def site_conditions(build):
    """{number: name} of the patch sites' conditions, as build/asm-offsets.inc numbers them
    (enum mitigation, then enum patch_feature): 'pti', ..., 'swapgs-fence', 'fsgsbase'."""
    text = open(os.path.join(build, 'asm-offsets.inc')).read()
    return {int(n): name.lower().replace('_', '-') for name, n in
            re.findall(r'^%define (?:MIT|PATCH_FEATURE)_(\w+) (\d+)$', text, re.M)}


SKIP_UNLESS, CALL_IF = 0, 1


def patch_sites(build):
    """(addr, aux, condition name, kind) of every site in the kernel's .patch_sites."""
    elf, names = os.path.join(build, 'entrylab.elf'), site_conditions(build)
    start, stop = symbol(elf, '__start_patch_sites'), symbol(elf, '__stop_patch_sites')
    out = subprocess.run(['objdump', '-s', '-j', '.rodata', f'--start-address={start:#x}',
                          f'--stop-address={stop:#x}', elf], capture_output=True, text=True,
                         check=True).stdout
    data = bytearray()
    for line in out.splitlines():
        m = re.match(r'^ ([0-9a-f]+) ((?:[0-9a-f]{2,8} ){1,4})', line + ' ')
        if m:
            data += bytes.fromhex(m[2].replace(' ', ''))
    data = data[:stop - start]
    sites = []
    for i in range(0, len(data), 24):
        addr, aux = (int.from_bytes(data[i + k:i + k + 8], 'little') for k in (0, 8))
        mit, kind = (int.from_bytes(data[i + k:i + k + 4], 'little') for k in (16, 20))
        sites.append((addr, aux, names[mit], kind))
    return sites


def apply_sites(insns, build, on):
    """insns as the boot patched them: arch/x86/alternative.c's rules, nested sites too."""
    skipped = (0, 0)
    for addr, aux, mit, kind in patch_sites(build):
        if skipped[0] <= addr < skipped[1]:
            continue
        func, off, _ = insns[addr]
        if kind == SKIP_UNLESS and mit not in on:
            insns[addr] = (func, off, f'jmp {aux:x} (patched: {mit} off)')
            skipped = (addr, aux)
        elif kind == CALL_IF and mit in on:
            insns[addr] = (func, off, f'call {aux:x} (patched: {mit} on)')


def classify(insn):
    """The summary's counters that one instruction (AT&T disassembly) adds to."""
    mnem, _, ops = insn.partition(' ')
    c = {'instructions': 1}
    if mnem == 'lock' or (mnem.startswith('xchg') and '(' in ops):
        c['locked'] = 1
    if mnem.startswith('popf'):
        c['popf'] = 1
    if mnem in ('sti', 'cli'):
        c['sti/cli'] = 1
    if mnem.startswith(SERIALIZING) or (mnem.startswith('mov') and re.search(r',%cr\d', ops)):
        c['serializing'] = 1
    if mnem.startswith('mov') and re.search(r',%cr3$', ops):
        c['cr3_writes'] = 1
    if mnem.startswith('verw'):
        c['verw'] = 1
    if mnem.startswith('call'):
        c['calls'] = 1
    if mnem.startswith('ret'):
        c['returns'] = 1
    operands = re.split(r',(?![^(]*\))', ops.split('#')[0].strip()) if ops else []
    if mnem.startswith(('push', 'call')):
        c['stores'] = 1
    elif mnem.startswith(('pop', 'ret', 'iret', 'leave')):
        c['loads'] = 1
        if mnem.startswith('pop') and '(' in ops:
            c['stores'] = 1			# POP to memory: the stack's word stored there
    elif operands and '(' in operands[-1] and not mnem.startswith(('lea', 'nop', 'prefetch')):
        c['stores'] = 1
        if not mnem.startswith('mov'):
            c['loads'] = 1			# read-modify-write
    elif any('(' in o for o in operands[:-1]) and not mnem.startswith(('lea', 'nop')):
        c['loads'] = 1
    return c


COUNTERS = ('instructions', 'locked', 'popf', 'sti/cli', 'serializing', 'calls', 'returns',
            'loads', 'stores', 'cr3_writes', 'verw')


def summarize(path, insns):
    total = dict.fromkeys(COUNTERS, 0)
    for a in path:
        for k, v in classify(insns[a][2]).items():
            total[k] += v
    return total


def trace(build, variant, op, mitigations='off', bochs=None):
    path, on = record(build, variant, op, mitigations, bochs)
    insns = disassemble(os.path.join(build, 'entrylab.elf'))
    apply_sites(insns, build, on)
    insns.update(disassemble(os.path.join(build, 'user/probe.elf')))
    if bochs:
        refuse_events(build, path[0], op)
    return finish(build, path, insns)


def refuse_events(build, path, op):
    """Bochs's stub masks no event: one delivered within a step lists its handler from
    the second instruction on, from ring 3 before the SYSCALL (a user address after
    the first, the one returned to) or from ring 0 (FRED's ring-0 entry, 256 bytes
    after each ring-3 one). A boot there is deterministic and none lands in the
    traced path; were one to, the trace would not be the syscall's alone. A fault op's
    path ends with its load run again, in ring 3."""
    elf = os.path.join(build, 'entrylab.elf')
    kernel_entries = [symbol(elf, name) for name in ('fred_entry_kernel',
                                                     'fred_entry_kernel_mitigated')]
    for a in path[1:-1] if op in TRACE_SYMBOL else path[1:]:
        if a < 0xffff800000000000 or any(e <= a < e + 256 for e in kernel_entries):
            sys.exit(f'trace: an event interrupted the traced {op}() under Bochs at {a:#x}')


def trace_i386(build, door):
    """getpid() from bench/user/i386/bench.c through door (I386_DOORS), with the vDSO's
    instructions as the boot patched them, named by vdso32.so's symbols."""
    arg, cpu = I386_DOORS[door]
    program = os.path.join(build, 'user/i386/bench.elf')
    path, outside, on, log = step_through(build, row_cmdline('off'), program,
                                          f'trace door={arg}', f'trace_{arg}',
                                          os.path.join(build, f'trace-i386-{door}.log'), cpu)
    insns = disassemble(os.path.join(build, 'entrylab.elf'))
    apply_sites(insns, build, on)
    insns.update(disassemble(program))
    m = re.search(r'^bench-i386: trace door=\S+, vDSO at (0x[0-9a-f]+)', log, re.M)
    vdso = os.path.join(build, 'arch/x86/vdso/vdso32.so.dbg')
    names = {int(m[1], 16) + a: f for a, (f, off, _) in disassemble(vdso).items()
             if off == 0} if m else {}
    insns.update({a: disassemble_bytes(a, code, names) for a, code in outside.items()})
    return finish(build, path, insns)


def rep_iterations(path, insns):
    """The executed addresses, each REP string instruction once per iteration, as icount
    counts it: QEMU's stub steps one iteration at a time, Bochs's a whole REP at once.
    path: (addresses, RCX as each was reached and after the last, step_through())."""
    addrs, rcxs = path
    out = []
    for i, a in enumerate(addrs):
        n = 1
        if re.match(r'rep[nez]* [a-z]*s[bwlq]?\b', insns[a][2]) and \
                addrs[i + 1:i + 2] != [a]:
            n = max(rcxs[i] - rcxs[i + 1], 1)	# RCX counts them down; none is one too
        out += [a] * n
    return out


def finish(build, path, insns):
    """The trace's source lines and summary, once every executed address has its insn;
    path as step_through() gives it."""
    missing = [a for a in path[0] if a not in insns]
    if missing:
        sys.exit(f'trace: {len(missing)} executed addresses not in the disassembly, '
                 f'first {missing[0]:#x}')
    path = rep_iterations(path, insns)
    kernel_addrs = sorted({a for a in path if a >= 0xffff800000000000})
    lines = source_lines(os.path.join(build, 'entrylab.elf'), kernel_addrs)
    return path, insns, lines, summarize(path, insns)


def summary_line(variant, op, mitigations, s):
    return (f'trace variant={variant} op={op} mitigations={mitigations} ' +
            ' '.join(f'{k.replace("/", "_")}={v}' for k, v in s.items()))


def summary_table(first, rows):
    """A markdown table: first's column, then the counters of each (name, summary)."""
    out = [f'| {first} | ' + ' | '.join(COUNTERS) + ' |', '|---' * (len(COUNTERS) + 1) + '|']
    out += [f'| {name} | ' + ' | '.join(str(s[k]) for k in COUNTERS) + ' |' for name, s in rows]
    return '\n'.join(out)


def docs_table(build, bochs, doc):
    """Every variant's kill(), and FRED's under bochs; without bochs, FRED's row as doc
    has it, and a line that says it was not traced."""
    rows = [(v, trace(build, v, 'kill')[3]) for v in variants()]
    if bochs[0]:
        rows.append((FRED, trace(build, FRED, 'kill', bochs=bochs[0])[3]))
    table = summary_table('variant', rows)
    if not bochs[0]:
        table += ''.join('\n' + row for row in block_rows(doc, BEGIN, END)
                         if row.startswith(f'| {FRED} |'))
        print(f'{doc}: the {FRED} row not traced: {bochs[1]}')
    return table


def i386_docs_table(build):
    return summary_table('door', [(d, trace_i386(build, d)[3]) for d in I386_DOORS])


BUDGET_BEGIN = '<!-- instruction budget: make trace -->'
BUDGET_END = '<!-- end of instruction budget -->'
# Where each executed instruction of the default variant's invalid syscall goes, by
# its source: the parts of the path, in the order a syscall meets them.
BUDGET_PARTS = (
    ('user', "the probe's `syscall` (user code)"),
    ('stub', 'the stub: SWAPGS, the stack switch, the fake IRET frame, the call, the SYSRET '
             'tail (entry/entry_64.asm, `EXIT_TO_USER`); under FRED the two arguments, the '
             'call, ERETU (entry/entry_fred.asm)'),
    ('push', '`pt_regs` saved: `PUSH_REGS`, and RDI under FRED (the fake frame pushes it)'),
    ('clear', 'registers cleared: `CLEAR_REGS`'),
    ('event', "FRED's dispatch by event: the SS word's selector kept, the type and vector "
              "tested, `orig_ax` and -ENOSYS, the retpoline test (entry/fred.c)"),
    ('frame', "the C function's own frame (entry/common.c)"),
    ('ct', 'context tracking: the tests of its two switches, and of the context at entry '
           '(include/context_tracking.h)'),
    ('rcu', 'the transitions: one `lock addq` each way, the context and RCU\'s counter in one '
            '(include/rcu.h)'),
    ('irq', 'IRQs on for the syscall, off for the exit (`sti`, `cli`)'),
    ('work', 'work tests: TF at entry, the syscall work, the thread flags at exit'),
    ('vtime', 'the test for exact CPU-time accounting on this CPU (include/vtime.h)'),
    ('dispatch', 'the dispatch: the range check (the invalid number goes no further)'),
    ('sysret', 'the SYSRET decision (arch/x86/include/asm/entry-common.h)'),
    ('pop', '`pt_regs` restored: `POP_REGS`'),
)
BUDGET_TOTAL = '**the round trip, SYSCALL and SYSRET or ERETU included**'
ENTRY_ASM = ('entry/entry_64.asm', 'entry/entry_irq.asm', 'entry/entry_fred.asm')


def spans(path, pattern):
    """[(first line, name)] of the definitions pattern finds in a source file."""
    found = []
    for n, line in enumerate(open(os.path.join(ROOT, path)), 1):
        m = re.match(pattern, line)
        if m:
            found.append((n, m[1]))
    return found


def enclosing(found, line):
    return max((f for f in found if f[0] <= line), default=(0, ''))[1]


def entry_asm_part(path, line, insn, macros):
    """Which of the entry code's parts (the stub, `pt_regs` saved, registers cleared,
    `pt_regs` restored) an instruction at path:line of the entry assembly is, else
    None; macros: {asm file: its macros' spans}."""
    text = open(os.path.join(ROOT, path)).read().splitlines()[line - 1] if path else ''
    # NASM gives the first instruction of a macro expanded inside another no line of
    # its own: a push or pop the line does not name is the next macro's, calling.inc's.
    m = re.match(r'(push|pop) %(\w+)$', insn)
    if path in ENTRY_ASM and m and not re.search(rf'\b{m[1]}\s+{m[2]}\b', text):
        inc = open(os.path.join(ROOT, 'entry/calling.inc')).read().splitlines()
        line = next(n for n, t in enumerate(inc, 1) if re.match(rf'\s+{m[1]}\s+{m[2]}\b', t))
        path = 'entry/calling.inc'
    if path == 'entry/entry_fred.asm' and enclosing(macros[path], line) == 'FRED_PT_REGS':
        return 'push'
    if path == 'entry/calling.inc':
        macro = enclosing(macros[path], line)     # PUSH_REGS and its halves, POP_REGS's
        return next((part for prefix, part in (('PUSH_REGS', 'push'), ('CLEAR_REGS', 'clear'),
                                               ('POP_REGS', 'pop')) if macro.startswith(prefix)),
                    'stub')
    if path in ENTRY_ASM or path == 'entry/mitigations.inc':
        return 'stub'
    return None


def budget_part(loc, macros, hooks, insn):
    """Which of BUDGET_PARTS one executed instruction of the invalid syscall is, by its
    source file:line; macros: {asm file: its macros' spans}."""
    path, _, line = loc.rpartition(':')
    line = int(line or 0)
    part = entry_asm_part(path, line, insn, macros)
    if part:
        return part
    text = open(os.path.join(ROOT, path)).read().splitlines()[line - 1] if path else ''
    if path == 'entry/fred.c':
        return 'event'
    if path == 'entry/common.c':
        return 'dispatch' if re.search(r'NR_syscalls|sys_call_table', text) else 'frame'
    if path in ('include/context_tracking.h',):
        return 'ct'
    if path == 'include/rcu.h':
        return 'rcu'
    if path == 'arch/x86/include/asm/irqflags.h':
        return 'irq'
    if path == 'arch/x86/include/asm/entry-common.h':
        return 'sysret'
    if path == 'include/entry-common.h':
        return 'ct' if enclosing(hooks, line) == 'enter_from_user_mode' else 'work'
    if path == 'include/thread_info.h':
        return 'work'
    if path == 'include/vtime.h':
        return 'vtime'
    sys.exit(f'trace: no budget part for {loc}')


FAULT_BEGIN = '<!-- fault budget: make trace OP=fault-read -->'
FAULT_END = '<!-- end of fault budget -->'
# Where each executed instruction of one fault-read goes: by the first file of its
# inline chain (innermost first) that names a part, so that a small helper inlined
# from a header (user_mode(), __va(), current) counts with the code that used it.
FAULT_PARTS = (
    ('user', 'the load that faults (user code; icount does not count it: it did not '
             'complete)'),
    ('stub', 'the stub: the vector, SWAPGS, the call, the IRETQ tail (entry/entry_irq.asm); '
             'under FRED the arguments, the call, ERETU (entry/entry_fred.asm)'),
    ('push', '`pt_regs` saved: `PUSH_REGS`, and RDI under FRED (the frame has it)'),
    ('clear', 'registers cleared: `CLEAR_REGS`'),
    ('dispatch', "the C half: the frames of `do_interrupt()` and of the hooks' functions, "
                 "the vector's dispatch, CR2 read (entry/irq.c); under FRED the event's type "
                 'and vector decoded first, CR2 from its event data (entry/fred.c)'),
    ('hooks', 'the irqentry hooks: context tracking, its `lock addq` each way (the RCU '
              "tracker's too), the CPU-time test, the exit work test, rseq's mark "
              '(include/entry-common.h, context_tracking.h, rcu.h, vtime.h, rseq.h)'),
    ('fault', 'the #PF handler: the SMEP/SMAP test, `current->mm`, the interrupted IF, the '
              'call and its result (arch/x86/mm/fault.c)'),
    ('irq', 'IRQs on for the fault, then off; saved, off and restored around the lock '
            '(arch/x86/include/asm/irqflags.h)'),
    ('lock', "the address space's ticket lock taken and released (include/spinlock.h)"),
    ('tlb', 'the TLB gather begun (13 words zeroed by one `rep stos`, an instruction per '
            'word) and finished: nothing to flush (kernel/mm/mmu_gather.c)'),
    ('lookup', "the regions: a binary search for the fault's, its flags turned into "
               'page-table bits (kernel/mm/vma.c)'),
    ('mm', "the fault resolved: the address checked, the entry as the CPU saw it checked "
           "again under the lock, the access against the region's flags (Linux's "
           "`access_error()`), the zero page's entry made, read-only and copy-on-write "
           '(kernel/mm/mm.c)'),
    ('tables', 'the page tables walked twice, four levels each: for that check, and to find '
               'the entry to fill (arch/x86/mm/paging.c)'),
    ('pop', '`pt_regs` restored: `POP_REGS`'),
    ('retry', 'the load again, now mapped'),
)
FAULT_TOTAL = '**the round trip: the load that faults, the #PF, IRETQ or ERETU, the load again**'
FAULT_FILES = {
    'entry/irq.c': 'dispatch', 'entry/fred.c': 'dispatch',
    'include/entry-common.h': 'hooks', 'include/context_tracking.h': 'hooks',
    'include/rcu.h': 'hooks', 'include/vtime.h': 'hooks', 'include/rseq.h': 'hooks',
    'arch/x86/mm/fault.c': 'fault', 'arch/x86/include/asm/irqflags.h': 'irq',
    'include/spinlock.h': 'lock', 'kernel/mm/mmu_gather.c': 'tlb', 'kernel/mm/vma.c': 'lookup',
    'kernel/mm/mm.c': 'mm', 'arch/x86/mm/paging.c': 'tables',
}


def inline_chains(elf, addrs):
    """{address: [file:line, ...]}: where each address's code is, innermost inlined
    function first, the function it was compiled into last."""
    if not addrs:
        return {}
    out = subprocess.run(['addr2line', '-a', '-i', '-e', elf] + [hex(a) for a in addrs],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    chains, chain = {}, None
    for line in out:
        if re.match(r'^0x[0-9a-f]+$', line):
            chain = chains.setdefault(int(line, 16), [])
        else:
            chain.append(tidy_path(line.split(' ')[0]))
    return chains


def fault_part(chain, macros, insn):
    """Which of FAULT_PARTS one executed instruction of a fault-read is; chain: its
    inline chain (inline_chains()), empty for a user instruction (the load's retry)."""
    if not chain:
        return 'retry'
    path, _, line = chain[0].rpartition(':')
    part = entry_asm_part(path, int(line or 0), insn, macros)
    if part:
        return part
    for loc in chain:
        if loc.rpartition(':')[0] in FAULT_FILES:
            return FAULT_FILES[loc.rpartition(':')[0]]
    sys.exit(f'trace: no fault budget part for {" < ".join(chain)}')


def budget(build, variant, op, bochs=None):
    """{part: instructions} of variant's op (the invalid syscall's BUDGET_PARTS, or a
    fault-read's FAULT_PARTS, the first instruction, the SYSCALL or the load that
    faulted, the 'user' part), and their sum."""
    path, insns, lines, s = trace(build, variant, op, bochs=bochs)
    macros = {f: spans(f, r'^%macro (\w+)') for f in ('entry/calling.inc', 'entry/entry_fred.asm')}
    if op == 'fault-read':
        chains = inline_chains(os.path.join(build, 'entrylab.elf'),
                               sorted({a for a in path if a >= 0xffff800000000000}))
        count = dict.fromkeys((k for k, _ in FAULT_PARTS), 0)
        count['user'] = 1
        for addr in path[1:]:
            count[fault_part(chains.get(addr, []), macros, insns[addr][2])] += 1
        return count, s['instructions']
    hooks = spans('include/entry-common.h', r'^(?:static __always_inline|__entry_hook) .*?(\w+)\(')
    count = dict.fromkeys((k for k, _ in BUDGET_PARTS), 0)
    count['user'] = 1
    sites = [a for a in path[1:] if lines[a].rpartition(':')[0] == KEY_SITE_FILES[0]]
    chains = inline_chains(os.path.join(build, 'entrylab.elf'), sorted(set(sites)))
    for addr in path[1:]:
        count[budget_part(key_site_owner(chains[addr]) if addr in chains else lines[addr],
                          macros, hooks, insns[addr][2])] += 1
    return count, s['instructions']


# A static key's site (its NOP or JMP) is written in asm/jump_label.h, the first of these,
# and reached through the test that names the key (include/rcu.h's rcu_eqs_enabled() for
# the tracker's): it counts with the hook that tests the switch, the first file of its
# inline chain past these.
KEY_SITE_FILES = ('arch/x86/include/asm/jump_label.h', 'include/jump_label.h', 'include/rcu.h')


def key_site_owner(chain):
    """The file:line a static key's site counts under: the first of its inline chain
    (inline_chains()) that is not the key's own plumbing (KEY_SITE_FILES)."""
    return next(loc for loc in chain if loc.rpartition(':')[0] not in KEY_SITE_FILES)


# The budgets docs/benchmarks.md shows: (op, markers, parts, total's row).
BUDGETS = (
    ('invalid', BUDGET_BEGIN, BUDGET_END, BUDGET_PARTS, BUDGET_TOTAL),
    ('fault-read', FAULT_BEGIN, FAULT_END, FAULT_PARTS, FAULT_TOTAL),
)


def budget_table(build, bochs, doc, op, begin, end, parts, total):
    """docs/benchmarks.md's instruction budget of op (BUDGETS): the default variant's
    beside FRED's under bochs; without bochs, FRED's column as doc has it."""
    legacy, legacy_total = budget(build, 'irqoff-inline', op)
    if bochs[0]:
        fred, fred_total = budget(build, FRED, op, bochs[0])
        column = [str(fred[k]) for k, _ in parts] + [f'**{fred_total}**']
    else:
        kept = {row.rsplit('|', 3)[0].strip('| '): row.rsplit('|', 2)[1].strip()
                for row in block_rows(doc, begin, end)[2:]}
        names = [what for _, what in parts] + [total]
        if any(name not in kept for name in names):
            sys.exit(f'trace: {doc}\'s {op} budget has no FRED figure for every part to keep: '
                     'trace it with a FRED-capable Bochs (BOCHS=)')
        column = [kept[name] for name in names]
        figures = [int(c.strip('*')) for c in column]
        if sum(figures[:-1]) != figures[-1]:
            sys.exit(f'trace: {doc}\'s {op} FRED column does not add up to its total')
        print(f'{doc}: the FRED column of the {op} budget not traced: {bochs[1]}')
    if sum(legacy.values()) != legacy_total:
        sys.exit(f'trace: the {op} budget\'s parts add up to {sum(legacy.values())}, '
                 f'the trace to {legacy_total}')
    rows = ['| part | legacy | FRED |', '|---|---|---|']
    rows += [f'| {what} | {legacy[k]} | {cell} |' for (k, what), cell in zip(parts, column)]
    rows.append(f'| {total} | **{legacy_total}** | {column[-1]} |')
    return '\n'.join(rows)


def block_rows(doc, begin, end):
    """The lines between doc's markers."""
    text = open(doc).read()
    if begin not in text or end not in text:
        sys.exit(f'trace: {doc} has no "{begin}" block')
    return text.split(begin, 1)[1].split(end, 1)[0].strip().splitlines()


def refresh_block(doc, begin, end, table, check):
    """Writes table between doc's markers, or with check says whether it is there."""
    text = open(doc).read()
    if begin not in text or end not in text:
        sys.exit(f'trace: {doc} has no "{begin}" block')
    head, rest = text.split(begin, 1)
    new = f'{head}{begin}\n{table}\n{end}{rest.split(end, 1)[1]}'
    if check:
        if new != text:
            old_rows = set(text.split(begin, 1)[1].split(end, 1)[0].splitlines())
            print(f'{doc}: "{begin}" is stale: run "make trace"; this build: ' +
                  '; '.join(r for r in table.splitlines() if r not in old_rows))
            return 3
        print(f'{doc}: "{begin}" current')
        return 0
    if new != text:
        open(doc, 'w').write(new)
    print(f'{doc}: "{begin}" {"updated" if new != text else "unchanged"}')
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--variant', default='irqoff-inline')
    ap.add_argument('--op', default='kill', choices=('kill', 'invalid', 'getpid', *TRACE_SYMBOL))
    ap.add_argument('--mitigations', default='off')
    ap.add_argument('--i386', choices=tuple(I386_DOORS),
                    help='getpid() from an i386 program through this door instead')
    ap.add_argument('--docs', help="docs/entry.md: every variant's kill() summary")
    ap.add_argument('--budget-docs', help="docs/benchmarks.md: the invalid syscall's and a "
                    "fault-read's budgets")
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--bochs', help='a FRED-capable Bochs, beside its source: traces the '
                    'fred variant (BOCHS=)')
    ap.add_argument('--bochs-cpu', default=FRED_MODEL, help='its CPU model with FRED')
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    if a.variant not in variants() + [FRED]:
        sys.exit(f'trace: VARIANT={a.variant} is not one of {", ".join(variants() + [FRED])}')
    fred = a.docs or a.budget_docs or (a.variant == FRED and not a.i386)
    bochs, why = gdbstub_bochs(build, a.bochs, a.bochs_cpu) if fred else (None, None)
    if a.variant == FRED and fred and not (a.docs or a.budget_docs) and not bochs:
        sys.exit(f'trace: VARIANT={FRED} runs under Bochs, and there is {why}')
    if a.docs or a.budget_docs:
        rc = 0
        if a.docs:
            rc |= refresh_block(a.docs, BEGIN, END, docs_table(build, (bochs, why), a.docs),
                                a.check)
            rc |= refresh_block(a.docs, I386_BEGIN, I386_END, i386_docs_table(build), a.check)
        for op, begin, end, parts, total in BUDGETS if a.budget_docs else ():
            rc |= refresh_block(a.budget_docs, begin, end,
                                budget_table(build, (bochs, why), a.budget_docs, op, begin,
                                             end, parts, total), a.check)
        return rc
    row_cmdline(a.mitigations)
    if a.i386:
        path, insns, lines, s = trace_i386(build, a.i386)
    else:
        path, insns, lines, s = trace(build, a.variant, a.op, a.mitigations, bochs)
    for n, addr in enumerate(path, 1):
        func, off, insn = insns[addr]
        print(f'{n:5d}  {func}+{off:#x}'.ljust(48) + f'{insn}'.ljust(44) + '  ' +
              lines.get(addr, ''))
    print(summary_line(f'i386-{a.i386}' if a.i386 else a.variant,
                       'getpid' if a.i386 else a.op, a.mitigations, s))
    return 0


if __name__ == '__main__':
    sys.exit(main())
