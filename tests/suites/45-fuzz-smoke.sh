#!/bin/sh
# A short libFuzzer smoke of every fuzz target (make fuzz runs them longer):
# fails on any crash, leak or sanitizer report. LLR_FUZZ_SECONDS: per target.
# needs: fuzz
cd "$LLR_ROOT" || exit 1
exec sh "$LLR_ROOT/fuzz/run.sh" "${LLR_FUZZ_SECONDS:-20}" "$LLR_BUILD/fuzz" launcher-args compiler
