#!/bin/sh
# landlock-policy with the real launcher on this kernel: denied writes,
# landed writes, hidden secrets, TCP ports, pinning, exit codes; then its
# shell completion run in bash, zsh and fish (tests/compiler/completion.sh).
# needs: compiler launcher payloads completions
sh "$LLR_ROOT/tests/compiler/e2e.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
a=$?
sh "$LLR_ROOT/tests/compiler/completion.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
b=$?
[ "$a" = 0 ] && [ "$b" = 0 ]
