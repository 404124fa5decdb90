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
if ! command -v scdoc >/dev/null; then skip "dist" "scdoc is not installed (make deps)"; exit 0; fi
[ -f "$tarball" ] || { fail "dist-built" "$tarball is missing (make dist)"; exit 1; }
# The epoch the build used (packaging.mk records it; by default the last
# commit's time), so that a commit landing meanwhile cannot fool the test.
SOURCE_DATE_EPOCH=$(cat "$LLR_BUILD/.source-date-epoch" 2>/dev/null || git log -1 --format=%ct)
export SOURCE_DATE_EPOCH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tar -tzf "$tarball" >"$tmp/list"
# The launcher's sources: the ones src/build.sh (from the Makefile's
# LAUNCHER_DIGEST_SRCS) compiles and digests; build.sh rebuilding the
# shipped binary from them below proves the list whole.
launcher_srcs=$(tar -xOzf "$tarball" "$name/src/build.sh" 2>/dev/null | sed -n 's/^sources="\(.*\)"$/\1/p')
want="bin/landlock-run src/build.sh src/launcher/landlock-run.cpp LICENSE VERSION SHA256SUMS
  man/man1/landlock-run.1 man/man1/landlock-policy.1 man/man5/landlock-policy.5
  sbom.spdx.json licenses/musl-dev.copyright licenses/LGPL-2.1 licenses/GPL-3 licenses/GCC-exception-3.1"
for f in $launcher_srcs; do want="$want src/$f"; done
want="$want README.md bin/landlock-policy share/bash-completion/completions/landlock-policy
  share/bash-completion/completions/landlock-run share/zsh/site-functions/_landlock-policy
  share/fish/vendor_completions.d/landlock-policy.fish share/fish/vendor_completions.d/landlock-run.fish"
missing=
for f in $want; do grep -qx "$name/$f" "$tmp/list" || missing="$missing $f"; done
if [ -z "$missing" ]; then pass "dist-contents"; else fail "dist-contents" "missing$missing"; fi

if LC_ALL=C sort -c "$tmp/list" 2>/dev/null; then pass "dist-entries-sorted"; else fail "dist-entries-sorted"; fi
owners=$(tar --numeric-owner -tvzf "$tarball" | awk '{ print $2 }' | sort -u)
if [ "$owners" = "0/0" ]; then pass "dist-owner-0-0"; else fail "dist-owner-0-0" "$owners"; fi
mtimes=$(TZ=UTC0 tar --full-time -tvzf "$tarball" | awk '{ print $4 " " $5 }' | sort -u)
want_mtime=$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')
if [ "$mtimes" = "$want_mtime" ]; then
  pass "dist-mtime-is-SOURCE_DATE_EPOCH"
else
  fail "dist-mtime-is-SOURCE_DATE_EPOCH" "$(echo "$mtimes" | head -2 | tr '\n' ' ') (want $want_mtime)"
fi
# gzip -n: no file name (FLG bit 3) and MTIME zero in the header.
if gzip_n "$tarball"; then pass "dist-gzip-no-name-no-time"; else fail "dist-gzip-no-name-no-time" "$(od -An -tu1 -N8 "$tarball")"; fi

tar -xzf "$tarball" -C "$tmp"
top=$tmp/$name
if (cd "$top" && sha256sum --quiet -c SHA256SUMS >"$tmp/sums.log" 2>&1) &&
   [ "$(wc -l <"$top/SHA256SUMS")" -eq "$(find "$top" -type f ! -name SHA256SUMS | wc -l)" ]; then
  pass "dist-SHA256SUMS-covers-and-verifies"
else
  fail "dist-SHA256SUMS-covers-and-verifies" "$(head -3 "$tmp/sums.log" | tr '\n' ' ')"
