#!/bin/sh
# The release binaries in a real OCI runtime (issue 13): crun runs a bundle
# whose root holds only the tarball's two binaries, a static busybox and a
# policy, as a non-root user, under the seccomp profile podman applies by
# default (containers-common's /usr/share/containers/seccomp.json). A write
# outside the policy is denied, one inside lands. Then, under the same
# profile with the Landlock system calls denied (EPERM, as a profile that
# predates them does), the launcher refuses to run anything: exit 125.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
profile=/usr/share/containers/seccomp.json
skip() { echo "SKIP container: $1"; exit 0; }
[ "$(id -u)" = 0 ] || skip "needs root to run crun"
command -v crun >/dev/null || skip "crun is not installed (make deps)"
[ -f "$profile" ] || skip "$profile is missing (golang-github-containers-common, make deps)"
command -v busybox >/dev/null || skip "busybox is not installed (make deps)"
[ -x /usr/bin/python3 ] || skip "python3 is not installed (make deps)"
need_dist_and_landlock container
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp"

# bundle NAME MODE SCRIPT: an OCI bundle in $tmp/NAME; its root holds only
# what is listed here.
bundle() {
  b=$tmp/$1
  root=$b/rootfs
  mkdir -p "$root/bin" "$root/etc/landlock-policy" "$root/tmp" "$root/home/user" "$root/work"
  chmod 1777 "$root/tmp" && chown 1000:1000 "$root/home/user" "$root/work"
  cp "$tmp/$name/bin/landlock-run" "$tmp/$name/bin/landlock-policy" "$root/bin/"
  cp "$(command -v busybox)" "$root/bin/busybox" && ln -s busybox "$root/bin/sh"
  printf 'version = 1\nmode = "workspace-write"\n' >"$root/etc/landlock-policy/build.toml"
  (cd "$b" && crun spec) || return 1
  /usr/bin/python3 tests/containers/bundle.py "$b/config.json" "$profile" "$2" 1000 "$3"
}
# run NAME: crun runs the bundle. crun refuses a host whose cgroups are
# mixed v1 and v2 ("hybrid"), as this machine's are, so it runs in a private
# mount namespace where /sys/fs/cgroup is a bare cgroup2 mount, with the
# cgroup manager disabled: the container still gets its own pid, mount, ipc,
# uts and network namespaces, user, capabilities and seccomp filter.
run() {
  # shellcheck disable=SC2016 # expanded by the inner shell
  (cd "$tmp/$1" && timeout 120 unshare -m sh -c '
    mount --make-rprivate / || exit 1
    if [ "$(stat -f -c %T /sys/fs/cgroup)" != cgroup2fs ]; then
      umount -R /sys/fs/cgroup && mount -t cgroup2 none /sys/fs/cgroup || exit 1
    fi
    exec crun --cgroup-manager=disabled run "$1"' sh "llr-test-$1-$$") >"$tmp/$1.out" 2>"$tmp/$1.err" </dev/null
}
why() { head -c 400 "$tmp/$1.err" | tr '\n' ' '; }

# shellcheck disable=SC2016 # the container's shell expands these
bundle allowed default 'id -u; landlock-policy exec --set workspace=/work /etc/landlock-policy/build.toml -- \
  /bin/sh -c "echo built >/work/landed; echo x >/home/user/planted"; echo "exit=$?"' ||
  { echo "FAIL container-bundle: cannot write the OCI bundle"; exit 1; }
# Nothing printed at all: the container never started (no SKIP once it did).
if ! run allowed && [ ! -s "$tmp/allowed.out" ]; then
  skip "crun cannot start a container here: $(why allowed)"
fi
root=$tmp/allowed/rootfs
if [ "$(head -1 "$tmp/allowed.out")" = 1000 ] && [ -f "$root/work/landed" ]; then
  echo "PASS container crun, podman's seccomp profile, uid 1000: the allowed write lands"
else
  echo "FAIL container crun, podman's seccomp profile, uid 1000: the allowed write lands: $(cat "$tmp/allowed.out" | tr '\n' ' ') $(why allowed)"
fi
if [ ! -e "$root/home/user/planted" ] && grep -q 'Permission denied' "$tmp/allowed.err" &&
   grep -qx 'exit=[1-9][0-9]*' "$tmp/allowed.out"; then
  echo "PASS container crun, podman's seccomp profile, uid 1000: the denied write is denied"
else
  echo "FAIL container crun, podman's seccomp profile, uid 1000: the denied write is denied: $(why allowed)"
fi

# shellcheck disable=SC2016
bundle blocked deny-landlock 'landlock-run --ro / -- /bin/sh -c "echo ran"; echo "exit=$?"' ||
  { echo "FAIL container-bundle: cannot write the OCI bundle"; exit 1; }
run blocked
if grep -qx 'exit=125' "$tmp/blocked.out" && ! grep -q '^ran' "$tmp/blocked.out" &&
   grep -q 'Landlock is not available: a seccomp filter probably blocks the Landlock system calls' "$tmp/blocked.err"; then
  echo "PASS container seccomp denying Landlock: the launcher exits 125, runs nothing and names seccomp"
else
  echo "FAIL container seccomp denying Landlock: the launcher exits 125 and runs nothing: $(cat "$tmp/blocked.out" | tr '\n' ' ') $(why blocked)"
fi
exit 0
