#!/bin/sh
# A short libFuzzer smoke of every fuzz target (make fuzz runs them longer):
# fails on any crash, leak or sanitizer report. LLR_FUZZ_SECONDS: per target.
cd "$LLR_ROOT" || exit 1
targets=launcher-args
if grep -q '^COMPILER_LIB_SRCS' compiler/compiler.mk 2>/dev/null; then
  targets="$targets compiler"
else
  echo "SKIP fuzz.compiler: compiler/compiler.mk does not define COMPILER_LIB_SRCS yet"
fi
# shellcheck disable=SC2086
exec sh fuzz/run.sh "${LLR_FUZZ_SECONDS:-20}" "$LLR_BUILD/fuzz" $targets
