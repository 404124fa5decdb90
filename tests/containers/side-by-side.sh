#!/bin/sh
# Bubblewrap and landlock-run side by side (issue 30), with the same intent
# (the root read-only, the workspace writable, its .git read-only), run as
# uid 1000 in each environment where an unprivileged sandbox is usually
# wanted, and docs/containers.md's table written from what was measured:
#   guest-default  a qemu guest (Debian 12's 6.12 kernel), its defaults
#   guest-userns0  the same guest after user.max_user_namespaces=0, set in
#                  the guest (tests/containers/side-by-side-guest.sh)
#   podman         podman run, podman's default seccomp profile
#   podman-nnp     the same with --security-opt no-new-privileges
#   kube           docs/kubernetes.md's Pod as written, podman kube play
#                  (tests/containers/side-by-side-podman.sh)
# The build each tool confines is tests/containers/side-by-side-build.sh.
# landlock-run must hold the intent in every environment (PASS/FAIL);
# bubblewrap's result is measured, not judged. The table in
# docs/containers.md must be what this run measured, row by row, for every
# row measured here (a row that cannot be measured is a SKIP with the
# reason, and not compared); UPDATE=1 rewrites the table instead, a row not
# measured then reading "not measured". Nothing of the machine's own
# configuration changes: the sysctl is the guest's, podman's configuration
# and storage are the test's own (removed at the end). LLR_SBS_KEEP=1 keeps
# the work folder (the serial log, podman's log) for debugging.
set -u
cd "$LLR_ROOT" || exit 1
# shellcheck source=tests/lib/report.sh
. tests/lib/report.sh
export REPORT_PREFIX="side-by-side "
launcher=$LLR_BUILD/landlock-run
doc=docs/containers.md
kube_doc=docs/kubernetes.md
cache=${LLR_KERNEL_CACHE:-$LLR_ROOT/.cache/kernels}
[ -x "$launcher" ] || { fail "launcher" "$launcher is not built"; exit 1; }
command -v bwrap >/dev/null || { skip "all" "bubblewrap is not installed (make deps)"; exit 0; }
busybox=$(command -v busybox) || { skip "all" "busybox is not installed (make deps)"; exit 0; }
file -L "$busybox" | grep -q 'statically linked' || { skip "all" "$busybox is not static (busybox-static, make deps)"; exit 0; }
tmp=$(mktemp -d) || exit 1
[ -n "${LLR_SBS_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
: >"$tmp/cells"

# bubblewrap and the libraries it loads, at the paths it loads them from,
# for a root with no libc (the guest, the FROM scratch images).
mkdir -p "$tmp/bwrap/bin"
cp "$(command -v bwrap)" "$tmp/bwrap/bin/bwrap"
for lib in $(ldd "$(command -v bwrap)" | awk '$2 == "=>" { print $3 } $1 ~ /^\// { print $1 }'); do
  dest=$tmp/bwrap/${lib#/usr/}
  dest=${dest%/*}
  if ! mkdir -p "$dest" || ! cp -L "$lib" "$dest/"; then fail "bwrap-root" "cannot copy $lib"; exit 1; fi
done

# --- the qemu guest ---------------------------------------------------------
guest() {
  command -v qemu-system-x86_64 >/dev/null || { echo "qemu-system-x86_64 is not installed (make deps)"; return 1; }
  kernel=$(sh tests/kernels/fetch-kernel.sh "$cache" 6.12 amd64 2>"$tmp/fetch.log") ||
    { echo "could not fetch Debian's 6.12 kernel: $(tail -n 2 "$tmp/fetch.log" | tr '\n' ' ')"; return 1; }
  mkdir -p "$tmp/guest-extra/llr/sbs"
  cp -R "$tmp/bwrap/." "$tmp/guest-extra/"
  cp tests/containers/side-by-side-build.sh "$tmp/guest-extra/llr/sbs/build.sh"
  LLR_INITRAMFS_EXTRA=$tmp/guest-extra BUSYBOX=$busybox sh tests/kernels/mkinitramfs.sh "$tmp/initramfs.cpio" "$launcher" \
    "$LLR_BUILD/payloads" tests/containers/side-by-side-guest.sh 2>"$tmp/mkinitramfs.log" ||
    { echo "could not build the initramfs: $(tr '\n' ' ' <"$tmp/mkinitramfs.log")"; return 1; }
  # As the kernel matrix boots its tiers (tests/kernels/matrix.sh).
  timeout -k 10 "${LLR_KERNEL_TIMEOUT:-180}" qemu-system-x86_64 -nographic -no-reboot -accel tcg -m 512 -smp 1 -nic none \
    -kernel "$kernel" -initrd "$tmp/initramfs.cpio" -append "console=ttyS0 no_timer_check panic=-1 quiet" \
    </dev/null >"$tmp/guest.log" 2>&1
  tr -d '\r' <"$tmp/guest.log" | sed -n 's/^[^@]*@@ //p' >"$tmp/guest.out"
  grep '^CELL ' "$tmp/guest.out" >>"$tmp/cells"
  grep -q '^SYSCTL user.max_user_namespaces=0$' "$tmp/guest.out" ||
    echo "BROKEN guest-userns0 the guest did not report user.max_user_namespaces=0" >>"$tmp/cells"
  grep -q '^CELL guest-userns0 landlock-run ' "$tmp/guest.out" ||
    { echo "the guest never finished: $(grep -v '^[^@]*@@' "$tmp/guest.log" | tr -d '\r' | tail -n 3 | tr '\n' ' ')"; return 2; }
}
# A missing tool or kernel is a row not measured (SKIP); a guest that booted
# and did not finish is a broken row (FAIL), as in the kernel matrix.
why=$(guest)
case $? in
  0) ;;
  1) printf 'NOT-MEASURED %s %s\n' guest-default "$why" guest-userns0 "$why" >>"$tmp/cells" ;;
  *) printf 'BROKEN %s %s\n' guest-default "$why" guest-userns0 "$why" >>"$tmp/cells" ;;
esac

# --- podman: a container, and docs/kubernetes.md's Pod ------------------------
doc_block() {  # doc_block FILE LANG: the first ```LANG block of FILE
  awk -v lang="$2" '$0 == "```" lang { inside = 1; next } inside && $0 == "```" { exit } inside { print }' "$1"
}
containers() {
  [ "$(id -u)" = 0 ] || { echo "needs root to run podman"; return 1; }
  command -v podman >/dev/null || { echo "podman is not installed (make deps)"; return 1; }
  c=$tmp/ctx
  mkdir -p "$c/pause" "$c/landlock-run" "$c/my-build/root/bin" "$c/my-build/root/tmp" "$c/my-build/root/src/src" \
    "$c/my-build/root/src/.git" "$c/podman/work" "$c/podman/opt"
  # The Pod's infra container, built here: podman 4.3 would otherwise
  # build one from catatonit, or pull one.
  cp "$busybox" "$c/pause/busybox"
  printf '#!/bin/busybox sh\nexec /bin/busybox sleep 2147483647\n' >"$c/pause/pause"
  chmod 0755 "$c/pause/pause"
  printf 'FROM scratch\nCOPY busybox /bin/busybox\nCOPY pause /pause\nENTRYPOINT ["/pause"]\n' >"$c/pause/Dockerfile"
  # docs/kubernetes.md's image of the launcher, its Dockerfile as written.
  doc_block "$kube_doc" dockerfile >"$c/landlock-run/Dockerfile"
  cp "$launcher" "$c/landlock-run/landlock-run" && cp "$busybox" "$c/landlock-run/busybox"
  # The build image: a static busybox, bubblewrap, the checkout in /src.
  r=$c/my-build/root
  cp "$busybox" "$r/bin/busybox"
  for applet in sh awk id dirname cp cat; do ln -s busybox "$r/bin/$applet"; done
  cp -R "$tmp/bwrap/." "$r/"
  cp tests/containers/side-by-side-build.sh "$r/src/build.sh"
  echo '[core]' >"$r/src/.git/config"
  chmod 1777 "$r/tmp"
  printf 'FROM scratch\nCOPY root/ /\nUSER 1000:1000\n' >"$c/my-build/Dockerfile"
  # podman run's image: the checkout as the workspace, the launcher beside.
  cp -R "$r/src/." "$c/podman/work/"
  mkdir -p "$c/podman/opt/landlock-run" && cp "$launcher" "$c/podman/opt/landlock-run/"
  printf 'FROM localhost/my-build\nCOPY --chown=1000:1000 work/ /work/\nCOPY opt/ /opt/\n' >"$c/podman/Dockerfile"
  doc_block "$kube_doc" yaml >"$tmp/manifest.yaml"
  # podman's configuration and storage: the test's own (docs/containers.md),
  # an open-file limit the host allows, the infra image built above.
  mkdir -p "$tmp/podman-conf"
  printf '%s\n' '[containers]' 'default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]' 'netns = "none"' \
    '[engine]' 'cgroup_manager = "cgroupfs"' 'events_logger = "none"' 'infra_image = "localhost/llr-pause"' 'infra_command = "/pause"' \
    >"$tmp/podman-conf/containers.conf"
  printf '%s\n' '[storage]' 'driver = "vfs"' "graphroot = \"$tmp/podman-conf/root\"" "runroot = \"$tmp/podman-conf/run\"" \
    >"$tmp/podman-conf/storage.conf"
  # shellcheck disable=SC2016 # expanded by the inner shell
  CONTAINERS_CONF=$tmp/podman-conf/containers.conf CONTAINERS_STORAGE_CONF=$tmp/podman-conf/storage.conf \
    timeout 900 unshare -m sh -c '
      mount --make-rprivate / || exit 1
      # A Pod needs cgroups (podman 4.3: "pod cgroup is not set" without),
      # and crun refuses mixed v1 and v2: a hybrid host is seen as v1 here.
      if [ "$(stat -f -c %T /sys/fs/cgroup/unified 2>/dev/null)" = cgroup2fs ]; then
        umount /sys/fs/cgroup/unified || exit 1
      fi
      sh "$1" "$2" "$3"
      rc=$?
      # Everything the run made: its pods, containers and images.
      podman pod rm -a -f -t 0 >/dev/null 2>&1
      podman rm -a -f -t 0 >/dev/null 2>&1
      podman rmi -a -f >/dev/null 2>&1
      exit "$rc"' sh tests/containers/side-by-side-podman.sh "$tmp" "$tmp/manifest.yaml" >"$tmp/podman.out" 2>&1 </dev/null
  grep '^CELL ' "$tmp/podman.out" >>"$tmp/cells"
  # podman that cannot even build or start the first container cannot run
  # here (SKIP, as suite 76 does); one that stopped half way is broken.
  grep -q '^CELL kube landlock-run ' "$tmp/podman.out" && return 0
  echo "podman did not finish: $(grep -v '^CELL ' "$tmp/podman.out" | tail -n 3 | tr '\n' ' ') $(tail -n 3 "$tmp/podman.log" 2>/dev/null | tr '\n' ' ')"
  grep -q '^CELL ' "$tmp/podman.out" && return 2
  return 1
}
# podman (cgroupfs) makes libpod_parent in each cgroup hierarchy: where
# this run made it, it goes again, emptied (rmdir never removes a cgroup
# that still holds a process).
made_cgroups=''
for hierarchy in /sys/fs/cgroup /sys/fs/cgroup/*; do
  [ -d "$hierarchy" ] && [ ! -e "$hierarchy/libpod_parent" ] && made_cgroups="$made_cgroups $hierarchy/libpod_parent"
done
why=$(containers)
case $? in
  0) ;;
  1) for row in podman podman-nnp kube; do echo "NOT-MEASURED $row $why" >>"$tmp/cells"; done ;;
  *) for row in podman podman-nnp kube; do
       grep -q "^CELL $row landlock-run " "$tmp/cells" || echo "BROKEN $row $why" >>"$tmp/cells"
     done ;;
esac

for c in $made_cgroups; do
  [ -d "$c" ] && find "$c" -depth -type d -exec rmdir {} \; 2>/dev/null
done

# --- the table ----------------------------------------------------------------
# field CELL_LINE NAME: the value of NAME= in a CELL line (up to the next field).
field() { printf '%s\n' "$1" | sed -n "s/.* $2=\\(.*\\)/\\1/p" | sed 's/ \(out\|err\)=.*//; s/ *$//'; }
# verdict ROW TOOL: the table's cell for TOOL in ROW, from what was measured.
verdict() {
  line=$(grep "^CELL $1 $2 " "$tmp/cells" | head -n 1)
  [ -n "$line" ] || { echo "not measured"; return; }
  out=$(field "$line" out) err=$(field "$line" err) rc=$(field "$line" rc)
  if [ "$2" = env ] && [ "${out#uid=}" != "$out" ]; then
    uid=$(printf '%s\n' "$out" | sed -n 's/.*uid=\([^ ]*\).*/\1/p')
    seccomp=$(printf '%s\n' "$out" | sed -n 's/.*seccomp=\([^ ]*\).*/\1/p')
    nnp=$(printf '%s\n' "$out" | sed -n 's/.*nnp=\([^ ]*\).*/\1/p')
    case $seccomp in 2) seccomp="a seccomp filter" ;; 0) seccomp="no seccomp filter" ;; *) seccomp="seccomp $seccomp" ;; esac
    case $nnp in 1) nnp="no_new_privs set" ;; 0) nnp="no_new_privs unset" ;; *) nnp="no_new_privs ?" ;; esac
    echo "uid $uid, $seccomp, $nnp"
    return
  fi
  case $out in
    *workspace=written*git=denied*) echo "runs: \`src/\` written, \`.git\` denied" ;;
    *workspace=written*git=written*) echo "runs, but \`.git\` written" ;;
    *workspace=denied*) echo "runs, but \`src/\` denied" ;;
    *)
      # The tool's own first line of complaint, up to its first clause.
      why=$(printf '%s' "$err" | sed 's/, .*//; s/\. .*//' | tr -d '`|' | cut -c1-120)
      echo "fails (exit $rc): \`$why\`" ;;
  esac
}
label() {
  case $1 in
    guest-default) echo "qemu guest (Debian 12's 6.12 kernel), its defaults" ;;
    guest-userns0) echo "the same guest, \`user.max_user_namespaces=0\` set in it" ;;
    podman) echo "podman container, its default seccomp profile" ;;
    podman-nnp) echo "the same, \`--security-opt no-new-privileges\`" ;;
    kube) echo "[docs/kubernetes.md](kubernetes.md)'s Pod, \`podman kube play\`" ;;
  esac
}
rows="guest-default guest-userns0 podman podman-nnp kube"
for row in $rows; do
  printf '| %s | %s | %s | %s |\n' "$(label "$row")" "$(verdict "$row" env)" "$(verdict "$row" bwrap)" "$(verdict "$row" landlock-run)"
