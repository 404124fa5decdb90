#!/bin/sh
# reproducible-check.sh [--worktree] [--quick]: build the project twice from
# clean copies in two different directories, at two different times, under a
# different umask, time zone and locale, and compare every artifact's SHA-256.
#   default     the copies are `git clone`s of HEAD (what CI and a release use)
#   --worktree  the copies are of the working tree (tracked and untracked,
#               not ignored files), to check uncommitted work
#   --quick     only the launcher, the man pages and the source tarball
#               (seconds, for make check)
# Each cross target whose toolchain is installed (aarch64: make deps) is built
# too, into build-r/ARCH, and compared the same way.
# Exit 0 when every artifact is byte-identical. Run from the repo root.
set -eu
mode=head quick=no
for arg in "$@"; do
  case $arg in
    --worktree) mode=worktree ;;
    --quick) quick=yes ;;
    *) echo "usage: $0 [--worktree] [--quick]" >&2; exit 2 ;;
  esac
done
root=$(pwd)
version=$(cat VERSION)
# The corresponding source (make dist writes it beside the tarballs).
src_tarball=dist-r/landlock-run-$version-src.tar.gz
# One epoch for both builds: the last commit's time, unless given.
: "${SOURCE_DATE_EPOCH:=$(git log -1 --format=%ct)}"
export SOURCE_DATE_EPOCH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/llr-repro.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

checkout() {  # checkout DEST
  mkdir -p "$(dirname "$1")"
  if [ "$mode" = head ]; then
    git clone --quiet --no-hardlinks "$root" "$1"
  else
    mkdir -p "$1"
    git ls-files -co --exclude-standard | while IFS= read -r f; do [ -e "$f" ] && printf '%s\n' "$f"; done |
      tar -cf - -T - | tar -xf - -C "$1"
  fi
}

build() {  # build SRC: in a subshell with its own environment
  src=$1
  if [ "$quick" = yes ]; then
    targets="build-r/landlock-run man $src_tarball"
  else
    targets="all man"
    command -v scdoc >/dev/null && targets="$targets dist"
    command -v dpkg-deb >/dev/null && targets="$targets deb"
    command -v npm >/dev/null && targets="$targets npm"
    # The bill of materials and licences every package above ships (also
    # a release artifact of its own: make dist-all).
    targets="$targets sbom"
  fi
  # shellcheck disable=SC2086
  (cd "$src" && make -s -j2 BUILD=build-r DIST=dist-r $targets >"$src.log" 2>&1) ||
    { echo "reproducible-check: the build in $src failed:" >&2; tail -20 "$src.log" >&2; exit 1; }
  command -v aarch64-linux-gnu-g++ >/dev/null || return 0
  # The same targets (the packages are per architecture), into build-r/aarch64.
  [ "$quick" = no ] || targets=build-r/aarch64/landlock-run
  # shellcheck disable=SC2086
  (cd "$src" && make -s -j2 ARCH=aarch64 BUILD=build-r/aarch64 DIST=dist-r $targets >>"$src.log" 2>&1) ||
    { echo "reproducible-check: the aarch64 build in $src failed:" >&2; tail -20 "$src.log" >&2; exit 1; }
}

artifacts() {  # artifacts SRC: "relative-path sha256" lines
  (cd "$1" && for f in build-r/landlock-run build-r/landlock-policy build-r/man/* dist-r/*.tar.gz \
       dist-r/*.spdx.json dist-r/*.deb dist-r/SHA256SUMS \
       build-r/deb/*.deb build-r/npm/*.tgz build-r/sbom/*.spdx.json build-r/sbom/built-using \
       build-r/sbom/licenses/* build-r/aarch64/landlock-run build-r/aarch64/landlock-policy \
       build-r/aarch64/deb/*.deb build-r/aarch64/npm/*.tgz build-r/aarch64/sbom/*.spdx.json \
       build-r/aarch64/sbom/built-using build-r/aarch64/sbom/licenses/*; do
     [ -f "$f" ] && printf '%s %s\n' "$f" "$(sha256sum "$f" | cut -d' ' -f1)"
   done) || true
}

a=$tmp/a/src b=$tmp/b/a/much/longer/path/elsewhere/src
checkout "$a"
# shellcheck disable=SC2030,SC2031 # each build has its own environment, on purpose
(umask 022; export TZ=UTC LC_ALL=C; build "$a")
sleep 2   # a different time of day for the second build
checkout "$b"
# shellcheck disable=SC2031
(umask 077; export TZ=Pacific/Kiritimati LC_ALL=C.UTF-8; build "$b")

artifacts "$a" >"$tmp/a.sums"
artifacts "$b" >"$tmp/b.sums"
status=0
[ -s "$tmp/a.sums" ] || { echo "reproducible-check: no artifact was built" >&2; exit 1; }
grep -q "^$src_tarball " "$tmp/a.sums" || { echo "reproducible-check: $src_tarball was not built" >&2; exit 1; }
while read -r path sum; do
  other=$(awk -v p="$path" '$1 == p { print $2 }' "$tmp/b.sums")
  if [ "$sum" = "$other" ]; then
    echo "identical  $sum  $path"
  else
    echo "DIFFERENT  $path: $sum vs ${other:-missing}"
    cmp -l "$a/$path" "$b/$path" 2>/dev/null | head -5
    status=1
  fi
done <"$tmp/a.sums"
if [ "$status" -eq 0 ]; then
  echo "reproducible-check: $(wc -l <"$tmp/a.sums") artifacts byte-identical across two builds ($mode, SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH)"
else
  echo "reproducible-check: FAILED: the builds differ" >&2
fi
exit "$status"
