#!/bin/sh
# doctest unit tests of the policy compiler, built with ASan and UBSan.
exec "$LLR_BUILD/unit/compiler-test"
