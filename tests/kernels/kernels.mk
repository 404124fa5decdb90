# The real-kernel test matrix (docs/kernel-matrix.md): the launcher's e2e
# suite on Debian's 6.1 kernel (Landlock ABI 2), on the same kernel booted
# without Landlock, on Debian's 6.12 kernel (ABI 6), all under qemu, and on
# this machine's kernel. tests/suites/60-kernels.sh runs the three qemu tiers
# as part of `make check` (the host tier is 20-launcher-e2e there);
# `make check-kernels` runs all four on their own. The Debian kernels are
# downloaded once into .cache/kernels.
.PHONY: check-kernels

# qemu-system-x86 boots the guests; busybox-static and cpio make the
# initramfs; apt and dpkg (always there on Debian) fetch and unpack the kernel.
DEB_PACKAGES += qemu-system-x86 busybox-static cpio file

check-kernels: $(LAUNCHER) $(PAYLOADS)
	@sh tests/kernels/selftest.sh $(LAUNCHER) $(BUILD)/payloads
	@sh tests/kernels/matrix.sh $(LAUNCHER) $(BUILD)/payloads 6.1-abi2 6.1-no-landlock 6.12-abi6 host
