#!/bin/sh
# landlock-policy exec --ask on a real terminal (a pseudo-terminal): the
# escalation of the kernel's denials shown, asked once, re-run on y only
# (tests/compiler/exec-ask.sh, driven by tests/compiler/ask-pty.py).
# needs: compiler launcher
exec sh "$LLR_ROOT/tests/compiler/exec-ask.sh" "$LLR_BUILD/landlock-policy" "$LLR_BUILD/landlock-run"
