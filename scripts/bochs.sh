#!/usr/bin/env bash
# Usage: bochs.sh ISO
# Boots an entrylab ISO under Bochs, an x86 implementation independent of QEMU's, with
# the serial console on stdout. The one place that knows how entrylab runs under
# Bochs, as qemu.sh is for QEMU; make run/bench (BOCHS_CPU=) and tests/ come through here.
#
# Environment: BOCHS=path   the emulator (default: bochs on PATH, Debian's 2.7; Bochs 3.0
#                        built with FRED is ../shared/tools/bochs/bin/bochs)
#              BOCHS_CPU=model  the CPU model whose CPUID it copies (default
#                        corei7_skylake_x; `bochs -help cpu` lists them)
#              SMP=N     N CPUs (default 1)
#              IPS=N     emulated instructions per emulated second (default 10^9, as
#                        QEMU's icount: one instruction a nanosecond); the PIT, the
#                        ACPI PM timer and the APIC timer run at that rate
#              MEM=MiB   guest RAM in MiB (default 256)
#              TIMEOUT=s stop Bochs after s seconds without a result (default 600; 0: never),
#                        the time it waited for a busy host's CPUs not counted
#              GDB_PORT=N wait for a gdb remote connection on port N before the first
#                        instruction (a Bochs built with --enable-gdb-stub, one CPU:
#                        scripts/bochs-gdbstub.sh builds one for make trace)
#
# Clock: `clock: sync=none` makes the run deterministic. On one CPU Bochs's TSC
# advances once per executed instruction, so the benchmark counts instructions, as
# under QEMU's icount. The kernel knows it runs under Bochs by its port 0xE9, which
# port_e9_hack makes answer 0xE9 (bench/bench.c).
#
# Exit status: the kernel's status from its "run ended" line (docs/reference.md's exit
# status: 0 success, 1 failure, 2 bad boot, 3 init exited non-zero, 4 init killed by
# a signal); 124 if the run was stopped after TIMEOUT seconds, 125 if Bochs ended
# without the kernel reporting, 126 if Bochs, its BIOS or the CPU model cannot be
# found. Bochs has no isa-debug-exit device: this script stops it at that line.
set -uo pipefail
if [ $# != 1 ] || [ ! -f "$1" ]; then
	echo "usage: bochs.sh ISO (an ISO that exists)" >&2
	exit 2
fi
iso=$(realpath "$1")

bochs=${BOCHS:-bochs}
if ! command -v "$bochs" >/dev/null 2>&1; then
	echo "bochs.sh: no Bochs at '$bochs'" \
		"(apt-get install bochs bochsbios vgabios, or BOCHS=path)" >&2
	exit 126
fi
model=${BOCHS_CPU:-corei7_skylake_x}
smp=${SMP:-1}
case "$smp" in
''|*[!0-9]*|0) echo "bochs.sh: SMP=$smp is not a number of CPUs (1 or more)" >&2; exit 2 ;;
esac
limit=${TIMEOUT:-600}

# Debian's 2.7 has no nogui display and stops in its debugger at the first
# instruction; a 3.0 build has nogui and no debugger. Each has its BIOS beside it.
help=$("$bochs" -help cpu 2>&1 </dev/null)
version=$(sed -n 's/.*Bochs x86 Emulator \([0-9][0-9.]*[0-9]\).*/\1/p' <<<"$help")
share=$(dirname "$(command -v "$bochs")")/../share
if [ -f "$share/BIOS-bochs-latest" ] && [ -f "$share/VGABIOS-lgpl-latest.bin" ]; then
	bios=$share/BIOS-bochs-latest
	vgabios=$share/VGABIOS-lgpl-latest.bin
else
	bios=/usr/share/bochs/BIOS-bochs-latest
	vgabios=/usr/share/vgabios/vgabios.bin
fi
for f in "$bios" "$vgabios"; do
	[ -f "$f" ] && continue
	echo "bochs.sh: no BIOS image $f (apt-get install bochsbios vgabios)" >&2
	exit 126
done
if ! grep -qx "$model" <<<"$help"; then
	echo "bochs.sh: Bochs $version has no CPU model '$model' (bochs -help cpu)" >&2
	exit 126
fi

dir=$(mktemp -d)
pid=
# However this script ends (Ctrl-C, a runner that gives up), Bochs ends with it.
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
serial=$dir/serial
: > "$serial"
display='display_library: nogui'
sound=
debugger=()
case "$version" in
2.*)
	# Headless, waiting for no client; it listens for VNC on port 5900 (docs/reference.md).
	display='display_library: rfb, options="timeout=0"'
	# not the host's ALSA
	sound='sound: waveoutdrv=dummy, waveindrv=dummy, midioutdrv=dummy'
	echo c > "$dir/continue"
	debugger=(-rc "$dir/continue") ;;
esac
cat > "$dir/bochsrc" <<EOF
megs: ${MEM:-256}
cpu: model=$model, count=$smp, ips=${IPS:-1000000000}, reset_on_triple_fault=0
romimage: file=$bios
vgaromimage: file=$vgabios
ata0-master: type=cdrom, path="$iso", status=inserted
boot: cdrom
clock: sync=none, time0=local
com1: enabled=1, mode=file, dev="$serial"
$display
speaker: enabled=0
$sound
port_e9_hack: enabled=1
${GDB_PORT:+gdbstub: enabled=1, port=$GDB_PORT, text_base=0, data_base=0, bss_base=0}
log: "$dir/log"
panic: action=fatal
error: action=report
info: action=ignore
EOF
echo "bochs.sh: Bochs $version as $model, $smp CPU(s) (one CPU: a TSC tick is an instruction)" >&2

run=("$bochs" -q -f "$dir/bochsrc" "${debugger[@]}")
# Seconds of Bochs's own time: a busy host's run-queue waits do not count.
[ "$limit" = 0 ] || run=(python3 "$(dirname "$0")/timeout-unloaded.py" "$limit" "${run[@]}")
"${run[@]}" </dev/null >"$dir/out" 2>&1 &
pid=$!
# The serial file is written as the guest writes it: follow it (line-buffered) until
# Bochs ends, or until the kernel's first "run ended" line (or Linux's panic when its
# pid 1 ends), after which it only waits to power off (or reboots); a last line
# without its newline (a crash) is shown too.
tail -n +1 -f --pid="$pid" "$serial" | stdbuf -oL tr -d '\r' |
	while IFS= read -r line || [ -n "$line" ]; do
		printf '%s\n' "$line"
		case "$line" in
		"entrylab: run ended: "*) kill "$pid" 2>/dev/null ;;
		# Linux's line when its pid 1 ends (scripts/bench_linux.py boots Linux).
		*"Attempted to kill init!"*) kill "$pid" 2>/dev/null ;;
		esac
	done
wait "$pid"
rc=$?
pid=
status=$(sed -n 's/^entrylab: run ended: .* (\([0-4]\))\r*$/\1/p' "$serial" | head -n 1)
if [ -n "$status" ]; then
	exit "$status"
fi
if [ "$limit" != 0 ] && [ "$rc" = 124 ]; then
	echo "bochs.sh: no result after $limit s: Bochs stopped (TIMEOUT=seconds to change)" >&2
	exit 124
fi
echo "bochs.sh: Bochs exited with $rc without a status from the kernel; its last words:" >&2
grep -E '\]\[|PANIC|FATAL|>>' "$dir/out" "$dir/log" 2>/dev/null | tail -n 5 >&2
exit 125
