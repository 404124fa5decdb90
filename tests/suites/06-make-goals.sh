#!/bin/sh
# The README's first command, `make deps all`, on a fresh machine: nothing
# compiles before deps has finished (tests/build/make-goals.sh).
# needs: nothing
exec sh "$LLR_ROOT/tests/build/make-goals.sh"
