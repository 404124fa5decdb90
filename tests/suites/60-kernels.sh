#!/bin/sh
# The real-kernel matrix (docs/kernel-matrix.md): the e2e suite inside
# Debian's 6.1 kernel under qemu, with Landlock (ABI 2) and booted without it,
# and inside Debian's 6.12 kernel (ABI 6).
# The host-kernel tier is 20-launcher-e2e. The first run downloads the kernels
# through apt into .cache/kernels; a boot that dies is a failure, not a skip.
# First, without booting anything, that the matrix judges boots correctly.
sh "$LLR_ROOT/tests/kernels/selftest.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
selftest=$?
sh "$LLR_ROOT/tests/kernels/matrix.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads" 6.1-abi2 6.1-no-landlock 6.12-abi6
matrix=$?
[ "$selftest" -eq 0 ] && [ "$matrix" -eq 0 ]
