#!/bin/sh
# End-to-end tests of the built static launcher on this machine's kernel.
# needs: launcher payloads
exec sh "$LLR_ROOT/tests/e2e/launcher.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
