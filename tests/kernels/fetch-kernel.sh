#!/bin/sh
# fetch-kernel.sh CACHE_DIR [SERIES] [ARCH]
# Prints the path of a Debian cloud kernel image (vmlinuz) of SERIES, 6.1
# (the default: Landlock ABI 2) or 6.12 (ABI 6), for the Debian architecture
# ARCH (amd64, the default, or arm64), downloading it once into CACHE_DIR.
# SERIES busybox instead prints the path of Debian's static busybox for ARCH
# (busybox-static cannot be installed beside the host's, so it is fetched
# the same way). A cached file is used as it is: a second run needs neither
# the network nor apt's package lists.
#
# The package is Debian bookworm's linux-image-6.1.0-N-cloud-ARCH-unsigned
# or linux-image-6.12.N+deb12-cloud-ARCH-unsigned; the newest N that apt
# knows is taken (the mirror drops old ones). Nothing is installed:
# `apt-get download` fetches the .deb and `dpkg-deb -x` unpacks it, and only
# boot/vmlinuz-* and boot/config-* are kept (bin/busybox for busybox). A
# foreign ARCH needs `dpkg --add-architecture ARCH` first (`make deps`).
set -eu
cache=${1:?usage: fetch-kernel.sh CACHE_DIR [6.1|6.12|busybox] [amd64|arm64]}
series=${2:-6.1}
arch=${3:-amd64}
case $arch in
  amd64|arm64) ;;
  *) echo "fetch-kernel: unknown architecture '$arch' (amd64, arm64)" >&2; exit 1 ;;
esac
file=vmlinuz qual=
case $series in
  6.1) glob="linux-image-6.1.0-*-cloud-$arch-unsigned" pattern="^linux-image-6\.1\.0-[0-9]+-cloud-$arch-unsigned\$" ;;
  6.12) glob="linux-image-6.12.*+deb12-cloud-$arch-unsigned" pattern="^linux-image-6\.12\.[0-9]+\+deb12-cloud-$arch-unsigned\$" ;;
  # One package name for every architecture: cached as busybox-static-ARCH.
  busybox) glob="busybox-static-$arch" pattern='^busybox-static$' file=busybox qual=":$arch" ;;
  *) echo "fetch-kernel: unknown series '$series' (6.1, 6.12, busybox)" >&2; exit 1 ;;
esac
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

newest_cached() {
  # shellcheck disable=SC2086 # $glob is a pattern on purpose
  for d in "$cache"/$glob; do [ -s "$d/$file" ] && echo "$d/$file"; done | sort -V | tail -n 1
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
dl() { (cd "$work" && apt-get download -q -o APT::Sandbox::User=root "$pkg$qual" >&2); }
dl || { refresh; pkg=$(find_pkg); dl; }
dpkg-deb -x "$work"/"$pkg"_*.deb "$work/x"
mkdir -p "$work/out"
for d in "$work"/"$pkg"_*.deb; do basename "$d"; done >"$work/out/deb"
if [ "$series" = busybox ]; then
  dest=busybox-static-$arch
  cp "$work/x/bin/busybox" "$work/out/busybox"
else
  dest=$pkg
  cp "$work"/x/boot/vmlinuz-* "$work/out/vmlinuz"
  cp "$work"/x/boot/config-* "$work/out/config"
  grep -q '^CONFIG_SECURITY_LANDLOCK=y' "$work/out/config" ||
    { echo "fetch-kernel: $pkg has no built-in Landlock" >&2; exit 1; }
fi
# Another run may have fetched it meanwhile: an existing copy is kept, and the
# rename is atomic, so no run ever sees a half-written file.
[ -s "$cache/$dest/$file" ] || mv -T "$work/out" "$cache/$dest" 2>/dev/null || [ -s "$cache/$dest/$file" ] ||
  { rm -rf "${cache:?}/$dest"; mv -T "$work/out" "$cache/$dest"; }
echo "$cache/$dest/$file"
