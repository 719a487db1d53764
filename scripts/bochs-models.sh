#!/usr/bin/env bash
# Usage: bochs-models.sh BUILD
# make bochs-models: the self-tests and the ring-3 suite in one boot under Bochs as every
# CPU model entrylab supports, on one CPU and on two (scripts/bochs.sh; BOCHS= the binary).
# A model the binary lacks is skipped, saying so. Ends with "N passed, N failed, N skipped"
# and fails if any boot did; each boot's log is in BUILD/bochs-logs/.
set -uo pipefail
build=$1
models=(corei7_skylake_x ryzen wildcat_lake)
logs=$build/bochs-logs
mkdir -p "$logs"
iso=$logs/selftests-and-ring3-suite.iso
bash scripts/mkiso.sh "$build/entrylab.elf" "$iso" selftest "$build/user/probe.elf" \
	"$build/user/entrytests.elf" "" || exit 2
passed=0 failed=0 skipped=0
for model in "${models[@]}"; do
	for smp in 1 2; do
		name=$model-smp$smp
		start=$SECONDS
		SMP=$smp BOCHS_CPU=$model TIMEOUT=${TIMEOUT:-3600} bash scripts/bochs.sh "$iso" \
			>"$logs/$name.log" 2>&1
		rc=$?
		took=$((SECONDS - start))
		if [ "$rc" = 126 ]; then
			echo "SKIP $name: $(grep -m1 '^bochs.sh: ' "$logs/$name.log")"
			skipped=$((skipped + 1))
		elif [ "$rc" = 0 ] && grep -q '^init: resources: .* CT_WARN_ON count 0$' "$logs/$name.log"; then
			echo "PASS $name ($(grep -m1 '^# Totals' "$logs/$name.log"); ${took} s)"
			passed=$((passed + 1))
		else
			echo "FAIL $name: status $rc (log: $logs/$name.log)"
			grep -E '^ *not ok|oops|panic' "$logs/$name.log" | head -n 5
			failed=$((failed + 1))
		fi
	done
done
rm -f "$iso"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