fi
# shellcheck disable=SC2086 # one path a word
src_sha=$(cd "$top/src" && cat $launcher_srcs | sha256sum | cut -d' ' -f1)  # docs/launcher-cli.md
out=$("$top/bin/landlock-run" --version)
if [ "$out" = "landlock-run $ver source-sha256=$src_sha" ]; then
  pass "dist-launcher-names-shipped-source"
else
  fail "dist-launcher-names-shipped-source" "$out vs $src_sha"
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
  *"component musl-dev "*" is not listed"*) pass "dist-sbom-check-refuses-a-doctored-sbom" ;;
  *) fail "dist-sbom-check-refuses-a-doctored-sbom" "'$out'" ;;
esac
if cmp -s "$top/sbom.spdx.json" "$LLR_BUILD/sbom/$name.spdx.json"; then pass "dist-sbom-is-the-release-artifact"
else fail "dist-sbom-is-the-release-artifact" "$top/sbom.spdx.json differs from $LLR_BUILD/sbom/$name.spdx.json"; fi
if file -b "$top/bin/landlock-run" | grep -q 'statically linked'; then pass "dist-launcher-static"; else fail "dist-launcher-static" "$(file -b "$top/bin/landlock-run")"; fi
check_confines dist-launcher "$top/bin/landlock-run" "$tmp/run"
# The compiler too runs with no libc at all: an empty root (a FROM scratch
# image, an Alpine CI job) holding only the two binaries and a policy (the
# compiler checks the launcher it emits, and runs its --version).
# The shell completion shipped is what the shipped compiler prints.
bad=
for f in bash-completion/completions/landlock-policy:bash bash-completion/completions/landlock-run:bash \
  zsh/site-functions/_landlock-policy:zsh fish/vendor_completions.d/landlock-policy.fish:fish \
  fish/vendor_completions.d/landlock-run.fish:fish; do
  "$top/bin/landlock-policy" completion "${f#*:}" | cmp -s - "$top/share/${f%:*}" || bad="$bad ${f%:*}"
done
if [ -z "$bad" ]; then pass "dist-completion-is-the-compiler-s"; else fail "dist-completion-is-the-compiler-s" "differ:$bad"; fi
if file -b "$top/bin/landlock-policy" | grep -q 'statically linked'; then pass "dist-compiler-static"; else fail "dist-compiler-static" "$(file -b "$top/bin/landlock-policy")"; fi
if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null; then
  empty=$tmp/empty-root
  mkdir -p "$empty/p" "$empty/etc" && cp "$top/bin/landlock-policy" "$top/bin/landlock-run" "$empty/"
  printf 'version = 1\nmode = "custom"\nro = ["/p"]\n' >"$empty/etc/policy.toml"
  # The workspace is /p: chroot starts in /, and a workspace of / would hold
  # the launcher, which the compiler refuses (it could be replaced); the
  # policy lies outside it (a policy in the workspace is refused too).
  got=$(chroot "$empty" /landlock-policy argv --format shell --launcher /landlock-run --set workspace=/p /etc/policy.toml -- /cmd 2>&1)
  want="/landlock-run --expect-version $ver --no-symlinks --ro /p -- /cmd"
  if [ "$got" = "$want" ]; then pass "dist-compiler-runs-in-an-empty-root"
  else fail "dist-compiler-runs-in-an-empty-root" "got '$got', want '$want'"; fi
else
  skip "dist-compiler-runs-in-an-empty-root" "needs root for chroot"
fi

