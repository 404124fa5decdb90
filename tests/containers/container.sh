#!/bin/sh
# The release binaries in a real OCI runtime (issue 13): crun runs a bundle
# whose root holds only the tarball's two binaries, a static busybox and a
# policy, as a non-root user, under the seccomp profile podman applies by
# default (containers-common's /usr/share/containers/seccomp.json). A write
# outside the policy is denied, one inside lands. Then, under the same
# profile with the Landlock system calls denied (EPERM, as a profile that
# predates them does), the launcher refuses to run anything: exit 125.
# Last, docs/containers.md's image (issue 24): its commands, Dockerfile and
# policy as written, built and run by podman, as uid 1000, under podman's
# default seccomp profile.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
profile=/usr/share/containers/seccomp.json
# skip_all REASON: the whole suite is a SKIP (one line), and stops.
skip_all() { skip container "$1"; exit 0; }
[ "$(id -u)" = 0 ] || skip_all "needs root to run crun"
command -v crun >/dev/null || skip_all "crun is not installed (make deps)"
[ -f "$profile" ] || skip_all "$profile is missing (golang-github-containers-common, make deps)"
command -v busybox >/dev/null || skip_all "busybox is not installed (make deps)"
[ -x /usr/bin/python3 ] || skip_all "python3 is not installed (make deps)"
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
  { fail "container-bundle" "cannot write the OCI bundle"; exit 1; }
# Nothing printed at all: the container never started (no SKIP once it did).
if ! run allowed && [ ! -s "$tmp/allowed.out" ]; then
  skip_all "crun cannot start a container here: $(why allowed)"
fi
root=$tmp/allowed/rootfs
if [ "$(head -1 "$tmp/allowed.out")" = 1000 ] && [ -f "$root/work/landed" ]; then
  pass "container crun, podman's seccomp profile, uid 1000: the allowed write lands"
else
  fail "container crun, podman's seccomp profile, uid 1000" "the allowed write lands: $(cat "$tmp/allowed.out" | tr '\n' ' ') $(why allowed)"
fi
if [ ! -e "$root/home/user/planted" ] && grep -q 'Permission denied' "$tmp/allowed.err" &&
   grep -qx 'exit=[1-9][0-9]*' "$tmp/allowed.out"; then
  pass "container crun, podman's seccomp profile, uid 1000: the denied write is denied"
else
  fail "container crun, podman's seccomp profile, uid 1000" "the denied write is denied: $(why allowed)"
fi

# shellcheck disable=SC2016
bundle blocked deny-landlock 'landlock-run --ro / -- /bin/sh -c "echo ran"; echo "exit=$?"' ||
  { fail "container-bundle" "cannot write the OCI bundle"; exit 1; }
run blocked
if grep -qx 'exit=125' "$tmp/blocked.out" && ! grep -q '^ran' "$tmp/blocked.out" &&
   grep -q 'Landlock is not available: a seccomp filter probably blocks the Landlock system calls' "$tmp/blocked.err"; then
  pass "container seccomp denying Landlock: the launcher exits 125, runs nothing and names seccomp"
else
  fail "container seccomp denying Landlock" "the launcher exits 125 and runs nothing: $(cat "$tmp/blocked.out" | tr '\n' ' ') $(why blocked)"
fi
# docs/containers.md's recipe, as written: its build.toml (the toml block),
# its Dockerfile and its commands (the sh block), in a build folder holding
# the release tarball and, as app/run, a script for a static busybox. Podman
# gets this host's quirks from its configuration files only (no cgroups, an
# open-file limit the host allows, a storage of the test's own), so the
# commands run unchanged, in a mount namespace like the one `run` makes.
if ! command -v podman >/dev/null; then
  skip "container-recipe" "podman is not installed (make deps)"
  exit 0
