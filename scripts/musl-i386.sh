#!/usr/bin/env bash
# Debian's i386 musl, for building the test suite's musl programs as i386 ones,
# without installing it. Debian ships musl's i386 target as musl-dev:i386, an
# i386 multiarch package that depends on Debian's i686 cross compiler, which
# gcc -m32 (gcc-multilib) makes unnecessary. So this downloads that one package
# through apt, which checks its signature, into a private apt state (the
# machine's sources, its own lists; nothing of the system changes), unpacks it
# under OUT, and writes OUT/musl-gcc.specs: the package's GCC specs with its
# paths moved there. The version is the installed x86-64 musl-dev's.
#
# Use: gcc -m32 -specs=OUT/musl-gcc.specs -Wl,-melf_i386 -static ... (the specs
# replace GCC's link spec, and with it the -m elf_i386 that -m32 adds).
# Usage: musl-i386.sh OUT
set -euo pipefail
out=$1
ver=$(dpkg-query -W -f='${Version}' musl-dev)
apt_state=$out/apt
rm -rf "$out"
mkdir -p "$apt_state/lists/partial" "$apt_state/cache/archives/partial" "$out/root"
apt_opts=(-q -o APT::Architectures::=amd64 -o APT::Architectures::=i386
	  -o Dir::State::Lists="$apt_state/lists" -o Dir::Cache="$apt_state/cache"
	  -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)")
fetch_failed() {
	echo "musl-i386: could not fetch Debian's musl-dev:i386 $ver through apt" \
	     "(no network, or no Debian source in the machine's apt sources?)" >&2
	exit 1
}
apt-get "${apt_opts[@]}" update >/dev/null || fetch_failed
(cd "$apt_state" && apt-get "${apt_opts[@]}" download "musl-dev:i386=$ver" >/dev/null) ||
	fetch_failed
dpkg-deb -x "$apt_state"/musl-dev_*_i386.deb "$out/root"
specs=$out/root/usr/lib/i386-linux-musl/musl-gcc.specs
[ -f "$specs" ] || { echo "musl-i386: musl-dev:i386 $ver has no $specs" >&2; exit 1; }
sed "s|/usr/|$(cd "$out" && pwd)/root/usr/|g" "$specs" > "$out/musl-gcc.specs"
rm -rf "$apt_state"
echo "musl-i386: Debian's musl-dev:i386 $ver in $out"
