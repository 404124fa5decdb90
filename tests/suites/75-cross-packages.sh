#!/bin/sh
# The aarch64 release artifacts, as far as an x86_64 machine can check them
# (tests/packaging/cross-packages.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/packaging/cross-packages.sh"
