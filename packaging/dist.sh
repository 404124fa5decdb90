#!/bin/sh
# dist.sh OUT BUILD VERSION [TRIPLET]: the release tarball, run from the repo
# root; TRIPLET (default x86_64-linux-musl) names the binaries' architecture.
#   landlock-run-VERSION-TRIPLET/
#     bin/landlock-run, bin/landlock-policy   the binaries
#     src/launcher/landlock-run.cpp,          the launcher's source, laid out
#     src/launcher/*.h                         as in the repository (--version's
#                                              digest: packaging/launcher-digest.sh)
#     man/man1/*.1, man/man5/*.5              the man pages (roff)
#     licenses/PKG.copyright                  the licence of each Debian
#                                              package whose code is linked in
#     sbom.spdx.json                          the bill of materials (SPDX 2.3)
#     README.md LICENSE VERSION SHA256SUMS
# SBOM (environment): make sbom's .spdx.json; licenses/ is beside it.
set -eu
out=$1 build=$2 version=$3 triplet=${4:-x86_64-linux-musl}
. packaging/pkg-common.sh
name=landlock-run-$version-$triplet
stage=${PKG_STAGE:-$build/dist-stage}
pkg_fresh "$stage"
top=$stage/$name
install -d -m 0755 "$top"

pkg_file 0755 "$build/landlock-run" "$top/bin/landlock-run"
policy=$(pkg_policy_bin "$build")
[ -z "$policy" ] || pkg_bin_stripped "$policy" "$top/bin/landlock-policy"
pkg_file 0644 launcher/landlock-run.cpp "$top/src/launcher/landlock-run.cpp"
for header in launcher/*.h; do
  pkg_file 0644 "$header" "$top/src/$header"
done
for page in "$build"/man/*.[0-9]; do
  [ -f "$page" ] || pkg_die "no man pages in $build/man (make BUILD=$build man)"
  sect=${page##*.}
  pkg_file 0644 "$page" "$top/man/man$sect/$(basename "$page")"
done
pkg_sbom_files "$top"
for f in README.md LICENSE VERSION; do
  if [ -f "$f" ]; then pkg_file 0644 "$f" "$top/$f"; else echo "packaging: warning: $f missing from the tarball" >&2; fi
done
pkg_sha256sums "$top"

install -d -m 0755 "$(dirname "$out")"
pkg_tar_gz "$stage" "$name" "$out"
echo "dist: $out"
