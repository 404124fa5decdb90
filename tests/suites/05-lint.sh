#!/bin/sh
# Static analysis: cppcheck and clang-tidy (config: .clang-tidy) over every
# C++ source git tracks, one PASS/FAIL line per file and tool, one file per core.
set -u
cd "$LLR_ROOT" || exit 1
files=$(git ls-files '*.cpp')
[ -n "$files" ] || { echo "FAIL lint: no C++ source found (not a git checkout?)"; exit 1; }
printf '%s\n' $files | xargs -P "$(nproc)" -n 1 sh tests/lint/lint-one.sh
