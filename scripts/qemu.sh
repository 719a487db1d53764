#!/usr/bin/env bash
# Usage: qemu.sh ISO [extra QEMU options...]
# Boots an entrylab ISO with the serial console on stdout. The one place that knows
# how entrylab runs under QEMU; make run/bench/debug and tests/ all come through here.
#
# Environment: ICOUNT=1  TCG with -icount shift=0,align=off,sleep=off -smp 1: RDTSC
#                        counts guest instructions exactly (see docs/benchmarks.md)
#              ICOUNT=auto  as make run sets it: KVM when it is usable, else icount
#                        on one CPU (SMP=1), so that the benchmark measures
#                        something on every machine; ICOUNT=0 is plain TCG, whose
#                        RDTSC follows host time
#              KVM=0     never use KVM; KVM=1 use it whenever /dev/kvm is accessible.
#                        Default: use KVM when /dev/kvm is accessible and this
#                        machine is not itself a virtual machine: nested KVM is
#                        often broken or very slow (docs/benchmarks.md).
#              CPU=model CPU model (default: host under KVM, max under TCG)
#              GUI=1     open a window instead of -display none
#              MEM=size  guest RAM (default 256M)
#              SMP=N     N CPUs (default 1). ICOUNT=1 always runs one: QEMU 7.2's
#                        icount shares one counter between CPUs (docs/smp-rcu.md)
#              TCG_THREAD=multi|single  TCG with one host thread per CPU, or all
#                        CPUs on one thread in turn. Default: multi when the host
#                        has a CPU for every guest CPU, else single (docs/smp-rcu.md)
#              TIMEOUT=s stop QEMU after s seconds without a result (default 600;
#                        0: never, as for make debug): seconds QEMU had to
#                        itself, the time its threads waited for a busy host's
#                        CPUs not counted (scripts/timeout-unloaded.py)
#              FIRMWARE=bios|uefi|uefi32  SeaBIOS (default), or OVMF as split pflash
#                        (code read-only, a private copy of the variables); Secure
#                        Boot off: it would refuse the unsigned GRUB. uefi32: OVMF's
#                        ia32 build, 32-bit UEFI on the 64-bit CPU (the ISO's i386-efi
#                        GRUB boots)
#              EXIT_DEVICE=0  no isa-debug-exit device, as on a real PC: the kernel
#                        ends the run by ACPI power-off (or reset, "reboot"), QEMU
#                        exits by itself, and this script takes the status from the
#                        kernel's "run ended" line instead
#
# Exit status: the kernel's status, as docs/reference.md documents it: 0 success,
# 1 failure, 2 bad boot, 3 init exited non-zero, 4 init killed by a signal; 124 if
# the run was stopped after TIMEOUT seconds, 125 if QEMU ended without the kernel
# reporting (crash, triple fault, killed). The kernel writes status + 1 to the
# isa-debug-exit device (kernel/panic.c) and QEMU exits with (value << 1) | 1: that
# encoding stays between the two of them and this script.
#
# The serial console's CRLF line ends are kept on a terminal and turned into LF
# when the output goes to a file or a pipe, so captured logs are plain text.
set -uo pipefail
iso=$1
shift

# Why KVM cannot be used here, or nothing when it can.
kvm_unusable() {
	if [ ! -e /dev/kvm ]; then
		echo "no /dev/kvm"
	elif [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		echo "/dev/kvm is not readable and writable by $(id -un)"
	elif [ "${KVM:-auto}" = 0 ]; then
		echo "KVM=0"
	elif [ "${KVM:-auto}" != 1 ] && grep -qw hypervisor /proc/cpuinfo; then
		echo "this machine is itself a virtual machine (nested KVM; KVM=1 to try it)"
	fi
}

smp=${SMP:-1}
case "$smp" in
''|*[!0-9]*|0) echo "qemu.sh: SMP=$smp is not a number of CPUs (1 or more)" >&2; exit 2 ;;
esac
why_not_kvm=$(kvm_unusable)
icount=${ICOUNT:-0}
if [ "$icount" = auto ]; then
	icount=0
	[ -n "$why_not_kvm" ] && [ "$smp" = 1 ] && icount=1	# icount counts on one CPU
fi
if [ "$icount" = 1 ] && [ "$smp" != 1 ]; then
	echo "qemu.sh: ICOUNT=1 measures on one CPU: SMP=$smp ignored" >&2
	smp=1
fi
# More guest CPUs than host CPUs: with a thread each, the host preempts a vCPU that
# holds a spinlock while the others spin out their time slices on it (seconds per
# handover of a contended ticket lock). Round-robin TCG instead switches to the next
# vCPU at every PAUSE, which every spin loop executes.
tcg_thread=${TCG_THREAD:-multi}
if [ -z "${TCG_THREAD:-}" ] && [ "$smp" -gt "$(nproc)" ]; then
	tcg_thread=single
	echo "qemu.sh: $smp CPUs on a $(nproc)-CPU host: TCG runs them on one thread, in turn" >&2
