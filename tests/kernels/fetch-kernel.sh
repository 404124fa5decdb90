#!/bin/sh
# fetch-kernel.sh CACHE_DIR [SERIES] [ARCH]
# Prints the path of a Debian cloud kernel image (vmlinuz) of SERIES, 6.1
# (the default: Landlock ABI 2), 6.12 (ABI 6) or 7.2 (ABI 10), for the
# Debian architecture ARCH (amd64, the default, or arm64), downloading it
# once into CACHE_DIR. SERIES busybox instead prints the path of Debian's
# static busybox for ARCH (busybox-static cannot be installed beside the
# host's, so it is fetched the same way). A cached file is used as it is: a
# second run needs neither the network nor apt's package lists.
#
# 6.1 and 6.12 come from the machine's own apt lists (Debian 12, bookworm):
# linux-image-6.1.0-N-cloud-ARCH-unsigned or
# linux-image-6.12.N+deb12-cloud-ARCH-unsigned. 7.2 comes from Debian's
# unstable suite, which the machine's sources do not name: a private apt
# state in CACHE_DIR/apt-unstable (its own sources.list, lists and cache,
# the machine's sources and lists untouched) points at the same archive the
# machine uses (LLR_DEBIAN_MIRROR overrides it, e.g. with a
# snapshot.debian.org URL once unstable has moved past 7.2). There the image
# is split: linux-binary-unsigned-7.2.N+deb14-cloud-ARCH holds vmlinuz and
# linux-base-7.2.N+deb14-cloud-ARCH the config. The newest N that apt knows
# is taken (the mirror drops old ones). Nothing is installed:
# `apt-get download` fetches the .debs and `dpkg-deb -x` unpacks them, and
# only vmlinuz and config are kept (bin/busybox for busybox). A foreign ARCH
# from the machine's lists needs `dpkg --add-architecture ARCH` first
# (`make deps`); the private unstable state names both architectures itself.
set -eu
cache=${1:?usage: fetch-kernel.sh CACHE_DIR [6.1|6.12|7.2|busybox] [amd64|arm64]}
series=${2:-6.1}
arch=${3:-amd64}
case $arch in
  amd64|arm64) ;;
  *) echo "fetch-kernel: unknown architecture '$arch' (amd64, arm64)" >&2; exit 1 ;;
esac
file=vmlinuz qual='' private=''
case $series in
  6.1) glob="linux-image-6.1.0-*-cloud-$arch-unsigned" pattern="^linux-image-6\.1\.0-[0-9]+-cloud-$arch-unsigned\$" ;;
  6.12) glob="linux-image-6.12.*+deb12-cloud-$arch-unsigned" pattern="^linux-image-6\.12\.[0-9]+\+deb12-cloud-$arch-unsigned\$" ;;
  7.2) glob="linux-binary-unsigned-7.2.*+deb14-cloud-$arch" pattern="^linux-binary-unsigned-7\.2\.[0-9]+\+deb14-cloud-$arch\$"
       qual=":$arch" private=unstable ;;
  # One package name for every architecture: cached as busybox-static-ARCH.
  busybox) glob="busybox-static-$arch" pattern='^busybox-static$' file=busybox qual=":$arch" ;;
  *) echo "fetch-kernel: unknown series '$series' (6.1, 6.12, 7.2, busybox)" >&2; exit 1 ;;
esac
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

newest_cached() {
  # shellcheck disable=SC2086 # $glob is a pattern on purpose
  for d in "$cache"/$glob; do [ -s "$d/$file" ] && echo "$d/$file"; done | sort -V | tail -n 1
}

k=$(newest_cached)
if [ -n "$k" ]; then echo "$k"; exit 0; fi

