#!/bin/sh
# The release tarball: complete, verifiable, reproducible, and its launcher
# confines a write straight out of the archive (tests/packaging/dist.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/packaging/dist.sh"
