#!/bin/sh
# Every launcher example in the docs is a valid command line for the
# launcher's own parser (tests/docs/launcher-examples.sh).
# needs: parse-check launcher compiler
exec sh "$LLR_ROOT/tests/docs/launcher-examples.sh"
