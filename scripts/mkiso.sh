#!/usr/bin/env bash
# Usage: mkiso.sh KERNEL.elf OUT.iso "KERNEL CMDLINE" [INIT.elf ["INIT ARGS"]]
# Builds a GRUB (multiboot2) ISO that boots KERNEL with CMDLINE and, if given,
# loads INIT as the module "init INIT ARGS". The kernel reads init's argv from
# that module string. timeout=0: no menu, the run starts at once.
set -euo pipefail
kernel=$1 out=$2 cmdline=${3:-} init=${4:-} init_args=${5:-}
stage=$(mktemp -d "${out%.iso}.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/boot/grub"
cp "$kernel" "$stage/boot/entrylab.elf"
{
	echo 'set timeout=0'
	echo 'set default=0'
	echo 'menuentry "entrylab" {'
	echo "	multiboot2 /boot/entrylab.elf $cmdline"
	if [ -n "$init" ]; then
		cp "$init" "$stage/boot/init.elf"
		echo "	module2 /boot/init.elf init $init_args"
	fi
	echo '	boot'
	echo '}'
} > "$stage/boot/grub/grub.cfg"
grub-mkrescue -o "$out" "$stage" >"$stage.log" 2>&1 || { cat "$stage.log" >&2; rm -f "$stage.log"; exit 1; }
rm -f "$stage.log"
