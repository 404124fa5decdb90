#!/bin/sh
# side-by-side-podman.sh WORK MANIFEST: the container half of
# tests/containers/side-by-side.sh, run by it in a mount namespace of its
# own (with a podman configuration and storage in WORK only: see
# docs/containers.md on this host's mixed cgroups). WORK/ctx holds the
# images' files, made by side-by-side.sh. It builds, from local files only
# (no registry), localhost/landlock-run (docs/kubernetes.md's Dockerfile),
# localhost/my-build (static busybox, bubblewrap and the libraries it loads,
# the checkout in /src), and from them an image with the workspace in /work
# and the launcher in /opt/landlock-run; then, as uid 1000, it runs:
#   podman         podman run, podman's default seccomp profile
#   podman-nnp     the same with --security-opt no-new-privileges
#   kube           MANIFEST (docs/kubernetes.md's Pod, as written) under
#                  podman kube play, and the same Pod with its command
#                  swapped for bubblewrap's and for the bare build (--env)
# One line per run: "CELL ROW TOOL rc=N out=... err=...", as the guest's.
set -u
work=${1:?usage: side-by-side-podman.sh WORK MANIFEST} manifest=${2:?usage: side-by-side-podman.sh WORK MANIFEST}
ctx=$work/ctx
log=$work/podman.log
# cell ROW TOOL RC OUT_FILE ERR_FILE
cell() {
  echo "CELL $1 $2 rc=$3 out=$(tr '\n' ' ' <"$4") err=$(grep -v '^$' "$5" | head -n 1)"
}
build() {  # build TAG FOLDER
  podman build --pull=never -q -t "$1" "$2" >>"$log" 2>&1 || { echo "BUILD-FAILED $1: $(tail -n 3 "$log" | tr '\n' ' ')"; exit 1; }
}
build localhost/llr-pause "$ctx/pause"
build localhost/landlock-run "$ctx/landlock-run"
build localhost/my-build "$ctx/my-build"
build localhost/llr-side-by-side "$ctx/podman"

# The same intent as the guest's: the root read-only, the workspace
# writable, its .git read-only (for Landlock: the workspace's folders but
# .git writable).
bwrap_argv='/bin/bwrap --ro-bind / / --bind /work /work --ro-bind /work/.git /work/.git /work/build.sh'
landlock_argv='/opt/landlock-run/landlock-run --ro / --rw /work/src -- /work/build.sh'
for row in podman podman-nnp; do
  opts=''
  [ "$row" = podman-nnp ] && opts='--security-opt no-new-privileges'
  for tool in env bwrap landlock-run; do
    case $tool in
      env) argv='/bin/sh /work/build.sh --env' ;;
      bwrap) argv=$bwrap_argv ;;
      *) argv=$landlock_argv ;;
    esac
    # shellcheck disable=SC2086 # $opts and $argv are word lists
    timeout 120 podman run --rm --user 1000:1000 $opts localhost/llr-side-by-side $argv >"$work/out" 2>"$work/err" </dev/null
    cell "$row" "$tool" "$?" "$work/out" "$work/err"
  done
done

# The Pod: the manifest as written for landlock-run; for the other two the
# same manifest with only the build container's command line changed.
command_line=$(grep -n '^      command: \["/opt/landlock-run/landlock-run"' "$manifest" | cut -d: -f1)
[ -n "$command_line" ] || { echo "MANIFEST-UNEXPECTED no build command starting with /opt/landlock-run/landlock-run"; exit 1; }
pod=$(awk '$1 == "name:" { print $2; exit }' "$manifest")
for tool in env bwrap landlock-run; do
  case $tool in
    env) argv='"/work/build.sh", "--env"' ;;
    bwrap) argv='"/bin/bwrap", "--ro-bind", "/", "/", "--bind", "/work", "/work", "--ro-bind", "/work/.git", "/work/.git", "/work/build.sh"' ;;
    *) argv='' ;;
  esac
  if [ -n "$argv" ]; then
    sed "${command_line}s|.*|      command: [$argv]|" "$manifest" >"$work/pod.yaml"
  else
    cp "$manifest" "$work/pod.yaml"
  fi
  container=$(awk '/^  containers:/ { c = 1 } c && $1 == "-" && $2 == "name:" { print $3; exit }' "$work/pod.yaml")
  timeout 120 podman kube play --network none "$work/pod.yaml" >>"$log" 2>&1
  rc=$?
  if [ "$rc" -eq 0 ]; then
    rc=$(timeout 120 podman wait "$pod-$container" 2>>"$log")
    podman logs "$pod-$container" >"$work/out" 2>"$work/err"
    # podman logs gives the container's stdout and stderr apart.
  else
    echo "kube play exit $rc: $(tail -n 2 "$log" | tr '\n' ' ')" >"$work/err"
    : >"$work/out"
  fi
  cell kube "$tool" "${rc:-?}" "$work/out" "$work/err"
  podman pod rm -f -t 0 "$pod" >>"$log" 2>&1
done