# Each man page renders without groff warnings.
bad=
for page in "$top"/man/man*/*; do
  warn=$(render_warnings "$page")
  [ -z "$warn" ] || bad="$bad $(basename "$page"): $warn"
  grep -q '^\.SH "\{0,1\}NAME' "$page" || bad="$bad $(basename "$page"): no NAME section"
done
if [ -z "$bad" ]; then pass "dist-man-pages-render"; else fail "dist-man-pages-render:$bad"; fi

# The archive step itself is reproducible: again, later, under another umask.
sleep 1
(umask 077; PKG_STAGE=$tmp/stage SBOM=$LLR_BUILD/sbom/landlock-run-$ver-x86_64-linux-musl.spdx.json sh packaging/dist.sh "$tmp/again.tar.gz" "$LLR_BUILD" "$ver" >/dev/null 2>&1)
if cmp -s "$tarball" "$tmp/again.tar.gz"; then
  pass "dist-tarball-reproducible"
else
  fail "dist-tarball-reproducible" "a second archive of the same build differs"
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
  if [ -z "$why" ]; then pass "dist-audit-of-the-shipped-binaries"
  else fail "dist-audit-of-the-shipped-binaries:$why"; fi
else
  skip "dist-audit-of-the-shipped-binaries" "strace cannot trace here"
fi
# The release folder (issue 24): beside the tarball, make dist writes the
# source tarball, the SBOM, the .deb (where dpkg-deb is) and one SHA256SUMS
# over them, which verifies.
src_tarball=$dist/landlock-run-$ver-src.tar.gz
name=landlock-run-$ver-x86_64-linux-musl  # (check_confines above reuses name)
want_sums="landlock-run-$ver-src.tar.gz $name.spdx.json $name.tar.gz"
command -v dpkg-deb >/dev/null && want_sums="$want_sums landlock-run_${ver}_amd64.deb"
missing=
for f in $want_sums; do
  awk '{ print $2 }' "$dist/SHA256SUMS" 2>/dev/null | grep -qxF "$f" || missing="$missing $f"
done
if [ -z "$missing" ] && (cd "$dist" && sha256sum --quiet -c SHA256SUMS) >"$tmp/dist-sums.log" 2>&1; then
  pass "dist-SHA256SUMS-over-the-release-files"
else
  fail "dist-SHA256SUMS-over-the-release-files" "not listed:$missing $(head -3 "$tmp/dist-sums.log" 2>/dev/null | tr '\n' ' ')"
fi

# The source tarball is the tree make builds from: every file git tracks or
# would track, byte for byte, and nothing else.
if [ -f "$src_tarball" ]; then
  mkdir -p "$tmp/src"
  tar -xzf "$src_tarball" -C "$tmp/src"
  srctop=$tmp/src/landlock-run-$ver
  (cd "$srctop" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/src-list"
  if git rev-parse --show-toplevel >/dev/null 2>&1; then
    git ls-files -co --exclude-standard | while IFS= read -r f; do
      [ -f "$f" ] && [ ! -L "$f" ] && printf '%s\n' "$f"
    done | LC_ALL=C sort >"$tmp/tree-list"
    differ=
    while IFS= read -r f; do cmp -s "$f" "$srctop/$f" || differ="$differ $f"; done <"$tmp/tree-list"
    if cmp -s "$tmp/src-list" "$tmp/tree-list" && [ -z "$differ" ]; then
      pass "dist-src-tarball-is-the-whole-tree ($(wc -l <"$tmp/src-list") files)"
    else
      fail "dist-src-tarball-is-the-whole-tree" "$(diff "$tmp/tree-list" "$tmp/src-list" | head -4 | tr '\n' ' ')$differ"
    fi
  else
    skip "dist-src-tarball-is-the-whole-tree" "not a git checkout"
  fi
  # Reproducible: written again from the unpacked copy (no git there), later,
  # under another umask and time zone, it is the same bytes.
  sleep 1
  if (cd "$srctop" && umask 077 && TZ=Pacific/Kiritimati sh packaging/src-tarball.sh "$tmp/src-again.tar.gz" "$ver" >/dev/null 2>&1) &&
     cmp -s "$src_tarball" "$tmp/src-again.tar.gz"; then
    pass "dist-src-tarball-reproducible-from-itself"
  else
    fail "dist-src-tarball-reproducible-from-itself" "the unpacked source writes another tarball"
  fi
  # It builds: the launcher made from it is the one the other suites test.
  # (Not in this make's build folder: its command-line variables stay out.)
  if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES make -s -C "$srctop" BUILD=build build/landlock-run \
       >"$tmp/src-build.log" 2>&1 &&
     cmp -s "$srctop/build/landlock-run" "$LLR_BUILD/landlock-run"; then
    pass "dist-src-tarball-builds-the-same-launcher"
  else
    fail "dist-src-tarball-builds-the-same-launcher" "$(tail -3 "$tmp/src-build.log" | tr '\n' ' ')"
  fi
else
  for t in is-the-whole-tree reproducible-from-itself builds-the-same-launcher; do
    fail "dist-src-tarball-$t" "$src_tarball is missing (make dist)"
  done
fi

# The tarball's src/ rebuilds its launcher in one step, byte for byte
# (src/build.sh); the same step refuses a source changed by one byte.
if out=$(sh "$top/src/build.sh" 2>&1) && printf '%s\n' "$out" | grep -q '^identical: bin/landlock-run'; then
  pass "dist-src-build-sh-rebuilds-the-launcher-byte-for-byte"
else
  fail "dist-src-build-sh-rebuilds-the-launcher-byte-for-byte" "$(printf '%s' "$out" | tail -3 | tr '\n' ' ')"
fi
cp -a "$top" "$tmp/doctored-top"
echo '// one byte more' >>"$tmp/doctored-top/src/launcher/landlock-run.cpp"
if out=$(sh "$tmp/doctored-top/src/build.sh" 2>&1); then
  fail "dist-src-build-sh-refuses-another-source" "exit 0: $out"
else
  case $out in
    *DIFFERENT*) pass "dist-src-build-sh-refuses-another-source" ;;
    *) fail "dist-src-build-sh-refuses-another-source" "$(printf '%s' "$out" | tail -2 | tr '\n' ' ')" ;;
  esac
fi

# docs/audit.md's audit of a downloaded release, its commands as written, in a
# copy of the release folder; then in a copy whose tarball was doctored
# after SHA256SUMS was written, where they must fail.
sed -n '/^## A release you downloaded$/,/^## /p' docs/audit.md | sed -n '/^```sh$/,/^```$/p' | sed '1d;$d' >"$tmp/audit-steps.sh"
if [ ! -s "$tmp/audit-steps.sh" ]; then
  fail "dist-readme-audits-a-download" "docs/audit.md's section \"A release you downloaded\" shows no sh commands"
elif ! command -v strace >/dev/null; then
  skip "dist-readme-audits-a-download" "strace is not installed (make deps)"
else
  mkdir -p "$tmp/download" "$tmp/doctored"
  cp "$dist"/* "$tmp/download/"
  if out=$(cd "$tmp/download" && sh -e "$tmp/audit-steps.sh" 2>&1) &&
     printf '%s\n' "$out" | grep -q '^identical: bin/landlock-run' &&
     printf '%s\n' "$out" | grep -q '^source digest:  matches' &&
     printf '%s\n' "$out" | grep -q '^static:         yes' &&
     ! printf '%s\n' "$out" | grep -q -e UNEXPECTED -e MISMATCH; then
    pass "dist-readme-audits-a-download"
  else
    fail "dist-readme-audits-a-download" "$(printf '%s' "$out" | grep -v '^  ' | tail -4 | tr '\n' ' ')"
  fi
  cp "$dist"/* "$tmp/doctored/"
  printf 'x' | dd of="$tmp/doctored/$name.tar.gz" bs=1 seek=100 conv=notrunc 2>/dev/null
  if (cd "$tmp/doctored" && sh -e "$tmp/audit-steps.sh") >/dev/null 2>&1; then
    fail "dist-readme-audit-refuses-a-doctored-download" "the steps passed"
  else
    pass "dist-readme-audit-refuses-a-doctored-download"
  fi
fi
exit 0
