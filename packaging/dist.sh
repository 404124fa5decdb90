#!/bin/sh
# dist.sh OUT BUILD VERSION [TRIPLET]: the release tarball, run from the repo
# root; TRIPLET (default x86_64-linux-musl) names the binaries' architecture.
#   landlock-run-VERSION-TRIPLET/
#     bin/landlock-run, bin/landlock-policy   the binaries
#     src/launcher/landlock-run.cpp, ...      the launcher's source, laid out
#                                              as in the repository: every file
#                                              of --version's digest (the
#                                              Makefile's LAUNCHER_DIGEST_SRCS)
#     src/build.sh                            rebuilds bin/landlock-run from it
#                                              byte for byte and compares
#     man/man1/*.1, man/man5/*.5              the man pages (roff)
#     share/bash-completion/completions/*,     the shell completion of both
#     share/zsh/site-functions/_landlock-policy, commands, where each shell
#     share/fish/vendor_completions.d/*.fish   looks under a PREFIX
#     licenses/PKG.copyright                  the licence of each Debian
#                                              package whose code is linked in,
#     licenses/LGPL-2.1, GPL-3, ...            and the full texts they cite
#     sbom.spdx.json                          the bill of materials (SPDX 2.3)
#     README.md LICENSE VERSION SHA256SUMS
# SBOM (environment): make sbom's .spdx.json; licenses/ is beside it.
# BUILD/src-build.sh: the launcher's build recipe, as packaging.mk writes it
# from the Makefile's compiler, flags and source list (its sources= line).
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
pkg_bin_stripped "$policy" "$top/bin/landlock-policy"
recipe=$build/src-build.sh
[ -f "$recipe" ] || pkg_die "$recipe is missing (make BUILD=$build $recipe)"
sources=$(sed -n 's/^sources="\(.*\)"$/\1/p' "$recipe")
[ -n "$sources" ] || pkg_die "$recipe names no sources"
for f in $sources; do
  pkg_file 0644 "$f" "$top/src/$f"
done
pkg_file 0755 "$recipe" "$top/src/build.sh"
for page in "$build"/man/*.[0-9]; do
  [ -f "$page" ] || pkg_die "no man pages in $build/man (make BUILD=$build man)"
  sect=${page##*.}
  pkg_file 0644 "$page" "$top/man/man$sect/$(basename "$page")"
done
pkg_completions "$build/completion" "$top/share"
pkg_sbom_files "$top"
for f in README.md LICENSE VERSION; do
  if [ -f "$f" ]; then pkg_file 0644 "$f" "$top/$f"; else echo "packaging: warning: $f missing from the tarball" >&2; fi
done
pkg_sha256sums "$top"

install -d -m 0755 "$(dirname "$out")"
pkg_tar_gz "$stage" "$name" "$out"
echo "dist: $out"
