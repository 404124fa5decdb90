#!/bin/sh
# Static analysis: cppcheck and clang-tidy (config: .clang-tidy) over every
# C++ source git tracks, one PASS/FAIL line per file and tool, one file per
# core; then shellcheck (warnings and errors) over every shell script, and
# clang-format (.clang-format) over the C++ files tests/lint/format-files.sh
# lists: each one must already be formatted (`make format`).
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
# Formatting: a file clang-format would change fails, naming its first
# changed line; `make format` fixes them all.
if ! command -v clang-format >/dev/null; then
  skip "clang-format" "clang-format is not installed (make deps)"
else
  for f in $(sh tests/lint/format-files.sh); do
    if log=$(clang-format --dry-run --Werror "$f" 2>&1); then pass "clang-format $f"
    else fail "clang-format $f" "not formatted (make format): $(printf '%s' "$log" | grep -m 1 'error:' | cut -c1-200)"; fi
  done
fi
