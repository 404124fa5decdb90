#!/bin/sh
# side-by-side-guest.sh LAUNCHER PAYLOAD_DIR: the guest half of
# tests/containers/side-by-side.sh, run by tests/kernels/init as PID 1's
# suite (as root, in a qemu guest of its own). As uid 1000 it runs the
# build (/llr/sbs/build.sh, in a fresh workspace each time) under bubblewrap
# and under landlock-run with the same intent, first with the guest's
# defaults, then after setting user.max_user_namespaces=0 in the guest (its
# own kernel: the host's sysctls are never touched). Each run is one line,
#   CELL ROW TOOL rc=N out=... err=...
# which the host turns into the table; the host judges, the guest reports.
launcher=${1:?usage: side-by-side-guest.sh LAUNCHER PAYLOAD_DIR}
ws=/tmp/ws
# bubblewrap pivots into its new root, which the kernel refuses while the
# root is the initramfs itself (rootfs: EINVAL). So first, as switch_root
# does, the root moves to a tmpfs, mode 0755 (builder traverses it), and
# this script runs again there.
if [ "${LLR_SBS_ROOT:-}" != tmpfs ]; then
  mkdir -p /newroot && mount -t tmpfs -o mode=0755 tmpfs /newroot || exit 1
  for d in /bin /lib /lib64 /llr /etc; do [ -e "$d" ] && cp -a "$d" /newroot/; done
  ln -s bin /newroot/sbin && ln -s . /newroot/usr
  for m in /proc /sys /dev /tmp; do mkdir -p "/newroot$m" && mount --move "$m" "/newroot$m"; done
  cd /newroot && mount --move . / && exec chroot . /bin/env LLR_SBS_ROOT=tmpfs /bin/sh /llr/e2e/launcher.sh "$@"
  exit 1
fi
echo 'builder:x:1000:1000:builder:/tmp:/bin/sh' >>/etc/passwd
echo 'builder:x:1000:' >>/etc/group

# cell ROW TOOL [ARG]...: TOOL's command line (as builder, in a fresh
# workspace), ending with the build; its output on one line.
cell() {
  row=$1 tool=$2
  shift 2
  rm -rf "$ws" && mkdir -p "$ws/src" "$ws/.git" && cp /llr/sbs/build.sh "$ws/build.sh" && chown -R 1000:1000 "$ws"
  printf '%s\n' "$@" >/tmp/argv
  # shellcheck disable=SC2016 # the builder's shell reads /tmp/argv
  su builder -s /bin/sh -c 'set --; while IFS= read -r a; do set -- "$@" "$a"; done </tmp/argv; exec "$@"' \
    >/tmp/out 2>/tmp/err </dev/null
  rc=$?
  echo "CELL $row $tool rc=$rc out=$(tr '\n' ' ' </tmp/out) err=$(head -n 1 /tmp/err)"
}
# row ROW: the environment, then the two tools with the same intent: the
# root read-only, the workspace writable, its .git read-only.
row() {
  cell "$1" env /bin/sh "$ws/build.sh" --env
  cell "$1" bwrap /bin/bwrap --ro-bind / / --bind "$ws" "$ws" --ro-bind "$ws/.git" "$ws/.git" "$ws/build.sh"
  # Landlock grants, it does not carve: the workspace's folders but .git
  # writable (as landlock-policy's workspace-write grants them), the rest read.
  cell "$1" landlock-run "$launcher" --ro / --rw "$ws/src" -- "$ws/build.sh"
}
row guest-default
echo 0 >/proc/sys/user/max_user_namespaces
echo "SYSCTL user.max_user_namespaces=$(cat /proc/sys/user/max_user_namespaces)"
row guest-userns0
