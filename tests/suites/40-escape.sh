#!/bin/sh
# The adversarial escape suite: every known escape tried against the built
# launcher on this kernel, as an unprivileged user (tests/escape/escape.sh);
# first, that every mutant of `make escape-mutants` still changes the
# launcher's source (tests/escape/mutants.sh --applies).
# needs: launcher payloads
bash "$LLR_ROOT/tests/escape/mutants.sh" --applies
applies=$?
bash "$LLR_ROOT/tests/escape/escape.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
escape=$?
[ "$applies" -eq 0 ] && [ "$escape" -eq 0 ]
