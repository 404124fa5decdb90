#!/bin/sh
# landlock-policy learn: the ptrace way (as the caller and, as root, as uid
# 65534), then the audit way and the two ways' agreement, on this kernel.
sh "$LLR_ROOT/tests/compiler/learn.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
a=$?
sh "$LLR_ROOT/tests/compiler/learn-audit.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
b=$?
[ "$a" = 0 ] && [ "$b" = 0 ]
