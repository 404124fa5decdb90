#!/bin/sh
# Static analysis: cppcheck and clang-tidy (config: .clang-tidy) over every
# C++ source of the project, one PASS/FAIL line per file and tool.
set -u
cd "$LLR_ROOT" || exit 1
supp=tests/lint/cppcheck-suppressions.txt
files=$(git ls-files '*.cpp' 2>/dev/null || find . -name '*.cpp' | sed 's|^\./||')
[ -n "$files" ] || files=$(find launcher compiler tests bench fuzz -name '*.cpp' 2>/dev/null)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for f in $files; do
  case $f in fuzz/*) extra="-fsanitize=fuzzer" ;; *) extra= ;; esac
  if cppcheck --enable=warning,style,performance,portability --std=c++20 --inline-suppr \
      --suppressions-list="$supp" --error-exitcode=1 -q -I. "$f" >"$log" 2>&1; then
    echo "PASS cppcheck $f"
  else echo "FAIL cppcheck $f: $(head -c 600 "$log" | tr '\n' ' ')"; fi
  # shellcheck disable=SC2086 # $extra is zero or one flag
  if clang-tidy -quiet "$f" -- -std=c++20 -I. $extra >"$log" 2>&1; then
    echo "PASS clang-tidy $f"
  else echo "FAIL clang-tidy $f: $(grep -E 'error:|warning:' "$log" | head -3 | tr '\n' ' ')"; fi
done