fi
accel=(-accel "tcg,thread=$tcg_thread" -smp "$smp")
cpu=${CPU:-max}
clock="QEMU TCG: RDTSC follows host time, so benchmark ticks mean nothing \
(ICOUNT=1: instructions); KVM not used: $why_not_kvm"
if [ "$icount" = 1 ]; then
	accel=(-accel tcg -icount shift=0,align=off,sleep=off -smp 1)
	clock="QEMU TCG with icount: one RDTSC tick = one guest instruction"
	case "${ICOUNT:-0}" in
	auto) clock="$clock (KVM not usable: $why_not_kvm)" ;;
	*) clock="$clock (ICOUNT=1)" ;;
	esac
elif [ -z "$why_not_kvm" ]; then
	accel=(-accel kvm -smp "$smp")
	cpu=${CPU:-host}
	clock="KVM: RDTSC counts TSC cycles (/dev/kvm usable)"
fi
echo "qemu.sh: clock: $clock" >&2
firmware=() machine=pc
case "${FIRMWARE:-bios}" in
bios) ;;
uefi|uefi32)
	vars=$(mktemp)
	if [ "$FIRMWARE" = uefi ]; then
		cp /usr/share/OVMF/OVMF_VARS_4M.fd "$vars"
		code=/usr/share/OVMF/OVMF_CODE_4M.fd
	else
		# Debian ships OVMF ia32 only as its Secure Boot build, which needs SMM
		# (so q35) and a flash that only SMM may write; its variable store
		# enrolls no keys, so Secure Boot stays off.
		cp /usr/share/OVMF/OVMF32_VARS_4M.fd "$vars"
		code=/usr/share/OVMF/OVMF32_CODE_4M.secboot.fd
		machine=q35,smm=on
		firmware=(-global driver=cfi.pflash01,property=secure,value=on)
	fi
	echo "qemu.sh: firmware: $(basename "$code") on -M $machine" >&2
	firmware+=(-drive "if=pflash,format=raw,unit=0,readonly=on,file=$code"
		-drive "if=pflash,format=raw,unit=1,file=$vars") ;;
*)
	echo "qemu.sh: FIRMWARE=$FIRMWARE is not bios, uefi or uefi32" >&2
	exit 2 ;;
esac

display=(-display none)
[ "${GUI:-0}" = 1 ] && display=()

limit=${TIMEOUT:-600}
exit_device=(-device isa-debug-exit,iobase=0xf4,iosize=0x04)
[ "${EXIT_DEVICE:-1}" = 0 ] && exit_device=()
qemu=(qemu-system-x86_64 -M "$machine" "${accel[@]}" -cpu "$cpu" -m "${MEM:-256M}"
	"${firmware[@]}" -cdrom "$iso" -boot d -serial stdio "${display[@]}" -no-reboot
	"${exit_device[@]}" "$@")
# Seconds of QEMU's own time: a busy host's run-queue waits do not count.
[ "$limit" = 0 ] || qemu=(python3 "$(dirname "$0")/timeout-unloaded.py" "$limit"
	"${qemu[@]}")
log=$(mktemp)
trap 'rm -f "$log" ${vars:+"$vars"}' EXIT
if [ -t 1 ]; then
	"${qemu[@]}" | tee "$log"
	rc=${PIPESTATUS[0]}
else
	"${qemu[@]}" | stdbuf -oL tr -d '\r' | tee "$log"
	rc=${PIPESTATUS[0]}
fi
if [ "$limit" != 0 ] && [ "$rc" = 124 ]; then
	echo "qemu.sh: no result after $limit s: QEMU stopped (TIMEOUT=seconds to change)" >&2
	exit 124
fi
if [ "${EXIT_DEVICE:-1}" = 0 ] && [ "$rc" = 0 ]; then
	status=$(sed -n 's/^entrylab: run ended: .* (\([0-4]\))\r*$/\1/p' "$log" | tail -n 1)
	if [ -n "$status" ]; then
		echo "qemu.sh: QEMU exited by itself (no exit device): run status $status" >&2
		exit "$status"
	fi
fi
# QEMU's exit code is ((status + 1) << 1) | 1 for kernel statuses 0-4.
if [ $((rc & 1)) = 1 ] && [ "$rc" -ge 3 ] && [ "$rc" -le 11 ]; then
	exit $(((rc >> 1) - 1))
fi
echo "qemu.sh: QEMU exited with $rc without a status from the kernel" >&2
exit 125
