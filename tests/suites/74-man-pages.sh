#!/bin/sh
# The man pages stay true to the flags, the commands and the policy format,
# and render without a warning (tests/packaging/man-pages.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/packaging/man-pages.sh"