fi
doc=docs/containers.md
ctx=$tmp/recipe
mkdir -p "$ctx/app" "$tmp/podman" "$tmp/derived/outside"
doc_block() {  # doc_block LANG: the first ```LANG block of the doc
  awk -v lang="$1" '$0 == "```" lang { inside = 1; next } inside && $0 == "```" { exit } inside { print }' "$doc"
}
doc_block toml >"$ctx/build.toml"
doc_block dockerfile >"$ctx/Dockerfile"
doc_block sh >"$tmp/recipe.sh"
cp "$tarball" "$ctx/"
cp "$(command -v busybox)" "$ctx/app/busybox"
# The command: static busybox; its writes, into the workspace, /tmp, and a
# folder uid 1000 owns outside the workspace (/outside, added below).
{
  echo '#!/work/busybox sh'
  echo 'echo "uid=$(/work/busybox id -u)"'
  echo 'echo "seccomp=$(/work/busybox awk '\''$1 == "Seccomp:" { print $2 }'\'' /proc/self/status)"'
  echo 'if echo built 2>/dev/null >/work/landed; then echo "workspace=written"; fi'
  echo 'if echo x 2>/dev/null >/tmp/scratch; then echo "tmp=written"; fi'
  echo 'if [ -d /outside ]; then'
  echo '  if echo x 2>/dev/null >/outside/planted; then echo "outside=written"; else echo "outside=denied"; fi'
  echo 'fi'
} >"$ctx/app/run"
chmod 0755 "$ctx/app/run"
# The folder outside the workspace, in an image built on the recipe's.
printf 'FROM localhost/my-build\nCOPY --chown=1000:1000 outside/ /outside/\n' >"$tmp/derived/Dockerfile"
printf '%s\n' '[containers]' 'cgroups = "disabled"' 'default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]' 'netns = "none"' \
  '[engine]' 'cgroup_manager = "cgroupfs"' 'events_logger = "none"' >"$tmp/podman/containers.conf"
printf '%s\n' '[storage]' 'driver = "vfs"' "graphroot = \"$tmp/podman/root\"" "runroot = \"$tmp/podman/run\"" \
  >"$tmp/podman/storage.conf"
# shellcheck disable=SC2016 # expanded by the inner shell
(cd "$ctx" && CONTAINERS_CONF=$tmp/podman/containers.conf CONTAINERS_STORAGE_CONF=$tmp/podman/storage.conf \
  timeout 300 unshare -m sh -c '
    [ -d "$2" ] && [ -f "$1" ] || exit 1
    mount --make-rprivate / || exit 1
    if [ "$(stat -f -c %T /sys/fs/cgroup)" != cgroup2fs ]; then
      umount -R /sys/fs/cgroup && mount -t cgroup2 none /sys/fs/cgroup || exit 1
    fi
    sh -e "$1" >"$2/recipe.out" 2>"$2/recipe.err" || { echo "recipe: exit $?" >>"$2/recipe.err"; exit 1; }
    podman image exists localhost/my-build || { echo "recipe: it built no image my-build" >>"$2/recipe.err"; exit 1; }
    (cd "$2/derived" && podman build --pull=never -q -t my-build-outside . >/dev/null 2>"$2/derived.err" &&
      podman run --rm my-build-outside >"$2/derived.out" 2>>"$2/derived.err")
    echo "exit=$?" >>"$2/derived.out"
    podman run --rm --read-only --tmpfs /tmp my-build >"$2/readonly.out" 2>"$2/readonly.err"
    echo "exit=$?" >>"$2/readonly.out"' sh "$tmp/recipe.sh" "$tmp") </dev/null
out=$(tr '\n' ' ' 2>/dev/null <"$tmp/recipe.out")
case $out in
  *"uid=1000 seccomp=2 workspace=written tmp=written "*)
    pass "container-recipe docs/containers.md's commands build and run its image as written: uid 1000, podman's default seccomp filter, the workspace and /tmp written" ;;
  *) fail "container-recipe docs/containers.md's commands build and run its image as written" "$out $(tail -c 600 "$tmp/recipe.err" 2>/dev/null | tr '\n' ' ')" ;;
esac
out=$(tr '\n' ' ' 2>/dev/null <"$tmp/derived.out")
case $out in
  *"uid=1000 seccomp=2 workspace=written tmp=written outside=denied exit=0 "*)
    pass "container-recipe its policy denies a write to a folder uid 1000 owns outside the workspace" ;;
  *) fail "container-recipe its policy denies a write to a folder uid 1000 owns outside the workspace" "$out $(head -c 400 "$tmp/derived.err" 2>/dev/null | tr '\n' ' ')" ;;
esac
out=$(tr '\n' ' ' 2>/dev/null <"$tmp/readonly.out")
case $out in
  *"uid=1000 seccomp=2 tmp=written exit=0 "*)
    pass "container-recipe a read-only root with --tmpfs /tmp, as documented: /tmp written" ;;
  *) fail "container-recipe a read-only root with --tmpfs /tmp, as documented" "$out $(head -c 400 "$tmp/readonly.err" 2>/dev/null | tr '\n' ' ')" ;;
esac
exit 0
