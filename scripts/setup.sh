#!/usr/bin/env bash
# Installs the Debian packages entrylab needs when any tool is missing. Called by
# make before every build, so on a fresh Debian 12 machine "make run" or "make test"
# is the only command needed. Quiet and quick when everything is there.
#
# Usage: setup.sh [PACKAGE...]: also the named packages, if not installed (make
# selftests-x86 asks for linux-source-6.12 this way, so "make run" never downloads it).
set -euo pipefail

declare -A need=(
	[gcc]=gcc [ld]=binutils [make]=make [nasm]=nasm [python3]=python3
	[grub-mkrescue]=grub-common [xorriso]=xorriso [mformat]=mtools
	[qemu-system-x86_64]=qemu-system-x86
)
missing=()
for tool in "${!need[@]}"; do
	command -v "$tool" >/dev/null 2>&1 || missing+=("${need[$tool]}")
done
# grub-mkrescue builds a hybrid ISO from the GRUB platforms installed: BIOS (i386-pc),
# UEFI (x86_64-efi) and 32-bit UEFI (i386-efi), so that one ISO boots every kind of
# PC; OVMF is the UEFI firmware for QEMU (make run FIRMWARE=uefi, and make test's UEFI
# boots), in its ia32 build for FIRMWARE=uefi32.
[ -d /usr/lib/grub/i386-pc ] || missing+=(grub-pc-bin)
[ -d /usr/lib/grub/x86_64-efi ] || missing+=(grub-efi-amd64-bin)
[ -d /usr/lib/grub/i386-efi ] || missing+=(grub-efi-ia32-bin)
[ -f /usr/share/OVMF/OVMF_CODE_4M.fd ] || missing+=(ovmf)
[ -f /usr/share/OVMF/OVMF32_CODE_4M.secboot.fd ] || missing+=(ovmf-ia32)
# The framebuffer console's font is GNU Unifont as GRUB ships it (scripts/gen-font.py).
[ -f /usr/share/grub/ascii.pf2 ] || missing+=(grub-common)
# The test suite builds stock programs against glibc with gcc -static, against
# musl with musl-gcc, with Rust's std (rustc links it statically with glibc), and
# with Go's runtime, and i386 programs against glibc with gcc -m32 (gcc-multilib).
[ -f /usr/lib/x86_64-linux-gnu/libc.a ] || missing+=(libc6-dev)
[ -f /usr/lib32/libc.a ] || missing+=(gcc-multilib)
command -v musl-gcc >/dev/null 2>&1 || missing+=(musl-tools)
command -v rustc >/dev/null 2>&1 || missing+=(rustc)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
# A second x86 for the tests: Bochs, its BIOS and VGA BIOS (scripts/bochs.sh).
command -v bochs >/dev/null 2>&1 || missing+=(bochs bochsbios vgabios)
[ -f /usr/share/bochs/BIOS-bochs-latest ] || missing+=(bochsbios)
[ -f /usr/share/vgabios/vgabios.bin ] || missing+=(vgabios)
# make trace's FRED path builds a FRED-capable Bochs's source once more with its gdb
# stub (scripts/bochs-gdbstub.sh): a C++ compiler, and xz for the tarball.
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v xz >/dev/null 2>&1 || missing+=(xz-utils)
for pkg in "$@"; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
echo "setup: installing missing packages: ${missing[*]}"
SUDO=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null ||
		{ echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
	SUDO=sudo
fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
