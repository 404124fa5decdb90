#!/bin/sh
# doctest unit tests of the launcher's pure parts (parser, ABI masks, text).
exec "$LLR_BUILD/unit/launcher-test"
