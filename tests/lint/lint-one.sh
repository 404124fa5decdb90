#!/bin/sh
# lint-one.sh FILE: cppcheck, clang-tidy (../../.clang-tidy, and compiler/.clang-tidy
# for the compiler: functions of at most 80 lines, one declaration a statement)
# and clang-query (readability.query: no nested ternary, no comma operator)
# on one C++ source; prints one PASS/FAIL line per tool (tests/lint/lint.sh, suite 05, runs it in parallel).
set -u
# shellcheck source=tests/lib/report.sh
. tests/lib/report.sh
f=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
case $f in fuzz/*) extra="-fsanitize=fuzzer" ;; *) extra= ;; esac
if cppcheck --enable=warning,style,performance,portability --std=c++20 --inline-suppr \
    --suppressions-list=tests/lint/cppcheck-suppressions.txt --error-exitcode=1 -q -I. "$f" >"$log" 2>&1; then
  pass "cppcheck $f"
else fail "cppcheck $f" "$(head -c 600 "$log" | tr '\n' ' ')"; fi
# shellcheck disable=SC2086 # $extra is zero or one flag
if clang-tidy -quiet "$f" -- -std=c++20 -I. $extra >"$log" 2>&1; then
  pass "clang-tidy $f"
else fail "clang-tidy $f" "$(grep -E 'error:|warning:' "$log" | head -3 | tr '\n' ' ')"; fi
# shellcheck disable=SC2086 # $extra is zero or one flag
if clang-query -f tests/lint/readability.query "$f" -- -std=c++20 -I. $extra >"$log" 2>&1 &&
    ! grep -q ' binds here' "$log"; then
  pass "readability $f"
else fail "readability $f" "$(grep -E 'error:|binds here' "$log" | grep -v '"root"' | head -3 | tr '\n' ' ')"; fi
