#!/bin/sh
# Static analysis: cppcheck and clang-tidy over every C++ source git tracks,
# and every shell script through shellcheck (tests/lint/lint.sh).
# needs: nothing
exec sh "$LLR_ROOT/tests/lint/lint.sh"
