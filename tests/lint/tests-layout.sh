#!/bin/sh
# The tests' own house rules (tests/README.md):
# - one result protocol, printed by tests/lib/report.sh alone: no script
#   outside tests/lib defines its own pass/fail/skip/ok, or prints a
#   PASS/FAIL/SKIP line itself (the library escapes what it prints and
#   counts it; a copy would do neither the same way);
# - every suite in tests/suites is a shim: it names the suite (number,
#   name, one comment) and runs scripts that live elsewhere, testing and
#   printing nothing itself;
# - no test is skipped for a part "not built yet": a SKIP is for a kernel
#   feature or a tool this machine lacks;
# - every suite says what it needs built (`# needs:`, words the Makefile
#   knows); support files live in tests/support/; the scenario suites are a
#   driver and short family files, every one of them run.
set -u
cd "$LLR_ROOT" || exit 1
# shellcheck source=tests/lib/report.sh
. tests/lib/report.sh

# Every shell script git tracks under tests/, tests/lib apart: *.sh, and
# any other file that starts with a shell's #!.
scripts=$(git ls-files tests | while IFS= read -r f; do
  case $f in
    tests/lib/*) ;;
    *.sh) echo "$f" ;;
    *) head -c 64 "$f" 2>/dev/null | head -1 | grep -q '^#!.*sh' && echo "$f" ;;
  esac
done)
[ -n "$scripts" ] || { fail "tests-layout" "no test script found (not a git checkout?)"; exit 1; }

# The lines (FILE:LINE: text, comments apart) of the scripts that match the
# extended regular expression $1.
lines_matching() {
  # shellcheck disable=SC2086 # one path a word: git's names have no blanks here
  grep -nE "$1" $scripts /dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#' | head -5 | tr '\n' ' '
}

hits=$(lines_matching '^[[:space:]]*(function[[:space:]]+)?(pass|fail|skip|ok)[[:space:]]*\(\)')
if [ -z "$hits" ]; then pass "tests-layout.result-helpers-only-in-tests-lib"
else fail "tests-layout.result-helpers-only-in-tests-lib" "defined again outside tests/lib/report.sh: $hits"; fi

hits=$(lines_matching "(echo|printf)[[:space:]]+(['\"])?(PASS|FAIL|SKIP)[[:space:]]")
if [ -z "$hits" ]; then pass "tests-layout.result-lines-printed-by-tests-lib"
else fail "tests-layout.result-lines-printed-by-tests-lib" "printed without tests/lib/report.sh: $hits"; fi

hits=$(lines_matching '(skip|skip_[a-z]+|SKIP)[[:space:]].*\<yet\>')
if [ -z "$hits" ]; then pass "tests-layout.no-skip-waits-for-a-part"
else fail "tests-layout.no-skip-waits-for-a-part" "a SKIP whose reason is a part still to come: $hits"; fi

# A shim's lines, comments apart: it may change folder, run scripts (sh,
# bash or exec; their arguments on continuation lines), keep their status
# and combine it. No test, no output, no branch of its own.
for suite in tests/suites/*.sh; do
  why=
  body=$(grep -vE '^[[:space:]]*(#|$)' "$suite")
  logic=$(printf '%s\n' "$body" | grep -nE '(^|[^[:alnum:]_-])(echo|printf|pass|fail|skip|report_line|if|for|while|case)([^[:alnum:]_-]|$)' | head -3 | tr '\n' ' ')
  [ -z "$logic" ] || why="$why tests or prints itself: $logic;"
  ran=$(printf '%s\n' "$body" | grep -oE '(sh|bash|exec) "\$LLR_ROOT/[^"]+"' | sed 's/.*"\$LLR_ROOT\/\([^"]*\)"/\1/')
  [ -n "$ran" ] || why="$why runs no script (sh \"\$LLR_ROOT/tests/AREA/NAME.sh\");"
  for f in $ran; do
    [ -f "$f" ] || why="$why runs $f, which does not exist;"
    case $f in tests/suites/*) why="$why runs another suite ($f);" ;; esac
  done
  if [ -z "$why" ]; then pass "tests-layout.suite-is-a-shim $suite"
  else fail "tests-layout.suite-is-a-shim $suite" "${why# }"; fi
  # Its build needs: one `# needs:` line, whose words the Makefile maps
  # (NEED_word) to what `make check SUITES=NN` builds first.
  why=
  needs=$(grep -c '^# needs:' "$suite")
  [ "$needs" -eq 1 ] || why="$why $needs '# needs:' lines, not one;"
  for word in $(sed -n 's/^# needs://p' "$suite"); do
    grep -q "^NEED_$word :=" Makefile || why="$why needs '$word', which the Makefile does not know (NEED_$word);"
  done
  if [ -z "$why" ]; then pass "tests-layout.suite-has-build-needs $suite"
  else fail "tests-layout.suite-has-build-needs $suite" "${why# }"; fi
done

# Support files (headers and programs the tests build on) live in
# tests/support/; the only other C++ under tests/ is a unit test
# (tests/unit/*_test.cpp) or a payload (tests/payloads/).
hits=$(git ls-files tests | grep -E '\.(h|hpp|c|cc|cpp)$' |
  grep -vE '^tests/(support/[^/]+|unit/[^/]+_test\.cpp|payloads/[^/]+)$' | head -5 | tr '\n' ' ')
if [ -z "$hits" ]; then pass "tests-layout.support-files-in-tests-support"
else fail "tests-layout.support-files-in-tests-support" "outside tests/support: $hits"; fi

# The scenario suites (tests/escape, tests/hostile) are a driver and one
# file per family, each short enough to hold in one reading, and every
# family file is one its driver sources (none lies there unrun).
for area in escape hostile; do
  long=$(git ls-files "tests/$area/*.sh" | xargs wc -l | awk '$2 != "total" && $1 > 300 { print $2 " (" $1 " lines)" }' | tr '\n' ' ')
  if [ -z "$long" ]; then pass "tests-layout.scenario-files-short tests/$area"
  else fail "tests-layout.scenario-files-short tests/$area" "over 300 lines: $long"; fi
  families=$(sed -n 's/^FAMILIES=(\(.*\))$/\1/p' "tests/$area/$area.sh")
  unrun=
  for file in $(git ls-files "tests/$area/family-*.sh"); do
    family=${file##*/family-}
    family=${family%.sh}
    case " $families " in *" $family "*) ;; *) unrun="$unrun $file" ;; esac
  done
  if [ -n "$families" ] && [ -z "$unrun" ]; then pass "tests-layout.scenario-families-all-run tests/$area"
  else fail "tests-layout.scenario-families-all-run tests/$area" "not in tests/$area/$area.sh's FAMILIES=(...):${unrun:- no FAMILIES line}"; fi
done

# The library itself, in each shell that sources it (dash for the suites,
# bash for the scenario suites, busybox sh in the qemu kernels): a reason
# holding a newline, a forged result line and a terminal escape comes out
# as one line, no control byte in it, and is counted once.
# shellcheck disable=SC2016 # expanded by the shell under test
probe='. tests/lib/report.sh; fail name "$(printf "one\nPASS forged\033[2J\001")"; skip other "$(printf "\tx")"; report_totals'
want='FAIL name: one|PASS forged?[2J?
SKIP other: ?x
0 passed, 1 failed, 1 skipped'
for shell in sh bash "busybox sh"; do
  command -v "${shell%% *}" >/dev/null || { skip "tests-layout.report-escapes-untrusted-text ($shell)" "not installed"; continue; }
  # shellcheck disable=SC2086 # "busybox sh" is two words on purpose
  got=$($shell -c "$probe" 2>&1)
  if [ "$got" = "$want" ]; then pass "tests-layout.report-escapes-untrusted-text ($shell)"
  else fail "tests-layout.report-escapes-untrusted-text ($shell)" "got '$got'"; fi
done
