#!/bin/sh
# Golden tests of landlock-policy (expected JSON argv and diagnostics), and
# every example policy in the README and the docs, so the docs cannot rot.
# needs: compiler launcher
exec sh "$LLR_ROOT/tests/compiler/golden.sh" "$LLR_BUILD/landlock-policy"
