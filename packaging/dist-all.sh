#!/bin/sh
# dist-all.sh DIST FILE...: every architecture's release artifacts in DIST,
# with one DIST/SHA256SUMS over exactly those files (sorted by name). A FILE
# outside DIST is copied in; two FILEs of one name (the entry npm package,
# built by every architecture's build) must be byte-identical.
set -eu
dist=${1:?usage: dist-all.sh DIST FILE...}
shift
. packaging/pkg-common.sh
install -d -m 0755 "$dist"
names=
abs_dist=$(cd "$dist" && pwd)
for f in "$@"; do
  [ -f "$f" ] || pkg_die "dist-all: $f is missing"
  n=$(basename "$f")
  case " $names " in
    *" $n "*) cmp -s "$f" "$dist/$n" || pkg_die "dist-all: $f differs from the $n before it"; continue ;;
  esac
  [ "$(cd "$(dirname "$f")" && pwd)" = "$abs_dist" ] || install -m 0644 "$f" "$dist/$n"
  names="$names $n"
done
# shellcheck disable=SC2086 # one name a word, none has a space
(cd "$dist" && printf '%s\n' $names | LC_ALL=C sort -u | while IFS= read -r n; do sha256sum "$n"; done) >"$dist/SHA256SUMS.tmp"
mv "$dist/SHA256SUMS.tmp" "$dist/SHA256SUMS"
chmod 0644 "$dist/SHA256SUMS"
echo "dist-all: $dist/SHA256SUMS ($(wc -l <"$dist/SHA256SUMS") files)"
