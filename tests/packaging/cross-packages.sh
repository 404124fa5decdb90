#!/bin/sh
# The aarch64 release artifacts, as far as an x86_64 machine can check them
# (the binaries themselves run in the aarch64 kernel tiers, 60-kernels): the
# tarball, the arm64 .deb and @landlock-run/linux-arm64 hold aarch64 static
# binaries built from the shipped source, at VERSION; the npm pack gates
# (packaging/npm/gate.sh) pass every platform package and refuse doctored
# ones; dist-all.sh sums every architecture's artifacts in one SHA256SUMS.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
ver=$(cat VERSION)
b=$LLR_BUILD/aarch64
if [ "$LLR_BUILD" = "$LLR_ROOT/build" ]; then dist=$LLR_ROOT/dist; else dist=$LLR_BUILD/dist; fi
if ! command -v aarch64-linux-gnu-g++ >/dev/null; then skip "cross-packages" "no aarch64 toolchain (make deps)"; exit 0; fi
if ! command -v scdoc >/dev/null || ! command -v dpkg-deb >/dev/null || ! command -v npm >/dev/null; then
  skip "cross-packages" "scdoc, dpkg-deb or npm is not installed (make deps)"; exit 0
fi
tarball=$dist/landlock-run-$ver-aarch64-linux-musl.tar.gz
deb=$b/deb/landlock-run_${ver}_arm64.deb
entry=$b/npm/landlock-run-$ver.tgz plat=$b/npm/landlock-run-linux-arm64-$ver.tgz
for f in "$tarball" "$deb" "$entry" "$plat"; do
  [ -f "$f" ] || { fail "cross-packages-built" "$f is missing (make ARCH=aarch64 dist deb npm)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=$(cat "$b/.source-date-epoch" 2>/dev/null || git log -1 --format=%ct)
sbom=$b/sbom/landlock-run-$ver-aarch64-linux-musl.spdx.json
src_sha=$(sh packaging/launcher-digest.sh)  # docs/launcher-cli.md
line="landlock-run $ver source-sha256=$src_sha"

# is_aarch64 NAME FILE: a static aarch64 ELF (file(1) and readelf agree).
is_aarch64() {
  kind=$(file -b "$2")
  case $kind in
    *"ARM aarch64"*"statically linked"*)
      if readelf -hW "$2" | grep -q 'Machine: *AArch64'; then pass "$1: $kind"
      else fail "$1" "readelf does not say AArch64"; fi ;;
    *) fail "$1" "$kind" ;;
  esac
}
# holds_version NAME FILE: the launcher's --version line, as built in.
holds_version() {
  if grep -qaF "$line" "$2"; then pass "$1"; else fail "$1" "'$line' is not in $2"; fi
}

