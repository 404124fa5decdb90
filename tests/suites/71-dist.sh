#!/bin/sh
# The release tarball: complete, verifiable, reproducible, and its launcher
# confines a write straight out of the archive.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
ver=$(cat VERSION)
name=landlock-run-$ver-x86_64-linux-musl
# Where packaging.mk puts it: dist/ for the default build dir, else BUILD/dist.
if [ "$LLR_BUILD" = "$LLR_ROOT/build" ]; then dist=$LLR_ROOT/dist; else dist=$LLR_BUILD/dist; fi
tarball=$dist/$name.tar.gz
if ! command -v scdoc >/dev/null; then echo "SKIP dist: scdoc is not installed (make deps)"; exit 0; fi
[ -f "$tarball" ] || { echo "FAIL dist-built: $tarball is missing (make dist)"; exit 1; }
# The epoch the build used (packaging.mk records it; by default the last
# commit's time), so that a commit landing meanwhile cannot fool the test.
SOURCE_DATE_EPOCH=$(cat "$LLR_BUILD/.source-date-epoch" 2>/dev/null || git log -1 --format=%ct)
export SOURCE_DATE_EPOCH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tar -tzf "$tarball" >"$tmp/list"
want="bin/landlock-run src/launcher/landlock-run.cpp src/launcher/abi.h src/launcher/cli_flags.h src/launcher/cli_parse.h src/launcher/environment.h src/launcher/utf8.h LICENSE VERSION SHA256SUMS
  man/man1/landlock-run.1 man/man1/landlock-policy.1 man/man5/landlock-policy.5
  sbom.spdx.json licenses/musl-dev.copyright"
[ -f README.md ] && want="$want README.md"
[ -f compiler/compiler.mk ] && want="$want bin/landlock-policy"
missing=
for f in $want; do grep -qx "$name/$f" "$tmp/list" || missing="$missing $f"; done
if [ -z "$missing" ]; then echo "PASS dist-contents"; else echo "FAIL dist-contents: missing$missing"; fi
[ -f README.md ] || echo "SKIP dist-readme: README.md is not written yet"
if [ -f compiler/compiler.mk ]; then :; else echo "SKIP dist-compiler: the compiler is not in the build yet"; fi

if LC_ALL=C sort -c "$tmp/list" 2>/dev/null; then echo "PASS dist-entries-sorted"; else echo "FAIL dist-entries-sorted"; fi
owners=$(tar --numeric-owner -tvzf "$tarball" | awk '{ print $2 }' | sort -u)
if [ "$owners" = "0/0" ]; then echo "PASS dist-owner-0-0"; else echo "FAIL dist-owner-0-0: $owners"; fi
mtimes=$(TZ=UTC0 tar --full-time -tvzf "$tarball" | awk '{ print $4 " " $5 }' | sort -u)
want_mtime=$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')
if [ "$mtimes" = "$want_mtime" ]; then
  echo "PASS dist-mtime-is-SOURCE_DATE_EPOCH"
else
  echo "FAIL dist-mtime-is-SOURCE_DATE_EPOCH: $(echo "$mtimes" | head -2 | tr '\n' ' ') (want $want_mtime)"
fi
# gzip -n: no file name (FLG bit 3) and MTIME zero in the header.
if gzip_n "$tarball"; then echo "PASS dist-gzip-no-name-no-time"; else echo "FAIL dist-gzip-no-name-no-time: $(od -An -tu1 -N8 "$tarball")"; fi

tar -xzf "$tarball" -C "$tmp"
top=$tmp/$name
if (cd "$top" && sha256sum --quiet -c SHA256SUMS >"$tmp/sums.log" 2>&1) &&
   [ "$(wc -l <"$top/SHA256SUMS")" -eq "$(find "$top" -type f ! -name SHA256SUMS | wc -l)" ]; then
  echo "PASS dist-SHA256SUMS-covers-and-verifies"
else
  echo "FAIL dist-SHA256SUMS-covers-and-verifies: $(head -3 "$tmp/sums.log" | tr '\n' ' ')"
