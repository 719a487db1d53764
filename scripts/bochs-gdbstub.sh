#!/usr/bin/env bash
# Usage: bochs-gdbstub.sh SOURCE.tar.xz OUTDIR
# Builds Bochs from SOURCE (a Bochs 3.0 tarball, as ../shared/tools/bochs keeps
# beside its binary) with its gdb stub, for make trace of the FRED path: QEMU's
# TCG has no FRED, and the shared binary has neither a debugger nor a stub.
# OUTDIR/bin/bochs and its BIOS files in OUTDIR/share, where scripts/bochs.sh looks.
#
# The CPU is the shared binary's (x86-64, FRED, AVX-512, CET, PKU), on one CPU
# only: Bochs's stub drives a single processor, and its build refuses SMP
# (bochs.h). Its handler-chaining speed-up is off too (the stub checks every
# instruction), so this build is slower, not different in what it executes.
# About a minute on 2 cores. Exit status: 0 built, 1 the build failed (its log
# is in OUTDIR/build.log), 2 bad usage.
set -euo pipefail
if [ $# != 2 ] || [ ! -f "$1" ]; then
	echo "usage: bochs-gdbstub.sh SOURCE.tar.xz OUTDIR (a Bochs source tarball that exists)" >&2
	exit 2
fi
src=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$out/build.log
echo "bochs-gdbstub.sh: building $(basename "$src") with its gdb stub into $out" >&2
# The steps in a shell of their own: "set -e" is ignored inside an "if !" list. Its
# make is not a sub-make of the caller's: entrylab's MAKEFLAGS (--no-builtin-rules)
# would empty the suffix list Bochs's Makefiles rely on.
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u GNUMAKEFLAGS bash -euc '
	tar -xJf "$1" -C "$2"
	cd "$2"/*/bochs
	./configure --enable-x86-64 --enable-fred --enable-avx --enable-evex --enable-cet \
		--enable-protection-keys --enable-long-phy-address --enable-all-optimizations \
		--enable-pci --enable-gdb-stub --disable-docbook --with-nogui --without-x11 \
		--without-sdl2 --without-wx --without-term --without-rfb --without-vncsrv
	make -j"$(nproc)"
	mkdir -p "$3/bin" "$3/share"
	cp bios/BIOS-bochs-latest bios/VGABIOS-lgpl/VGABIOS-lgpl-latest.bin "$3/share/"
	cp bochs "$3/bin/bochs.new"
	strip "$3/bin/bochs.new"
	mv "$3/bin/bochs.new" "$3/bin/bochs"	# whole, or not at all
' bochs-gdbstub "$src" "$work" "$out" >"$log" 2>&1; then
	echo "bochs-gdbstub.sh: the build failed; the end of $log:" >&2
	tail -n 5 "$log" >&2
	exit 1
fi
echo "bochs-gdbstub.sh: built $out/bin/bochs" >&2
