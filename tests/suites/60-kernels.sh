#!/bin/sh
# The real-kernel matrix (docs/kernel-matrix.md): the e2e suite inside
# Debian's 6.1 kernel under qemu, with Landlock (ABI 2) and booted without it,
# inside Debian's 6.12 kernel (ABI 6), Debian unstable's 7.2 kernel
# (ABI 10) and Debian experimental's 7.3 kernel (ABI 11; a SKIP once no suite
# tried carries one), and inside Debian's arm64 6.12 (ABI 6), 6.1 (ABI 2),
# 7.2 (ABI 10) and 7.3 (ABI 11) kernels under qemu-system-aarch64 with the
# cross-built launcher and payloads ($LLR_BUILD/aarch64; a SKIP where they
# are not built). LLR_KERNEL_TIERS="7.3-abi11 ..." runs only those tiers.
# The host-kernel tier is 20-launcher-e2e. The first run downloads the kernels
# through apt into .cache/kernels; a boot that dies is a failure, not a skip.
# First, without booting anything, that the matrix judges boots correctly.
# needs: launcher payloads cross
sh "$LLR_ROOT/tests/kernels/selftest.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads"
selftest=$?
sh "$LLR_ROOT/tests/kernels/matrix.sh" "$LLR_BUILD/landlock-run" "$LLR_BUILD/payloads" 6.1-abi2 6.1-no-landlock 6.12-abi6 \
  7.2-abi10 7.3-abi11 6.12-aarch64 6.1-aarch64 7.2-aarch64 7.3-aarch64
matrix=$?
[ "$selftest" -eq 0 ] && [ "$matrix" -eq 0 ]
