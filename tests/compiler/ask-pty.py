#!/usr/bin/env python3
"""A terminal for `landlock-policy exec --ask` (tests/compiler/exec-ask.sh).

ask-pty.py TRANSCRIPT ANSWER [EARLY] -- COMMAND [ARG]...

Runs COMMAND on a new pseudo-terminal (its controlling terminal, standard
input, output and error), records everything it draws in TRANSCRIPT, and
once the question's "[y/N] " is on screen waits a second, then answers:
"y" or "n" (a line), "eof" (Ctrl-D), "intr" (Ctrl-C), or "none" (no answer
expected: a question is an error). EARLY, when given, is typed as soon as
the command prints READY (input typed ahead of the question). Exits with
COMMAND's status, 124 when it did not end within 60 seconds (then killed),
125 when a question came for "none"."""
import os
import pty
import select
import signal
import sys
import time

QUESTION = b"[y/N] "
KEYS = {"y": b"y\n", "n": b"n\n", "eof": b"\x04", "intr": b"\x03"}


def main():
    split = sys.argv.index("--")
    transcript, answer = sys.argv[1], sys.argv[2]
    early = sys.argv[3].encode().decode("unicode_escape").encode() if split > 3 else None
    command = sys.argv[split + 1:]
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    seen = b""
    answered = early_sent = False
    deadline = time.monotonic() + 60
    status = None
    while status is None:
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = 124
            break
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                chunk = b""
            seen += chunk
        if early is not None and not early_sent and b"READY" in seen:
            os.write(master, early)
            early_sent = True
        if not answered and seen.endswith(QUESTION):
            answered = True
            if answer == "none":
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                status = 125
                break
            # Whatever the run left behind would draw now, if it could.
            time.sleep(1)
            os.write(master, KEYS[answer])
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            if status < 0:
                status = 128 - status
    try:
        while select.select([master], [], [], 0.2)[0]:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            seen += chunk
    except OSError:
        pass
    with open(transcript, "wb") as out:
        out.write(seen)
    sys.exit(status)


main()
