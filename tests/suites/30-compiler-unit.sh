#!/bin/sh
# doctest unit tests of the policy compiler, built with ASan and UBSan.
# shellcheck source=tests/lib/unit.sh
. "$LLR_ROOT/tests/lib/unit.sh"
run_sanitized_unit compiler-unit "$LLR_BUILD/unit/compiler-test"
