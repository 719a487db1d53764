#!/usr/bin/env bash
# Usage: mkiso.sh KERNEL.elf OUT.iso "KERNEL CMDLINE" PROBE.elf [INIT.elf ["INIT ARGS"]]
# Builds a GRUB (multiboot2) ISO that boots KERNEL with CMDLINE, loads PROBE as the
# module "probe" (the ring-3 half of the entry self-tests; "" for none, which the
# self-tests report as a failure) and, if given, INIT as
# the module "init INIT ARGS". The kernel reads init's argv from that module
# string. timeout=0: no menu, the run starts at once.
#
# Environment: CUTMEM="FROM TO" (GRUB's sizes: 1M, 1G) has GRUB remove that range
# from the memory map before it loads anything (its cutmem command): GRUB neither
# uses it nor reports it, as firmware that keeps memory for itself would. make test
# cuts the kernel's link address away this way, so that GRUB must load it elsewhere.
#
# Every word reaches grub.cfg single-quoted, so no character of it means anything
# to GRUB's script parser. GRUB then passes each word on with a backslash before
# quotes and backslashes, which the kernel's parser undoes (lib/cmdline.c).
# Strings longer than the kernel accepts are refused here, with the limit, before
# anything boots: the limits are read from the headers that define them.
set -euo pipefail
kernel=$1 out=$2 cmdline=${3:-} probe=$4 init=${5:-} init_args=${6:-}
root=$(cd "$(dirname "$0")/.." && pwd)

# The value of "#define NAME value" in a header.
header_define() {
	sed -n "s/^#define[[:space:]]\+$2[[:space:]]\+\([0-9]\+\).*/\1/p" "$root/$1"
}

# grub_words STRING: the words of STRING, each single-quoted for grub.cfg.
grub_words() {
	local -a words
	local w sep=
	read -r -a words <<<"$1" || true
	for w in "${words[@]}"; do
		printf "%s'%s'" "$sep" "${w//\'/\'\\\'\'}"
		sep=' '
	done
}

# passed_length STRING: its length as the kernel receives it, one blank between
# words and a backslash added before each quote and backslash.
passed_length() {
	local -a words
	local w escapes n=0
	read -r -a words <<<"$1" || true
	for w in "${words[@]}"; do
		escapes=${w//[^\\\'\"]/}
		n=$((n + ${#w} + ${#escapes} + 1))
	done
	echo $((n > 0 ? n - 1 : 0))
}

check_length() {
	local what=$1 string=$2 limit=$3 n
	n=$(passed_length "$string")
	if [ "$n" -gt "$limit" ]; then
		echo "mkiso.sh: $what is $n characters; the kernel accepts at most $limit" >&2
		exit 2
	fi
}

cmdline_max=$(($(header_define include/cmdline.h CMDLINE_MAX) - 1))
args_max=$(header_define include/user_layout.h EXEC_ARGS_MAX)
check_length "the kernel command line (CMDLINE)" "$cmdline" "$cmdline_max"
[ -z "$init" ] || check_length "init's argument string (\"init\" + INIT_ARGS)" \
	"init $init_args" "$args_max"

# One ISO for every kind of PC: never silently a BIOS-only (or UEFI-only) image.
# i386-efi: 32-bit UEFI on a 64-bit CPU (Bay Trail-class machines).
for platform in i386-pc x86_64-efi i386-efi; do
	if [ ! -d "/usr/lib/grub/$platform" ]; then
		echo "mkiso.sh: GRUB's $platform modules are missing (scripts/setup.sh" \
			"installs grub-pc-bin, grub-efi-amd64-bin and grub-efi-ia32-bin): the" \
			"ISO would not boot on every PC" >&2
		exit 2
	fi
done

stage=$(mktemp -d "${out%.iso}.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/boot/grub"
cp "$kernel" "$stage/boot/entrylab.elf"
{
	echo 'set timeout=0'
	echo 'set default=0'
	echo 'insmod all_video'
	[ -z "${CUTMEM:-}" ] || echo "cutmem $(grub_words "$CUTMEM")"
	echo 'menuentry "entrylab" {'
	echo "	multiboot2 /boot/entrylab.elf $(grub_words "$cmdline")"
	# BIOS: keep VGA text mode, which the kernel writes to (arch/x86/drivers/vga.c).
	echo '	if [ "$grub_platform" = pc ]; then set gfxpayload=text; fi'
	if [ -n "$probe" ]; then
		cp "$probe" "$stage/boot/probe.elf"
		echo "	module2 /boot/probe.elf probe"
	fi
	if [ -n "$init" ]; then
		cp "$init" "$stage/boot/init.elf"
		echo "	module2 /boot/init.elf $(grub_words "init $init_args")"
	fi
	echo '	boot'
	echo '}'
} > "$stage/boot/grub/grub.cfg"
grub-mkrescue -o "$out" "$stage" >"$stage.log" 2>&1 ||
	{ cat "$stage.log" >&2; rm -f "$stage.log"; exit 1; }
rm -f "$stage.log"
