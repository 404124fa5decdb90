#!/bin/sh
# Every cross-built architecture gets the host build's static checks
# (tests/build/cross-build.sh).
# needs: cross
exec sh "$LLR_ROOT/tests/build/cross-build.sh"
