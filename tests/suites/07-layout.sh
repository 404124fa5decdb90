#!/bin/sh
# The compiler's folders are its pipeline: no include runs against it, and
# the top folder stays small (tests/compiler/layout.sh).
# needs: nothing
exec sh "$LLR_ROOT/tests/compiler/layout.sh"
