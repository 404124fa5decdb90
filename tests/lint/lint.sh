#!/bin/sh
# Static analysis: cppcheck and clang-tidy (config: .clang-tidy) over every
# C++ source git tracks, one PASS/FAIL line per file and tool, one file per
# core; then shellcheck (warnings and errors) over every shell script.
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
cd "$LLR_ROOT" || exit 1
files=$(git ls-files '*.cpp')
[ -n "$files" ] || { fail "lint" "no C++ source found (not a git checkout?)"; exit 1; }
printf '%s\n' $files | xargs -P "$(nproc)" -n 1 sh tests/lint/lint-one.sh
# Shell: every *.sh git tracks and .ci/run, sourced helpers followed (-x),
# run from the root so `# shellcheck source=PATH` directives resolve.
for script in $(git ls-files '*.sh' .ci/run); do
  if log=$(shellcheck -x -S warning "$script" 2>&1); then pass "shellcheck $script"
  else fail "shellcheck $script" "$(printf '%s' "$log" | grep -m 3 'SC[0-9]' | tr '\n' ' ')"; fi
done
