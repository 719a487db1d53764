#!/usr/bin/env bash
# Usage: usb.sh ISO DEV
# Writes the ISO to the USB stick DEV (make usb DEV=/dev/sdX), for booting entrylab
# on a PC (docs/bare-metal.md). It refuses, with the reason, anything that is not a
# whole removable disk, that holds a mounted filesystem, or that holds the running
# system's root filesystem, and asks before writing.
#
# Exit status: 0 written, 1 refused or declined, 2 bad usage.
set -euo pipefail

iso=${1:-} dev=${2:-}
refuse() {
	echo "usb.sh: $dev: $*; nothing written" >&2
	exit 1
}

if [ -z "$dev" ]; then
	echo "usb.sh: say which stick: make usb DEV=/dev/sdX (lsblk lists the disks)" >&2
	exit 2
fi
[ -f "$iso" ] || { echo "usb.sh: no ISO at $iso" >&2; exit 2; }
[ -b "$dev" ] || refuse "not a block device"
[ "$(lsblk -dno TYPE "$dev")" = disk ] || refuse "not a whole disk (a partition?): give the disk"
name=$(basename "$(readlink -f "$dev")")
root=$(findmnt -no SOURCE / || true)
root_disk=$(lsblk -no PKNAME "$root" 2>/dev/null | head -n 1 || true)
[ -n "$root_disk" ] || root_disk=$(basename "$root")
[ "$name" != "$root_disk" ] || refuse "holds the root filesystem of this system"
mounted=$(lsblk -no MOUNTPOINTS "$dev" | paste -sd ' ' | xargs)
[ -z "$mounted" ] || refuse "has mounted filesystems ($mounted): unmount them first"
[ "$(cat "/sys/block/$name/removable" 2>/dev/null)" = 1 ] ||
	refuse "not a removable disk (USB sticks are): refusing to overwrite a fixed disk"

echo "usb.sh: about to overwrite $dev: $(lsblk -dno MODEL,SIZE "$dev" | xargs)"
read -r -p "usb.sh: everything on it will be lost. Type yes to write: " answer </dev/tty
[ "$answer" = yes ] || { echo "usb.sh: not written" >&2; exit 1; }
dd if="$iso" of="$dev" bs=4M conv=fsync status=progress
sync
echo "usb.sh: written; boot the PC from $dev (docs/bare-metal.md)"
