#!/bin/sh
# The Debian package: built by dpkg-deb alone, lintian-clean of errors, and
# its launcher confines a write (tests/packaging/deb.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/packaging/deb.sh"
