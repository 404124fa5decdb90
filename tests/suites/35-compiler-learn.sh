#!/bin/sh
# landlock-policy learn: the ptrace way (as the caller and, as root, as uid
# 65534), then the audit way and the two ways' agreement, on this kernel;
# then the loop a user runs (learn, --write, learn again) both ways; then
# learn on a pipe (the policy on stdin, --report-fd) and its escalation.
sh "$LLR_ROOT/tests/compiler/learn.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
a=$?
sh "$LLR_ROOT/tests/compiler/learn-audit.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
b=$?
sh "$LLR_ROOT/tests/compiler/learn-loop.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
c=$?
sh "$LLR_ROOT/tests/compiler/learn-json.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
d=$?
[ "$a" = 0 ] && [ "$b" = 0 ] && [ "$c" = 0 ] && [ "$d" = 0 ]
