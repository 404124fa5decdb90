#!/bin/sh
# One version, written once; binaries that name their source; builds that
# do not depend on where or when they ran (tests/packaging/reproducible.sh).
# needs: launcher compiler
exec sh "$LLR_ROOT/tests/packaging/reproducible.sh"
