#!/bin/sh
# doctest unit tests of the launcher's pure parts (parser, ABI masks, text),
# built with ASan and UBSan.
# shellcheck source=tests/lib/unit.sh
. "$LLR_ROOT/tests/lib/unit.sh"
run_sanitized_unit launcher-unit "$LLR_BUILD/unit/launcher-test"
