#!/bin/sh
# build.sh OUTDIR LAUNCHER VERSION [CPU [COMPILER]]: stage the entry package
# and the platform package for npm's CPU (x64, the default, or arm64) with the
# version from VERSION, the flags, the policy schema and the modes as the
# tables program prints them (flags.json, policy.json: committed, `make
# tables`; suite 31 fails when they are stale), `npm pack` them,
# then run the pack gates (gate.sh) on what was packed:
#   OUTDIR/landlock-run-VERSION.tgz            the entry package (the same
#                                              bytes whichever CPU builds it)
#   OUTDIR/landlock-run-linux-CPU-VERSION.tgz  @landlock-run/linux-CPU: the
#                                              launcher and the compiler, the
#                                              licences of the code linked
#                                              into them (licenses/) and the
#                                              bill of materials (sbom.spdx.json)
# SBOM (environment): make sbom's .spdx.json; licenses/ is beside it.
# Run from the repo root.
set -eu
out=$1 launcher=$2 version=$3 cpu=${4:-x64}
policy=${5:-$(dirname "$launcher")/landlock-policy}  # the static compiler
. packaging/pkg-common.sh
command -v npm >/dev/null || pkg_die "npm is not installed"
case $cpu in
  x64) cpu_name=x86-64 ;;
  arm64) cpu_name='arm64 (aarch64)' ;;
  *) pkg_die "npm: unknown cpu '$cpu' (x64, arm64)" ;;
esac
stage=$out/stage
pkg_fresh "$stage"
mkdir -p "$out"
# The launcher's source digest (docs/launcher-cli.md): the entry package
# records it, and the gate holds every platform binary to it.
src_sha=$(sh packaging/launcher-digest.sh)

gen() {  # gen SRC DEST: the @VERSION@, @CPU@, @CPU_NAME@ and @SOURCE_SHA256@ templates
  sed -e "s/@VERSION@/$version/g" -e "s/@CPU@/$cpu/g" -e "s/@CPU_NAME@/$cpu_name/g" \
    -e "s/@SOURCE_SHA256@/$src_sha/g" "$1" >"$2" && chmod 0644 "$2"
}

entry=$stage/landlock-run
install -d -m 0755 "$entry"
src=packaging/npm/landlock-run
for f in "$src"/*.js "$src/index.mjs" "$src/index.d.ts" "$src/README.md" "$src/flags.json" "$src/policy.json"; do
  pkg_file 0644 "$f" "$entry/${f##*/}"
done
# The examples (examples/harness.js: the escalation loop, tested by suite 73).
install -d -m 0755 "$entry/examples"
for f in "$src"/examples/*.js; do
  pkg_file 0644 "$f" "$entry/examples/${f##*/}"
done
# The ESM types are the same declarations (index.mjs re-exports index.js).
pkg_file 0644 packaging/npm/landlock-run/index.d.ts "$entry/index.d.mts"
gen packaging/npm/landlock-run/package.json.in "$entry/package.json"
pkg_file 0644 LICENSE "$entry/LICENSE"

plat=$stage/linux-$cpu
install -d -m 0755 "$plat"
gen packaging/npm/platform/package.json.in "$plat/package.json"
gen packaging/npm/platform/README.md.in "$plat/README.md"
pkg_file 0644 LICENSE "$plat/LICENSE"
# The mode bit matters: npm keeps the packed mode and nothing (no "bin" field)
# repairs it at install time, so the tests see exactly what was shipped.
pkg_file 0755 "$launcher" "$plat/bin/landlock-run"
pkg_bin_stripped "$policy" "$plat/bin/landlock-policy"
pkg_sbom_files "$plat"

pkg_normalize "$stage"
abs_out=$(cd "$out" && pwd)
for dir in "$plat" "$entry"; do
  (cd "$dir" && npm pack --ignore-scripts --silent --pack-destination "$abs_out" >/dev/null)
done
sh packaging/npm/gate.sh "$abs_out/landlock-run-linux-$cpu-$version.tgz" "$abs_out/landlock-run-$version.tgz" ||
  { rm -f "$abs_out/landlock-run-linux-$cpu-$version.tgz"; pkg_die "npm: the pack gate refused @landlock-run/linux-$cpu"; }
echo "npm: $abs_out/landlock-run-$version.tgz $abs_out/landlock-run-linux-$cpu-$version.tgz"
