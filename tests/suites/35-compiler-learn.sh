#!/bin/sh
# landlock-policy learn, the ptrace way: denials recorded, sorted and turned
# into grants on this kernel, as the caller and (as root) as uid 65534.
exec sh "$LLR_ROOT/tests/compiler/learn.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
