#!/usr/bin/env bash
# Usage: qemu.sh ISO [extra QEMU options...]
# Boots an entrylab ISO with the serial console on stdout. The one place that knows
# how entrylab runs under QEMU; make run/bench/debug and tests/ all come through here.
#
# Environment: ICOUNT=1  TCG with -icount shift=0,align=off,sleep=off -smp 1: RDTSC
#                        counts guest instructions exactly (see docs/benchmarks.md)
#              KVM=0     never use KVM; KVM=1 use it whenever /dev/kvm is accessible.
#                        Default: use KVM when /dev/kvm is accessible and this
#                        machine is not itself a virtual machine: nested KVM is
#                        often broken or very slow (docs/benchmarks.md).
#              CPU=model CPU model (default: host under KVM, max under TCG)
#              GUI=1     open a window instead of -display none
#              MEM=size  guest RAM (default 256M)
#
# Exit status: the kernel's status through isa-debug-exit, decoded: 0 success,
# 1 failure, 2 bad boot, 3 init exited non-zero, 4 init killed by a signal; 125 if
# QEMU ended without the kernel reporting (crash, triple fault, killed).
set -uo pipefail
iso=$1
shift

use_kvm() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	case "${KVM:-auto}" in
	0) return 1 ;;
	1) return 0 ;;
	*) ! grep -qw hypervisor /proc/cpuinfo ;;
	esac
}

accel=(-accel tcg)
cpu=${CPU:-max}
clock="QEMU TCG: RDTSC follows host time, so benchmark ticks mean nothing (ICOUNT=1: instructions)"
if [ "${ICOUNT:-0}" = 1 ]; then
	accel=(-accel tcg -icount shift=0,align=off,sleep=off -smp 1)
	clock="QEMU TCG with icount: one RDTSC tick = one guest instruction"
elif use_kvm; then
	accel=(-accel kvm -smp 1)
	cpu=${CPU:-host}
	clock="KVM: RDTSC counts TSC cycles"
fi
echo "qemu.sh: $clock" >&2
display=(-display none)
[ "${GUI:-0}" = 1 ] && display=()

qemu-system-x86_64 -M pc "${accel[@]}" -cpu "$cpu" -m "${MEM:-256M}" \
	-cdrom "$iso" -boot d -serial stdio "${display[@]}" -no-reboot \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 "$@"
rc=$?
# isa-debug-exit makes QEMU exit with (status << 1) | 1; kernel statuses are 1-5.
if [ $((rc & 1)) = 1 ] && [ "$rc" -ge 3 ] && [ "$rc" -le 11 ]; then
	exit $(((rc >> 1) - 1))
fi
echo "qemu.sh: QEMU exited with $rc without a status from the kernel" >&2
exit 125