name=landlock-run-$ver-aarch64-linux-musl
tar -xzf "$tarball" -C "$tmp"
top=$tmp/$name
missing=
for f in bin/landlock-run bin/landlock-policy src/launcher/landlock-run.cpp src/launcher/cli_flags.h src/build.sh man/man1/landlock-run.1 LICENSE VERSION SHA256SUMS \
    sbom.spdx.json licenses/musl-dev.copyright licenses/LGPL-2.1 licenses/GPL-3 licenses/GCC-exception-3.1; do
  [ -f "$top/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then pass "cross-dist-contents"; else fail "cross-dist-contents" "missing$missing"; fi
if (cd "$top" && sha256sum --quiet -c SHA256SUMS >/dev/null 2>&1); then pass "cross-dist-SHA256SUMS-verifies"
else fail "cross-dist-SHA256SUMS-verifies"; fi
# Its src/build.sh rebuilds the aarch64 launcher with the cross toolchain,
# byte for byte (issue 24).
if out=$(sh "$top/src/build.sh" 2>&1) && printf '%s\n' "$out" | grep -q '^identical: bin/landlock-run'; then
  pass "cross-dist-src-build-sh-rebuilds-the-launcher-byte-for-byte"
else
  fail "cross-dist-src-build-sh-rebuilds-the-launcher-byte-for-byte" "$(printf '%s' "$out" | tail -3 | tr '\n' ' ')"
fi
is_aarch64 cross-dist-launcher-aarch64 "$top/bin/landlock-run"
# The licences and the bill of materials of the aarch64 build (issue 13):
# musl for arm64 (multiarch), the cross toolchain's glibc, libstdc++ and
# libgcc, toml++; the same SBOM in every package and as a release artifact.
check_sbom cross-dist "$top" "$top" arm64
is_aarch64 cross-dist-compiler-aarch64 "$top/bin/landlock-policy"
shipped=$(cd "$top/src" && export LC_ALL=C && cat launcher/* | sha256sum | cut -d' ' -f1)
if [ "$shipped" = "$src_sha" ]; then holds_version cross-dist-launcher-names-shipped-source "$top/bin/landlock-run"
else fail "cross-dist-launcher-names-shipped-source" "shipped source $shipped, tree $src_sha"; fi
if grep -qaF "$ver" "$top/bin/landlock-policy" && grep -qaF "$src_sha" "$top/bin/landlock-policy"; then
  pass "cross-dist-compiler-names-VERSION-and-launcher-digest"
else fail "cross-dist-compiler-names-VERSION-and-launcher-digest"; fi

fields=$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')
if [ "$fields" = "Package: landlock-run Version: $ver Architecture: arm64 " ]; then pass "cross-deb-control-arm64"
else fail "cross-deb-control-arm64" "$fields"; fi
dpkg -x "$deb" "$tmp/root"
is_aarch64 cross-deb-launcher-aarch64 "$tmp/root/usr/bin/landlock-run"
is_aarch64 cross-deb-compiler-aarch64 "$tmp/root/usr/bin/landlock-policy"
holds_version cross-deb-launcher-version "$tmp/root/usr/bin/landlock-run"
check_sbom cross-deb "$tmp/root/usr/share/doc/landlock-run" "$tmp/root/usr" arm64
check_built_using cross-deb "$deb" arm64
mkdir -p "$tmp/plat"
tar -xzf "$plat" -C "$tmp/plat"
check_sbom cross-npm "$tmp/plat/package" "$tmp/plat/package" arm64
differ=
for f in "$top/sbom.spdx.json" "$tmp/root/usr/share/doc/landlock-run/sbom.spdx.json" "$tmp/plat/package/sbom.spdx.json"; do
  cmp -s "$f" "$sbom" || differ="$differ ${f#"$tmp"/}"
done
if [ -z "$differ" ]; then pass "cross-packages-ship-the-release-sbom"
else fail "cross-packages-ship-the-release-sbom" "differs from $sbom:$differ"; fi
if command -v lintian >/dev/null; then
  if lintian --fail-on error "$deb" >"$tmp/lintian" 2>&1 && ! grep -q '^E:' "$tmp/lintian"; then pass "cross-deb-lintian-no-errors"
  else fail "cross-deb-lintian-no-errors" "$(grep '^E:' "$tmp/lintian" | head -3 | tr '\n' ' ')"; fi
else
  skip "cross-deb-lintian-no-errors" "lintian is not installed (make deps)"
fi

# npm: the platform package names its cpu, the entry package picks it, and
# the entry package is the same bytes whichever architecture built it.
pj=$(tar -xOzf "$plat" package/package.json)
case $pj in
  *'"name": "@landlock-run/linux-arm64"'*'"os": ["linux"]'*'"cpu": ["arm64"]'*) pass "cross-npm-platform-os-cpu" ;;
  *) fail "cross-npm-platform-os-cpu" "$pj" ;;
esac
if tar -xOzf "$entry" package/package.json | grep -q "\"@landlock-run/linux-arm64\": \"$ver\"" &&
   tar -xOzf "$entry" package/binaries.js | grep -q "'linux-arm64': '@landlock-run/linux-arm64'"; then
  pass "cross-npm-entry-selects-linux-arm64"
else
  fail "cross-npm-entry-selects-linux-arm64"
fi
if cmp -s "$entry" "$LLR_BUILD/npm/landlock-run-$ver.tgz"; then pass "cross-npm-entry-same-on-every-architecture"
else fail "cross-npm-entry-same-on-every-architecture" "$entry differs from $LLR_BUILD/npm's"; fi

# The launcher every package ships is the very binary the aarch64 kernel
# tiers (60-kernels) boot and test: $LLR_BUILD/aarch64/landlock-run.
tar -xzf "$plat" -C "$tmp" package/bin/landlock-run
differ=
for f in "$top/bin/landlock-run" "$tmp/root/usr/bin/landlock-run" "$tmp/package/bin/landlock-run"; do
  cmp -s "$f" "$b/landlock-run" || differ="$differ ${f#"$tmp"/}"
done
if [ -z "$differ" ]; then pass "cross-packages-ship-the-launcher-the-kernel-tiers-test"
else fail "cross-packages-ship-the-launcher-the-kernel-tiers-test" "differs from $b/landlock-run:$differ"; fi

# The pack gates: every real platform package passes...
for p in "$plat" "$LLR_BUILD/npm/landlock-run-linux-x64-$ver.tgz"; do
  n=gate-passes-$(basename "$p" "-$ver.tgz")
  if out=$(sh packaging/npm/gate.sh "$p" "$entry" 2>&1); then pass "$n"; else fail "$n" "$out"; fi
done
# ...and each doctored one is refused, for the reason it was doctored.
# doctor NAME WHY HOW: unpack the arm64 package, apply HOW (a shell command
# run in its package/ folder), repack it; the gate must refuse it naming WHY.
doctor() {
  rm -rf "$tmp/d" && mkdir -p "$tmp/d" && tar -xzf "$plat" -C "$tmp/d" &&
    (cd "$tmp/d/package" && eval "$3") && tar -czf "$tmp/d.tgz" -C "$tmp/d" package
  out=$(sh packaging/npm/gate.sh "$tmp/d.tgz" "$entry" 2>&1)
  rc=$?
  case "$rc $out" in
    "1 "*"$2"*) pass "gate-refuses-$1" ;;
    *) fail "gate-refuses-$1" "exit $rc: $out" ;;
  esac
}
doctor missing-binary 'is missing' 'rm bin/landlock-run'
doctor not-executable "packed as '-rw-r--r--'" 'chmod 0644 bin/landlock-run'
doctor wrong-machine "ELF machine 'Advanced Micro Devices X86-64', but cpu 'arm64'" "cp '$LLR_BUILD/landlock-run' bin/landlock-run"
doctor dynamic 'dynamically linked' 'cp /bin/true bin/landlock-run'
doctor other-version "is not the entry package's '$ver'" "sed -i 's/\"version\": \"$ver\"/\"version\": \"$ver-other\"/' package.json"
doctor other-source "does not hold '$line'" "sed -i 's/source-sha256=$src_sha/source-sha256=$(printf '%064d' 0)/' bin/landlock-run"

# dist-all.sh: the artifacts of both architectures, one SHA256SUMS, the
# SBOMs among them (as make dist-all passes them).
mkdir -p "$tmp/all"
if sh packaging/dist-all.sh "$tmp/all" "$dist/landlock-run-$ver-x86_64-linux-musl.tar.gz" "$tarball" \
     "$LLR_BUILD/deb/landlock-run_${ver}_amd64.deb" "$deb" "$LLR_BUILD/npm/landlock-run-$ver.tgz" \
     "$LLR_BUILD/npm/landlock-run-linux-x64-$ver.tgz" "$entry" "$plat" \
     "$LLR_BUILD/sbom/landlock-run-$ver-x86_64-linux-musl.spdx.json" "$sbom" >"$tmp/all.log" 2>&1 &&
   [ "$(wc -l <"$tmp/all/SHA256SUMS")" -eq 9 ] && grep -q "  landlock-run-$ver-aarch64-linux-musl.spdx.json\$" "$tmp/all/SHA256SUMS" &&
   (cd "$tmp/all" && sha256sum --quiet -c SHA256SUMS); then
  pass "dist-all-one-SHA256SUMS-over-both-architectures"
else
  fail "dist-all-one-SHA256SUMS-over-both-architectures" "$(tr '\n' ' ' <"$tmp/all.log") $(cat "$tmp/all/SHA256SUMS" 2>/dev/null | wc -l) sums"
fi
exit 0
