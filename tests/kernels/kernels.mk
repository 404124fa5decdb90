# The real-kernel test matrix (docs/kernel-matrix.md): the launcher's e2e
# suite on Debian's 6.1 kernel (Landlock ABI 2), on the same kernel booted
# without Landlock, on Debian's 6.12 kernel (ABI 6), on Debian unstable's
# 7.2 kernel (ABI 10), on Debian experimental's 7.3 kernel (ABI 11), all under
# qemu, on Debian's arm64 6.12, 6.1, 7.2 and 7.3
# kernels under qemu-system-aarch64 with the cross-built binaries
# ($(BUILD)/aarch64), and on this machine's kernel.
# tests/suites/60-kernels.sh runs the qemu tiers as part of `make check` (the
# host tier is 20-launcher-e2e there); `make check-kernels` runs them all on
# their own. The Debian kernels (and the arm64 busybox-static) are downloaded
# once into .cache/kernels.
.PHONY: check-kernels

# qemu-system-x86 and qemu-system-arm boot the guests; busybox-static and cpio
# make the initramfs; apt and dpkg (always there on Debian) fetch and unpack
# the kernel.
DEB_PACKAGES += qemu-system-x86 busybox-static cpio file
ifeq ($(HOST_ARCH),x86_64)
DEB_PACKAGES += qemu-system-arm
endif
KERNEL_TIERS := 6.1-abi2 6.1-no-landlock 6.12-abi6 7.2-abi10 7.3-abi11 $(if $(CROSS_CHECK),6.12-aarch64 6.1-aarch64 7.2-aarch64 7.3-aarch64) host

check-kernels: $(LAUNCHER) $(PAYLOADS) $(CROSS_CHECK)
	@sh tests/kernels/selftest.sh $(LAUNCHER) $(BUILD)/payloads
	@sh tests/kernels/matrix.sh $(LAUNCHER) $(BUILD)/payloads $(KERNEL_TIERS)
