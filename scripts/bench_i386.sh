#!/usr/bin/env bash
# The benchmark's i386 rows: boots bench/user/i386/bench.c (getpid through int $0x80
# and the vDSO's __kernel_vsyscall) as init, and prints what it prints. Under
# TCG with icount (ICOUNT=1) it boots twice, as an AMD CPU (the vDSO enters by
# SYSCALL) and as an Intel one (SYSENTER), since TCG runs either instruction;
# under KVM or on metal the CPU is the host's, whose vendor decides.
# Usage: bench_i386.sh ISO
set -euo pipefail
iso=$1
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${ICOUNT:-}" = 1 ]; then
	cpus="max,vendor=AuthenticAMD max,vendor=GenuineIntel"
else
	cpus="${CPU:-}"
	[ -n "$cpus" ] || cpus=default
fi
for cpu in $cpus; do
	if [ "$cpu" = default ]; then
		SMP=1 bash "$root/scripts/qemu.sh" "$iso"
	else
		CPU=$cpu SMP=1 bash "$root/scripts/qemu.sh" "$iso"
	fi | grep -E '^(bench-i386:|bench i386=)'
done
