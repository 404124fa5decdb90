#!/bin/sh
# The hostile-repository suite: two-phase attacks on the compiler by the repository it confines (tests/hostile/hostile.sh).
# needs: compiler launcher payloads
exec bash "$LLR_ROOT/tests/hostile/hostile.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
