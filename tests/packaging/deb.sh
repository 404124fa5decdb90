#!/bin/sh
# The Debian package: built by dpkg-deb alone, lintian-clean of errors, and
# its launcher, unpacked into a throwaway root, confines a write.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
ver=$(cat VERSION)
deb=$LLR_BUILD/deb/landlock-run_${ver}_amd64.deb
if ! command -v dpkg-deb >/dev/null || ! command -v scdoc >/dev/null; then
  skip "deb" "dpkg-deb or scdoc is not installed (make deps)"; exit 0
fi
[ -f "$deb" ] || { fail "deb-built" "$deb is missing (make deb)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=$(cat "$LLR_BUILD/.source-date-epoch" 2>/dev/null || git log -1 --format=%ct)

fields=$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')
if [ "$fields" = "Package: landlock-run Version: $ver Architecture: amd64 " ]; then
  pass "deb-control-version-from-VERSION"
else
  fail "deb-control-version-from-VERSION" "$fields"
fi

dpkg-deb -c "$deb" | awk '{ print $1, $2, $6 }' >"$tmp/contents"
want="./usr/bin/landlock-run ./usr/share/man/man1/landlock-run.1.gz ./usr/share/man/man1/landlock-policy.1.gz
  ./usr/share/man/man5/landlock-policy.5.gz ./usr/share/doc/landlock-run/copyright ./usr/share/doc/landlock-run/changelog.gz
  ./usr/share/doc/landlock-run/sbom.spdx.json ./usr/share/doc/landlock-run/licenses/musl-dev.copyright
  ./usr/bin/landlock-policy ./usr/share/bash-completion/completions/landlock-policy
  ./usr/share/bash-completion/completions/landlock-run ./usr/share/zsh/vendor-completions/_landlock-policy
  ./usr/share/fish/vendor_completions.d/landlock-policy.fish ./usr/share/fish/vendor_completions.d/landlock-run.fish"
missing=
for f in $want; do awk -v f="$f" '$3 == f { found = 1 } END { exit !found }' "$tmp/contents" || missing="$missing $f"; done
if [ -z "$missing" ]; then pass "deb-contents"; else fail "deb-contents" "missing$missing"; fi
if awk '$1 !~ /^d/ && $3 ~ /usr\/bin\// && ($1 != "-rwxr-xr-x" || $2 != "root/root") { bad = 1 } END { exit bad }' "$tmp/contents" &&
   awk '$2 != "root/root" { bad = 1 } END { exit bad }' "$tmp/contents"; then
  pass "deb-owner-root-binaries-0755"
else
  fail "deb-owner-root-binaries-0755" "$(grep -v 'root/root' "$tmp/contents" | head -2)"
fi

if command -v lintian >/dev/null; then
  lintian --fail-on error "$deb" >"$tmp/lintian" 2>&1
  rc=$?
  if [ "$rc" -eq 0 ] && ! grep -q '^E:' "$tmp/lintian"; then
    pass "deb-lintian-no-errors"
  else
    fail "deb-lintian-no-errors" "$(grep '^E:' "$tmp/lintian" | head -3 | tr '\n' ' ') (rc $rc)"
  fi
else
  skip "deb-lintian-no-errors" "lintian is not installed (make deps)"
fi

# Into a throwaway root, as a user's machine would hold it.
root=$tmp/root
dpkg -x "$deb" "$root"
bin=$root/usr/bin/landlock-run
# bash-completion loads the installed file by the command's name.
if [ "$("$root/usr/bin/landlock-policy" completion bash)" = "$(cat "$root/usr/share/bash-completion/completions/landlock-run")" ] &&
  bash --norc --noprofile -c '. "$1" && complete -p landlock-run' sh "$root/usr/share/bash-completion/completions/landlock-run" >/dev/null; then
  pass "deb-bash-completion-loads"
else
  fail "deb-bash-completion-loads" "the installed completion is not the compiler's, or bash refuses it"
fi
src_sha=$(sh packaging/launcher-digest.sh)  # docs/launcher-cli.md
if [ "$("$bin" --version)" = "landlock-run $ver source-sha256=$src_sha" ]; then
  pass "deb-installed-launcher-version"
else
  fail "deb-installed-launcher-version" "$("$bin" --version 2>&1)"
fi
check_confines deb-installed-launcher "$bin" "$tmp/run"
# The licences of the code linked in, the bill of materials beside the
# package's copyright file (issue 13), and Built-Using naming their sources.
check_sbom deb "$root/usr/share/doc/landlock-run" "$root/usr" amd64
check_built_using deb "$deb" amd64
if cmp -s "$root/usr/share/doc/landlock-run/sbom.spdx.json" "$LLR_BUILD/sbom/landlock-run-$ver-x86_64-linux-musl.spdx.json"; then
  pass "deb-sbom-is-the-release-artifact"
else
  fail "deb-sbom-is-the-release-artifact" "the .deb's sbom.spdx.json differs from make sbom's"
fi
if grep -q '/usr/share/doc/landlock-run/licenses/' "$root/usr/share/doc/landlock-run/copyright"; then
  pass "deb-copyright-points-at-the-licences"
else
  fail "deb-copyright-points-at-the-licences"
fi
case $("$root/usr/bin/landlock-policy" --version 2>&1) in
  *"$ver"*) pass "deb-installed-compiler-version" ;;
  *) fail "deb-installed-compiler-version" "$("$root/usr/bin/landlock-policy" --version 2>&1)" ;;
esac

# Man pages: gzip -9n (no name, no time) and they render.
bad=
for gz in "$root"/usr/share/man/man*/*.gz; do
  gzip_n "$gz" || bad="$bad $(basename "$gz"): gzip header has a name or time"
  warn=$(render_warnings "$gz")
  [ -z "$warn" ] || bad="$bad $(basename "$gz"): $warn"
done
if [ -z "$bad" ]; then pass "deb-man-pages-gzip-n-and-render"; else fail "deb-man-pages-gzip-n-and-render:$bad"; fi
if grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$root/usr/share/doc/landlock-run/copyright"; then
  pass "deb-copyright-machine-readable"
else
  fail "deb-copyright-machine-readable"
fi
exit 0
