#!/bin/sh
# fetch-kernel.sh CACHE_DIR [SERIES] [ARCH]
# Prints the path of a Debian cloud kernel image (vmlinuz) of SERIES, 6.1
# (the default: Landlock ABI 2), 6.12 (ABI 6), 7.2 (ABI 10) or 7.3 (ABI 11),
# for the Debian architecture ARCH (amd64, the default, or arm64),
# downloading it once into CACHE_DIR. SERIES busybox instead prints the path
# of Debian's static busybox for ARCH (busybox-static cannot be installed
# beside the host's, so it is fetched the same way). A cached file is used as
# it is: a second run needs neither the network nor apt's package lists.
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
# is taken (the mirror drops old ones). 7.3 is the same split pair, first
# from experimental (linux-binary-unsigned-7.3-cloud-ARCH, 7.3~rc7-1~exp1
# when this was written), then, once it has left experimental, from unstable
# (linux-binary-unsigned-7.3.N+deb14-cloud-ARCH): each suite its own private
# state, CACHE_DIR/apt-SUITE. LLR_KERNEL_7_3_SUITES names the suites to try
# in order (default "experimental unstable"); LLR_KERNEL_7_3_VERSION pins
# the package version (e.g. 7.3~rc7-1~exp1, with a snapshot.debian.org
# LLR_DEBIAN_MIRROR once the archive has dropped it), cached apart from the
# unpinned one. When no suite tried knows a 7.3 package the script exits 3
# (the tier's SKIP), any other failure 1. Nothing is installed:
# `apt-get download` fetches the .debs and `dpkg-deb -x` unpacks them, and
# only vmlinuz and config are kept (bin/busybox for busybox). A foreign ARCH
# from the machine's lists needs `dpkg --add-architecture ARCH` first
# (`make deps`); the private states name both architectures themselves.
set -eu
cache=${1:?usage: fetch-kernel.sh CACHE_DIR [6.1|6.12|7.2|7.3|busybox] [amd64|arm64]}
series=${2:-6.1}
arch=${3:-amd64}
case $arch in
  amd64|arm64) ;;
  *) echo "fetch-kernel: unknown architecture '$arch' (amd64, arm64)" >&2; exit 1 ;;
esac
file=vmlinuz qual='' private='' pin='' split=''
case $series in
  6.1) glob="linux-image-6.1.0-*-cloud-$arch-unsigned" pattern="^linux-image-6\.1\.0-[0-9]+-cloud-$arch-unsigned\$" ;;
  6.12) glob="linux-image-6.12.*+deb12-cloud-$arch-unsigned" pattern="^linux-image-6\.12\.[0-9]+\+deb12-cloud-$arch-unsigned\$" ;;
  7.2) glob="linux-binary-unsigned-7.2.*+deb14-cloud-$arch" pattern="^linux-binary-unsigned-7\.2\.[0-9]+\+deb14-cloud-$arch\$"
       qual=":$arch" private=unstable split=1 ;;
  # The release candidates in experimental carry no point release in their
  # name; the releases in unstable do.
  7.3) glob="linux-binary-unsigned-7.3*-cloud-$arch" pattern="^linux-binary-unsigned-7\.3(\.[0-9]+\+deb[0-9]+)?-cloud-$arch\$"
       qual=":$arch" private=${LLR_KERNEL_7_3_SUITES:-experimental unstable} split=1 pin=${LLR_KERNEL_7_3_VERSION:-}
       # A pinned version is cached apart: PACKAGE_VERSION.
       [ -z "$pin" ] || glob="${glob}_$pin" ;;
  # One package name for every architecture: cached as busybox-static-ARCH.
  busybox) glob="busybox-static-$arch" pattern='^busybox-static$' file=busybox qual=":$arch" ;;
  *) echo "fetch-kernel: unknown series '$series' (6.1, 6.12, 7.2, 7.3, busybox)" >&2; exit 1 ;;
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
find_pkg() { apt-cache "$@" search --names-only "$pattern" 2>/dev/null | cut -d' ' -f1 | sort -V | tail -n 1; }
refreshed=0
refresh() {
  # The lists may be missing or stale (a package the mirror has dropped):
  # refresh them once, as `make deps` does. The private lists are ours to
  # refresh as any user; the machine's only as root. A private refresh that
  # failed is remembered: "not known" then means "not reachable", exit 1.
  if [ -n "$private" ]; then apt-get -q "$@" update >&2 || refreshed=failed
  elif [ "$(id -u)" = 0 ]; then apt-get update -qq >&2 || true; fi
}

if [ -n "$private" ]; then
  # The archive the machine already uses: the URI of its Debian release's
  # own suite (not -security or -updates).
  # shellcheck disable=SC2016 # $(REPO_URI) is apt's format, not the shell's
  mirror=${LLR_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null |
    awk '$1 ~ /\/debian\/?$/ && $2 !~ /-/ { print $1; exit }')}
  mirror=${mirror:-http://deb.debian.org/debian}
  pkg=''
  # Each suite in order, each its own state; the first that knows the
  # package is the one it is downloaded from.
  for suite in $private; do
    case $suite in *[!a-z0-9-]*|'') echo "fetch-kernel: bad suite name '$suite'" >&2; exit 1 ;; esac
    state=$cache/apt-$suite
    mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
    echo "deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror%/} $suite main" >"$state/sources.list.new"
    mv "$state/sources.list.new" "$state/sources.list"
    set -- -o APT::Sandbox::User=root -o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/dev/null \
      -o Dir::State::Lists="$state/lists" -o Dir::Cache="$state/cache" \
      -o APT::Architectures::=amd64 -o APT::Architectures::=arm64
    pkg=$(find_pkg "$@")
    [ -n "$pkg" ] || { refresh "$@"; pkg=$(find_pkg "$@"); }
    [ -z "$pkg" ] || break
  done
  if [ -z "$pkg" ]; then
    echo "fetch-kernel: no $pattern package in $(echo "$private" | sed 's/ /, /g') of ${mirror%/}" >&2
    [ "$refreshed" = failed ] && exit 1
    exit 3
  fi
  echo "fetch-kernel: $pkg from $suite of ${mirror%/}" >&2
else
  pkg=$(find_pkg "$@")
  [ -n "$pkg" ] || { refresh "$@"; pkg=$(find_pkg "$@"); }
  [ -n "$pkg" ] || { echo "fetch-kernel: no $pattern package known to apt (run: apt-get update)" >&2; exit 1; }
fi

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The packages to fetch: 7.2's and 7.3's config is in their linux-base
# package; a pinned version is asked for by name=version.
pkgs() {
  echo "$pkg$qual${pin:+=$pin}"
  [ -z "$split" ] || echo "linux-base-${pkg#linux-binary-unsigned-}$qual${pin:+=$pin}"
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
  dest=$pkg${pin:+_$pin}
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
