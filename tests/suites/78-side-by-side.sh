#!/bin/sh
# Bubblewrap and landlock-run side by side, with the same intent, as uid
# 1000 in a qemu guest (its defaults, then user.max_user_namespaces=0), a
# podman container (its default seccomp profile, then no-new-privileges)
# and docs/kubernetes.md's Pod under podman kube play; docs/containers.md's
# table is what was measured (tests/containers/side-by-side.sh).
# needs: launcher payloads
exec sh "$LLR_ROOT/tests/containers/side-by-side.sh"
