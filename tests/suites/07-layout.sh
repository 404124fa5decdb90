#!/bin/sh
# The compiler's folders are its pipeline: no include runs against it, and
# the top folder stays small (tests/compiler/layout.sh).
exec sh "$LLR_ROOT/tests/compiler/layout.sh"
