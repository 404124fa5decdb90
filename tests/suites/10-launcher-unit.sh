#!/bin/sh
# doctest unit tests of the launcher's pure parts (parser, ABI masks, text),
# built with ASan and UBSan.
# needs: launcher-test
exec sh "$LLR_ROOT/tests/unit/run-sanitized.sh" launcher-unit "$LLR_BUILD/unit/launcher-test"
