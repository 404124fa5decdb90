#!/bin/sh
# build.sh OUTDIR LAUNCHER VERSION [COMPILER]: stage both npm packages with the version
# from VERSION and the flags from common/cli_flags.h, then `npm pack` them:
#   OUTDIR/landlock-run-VERSION.tgz            the entry package
#   OUTDIR/landlock-run-linux-x64-VERSION.tgz  @landlock-run/linux-x64
# Run from the repo root.
set -eu
out=$1 launcher=$2 version=$3
policy=${4:-$(dirname "$launcher")/landlock-policy}  # the static compiler
. packaging/pkg-common.sh
command -v npm >/dev/null || pkg_die "npm is not installed"
stage=$out/stage
pkg_fresh "$stage"
mkdir -p "$out"

gen() {  # gen SRC DEST: the @VERSION@ templates
  sed "s/@VERSION@/$version/g" "$1" >"$2" && chmod 0644 "$2"
}

entry=$stage/landlock-run
install -d -m 0755 "$entry"
for f in index.js index.mjs index.d.ts README.md; do
  pkg_file 0644 "packaging/npm/landlock-run/$f" "$entry/$f"
done
# The ESM types are the same declarations (index.mjs re-exports index.js).
pkg_file 0644 packaging/npm/landlock-run/index.d.ts "$entry/index.d.mts"
gen packaging/npm/landlock-run/package.json.in "$entry/package.json"
node packaging/npm/gen-flags.cjs common/cli_flags.h "$entry/flags.json"
chmod 0644 "$entry/flags.json"
pkg_file 0644 LICENSE "$entry/LICENSE"

plat=$stage/linux-x64
install -d -m 0755 "$plat"
gen packaging/npm/linux-x64/package.json.in "$plat/package.json"
pkg_file 0644 packaging/npm/linux-x64/README.md "$plat/README.md"
pkg_file 0644 LICENSE "$plat/LICENSE"
# The mode bit matters: npm keeps the packed mode and nothing (no "bin" field)
# repairs it at install time, so the tests see exactly what was shipped.
pkg_file 0755 "$launcher" "$plat/bin/landlock-run"
pkg_bin_stripped "$policy" "$plat/bin/landlock-policy"

pkg_normalize "$stage"
abs_out=$(cd "$out" && pwd)
for dir in "$plat" "$entry"; do
  (cd "$dir" && npm pack --ignore-scripts --silent --pack-destination "$abs_out" >/dev/null)
done
echo "npm: $abs_out/landlock-run-$version.tgz $abs_out/landlock-run-linux-x64-$version.tgz"
