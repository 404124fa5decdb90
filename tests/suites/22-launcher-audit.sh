#!/bin/sh
# The audit switches, checked in the kernel log on this machine's kernel.
# needs: launcher payloads
exec sh "$LLR_ROOT/tests/e2e/audit.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
