#!/bin/sh
# fetch-kernel.sh CACHE_DIR [SERIES]
# Prints the path of a Debian cloud kernel image (vmlinuz) of SERIES, 6.1
# (the default: Landlock ABI 2) or 6.12 (ABI 6), downloading it once into
# CACHE_DIR. A cached kernel is used as it is: a second run needs neither the
# network nor apt's package lists.
#
# The package is Debian bookworm's linux-image-6.1.0-N-cloud-amd64-unsigned
# or linux-image-6.12.N+deb12-cloud-amd64-unsigned; the newest N that apt
# knows is taken (the mirror drops old ones). Nothing is installed:
# `apt-get download` fetches the .deb and `dpkg-deb -x` unpacks it, and only
# boot/vmlinuz-* and boot/config-* are kept.
set -eu
cache=${1:?usage: fetch-kernel.sh CACHE_DIR [6.1|6.12]}
series=${2:-6.1}
case $series in
  6.1) glob='linux-image-6.1.0-*-cloud-amd64-unsigned' pattern='^linux-image-6\.1\.0-[0-9]+-cloud-amd64-unsigned$' ;;
  6.12) glob='linux-image-6.12.*+deb12-cloud-amd64-unsigned' pattern='^linux-image-6\.12\.[0-9]+\+deb12-cloud-amd64-unsigned$' ;;
  *) echo "fetch-kernel: unknown series '$series' (6.1, 6.12)" >&2; exit 1 ;;
esac
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

newest_cached() {
  # shellcheck disable=SC2086 # $glob is a pattern on purpose
  for d in "$cache"/$glob; do [ -s "$d/vmlinuz" ] && echo "$d/vmlinuz"; done | sort -V | tail -n 1
}

k=$(newest_cached)
if [ -n "$k" ]; then echo "$k"; exit 0; fi

find_pkg() { apt-cache search --names-only "$pattern" 2>/dev/null | cut -d' ' -f1 | sort -V | tail -n 1; }
refresh() {
  # The lists may be missing or stale (a package the mirror has dropped):
  # refresh them once, as `make deps` does.
  if [ "$(id -u)" = 0 ]; then apt-get update -qq >&2 || true; fi
}

pkg=$(find_pkg)
[ -n "$pkg" ] || { refresh; pkg=$(find_pkg); }
[ -n "$pkg" ] || { echo "fetch-kernel: no $pattern package known to apt (run: apt-get update)" >&2; exit 1; }

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "fetch-kernel: downloading $pkg" >&2
# Run as root, apt would warn that its _apt user cannot write here; it is a
# plain download into our own folder, so let it run as root quietly.
dl() { (cd "$work" && apt-get download -q -o APT::Sandbox::User=root "$pkg" >&2); }
dl || { refresh; pkg=$(find_pkg); dl; }
dpkg-deb -x "$work"/"$pkg"_*.deb "$work/x"
mkdir -p "$work/out"
cp "$work"/x/boot/vmlinuz-* "$work/out/vmlinuz"
cp "$work"/x/boot/config-* "$work/out/config"
for d in "$work"/"$pkg"_*.deb; do basename "$d"; done >"$work/out/deb"
grep -q '^CONFIG_SECURITY_LANDLOCK=y' "$work/out/config" ||
  { echo "fetch-kernel: $pkg has no built-in Landlock" >&2; exit 1; }
# Another run may have fetched it meanwhile: an existing copy is kept, and the
# rename is atomic, so no run ever sees a half-written kernel.
[ -s "$cache/$pkg/vmlinuz" ] || mv -T "$work/out" "$cache/$pkg" 2>/dev/null || [ -s "$cache/$pkg/vmlinuz" ] ||
  { rm -rf "${cache:?}/$pkg"; mv -T "$work/out" "$cache/$pkg"; }
echo "$cache/$pkg/vmlinuz"
