#!/bin/sh
# Runs every test suite and prints the project's one closing line:
#   N passed, N failed, N skipped
# A suite prints one line per test: "PASS name", "FAIL name: why" or
# "SKIP name: reason" (a missing kernel feature is a SKIP, never a PASS).
# A suite that exits non-zero without reporting a FAIL, or that reports no
# test at all, counts as one failure: a crashed suite can never look green.
# tests/README.md: the one convention for suites (tests/suites/NN-name.sh is
# a shim that runs scripts of tests/AREA/), and every result line printed by
# tests/lib/report.sh. `make check SUITES=...` chooses the suites.
set -u
# shellcheck source=tests/lib/report.sh
. "$(dirname "$0")/lib/report.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0 failed=0 skipped=0
for suite in "$@"; do
  name=$(basename "$suite" .sh)
  echo "== $name"
  sh "$suite" >"$log" 2>&1
  rc=$?
  cat "$log"
  p=$(grep -c '^PASS ' "$log") f=$(grep -c '^FAIL ' "$log") s=$(grep -c '^SKIP ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    fail "$name" "suite exited $rc without reporting a failure"
    f=1
  elif [ $((p + f + s)) -eq 0 ]; then
    fail "$name" "suite ran no test"
    f=1
  fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  grep '^SKIP ' "$log" >>"$log.skips"
done
if [ -s "$log.skips" ]; then
  echo "== skipped, with reasons"
  cat "$log.skips"
fi
rm -f "$log.skips"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
