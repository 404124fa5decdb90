#!/bin/sh
# sha256sums.sh DIST VERSION: DIST/SHA256SUMS (sha256sum's format, sorted
# by name) over every release file of VERSION in DIST: the tarballs (binary,
# one per architecture, and the source), the SBOMs, the .debs and the npm
# packages, whichever architecture's make dist or make dist-all put them
# there. An architecture's build and a cross build share DIST and may run at
# once: the update holds a lock on DIST, and each runs after its own files
# are in place, so the last one to run lists them all.
set -eu
dist=${1:?usage: sha256sums.sh DIST VERSION}
version=${2:?usage: sha256sums.sh DIST VERSION}
[ -d "$dist" ] || { echo "sha256sums: $dist is not a folder" >&2; exit 1; }
# shellcheck disable=SC2016 # the inner shell expands them
flock "$dist" sh -c '
  set -eu
  cd "$1"
  for f in "landlock-run-$2-"*.tar.gz "landlock-run-$2-"*.spdx.json "landlock-run_$2_"*.deb \
           "landlock-run-$2.tgz" "landlock-run-linux-"*"-$2.tgz"; do
    [ -f "$f" ] && printf "%s\n" "$f"
  done | LC_ALL=C sort -u | while IFS= read -r f; do sha256sum "$f"; done >SHA256SUMS.tmp
  [ -s SHA256SUMS.tmp ] || { echo "sha256sums: no release file of $2 in $1" >&2; exit 1; }
  chmod 0644 SHA256SUMS.tmp
  mv SHA256SUMS.tmp SHA256SUMS
  echo "sha256sums: $1/SHA256SUMS ($(wc -l <SHA256SUMS) files)"' sh "$dist" "$version"