done >"$tmp/rows"

# landlock-run holds the intent wherever it was measured; what was not
# measured says why.
for row in $rows; do
  reason=$(sed -n "s/^NOT-MEASURED $row //p" "$tmp/cells" | head -n 1)
  if [ -n "$reason" ]; then skip "$row" "$reason"; continue; fi
  broken=$(sed -n "s/^BROKEN $row //p" "$tmp/cells" | head -n 1)
  got=$(verdict "$row" landlock-run)
  if [ -n "$broken" ]; then fail "$row" "$broken"
  elif [ "$got" = "runs: \`src/\` written, \`.git\` denied" ]; then pass "$row: landlock-run holds the intent ($(verdict "$row" env)); bubblewrap: $(verdict "$row" bwrap)"
  else fail "$row: landlock-run holds the intent" "$got; $(grep "^CELL $row landlock-run " "$tmp/cells")"; fi
done

# The table in the doc: between its two marker lines.
begin='<!-- side-by-side table: tests/containers/side-by-side.sh writes it (UPDATE=1) -->'
end='<!-- end of the side-by-side table -->'
header='| environment (uid 1000) | the environment itself | bubblewrap | landlock-run |'
if ! grep -qxF "$begin" "$doc" || ! grep -qxF "$end" "$doc"; then fail "table" "$doc lacks the table's marker lines"; exit 1; fi
if [ "${UPDATE:-}" = 1 ]; then
  awk -v b="$begin" -v e="$end" -v h="$header" -v rows="$tmp/rows" '
    $0 == b { print; print h; print "| --- | --- | --- | --- |"; while ((getline l <rows) > 0) print l; skipping = 1; next }
    $0 == e { skipping = 0 } !skipping { print }' "$doc" >"$tmp/doc" && cat "$tmp/doc" >"$doc"
  pass "table: UPDATE=1 wrote $doc's table"
else
  awk -v b="$begin" -v e="$end" '$0 == b { inside = 1; next } $0 == e { inside = 0 } inside' "$doc" >"$tmp/committed"
  for row in $rows; do
    grep -q "^NOT-MEASURED $row " "$tmp/cells" && continue
    want=$(sed -n "$(($(echo "$rows" | tr ' ' '\n' | grep -nx "$row" | cut -d: -f1)))p" "$tmp/rows")
    if grep -qxF -- "$want" "$tmp/committed"; then pass "table: $doc's $row row is what was measured"
    else fail "table: $doc's $row row is what was measured" "measured '$want' (UPDATE=1 rewrites it)"; fi
  done
fi
report_totals
