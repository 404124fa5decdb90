#!/bin/sh
# CI step: the doctest unit suites (launcher and compiler).
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "unit tests"
run_suites '*unit*'
