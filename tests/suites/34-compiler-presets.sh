#!/bin/sh
# Every built-in preset (extends = ["preset:NAME"]) with its real tool.
# needs: compiler launcher payloads
exec sh "$LLR_ROOT/tests/compiler/presets.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
