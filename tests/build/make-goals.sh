#!/bin/sh
# The README's first command, `make deps all`, on a fresh machine: nothing may
# compile before deps has finished installing the compilers and headers.
# Here the installer is a stand-in (SUDO) that prints a marker and sleeps, and
# the build goes to a fresh folder: every compile line must come after the
# last marker. Under -j, a Makefile that builds its goals side by side prints
# compile lines while deps is still "installing".
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
cd "$LLR_ROOT" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/sudo" <<'STUB'
#!/bin/sh
echo "DEPS-MARKER $1"
sleep 1
STUB
chmod +x "$work/sudo"

make -j2 deps all SUDO="$work/sudo" BUILD="$work/build" >"$work/log" 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then
  fail "make-goals.deps-all-builds" "make deps all exited $rc: $(tail -n 3 "$work/log" | tr '\n' ' ')"
  exit 1
fi
last_marker=$(grep -n 'DEPS-MARKER' "$work/log" | tail -n 1 | cut -d: -f1)
first_compile=$(grep -n -E '^(g\+\+|gcc|[a-z0-9_-]+-linux-gnu-g(\+\+|cc)) ' "$work/log" | head -n 1 | cut -d: -f1)
if [ -z "$last_marker" ] || [ -z "$first_compile" ]; then
  fail "make-goals.deps-before-build" "no marker ($last_marker) or no compile line ($first_compile) in the log"
elif [ "$first_compile" -gt "$last_marker" ]; then
  pass "make-goals.deps-before-build"
else
  fail "make-goals.deps-before-build" "compile at line $first_compile, deps still running until line $last_marker"
fi
if [ -x "$work/build/landlock-run" ] && [ -x "$work/build/landlock-policy" ]; then
  pass "make-goals.deps-all-builds"
else
  fail "make-goals.deps-all-builds" "the launcher or the compiler is missing after make deps all"
fi
