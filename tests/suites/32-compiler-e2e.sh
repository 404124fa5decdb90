#!/bin/sh
# landlock-policy with the real launcher on this kernel: denied writes,
# landed writes, hidden secrets, TCP ports, pinning, exit codes.
# needs: compiler launcher payloads
exec sh "$LLR_ROOT/tests/compiler/e2e.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads/op"
