#!/bin/sh
# Golden tests of landlock-policy (expected JSON argv and diagnostics), and
# every example policy in the README and the docs, so the docs cannot rot;
# what the tables print (compiler/tools/tables.cpp) is what is committed,
# and every schema key, mode and flag is documented (tests/compiler/tables.sh).
# needs: compiler launcher tables
sh "$LLR_ROOT/tests/compiler/golden.sh" "$LLR_BUILD/landlock-policy"
a=$?
sh "$LLR_ROOT/tests/compiler/tables.sh" "$LLR_BUILD/tables"
b=$?
[ "$a" = 0 ] && [ "$b" = 0 ]
