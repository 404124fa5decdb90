#!/bin/sh
# One version, written once; binaries that name their source; builds that
# do not depend on where or when they ran.
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
cd "$LLR_ROOT" || exit 1
ver=$(cat VERSION)
# The launcher's source digest: every file it is compiled from, concatenated
# in this order (docs/launcher-cli.md, `--version`).
src_sha=$(sh packaging/launcher-digest.sh)

out=$("$LLR_BUILD/landlock-run" --version 2>&1)
if [ "$out" = "landlock-run $ver source-sha256=$src_sha" ]; then
  pass "version-launcher-names-VERSION-and-source-digest"
else
  fail "version-launcher-names-VERSION-and-source-digest" "'$out' (want $ver, $src_sha)"
fi

out=$("$LLR_BUILD/landlock-policy" --version 2>&1)
case $out in
  *"$ver"*"$src_sha"*) pass "version-compiler-names-VERSION-and-launcher-digest" ;;
  *) fail "version-compiler-names-VERSION-and-launcher-digest" "'$out' (want $ver and $src_sha)" ;;
esac

# VERSION is the only place the version is written: no source or package
# manifest spells it out (docs may quote example output).
hits=$(grep -rnF -e "\"$ver\"" -e "'$ver'" launcher compiler packaging 2>/dev/null; \
       grep -rn '"version": *"[0-9]' packaging/npm 2>/dev/null)
if [ -z "$hits" ]; then
  pass "version-written-only-in-VERSION"
else
  fail "version-written-only-in-VERSION" "$(printf '%s' "$hits" | head -3 | tr '\n' ' ')"
fi

# Two clean copies of this tree, two directories, two times: same bytes, and
# the same bytes as the launcher the other suites test.
log=$(mktemp)
if sh packaging/reproducible-check.sh --worktree --quick >"$log" 2>&1; then
  pass "reproducible-launcher-and-man-pages ($(grep -c '^identical' "$log") artifacts)"
else
  fail "reproducible-launcher-and-man-pages" "$(grep -v '^identical' "$log" | head -5 | tr '\n' ' ')"
fi
# The source tarball too (issue 24): from two copies, the same bytes.
if grep -q "^identical  [0-9a-f]*  dist-r/landlock-run-$ver-src.tar.gz\$" "$log"; then
  pass "reproducible-source-tarball"
else
  fail "reproducible-source-tarball" "$(grep -e "src.tar.gz" -e '^reproducible-check' "$log" | head -3 | tr '\n' ' ')"
fi
rebuilt=$(awk '$3 == "build-r/landlock-run" { print $2 }' "$log")
tested=$(sha256sum "$LLR_BUILD/landlock-run" | cut -d' ' -f1)
if [ -n "$rebuilt" ] && [ "$rebuilt" = "$tested" ]; then
  pass "reproducible-rebuild-matches-tested-launcher"
else
  fail "reproducible-rebuild-matches-tested-launcher" "rebuilt ${rebuilt:-nothing}, tested $tested"
fi
rm -f "$log"

# The build flags that make it so.
if grep -q -- '-ffile-prefix-map=' Makefile && grep -q -- '--build-id=none' Makefile; then
  pass "reproducible-flags-strip-paths-and-build-id"
else
  fail "reproducible-flags-strip-paths-and-build-id" "Makefile lacks -ffile-prefix-map or --build-id=none"
fi
if strings "$LLR_BUILD/landlock-run" | grep -q -e "$LLR_ROOT" -e "$LLR_BUILD"; then
  fail "reproducible-no-build-path-in-launcher" "the binary names the build directory"
else
  pass "reproducible-no-build-path-in-launcher"
fi
exit 0
