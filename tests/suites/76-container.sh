#!/bin/sh
# The release binaries in a real OCI runtime (crun, podman's seccomp
# profile) and docs/containers.md's image (tests/containers/container.sh).
# needs: packaging
exec sh "$LLR_ROOT/tests/containers/container.sh"
