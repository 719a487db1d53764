#!/usr/bin/env python3
"""The mitigation table of make bench: one boot per set of mitigations.

Each row boots the benchmark (init rows=boot: kill, invalid and getpid in the
default entry variant) with a command line that turns on exactly that row's
mitigations, reads the kernel's banner to see which are on, and prints the
row. The mitigations are boot-time choices patched into the entry code, so a
row cannot be switched inside one boot as the entry variants are.

Output: a table, then one machine line per cell:
  bench mitigations=<name> op=<kill|invalid|getpid> ticks_per_call=<x> median=<y>
A row the CPU cannot run (pti+pcid without PCID) says so instead of a figure.
Under ICOUNT=1 the ticks are instructions: a CR3 write or a VERW counts one,
whatever it costs on hardware (docs/benchmarks.md, "Mitigations").
"""
import argparse
import os
import re
import subprocess
import sys

OPS = ("kill", "invalid", "getpid")

# (row name, command line, the mitigations the banner must show on). Each row is
# every mitigation off and entrylab's force_mitigations= (arch/x86/mitigations.c)
# turning on exactly its mechanisms, whatever the CPU would need: Linux's own
# parameters (mds=full, spectre_bhi=on) do nothing on a CPU that is not affected,
# as QEMU's TCG CPU (an AMD part) is not. auto is Linux's choice for the CPU.
ROWS = tuple((name, "mitigations=off" + (" force_mitigations=" + ",".join(on) if on else ""),
              set(on)) for name, on in (
    ("off", ()),
    ("pti", ("pti",)),
    ("pti+pcid", ("pti", "pcid")),
    ("pti+verw", ("pti", "verw")),
    ("pti+verw+retpoline", ("pti", "verw", "retpoline", "rsb")),
    ("pti+verw+retpoline+bhi", ("pti", "verw", "retpoline", "rsb", "bhi")),
)) + (("auto", "", None),)


def row_cmdline(name):
    """The kernel parameters of the mitigation row called name (make trace MITIGATIONS=)."""
    for row, cmdline, _ in ROWS:
        if row == name:
            return cmdline
    sys.exit("no mitigation row %s: one of %s" % (name, ", ".join(r for r, _, _ in ROWS)))


BANNER = re.compile(r"^entrylab: mitigation (\S+): (on|off) \((.*)\)", re.M)
CELL = re.compile(r"^bench variant=(\S+) op=(\S+) iters=\d+ ticks_per_call=(\S+) median=(\S+)",
                  re.M)


def boot(build, cmdline, args):
    iso = os.path.join(build, "bench-mitigations.iso")
    subprocess.run(["bash", "scripts/mkiso.sh", os.path.join(build, "entrylab.elf"), iso,
                    cmdline, os.path.join(build, "user/probe.elf"),
                    os.path.join(build, "user/init.elf"), args + " rows=boot"], check=True)
    run = subprocess.run(["bash", "scripts/qemu.sh", iso], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    if run.returncode:
        sys.stdout.write(run.stdout)
        sys.exit("bench-mitigations: the boot with \"%s\" failed (status %d)"
                 % (cmdline, run.returncode))
    return run.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--args", default="iters=10000 reps=5", help="init's iters= and reps=")
    ap.add_argument("--cmdline", default="", help="more kernel parameters for every row")
    opts = ap.parse_args()

    results = []
    unit = "TSC ticks"
    for name, cmdline, want in ROWS:
        log = boot(opts.build, " ".join(filter(None, (cmdline, opts.cmdline))), opts.args)
        if re.search(r"^results: clock: instructions", log, re.M):
            unit = "instructions"  # the kernel's own word for what it counted (bench.c)
        on = {m for m, state, _ in BANNER.findall(log) if state == "on"}
        why = {m: reason for m, _, reason in BANNER.findall(log)}
        syscall_on = on - {"swapgs-fence"}
        cells = {op: (t, med) for _, op, t, med in CELL.findall(log) if op in OPS}
        if want is not None and syscall_on != want:
            missing = sorted(want - syscall_on)
            note = "not on this CPU: " + ", ".join("%s (%s)" % (m, why.get(m, "?"))
                                                   for m in missing) if missing else \
                "unexpectedly on: " + ", ".join(sorted(syscall_on - want))
            results.append((name, None, note))
            continue
        if sorted(cells) != sorted(OPS):
            sys.stdout.write(log)
            sys.exit("bench-mitigations: row %s reported %s, not %s" % (name, sorted(cells),
                                                                           list(OPS)))
        results.append((name, cells, "+".join(sorted(on)) if on else "none"))

    print("\nbench: mitigation table: the default entry variant, %s per call (minimum"
          " over the repetitions);\nbench: difference from off. One boot per row"
          " (%s)." % (unit, opts.args))
    print("bench: %-24s %10s %-10s %10s %-10s %10s %-10s  %s"
          % ("mitigations", OPS[0], "", OPS[1], "", OPS[2], "", "on"))
    base = results[0][1]
    for name, cells, note in results:
        if cells is None:
            print("bench: %-24s %s" % (name, note))
            continue
        line = "bench: %-24s" % name
        for op in OPS:
            d = float(cells[op][0]) - float(base[op][0])
            line += " %10s %-10s" % (cells[op][0], "%+.2f" % d if name != "off" else "")
        print(line + "  " + note)
    for name, cells, _ in results:
        for op in OPS if cells else ():
            print("bench mitigations=%s op=%s ticks_per_call=%s median=%s"
                  % (name, op, cells[op][0], cells[op][1]))


if __name__ == "__main__":
    main()
