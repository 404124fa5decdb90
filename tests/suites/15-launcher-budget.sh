#!/bin/sh
# The launcher's budgets: size, static, lines of launcher/, what it calls
# from libc (tests/build/launcher-budget.sh).
# needs: launcher
exec sh "$LLR_ROOT/tests/build/launcher-budget.sh"
