#!/bin/sh
# `eval "$(landlock-policy argv --format shell ...)"` under set -e in bash,
# dash and busybox sh: a failed compile stops the script (issue 13).
# needs: compiler launcher
exec sh "$LLR_ROOT/tests/compiler/shell-eval.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
