#!/bin/sh
# mkinitramfs.sh OUT LAUNCHER PAYLOAD_DIR SUITE
# Writes OUT, an uncompressed newc cpio initramfs holding only static
# binaries: busybox (Debian's busybox-static) with a link per applet in /bin,
# the launcher and the payloads under /llr, the suite as /llr/e2e/launcher.sh
# beside the result library it sources (tests/lib/report.sh, as
# /llr/lib/report.sh: the same layout as the tree) and tests/kernels/init as
# /init. No libc, no loader: nothing else is needed. LLR_INITRAMFS_EXTRA, a
# folder, is copied over the root last (tests/containers/side-by-side.sh adds
# bubblewrap and the libraries it loads that way).
set -eu
out=${1:?usage: mkinitramfs.sh OUT LAUNCHER PAYLOAD_DIR SUITE} launcher=${2:?} payloads=${3:?} suite=${4:?}
here=$(cd "$(dirname "$0")" && pwd)
busybox=${BUSYBOX:-/bin/busybox}
for f in "$busybox" "$launcher" "$suite" "$here/../lib/report.sh" "$here/init"; do
  [ -f "$f" ] || { echo "mkinitramfs: missing $f" >&2; exit 1; }
done
[ -d "$payloads" ] || { echo "mkinitramfs: missing $payloads" >&2; exit 1; }
# A dynamically linked busybox (Debian's "busybox" package) would not run
# here: insist on the static one.
if ! file -L "$busybox" 2>/dev/null | grep -q 'statically linked'; then
  echo "mkinitramfs: $busybox is not statically linked (install busybox-static)" >&2; exit 1
fi

root=$(mktemp -d "${TMPDIR:-/tmp}/llr-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/llr/payloads" "$root/llr/e2e" "$root/llr/lib" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/etc" "$root/root"
cp "$busybox" "$root/bin/busybox"
# A foreign busybox (the arm64 one, for an aarch64 guest) cannot run here to
# list its applets: the host's, the same Debian package, names the same ones.
lister=$busybox
"$busybox" true 2>/dev/null || lister=${BUSYBOX_LISTER:-/bin/busybox}
for a in $("$lister" --list); do
  [ "$a" = busybox ] || ln -s busybox "$root/bin/$a"
done
ln -s bin "$root/sbin"
ln -s . "$root/usr" 2>/dev/null || true
cp "$launcher" "$root/llr/landlock-run"
cp "$payloads"/* "$root/llr/payloads/"
cp "$suite" "$root/llr/e2e/launcher.sh"
cp "$here/../lib/report.sh" "$root/llr/lib/report.sh"
cp "$here/init" "$root/init"
chmod 0755 "$root/init" "$root/llr/landlock-run" "$root/llr/payloads"/*
chmod 1777 "$root/tmp"
if [ -n "${LLR_INITRAMFS_EXTRA:-}" ]; then
  [ -d "$LLR_INITRAMFS_EXTRA" ] || { echo "mkinitramfs: missing $LLR_INITRAMFS_EXTRA" >&2; exit 1; }
  cp -R "$LLR_INITRAMFS_EXTRA/." "$root/"
fi
# nobody: an unprivileged uid for tests that need a process root does not
# own (busybox setpriv/su take it by number or by name).
printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' 'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh' >"$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' >"$root/etc/group"
tmp_out="$out.tmp.$$"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$tmp_out"
mv "$tmp_out" "$out"