fi
src_sha=$(cd "$top/src" && export LC_ALL=C && cat launcher/* | sha256sum | cut -d' ' -f1)  # docs/launcher-cli.md
out=$("$top/bin/landlock-run" --version)
if [ "$out" = "landlock-run $ver source-sha256=$src_sha" ]; then
  echo "PASS dist-launcher-names-shipped-source"
else
  echo "FAIL dist-launcher-names-shipped-source: $out vs $src_sha"
fi
# The licences of the code linked in and the bill of materials (issue 13):
# Debian's copyright files, and an SPDX 2.3 SBOM naming each package at the
# version dpkg reports and the shipped binaries' SHA-256; the same SBOM is a
# release artifact of its own (make sbom; make dist-all sums it).
check_sbom dist "$top" "$top" amd64
# The check itself: an SBOM naming another package than dpkg's is refused.
sed 's/"name": "musl-dev"/"name": "musl-other"/' "$top/sbom.spdx.json" >"$tmp/doctored.json"
# shellcheck disable=SC2086 # one PKG=VERSION a word
out=$(python3 tests/packaging/check_sbom.py "$tmp/doctored.json" "$top" "$SOURCE_DATE_EPOCH" $sbom_comps -- $sbom_tools)
case $out in
  *"component musl-dev "*" is not listed"*) echo "PASS dist-sbom-check-refuses-a-doctored-sbom" ;;
  *) echo "FAIL dist-sbom-check-refuses-a-doctored-sbom: '$out'" ;;
esac
if cmp -s "$top/sbom.spdx.json" "$LLR_BUILD/sbom/$name.spdx.json"; then echo "PASS dist-sbom-is-the-release-artifact"
else echo "FAIL dist-sbom-is-the-release-artifact: $top/sbom.spdx.json differs from $LLR_BUILD/sbom/$name.spdx.json"; fi
if file -b "$top/bin/landlock-run" | grep -q 'statically linked'; then echo "PASS dist-launcher-static"; else echo "FAIL dist-launcher-static: $(file -b "$top/bin/landlock-run")"; fi
check_confines dist-launcher "$top/bin/landlock-run" "$tmp/run"
# The compiler too runs with no libc at all: an empty root (a FROM scratch
# image, an Alpine CI job) holding only the two binaries and a policy (the
# compiler checks the launcher it emits, and runs its --version).
if file -b "$top/bin/landlock-policy" | grep -q 'statically linked'; then echo "PASS dist-compiler-static"; else echo "FAIL dist-compiler-static: $(file -b "$top/bin/landlock-policy")"; fi
if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null; then
  empty=$tmp/empty-root
  mkdir -p "$empty/p" && cp "$top/bin/landlock-policy" "$top/bin/landlock-run" "$empty/"
  printf 'version = 1\nmode = "custom"\nro = ["/p"]\n' >"$empty/p/policy.toml"
  # The workspace is /p: chroot starts in /, and a workspace of / would hold
  # the launcher, which the compiler refuses (it could be replaced).
  got=$(chroot "$empty" /landlock-policy argv --format shell --launcher /landlock-run --set workspace=/p /p/policy.toml -- /cmd 2>&1)
  want="/landlock-run --expect-version $ver --no-symlinks --ro /p -- /cmd"
  if [ "$got" = "$want" ]; then echo "PASS dist-compiler-runs-in-an-empty-root"
  else echo "FAIL dist-compiler-runs-in-an-empty-root: got '$got', want '$want'"; fi
else
  echo "SKIP dist-compiler-runs-in-an-empty-root: needs root for chroot"
fi

# Each man page renders without groff warnings.
bad=
for page in "$top"/man/man*/*; do
  warn=$(render_warnings "$page")
  [ -z "$warn" ] || bad="$bad $(basename "$page"): $warn"
  grep -q '^\.SH "\{0,1\}NAME' "$page" || bad="$bad $(basename "$page"): no NAME section"
done
if [ -z "$bad" ]; then echo "PASS dist-man-pages-render"; else echo "FAIL dist-man-pages-render:$bad"; fi

# The archive step itself is reproducible: again, later, under another umask.
sleep 1
(umask 077; PKG_STAGE=$tmp/stage SBOM=$LLR_BUILD/sbom/landlock-run-$ver-x86_64-linux-musl.spdx.json sh packaging/dist.sh "$tmp/again.tar.gz" "$LLR_BUILD" "$ver" >/dev/null 2>&1)
if cmp -s "$tarball" "$tmp/again.tar.gz"; then
  echo "PASS dist-tarball-reproducible"
else
  echo "FAIL dist-tarball-reproducible: a second archive of the same build differs"
fi
# make audit reads the shipped binaries: digest matched, static, every
# syscall the launcher makes has a reason on file, the compiler stripped and
# without a build id.
if command -v strace >/dev/null && strace -qq -o /dev/null true 2>/dev/null; then
  audit=$(sh packaging/audit.sh "$tarball" launcher/landlock-run.cpp 2>&1)
  why=
  printf '%s\n' "$audit" | grep -q '^source digest:  matches' || why="$why digest not matched;"
  printf '%s\n' "$audit" | grep -q '^static:         yes' || why="$why not static;"
  printf '%s\n' "$audit" | grep -q 'UNEXPECTED' && why="$why $(printf '%s\n' "$audit" | grep UNEXPECTED | head -3 | tr '\n' ' ');"
  printf '%s\n' "$audit" | grep -q '^  landlock_restrict_self ' || why="$why no landlock_restrict_self measured;"
  printf '%s\n' "$audit" | grep '^  file:' | grep -q 'stripped' || why="$why the compiler is not stripped;"
  printf '%s\n' "$audit" | grep -q 'BuildID' && why="$why a build id is shipped;"
  if [ -z "$why" ]; then echo "PASS dist-audit-of-the-shipped-binaries"
  else echo "FAIL dist-audit-of-the-shipped-binaries:$why"; fi
else
  echo "SKIP dist-audit-of-the-shipped-binaries: strace cannot trace here"
fi
exit 0
