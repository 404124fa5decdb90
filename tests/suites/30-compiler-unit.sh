#!/bin/sh
# doctest unit tests of the policy compiler, built with ASan and UBSan.
# needs: compiler-test
exec sh "$LLR_ROOT/tests/unit/run-sanitized.sh" compiler-unit "$LLR_BUILD/unit/compiler-test"
