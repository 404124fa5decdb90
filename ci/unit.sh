#!/bin/sh
# CI step: the doctest unit suites (launcher and compiler).
. "$(dirname "$0")/lib.sh"
step "unit tests"
run_suites $(suites '*unit*')
