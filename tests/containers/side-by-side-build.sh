#!/bin/sh
# The build every tool confines in tests/containers/side-by-side.sh, the
# same in every environment: from the workspace it lives in, one write into
# src/ (which the intent grants) and one into .git/ (which it protects). It
# says what landed; the tool's own verdict is not asked. With --env it only
# says who runs it: the uid, and the seccomp mode and no_new_privs as
# /proc/self/status has them (the environment, without any tool).
ws=$(dirname "$0")
status() { awk -v key="$1:" '$1 == key { print $2 }' /proc/self/status; }
echo "uid=$(id -u) seccomp=$(status Seccomp) nnp=$(status NoNewPrivs)"
[ "${1:-}" = --env ] && exit 0
# The shell's own message on stderr says why a write failed.
if echo built >"$ws/src/built"; then echo "workspace=written"; else echo "workspace=denied"; fi
if echo planted >"$ws/.git/planted"; then echo "git=written"; else echo "git=denied"; fi
