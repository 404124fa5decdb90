#!/bin/sh
# The adversarial escape suite: every known escape tried against the built
# launcher on this kernel, as an unprivileged user (tests/escape/escape.sh).
# needs: launcher payloads
exec bash "$LLR_ROOT/tests/escape/escape.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