# Run as root, apt would warn that its _apt user cannot write here; it is a
# plain download into our own folder, so let it run as root quietly.
set -- -o APT::Sandbox::User=root
if [ -n "$private" ]; then
  # The archive the machine already uses: the URI of its Debian release's
  # own suite (not -security or -updates).
  # shellcheck disable=SC2016 # $(REPO_URI) is apt's format, not the shell's
  mirror=${LLR_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null |
    awk '$1 ~ /\/debian\/?$/ && $2 !~ /-/ { print $1; exit }')}
  mirror=${mirror:-http://deb.debian.org/debian}
  state=$cache/apt-$private
  mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
  echo "deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror%/} $private main" >"$state/sources.list.new"
  mv "$state/sources.list.new" "$state/sources.list"
  set -- "$@" -o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$state/lists" -o Dir::Cache="$state/cache" \
    -o APT::Architectures::=amd64 -o APT::Architectures::=arm64
fi

find_pkg() { apt-cache "$@" search --names-only "$pattern" 2>/dev/null | cut -d' ' -f1 | sort -V | tail -n 1; }
refresh() {
  # The lists may be missing or stale (a package the mirror has dropped):
  # refresh them once, as `make deps` does. The private lists are ours to
  # refresh as any user; the machine's only as root.
  if [ -n "$private" ]; then apt-get -q "$@" update >&2 || true
  elif [ "$(id -u)" = 0 ]; then apt-get update -qq >&2 || true; fi
}

pkg=$(find_pkg "$@")
[ -n "$pkg" ] || { refresh "$@"; pkg=$(find_pkg "$@"); }
[ -n "$pkg" ] || { echo "fetch-kernel: no $pattern package known to apt (run: apt-get update)" >&2; exit 1; }

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The packages to fetch: 7.2's config is in its linux-base package.
pkgs() {
  echo "$pkg$qual"
  [ "$series" != 7.2 ] || echo "linux-base-${pkg#linux-binary-unsigned-}$qual"
}
echo "fetch-kernel: downloading $(pkgs | tr '\n' ' ')" >&2
# shellcheck disable=SC2046 # one argument per package name, none with spaces
dl() { (cd "$work" && apt-get download -q "$@" $(pkgs) >&2); }
dl "$@" || { refresh "$@"; pkg=$(find_pkg "$@"); dl "$@"; }
for d in "$work"/*.deb; do dpkg-deb -x "$d" "$work/x"; done
mkdir -p "$work/out"
# The kernel's own package first: its name and version describe the tier.
for d in "$work"/"$pkg"_*.deb; do basename "$d"; done >"$work/out/deb"
for d in "$work"/*.deb; do case $d in "$work"/"$pkg"_*) ;; *) basename "$d" ;; esac; done >>"$work/out/deb"
if [ "$series" = busybox ]; then
  dest=busybox-static-$arch
  cp "$work/x/bin/busybox" "$work/out/busybox"
else
  dest=$pkg
  # Debian 12 ships boot/vmlinuz-VERSION and boot/config-VERSION; later
  # Debian usr/lib/modules/VERSION/vmlinuz.unsigned and .../config.
  for f in "$work"/x/boot/vmlinuz-* "$work"/x/usr/lib/modules/*/vmlinuz*; do
    [ -f "$f" ] && cp "$f" "$work/out/vmlinuz"
  done
  for f in "$work"/x/boot/config-* "$work"/x/usr/lib/modules/*/config; do
    [ -f "$f" ] && cp "$f" "$work/out/config"
  done
  [ -s "$work/out/vmlinuz" ] || { echo "fetch-kernel: $pkg holds no kernel image" >&2; exit 1; }
  [ -s "$work/out/config" ] || { echo "fetch-kernel: $pkg comes without its kernel config" >&2; exit 1; }
  grep -q '^CONFIG_SECURITY_LANDLOCK=y' "$work/out/config" ||
    { echo "fetch-kernel: $pkg has no built-in Landlock" >&2; exit 1; }
fi
# Another run may have fetched it meanwhile: an existing copy is kept, and the
# rename is atomic, so no run ever sees a half-written file.
[ -s "$cache/$dest/$file" ] || mv -T "$work/out" "$cache/$dest" 2>/dev/null || [ -s "$cache/$dest/$file" ] ||
  { rm -rf "${cache:?}/$dest"; mv -T "$work/out" "$cache/$dest"; }
echo "$cache/$dest/$file"
