#!/bin/sh
# The npm package family, as a user gets it: packed, installed from the
# tarballs, confining a write through the installed launcher (tests/packaging/npm.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/packaging/npm.sh"
