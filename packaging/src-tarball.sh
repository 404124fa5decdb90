#!/bin/sh
# src-tarball.sh OUT VERSION [BUILD]: the corresponding source of a release, run from
# the top of the tree: OUT (landlock-run-VERSION-src.tar.gz) holds the whole
# source tree as landlock-run-VERSION/, which `make deps all` builds (and in
# which a user can relink landlock-policy against a changed glibc).
# The files: in a git checkout, every file git tracks or would track (git
# ls-files -co --exclude-standard: the tree make builds from, uncommitted
# edits included); never OUT's folder nor BUILD, wherever they are; elsewhere (an unpacked source tarball, a copy), every file
# but .git and what .gitignore names (tar --exclude-vcs-ignores).
# Reproducible: sorted names, owner 0:0, modes 0644 or 0755 (executable or
# not, as git records them), mtime SOURCE_DATE_EPOCH, gzip -n. OUT is only
# replaced when its bytes change, so that make sees it unchanged otherwise.
set -eu
out=$1 version=$2 build=${3:-build}
. packaging/pkg-common.sh
name=landlock-run-$version
work=$(mktemp -d "${TMPDIR:-/tmp}/llr-src.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/$name
install -d -m 0755 "$stage"

if git rev-parse --show-toplevel >/dev/null 2>&1 &&
   [ "$(cd "$(git rev-parse --show-toplevel)" && pwd -P)" = "$(pwd -P)" ]; then
  git ls-files -z -co --exclude-standard >"$work/list0"
  tr '\0' '\n' <"$work/list0" >"$work/list"
else
  LC_ALL=C tar --exclude=.git --exclude-vcs-ignores -cf - . | tar -tf - | sed -n 's|^\./||; /[^/]$/p' >"$work/list"
fi
# A name with a newline in it could not be listed one a line: refuse it.
if [ -f "$work/list0" ] && [ "$(tr -cd '\0' <"$work/list0" | wc -c)" -ne "$(wc -l <"$work/list")" ]; then
  pkg_die "src-tarball: a file name holds a newline"
fi
# The output folders, when they are inside the tree (a DIST or BUILD that
# .gitignore does not name): their contents are no source.
top=$(pwd -P)
skip=
for d in "$(dirname "$out")" "$build"; do
  [ -d "$d" ] || continue
  abs=$(cd "$d" && pwd -P)
  case $abs/ in "$top"/?*) skip="$skip ${abs#"$top"/}/" ;; esac
done
count=0
while IFS= read -r f; do
  for s in $skip; do
    case $f in "$s"*) continue 2 ;; esac
  done
  # Deleted but still tracked, or a symlink: not part of what make builds.
  if [ ! -f "$f" ] || [ -L "$f" ]; then continue; fi
  if [ -x "$f" ]; then mode=0755; else mode=0644; fi
  pkg_file "$mode" "$f" "$stage/$f"
  count=$((count + 1))
done <"$work/list"
if [ ! -f "$stage/VERSION" ] || [ ! -f "$stage/Makefile" ]; then
  pkg_die "src-tarball: run it from the top of the tree"
fi

install -d -m 0755 "$(dirname "$out")"
pkg_tar_gz "$work" "$name" "$work/out.tar.gz"
if cmp -s "$work/out.tar.gz" "$out"; then
  echo "src-tarball: $out (unchanged, $count files)"
else
  mv "$work/out.tar.gz" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
  echo "src-tarball: $out ($count files)"
fi
