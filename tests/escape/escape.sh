#!/bin/bash
# The adversarial escape suite (issue 4): every escape we know of is tried
# against the built static launcher on this machine's real kernel, and every
# outcome is checked on disk and by errno, not only by exit status.
#
#   bash tests/escape/escape.sh LAUNCHER PAYLOAD_DIR
#
# Prints "PASS name" / "FAIL name: why" / "SKIP name: reason" per scenario (a
# scenario whose Landlock ABI the kernel lacks is a SKIP with the reason, never
# a PASS), then the totals per family. Exit status 1 on any failure. It starts
# with a canary: if a write that must be denied is not, nothing else runs and
# the suite fails. Known Landlock limits are pinned by the "limits" family and
# explained, scenario by scenario, in docs/landlock-limits.md.
set -u
[ $# -eq 2 ] || { echo "usage: $0 LAUNCHER PAYLOAD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/escape/lib.sh
. "$here/lib.sh"

# Everything the test user runs is copied where that user can reach it (the
# build dir of a root CI clone may not be), next to a fresh fixture per scenario.
T=$(mktemp -d /tmp/llr-escape.XXXXXX) || exit 1
trap cleanup EXIT
chmod 755 "$T"
mkdir "$T/bin"
for f in "$1" "$2"/*; do
  [ -f "$f" ] || continue
  cp "$f" "$T/bin/" || { fail "escape.setup" "cannot copy $f"; exit 1; }
done
chmod 755 "$T/bin" "$T/bin"/*
P=$T/bin L=$P/$(basename "$1") OP=$P/op
for need in "$L" "$OP" "$P/true" "$P/fds" "$P/abi" "$P/no-landlock" "$P/escape-proc" "$P/escape-threads" \
  "$P/escape-failsys"; do
  [ -x "$need" ] || { fail "escape.setup" "$need was not built"; exit 1; }
done
KABI=$("$P/abi")
case "$KABI" in
  [0-9]*) ;;
  *) skip "escape.all" "this kernel has no Landlock ($KABI): no escape scenario can run"; exit 0 ;;
esac
echo "# escape suite: kernel Landlock ABI $KABI, launcher $("$L" --version), test user uid $TEST_UID"
BASE=(--ro "$P")  # the payloads may run; nothing else is readable

# ---- canary: a command that must be denied IS denied, or nothing else counts.
begin canary denied-write 1
run_as "$OP" write "$D/out/control"
[ "$out" = ok ] || bad "control: the test user cannot write $D/out unconfined ($out): the fixture is broken"
sb --ro / -- "$OP" write "$D/out/canary"
denied EACCES; absent "$D/out/canary"
end
if [ "$REPORT_FAILED" -ne 0 ]; then
  fail "escape.all" "the canary was not denied: enforcement is silently skipped, no other scenario is trusted"
  exit 1
fi

# ---- fs: writes, creates and deletes outside the --rw grants are denied with
# EACCES and leave the disk unchanged; the same inside --rw are allowed.
# op ARGS relative to a target dir: ro (readable grant) and out (no grant).
fs_ops=(
  "write:write @/new"       "append:append @/f"        "mkdir:mkdir @/newdir"
  "rmdir:rmdir @/empty"     "unlink:unlink @/f"        "mkfifo:mkfifo @/fifo"
  "symlink:symlink /etc/passwd @/sym" "mksock:mksock @/sock" "link-same-dir:link @/f @/f2"
  "rename-same-dir:rename @/f @/f2"   "mkdir-nested:mkdir @/sub/newdir" "write-nested:write @/sub/new"
)
for entry in "${fs_ops[@]}"; do
  name=${entry%%:*} spec=${entry#*:}
  for where in ro out; do
    if begin fs "deny-$name-in-$where" 1; then
      dir=$D/$where
      # shellcheck disable=SC2086
      set -- ${spec//@/$dir}
      sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
      denied EACCES
      for p in new newdir fifo sym sock f2 sub/newdir sub/new; do absent "$dir/$p"; done
      present "$dir/f"; content "$dir/f" orig; present "$dir/empty"
      end
    fi
  done
  if begin fs "allow-$name-in-rw" 1; then
    dir=$D/rw
    # shellcheck disable=SC2086
    set -- ${spec//@/$dir}
    sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
    allowed
    case $name in
      write) content "$dir/new" x ;;       append) content "$dir/f" origx ;;
      mkdir) [ -d "$dir/newdir" ] || bad "no directory created" ;;
      rmdir) absent "$dir/empty" ;;         unlink) absent "$dir/f" ;;
      mkfifo) [ -p "$dir/fifo" ] || bad "no fifo created" ;;
      symlink) [ -L "$dir/sym" ] || bad "no symlink created" ;;
      mksock) [ -S "$dir/sock" ] || bad "no socket created" ;;
      link-same-dir) content "$dir/f2" orig; content "$dir/f" orig ;;
      rename-same-dir) content "$dir/f2" orig; absent "$dir/f" ;;
      mkdir-nested) [ -d "$dir/sub/newdir" ] || bad "no directory created" ;;
      write-nested) content "$dir/sub/new" x ;;
    esac
    end
  fi
done

if begin fs deny-mknod-char-in-ro 1 "MAKE_CHAR"; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" mknod-char "$D/ro/null"
  denied EACCES; absent "$D/ro/null"
  end
fi
if begin fs allow-mknod-char-in-rw-as-root 1 "MAKE_CHAR"; then
  if [ -z "$IS_ROOT" ]; then skip_scenario "needs root (CAP_MKNOD) to make a device node"; else
    out=$("$L" "${BASE[@]}" --rw "$D/rw" -- "$OP" mknod-char "$D/rw/null" 2>&1); rc=$?
    allowed; [ -c "$D/rw/null" ] || bad "no character device created"
    end
  fi
fi
if begin fs no-grant-denies-everything 1; then
  sb -- "$OP" write "$D/out/x"
  want_rc 126; absent "$D/out/x"  # not even the command itself may be executed
  end
fi
if begin fs no-grant-but-exec-denies-all-files 1; then
  sb "${BASE[@]}" -- "$OP" read /etc/passwd
  denied EACCES
  sb "${BASE[@]}" -- "$OP" readdir /
  denied EACCES
  sb "${BASE[@]}" -- "$OP" write /tmp/llr-escape-nowhere-$$
  denied EACCES; absent /tmp/llr-escape-nowhere-$$
  end
fi
if begin fs ro-dir-reads-but-does-not-write 1; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" read "$D/ro/sub/g"
  allowed
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" readdir "$D/ro/sub"
  allowed
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" read "$D/out/f"
  denied EACCES
  end
fi
if begin fs rw-file-grant-only-that-file 1; then
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" append "$D/rw/f"
  allowed; content "$D/rw/f" origx
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" write "$D/rw/sibling"
  denied EACCES; absent "$D/rw/sibling"
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" unlink "$D/rw/f"  # removal is a right of the directory
  denied EACCES; present "$D/rw/f"
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" read "$D/rw/sub/g"
  denied EACCES
  end
fi
if begin fs ro-file-grant-reads-only 1; then
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" read "$D/ro/f"
  allowed
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" append "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin fs exec-outside-grants-denied 1; then
  cp "$P/true" "$D/out/true"
  sb "${BASE[@]}" -- "$OP" exec "$D/out/true"
  denied EACCES
  sb "${BASE[@]}" --ro "$D/out" -- "$OP" exec "$D/out/true"
  want_out ""; want_rc 0
  sb "${BASE[@]}" -- "$D/out/true"  # the launcher's own exec: 126, not 127
  want_rc 126
  end
fi
if begin fs dotdot-out-of-grant 1; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" write "$D/rw/../out/x"
  denied EACCES; absent "$D/out/x"
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" write "$D/rw/sub/../../out/x"
  denied EACCES; absent "$D/out/x"
  end
fi
if begin fs relative-paths-from-cwd 1; then
  SB_CWD=$D/rw sb "${BASE[@]}" --rw . -- "$OP" write new
  allowed; content "$D/rw/new" x
  SB_CWD=$D/rw sb "${BASE[@]}" --rw . -- "$OP" write ../out/new
  denied EACCES; absent "$D/out/new"
  end
fi

# ---- refer: rename and hard link across grants (LANDLOCK_ACCESS_FS_REFER).
# Refused with EACCES or EXDEV (the kernel says EXDEV when only REFER, or the
# "the file would gain rights" rule, stops it), and both sides are unchanged.
refer_unchanged() {
  content "$D/ro/f" orig; content "$D/rw/f" orig; content "$D/out/f" orig
  for p in ro/moved rw/moved out/moved rw/link ro/link out/link; do absent "$D/$p"; done
}
refer_case() {  # refer_case NAME WANT OP A B
  if begin refer "$1" 2; then
    local want=$2; shift 2
    sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
    # shellcheck disable=SC2086 # $want is a list of errno names
    refused $want; refer_unchanged
    end
  fi
}
refer_case move-out-of-ro EACCES rename "$D/ro/f" "$D/rw/moved"
refer_case move-into-ro EACCES rename "$D/rw/f" "$D/ro/moved"
refer_case move-out-of-all-grants EACCES rename "$D/out/f" "$D/rw/moved"
refer_case move-into-no-grant EACCES rename "$D/rw/f" "$D/out/moved"
refer_case link-ro-file-into-rw "EXDEV EACCES" link "$D/ro/f" "$D/rw/link"
refer_case link-outside-file-into-rw "EXDEV EACCES" link "$D/out/f" "$D/rw/link"
refer_case link-rw-file-into-ro EACCES link "$D/rw/f" "$D/ro/link"
refer_case exchange-ro-rw EACCES exchange "$D/ro/f" "$D/rw/f"
refer_case exchange-rw-out EACCES exchange "$D/rw/f" "$D/out/f"
refer_case move-dir-out-of-ro EACCES rename "$D/ro/sub" "$D/rw/moved"
if begin refer allow-between-equal-rw-grants 2; then
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" rename "$D/rw/f" "$D/rw2/moved"
  allowed; absent "$D/rw/f"; content "$D/rw2/moved" orig
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" link "$D/rw2/f" "$D/rw/link"
  allowed; content "$D/rw/link" orig
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" exchange "$D/rw/link" "$D/rw2/moved"
  allowed
  end
fi
if begin refer exchange-with-ro-parent-of-rw 2; then
  # rw nested inside a --ro tree: moving rw/f up into the read-only parent is refused.
  mkdir "$D/ro/inner"; printf orig >"$D/ro/inner/f"; [ -n "$IS_ROOT" ] && chown -R "$TEST_UID" "$D/ro/inner"
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/ro/inner" -- "$OP" rename "$D/ro/inner/f" "$D/ro/up"
  denied EACCES; absent "$D/ro/up"; content "$D/ro/inner/f" orig
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/ro/inner" -- "$OP" exchange "$D/ro/inner/f" "$D/ro/f"
  denied EACCES; content "$D/ro/inner/f" orig; content "$D/ro/f" orig
  end
fi

# ---- truncate (ABI 3).
if begin truncate truncate-ro-file 3; then
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" truncate "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate otrunc-ro-file 3; then
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" otrunc "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate truncate-outside-file 3; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" truncate "$D/out/f"
  denied EACCES; content "$D/out/f" orig
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" otrunc "$D/out/f"
  denied EACCES; content "$D/out/f" orig
  end
fi
if begin truncate ro-file-grant 3; then
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" truncate "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate allowed-under-rw 3; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" truncate "$D/rw/f"
  allowed; content "$D/rw/f" ""
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" otrunc "$D/rw/sub/g"
  allowed; content "$D/rw/sub/g" ""
  sb "${BASE[@]}" --rw "$D/rw2/f" -- "$OP" truncate "$D/rw2/f"
  allowed; content "$D/rw2/f" ""
  end
fi

# ---- ioctl on devices (ABI 5), on a device opened inside the sandbox.
if begin ioctl dev-null-under-ro 5; then
  sb "${BASE[@]}" --ro /dev -- "$OP" ioctl-dev /dev/null
  denied EACCES
  sb "${BASE[@]}" --ro /dev/zero -- "$OP" ioctl-dev /dev/zero
  denied EACCES
  end
fi
if begin ioctl dev-under-rw 5; then
  sb "${BASE[@]}" --rw /dev/null -- "$OP" ioctl-dev /dev/null
  allowed  # ENOTTY: the ioctl reached the driver
  sb "${BASE[@]}" --ro / --rw /dev -- "$OP" ioctl-dev /dev/zero
  allowed
  end
fi
if begin ioctl ro-root-grant-covers-dev 5; then
  sb --ro / -- "$OP" ioctl-dev /dev/null
  denied EACCES
  end
fi

# ---- symlinks.
if begin symlink inside-grant-pointing-outside 1; then
  ln -s "$D/out/f" "$D/rw/tofile"; ln -s "$D/out" "$D/rw/todir"
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" append "$D/rw/tofile"
  denied EACCES; content "$D/out/f" orig
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" read "$D/rw/tofile"
  denied EACCES
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" write "$D/rw/todir/new"
  denied EACCES; absent "$D/out/new"
  end
fi
if begin symlink made-inside-pointing-outside 1; then
  sb --ro / --rw "$D/rw" -- /bin/sh -c "'$OP' symlink '$D/out' '$D/rw/evil'; '$OP' write '$D/rw/evil/new'"
  want_out "ok
EACCES"; absent "$D/out/new"; [ -L "$D/rw/evil" ] || bad "the symlink was not made"
  end
fi
if begin symlink grant-through-symlink-binds-target 1; then
  ln -s "$D/rw2" "$D/out/link"
  sb "${BASE[@]}" --rw "$D/out/link" -- "$OP" write "$D/rw2/new"
  allowed; content "$D/rw2/new" x
  sb "${BASE[@]}" --rw "$D/out/link" -- "$OP" write "$D/out/link/new2"
  allowed; content "$D/rw2/new2" x
  sb "${BASE[@]}" --rw "$D/out/link" -- "$OP" write "$D/out/sibling"  # the link's own dir is not granted
  denied EACCES; absent "$D/out/sibling"
  end
fi
if begin symlink retarget-after-start 1; then
  ln -s "$D/rw" "$D/out/link"
  # The command waits for "go", then writes through the link (now retargeted to
  # out/) and into rw/ (the grant's real target, which stays granted).
  script="'$OP' write '$D/rw/started'; while [ ! -e '$D/out/go' ]; do sleep 0.05; done;"
  script="$script '$OP' write '$D/out/link/through'; '$OP' write '$D/rw/direct'"
  (cd "$D" && "${AS[@]}" "$L" --ro / --rw "$D/out/link" -- /bin/sh -c "$script" >"$T/retarget.out" 2>&1 </dev/null) &
  job=$!
  for _ in $(seq 100); do [ -e "$D/rw/started" ] && break; sleep 0.05; done
  ln -sfn "$D/out" "$D/out/link.new" && mv -T "$D/out/link.new" "$D/out/link"
  touch "$D/out/go"
  wait "$job"
  out=$(cat "$T/retarget.out") rc=0
  want_out "ok
EACCES
ok"; absent "$D/out/through"; content "$D/rw/direct" x
  end
fi
if begin symlink proc-self-root 1; then
  sb --ro / --rw "$D/rw" -- "$OP" write "/proc/self/root$D/out/new"
  denied EACCES; absent "$D/out/new"
  sb --ro / --rw "$D/rw" -- "$OP" write "/proc/self/root$D/rw/new"
  allowed; content "$D/rw/new" x
  end
fi
if begin symlink proc-self-cwd 1; then
  SB_CWD=$D/out sb --ro / --rw "$D/rw" -- "$OP" write /proc/self/cwd/new
  denied EACCES; absent "$D/out/new"
  SB_CWD=$D/out sb --ro / --rw "$D/rw" -- "$OP" append /proc/self/cwd/f
  denied EACCES; content "$D/out/f" orig
  end
fi
if begin symlink proc-pid-root-of-outside-process 1; then
  bg_start "$D/victim" sleep 30; victim=$bg_pid
  sleep 0.2
  sb --ro / --rw "$D/rw" -- "$OP" write "/proc/$victim/root$D/out/new"
  [ "$out" = EACCES ] || [ "$out" = EPERM ] || bad "printed '$out', wanted EACCES or EPERM"; absent "$D/out/new"
  bg_stop "$victim"
  end
fi
if begin symlink no-symlinks-refuses-a-swapped-directory 1; then
  # A policy compiled to the real directory rw/ (and to rw/sub) gives a saved
  # argv; then rw/ is swapped for a symlink to out/. Without --no-symlinks the
  # saved argv now grants out/ (the control); with it the launcher refuses.
  real=$(cd "$D" && pwd -P)
  mv "$real/rw" "$real/rw.orig" && ln -s "$real/out" "$real/rw"
  sb "${BASE[@]}" --rw "$real/rw" -- "$OP" write "$real/rw/control"
  allowed; content "$real/out/control" x  # the hazard is real: the grant moved to out/
  sb "${BASE[@]}" --no-symlinks --rw "$real/rw" -- "$OP" write "$real/rw/new"
  want_rc 125; want_out ""; want_err "--rw $real/rw: a symbolic link on the path (refused by --no-symlinks)"
  absent "$real/out/new"
  sb "${BASE[@]}" --no-symlinks --rw "$real/rw/sub" -- "$OP" write "$real/rw/sub/new"
  want_rc 125; want_err "refused by --no-symlinks"; absent "$real/out/sub/new"
  sb "${BASE[@]}" --no-symlinks --rw-try "$real/rw" -- "$OP" write "$real/rw/try"
  want_rc 125; absent "$real/out/try"  # -try skips only a missing path
  sb "${BASE[@]}" --no-symlinks --rw "$real/rw.orig" -- "$OP" write "$real/rw.orig/new"
  allowed; content "$real/rw.orig/new" x  # the real directory itself is still granted
  end
fi

# ---- fd: descriptors opened before the launcher.
if begin fd inherited-write-fd-closed 1; then
  3>>"$D/out/f" sb "${BASE[@]}" -- "$OP" write-fd 3
  denied EBADF; content "$D/out/f" orig
  end
fi
if begin fd proc-self-fd-reopen-denied 1; then
  3<"$D/out/f" sb "${BASE[@]}" --ro /proc --keep-fds -- "$OP" append /proc/self/fd/3
  denied EACCES; content "$D/out/f" orig
  3<"$D/out/f" sb "${BASE[@]}" --ro /proc --keep-fds -- "$OP" write /proc/self/fd/3  # O_CREAT|O_TRUNC
  denied EACCES; content "$D/out/f" orig
  3<"$D/out/f" sb "${BASE[@]}" --ro /proc --keep-fds -- "$OP" truncate /proc/self/fd/3
  denied EACCES; content "$D/out/f" orig
  end
fi
if begin fd inherited-dir-fd-openat-denied 1; then
  3<"$D/out" sb "${BASE[@]}" --keep-fds -- "$OP" openat-write 3 new
  denied EACCES; absent "$D/out/new"
  3<"$D/out" sb "${BASE[@]}" -- "$OP" openat-write 3 new
  denied EBADF; absent "$D/out/new"
  end
fi
if begin fd proc-pid-fd-of-outside-process 1; then
  # An unconfined process of the same user holds out/f open for writing.
  3>>"$D/out/f" bg_start "$D/holder" sleep 30; holder=$bg_pid
  sleep 0.2
  sb --ro / -- "$OP" append "/proc/$holder/fd/3"
  refused EACCES EPERM; content "$D/out/f" orig
  run_as "$OP" append "/proc/$holder/fd/3"  # control: unconfined, the same user may
  [ "$out" = ok ] || bad "control: unconfined reopen failed too ($out): the test proves nothing"
  bg_stop "$holder"
  end
fi
if begin fd launcher-leaks-no-fd 1; then
  withfds=("$P/escape-proc" withfds "$D/ro/f")  # starts the launcher with exactly these fds
  run_as "${withfds[@]}" 3 4 9 -- "$L" "${BASE[@]}" --ro / --rw "$D/rw" --ro-try /nonexistent -- "$P/fds"
  want_out ""; want_rc 0
  grants=(); for _ in $(seq 300); do grants+=(--ro "$D/ro" --rw-try "$D/rw/sub"); done
  run_as "${withfds[@]}" 3 -- "$L" "${BASE[@]}" --ro /proc "${grants[@]}" --keep-fds -- "$P/fds"
  want_out 3; want_rc 0  # only the caller's fd: no ruleset fd, no O_PATH fd
  run_as "${withfds[@]}" 3 4 9 -- "$L" "${BASE[@]}" --ro / --keep-fds -- "$P/fds"
  want_out "3
4
9"
  end
fi
if begin fd no-ruleset-anon-inode 1; then
  3<"$D/ro/f" sb --ro / --keep-fds -- /bin/sh -c 'ls -l /proc/self/fd/ 2>&1'
  case "$out" in *landlock*|*anon_inode*) bad "an fd of the launcher reached the command: $(show "$out")" ;; esac
  end
fi
if begin fd status-fd-never-reaches-the-command 1; then
  # The harness's status fd is the launcher's alone: even with --keep-fds the
  # command cannot write a forged status line on it, nor hold it open.
  : >"$T/status"
  chmod 0666 "$T/status"
  run_as "$L" "${BASE[@]}" --ro /proc --keep-fds --status-fd 3 -- "$P/fds" 3>>"$T/status"
  case "
$out
" in *"
3
"*) bad "the command holds the status fd 3: fds '$(show "$out")'" ;; esac
  [ "$(grep -c . "$T/status")" = 1 ] || bad "the status fd got $(grep -c . "$T/status") lines: $(show "$(cat "$T/status")")"
  grep -q '^{"confined":true,' "$T/status" || bad "no confined:true status line: $(show "$(cat "$T/status")")"
  end
fi

# ---- proc: the process and everything it spawns.
if begin proc environment-secrets-unset 1; then
  # --unsetenv and --clearenv hold for the command and everything it runs.
  run_as env GH_TOKEN=s3cret AWS_SECRET_ACCESS_KEY=s3cret KEEP=k "$L" "${BASE[@]}" --ro / \
    --unsetenv '*TOKEN*' --unsetenv '*SECRET*' -- /bin/sh -c 'sh -c "echo \${GH_TOKEN-none} \${AWS_SECRET_ACCESS_KEY-none} \$KEEP"'
  want_out "none none k"
  run_as env GH_TOKEN=s3cret "$L" "${BASE[@]}" --ro / --clearenv --setenv PATH /usr/bin:/bin -- /bin/sh -c 'env'
  case "$out" in *s3cret*) bad "--clearenv let a secret through: $(show "$out")" ;; esac
  end
fi
if begin proc no-new-privs 1; then
  sb "${BASE[@]}" -- "$OP" nnp
  want_out 1
  end
fi
if begin proc setuid-does-not-elevate 1; then
  if [ -z "$IS_ROOT" ]; then skip_scenario "needs root to make a setuid-root binary"; else
    cp "$P/escape-proc" "$T/suid-proc"; chown 0:0 "$T/suid-proc"; chmod 4755 "$T/suid-proc"
    run_as "$T/suid-proc" ids
    if [ "$out" != "$TEST_UID 0 $TEST_GID $TEST_GID" ]; then
      skip_scenario "control: the setuid bit does not work here unconfined ('$out'): nosuid mount?"
    else
      sb "${BASE[@]}" --ro "$T/suid-proc" -- "$T/suid-proc" ids
      want_out "$TEST_UID $TEST_UID $TEST_GID $TEST_GID"; want_rc 0
      sb --ro / -- /bin/sh -c "'$T/suid-proc' ids"  # nor through a child
      want_out "$TEST_UID $TEST_UID $TEST_GID $TEST_GID"
      end
    fi
    rm -f "$T/suid-proc"
  fi
fi
if begin proc exec-in-place-same-pid 1; then
  (cd "$D" && exec "${AS[@]}" "$L" "${BASE[@]}" -- "$P/escape-proc" pid >"$T/pid.out" 2>&1 </dev/null) &
  job=$!; wait "$job"
  out=$(cat "$T/pid.out") rc=0
  want_out "$job"
  end
fi
if begin proc exit-status-propagates 1; then
  for code in 0 1 42 124 125 126 127 255; do
    sb --ro / -- /bin/sh -c "exit $code"
    want_rc "$code"
  done
  end
fi
if begin proc signal-propagates 1; then
  for sig in TERM KILL SEGV INT; do
    sb --ro / -- /bin/sh -c "kill -$sig \$\$"
    want_rc $((128 + $(kill -l "$sig")))
  done
  end
fi
if begin proc every-thread-confined 1; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$P/escape-threads" 8 "$D/out/t"
  want_rc 1
  [ "$(printf '%s\n' "$out" | grep -c ' EACCES$')" = 10 ] || bad "not all 10 threads were denied: $(show "$out")"
  [ "$(count "$D/out"/t.*)" = 0 ] || bad "a thread created a file: $(ls "$D/out")"
  sb "${BASE[@]}" --rw "$D/rw" -- "$P/escape-threads" 8 "$D/rw/t"
  want_rc 0; [ "$(count "$D/rw"/t.*)" = 10 ] || bad "the 10 threads could not write inside the grant"
  end
fi
if begin proc children-and-daemons-confined 1; then
  sb --ro / --rw "$D/rw" -- /bin/sh -c "'$OP' write '$D/out/child'; (setsid '$OP' write '$D/out/daemon' >'$D/rw/daemon.out' 2>&1 &)"
  want_out EACCES
  for _ in $(seq 60); do [ -s "$D/rw/daemon.out" ] && break; sleep 0.05; done
  content "$D/rw/daemon.out" EACCES; absent "$D/out/child"; absent "$D/out/daemon"
  end
fi
if begin proc nested-launchers-only-narrow 1; then
  sb --ro / --rw "$D/rw" -- "$L" --ro / --rw "$D/out" -- "$OP" write "$D/out/new"
  denied EACCES; absent "$D/out/new"  # the inner launcher cannot widen
  sb --ro / --rw "$D/rw" -- "$L" --ro / --rw "$D/out" -- "$OP" write "$D/rw/new"
  denied EACCES; absent "$D/rw/new"  # and it does narrow
  sb --ro / --rw "$D/rw" -- "$L" --ro / --rw "$D/rw" -- "$OP" write "$D/rw/new"
  allowed; content "$D/rw/new" x
  end
fi
if begin proc layer-17-fails-clearly 1; then
  chain=(); for _ in $(seq 16); do chain+=("$L" --ro / --rw "$D/rw" --); done
  run_as "${chain[@]}" "$OP" write "$D/rw/at16"
  if [ "$out" != ok ]; then
    skip_scenario "16 nested launchers did not run here ('$out' $err): this environment already holds a Landlock layer"
  else
    content "$D/rw/at16" x
    run_as "${chain[@]}" "$L" --ro / --rw "$D/rw" -- "$OP" write "$D/rw/at17"
    want_rc 125; absent "$D/rw/at17"; want_err "too many nested Landlock layers"; want_err 16
    end
  fi
fi
if begin proc ptrace-outside-process-denied 1; then
  bg_start "$D/victim" sleep 30; victim=$bg_pid
  sleep 0.2
  sb --ro / -- "$OP" ptrace "$victim"
  denied EPERM
  run_as "$OP" ptrace "$victim"  # control: the same user may, unconfined
  [ "$out" = ok ] || bad "control: unconfined ptrace failed too ($out): the test proves nothing"
  sb --ro / -- /bin/sh -c "sleep 5 & '$OP' ptrace \$!; kill -9 \$!"  # inside its own domain: allowed
  allowed
  bg_stop "$victim"
  end
fi
if begin proc open-by-handle-as-root 1; then
  # "Shocker": root (CAP_DAC_READ_SEARCH) reopens a file by its handle, with no path.
  if [ -z "$IS_ROOT" ]; then skip_scenario "needs root (CAP_DAC_READ_SEARCH) for open_by_handle_at"; else
    out=$("$OP" by-handle "$D/out/sub/g" 2>&1)
    if [ "$out" != ok ]; then skip_scenario "control: open_by_handle_at does not work here unconfined ($out)"; else
      out=$("$L" --ro / -- "$OP" by-handle "$D/out/f" 2>&1); rc=$?
      denied EACCES; content "$D/out/f" orig
      out=$("$L" --ro / --rw "$D/out" -- "$OP" by-handle "$D/out/f" 2>&1); rc=$?
      allowed; content "$D/out/f" origx
      end
    fi
  fi
fi
if begin proc no-mount-escape 1; then
  run_as "$OP" bindmount "$D/rw" "$D/ro"
  if [ "$out" != ok ]; then skip_scenario "control: unprivileged user+mount namespaces are unavailable ($out)"; else
    sb --ro / --rw "$D/rw" -- "$OP" bindmount "$D/rw" "$D/out"
    denied EPERM  # a landlocked process may not change its mounts to remap grants
    end
  fi
fi
if begin proc chroot-does-not-remap 1; then
  run_as "$OP" chroot-write "$D/rw" /control
  if [ "$out" != ok ]; then skip_scenario "control: unprivileged user namespaces are unavailable ($out)"; else
    sb --ro / --rw "$D/rw" -- "$OP" chroot-write "$D/out" /new
    denied EACCES; absent "$D/out/new"
    end
  fi
fi

# ---- net: TCP (ABI 4), listeners outside the sandbox on loopback.
port=$((20000 + RANDOM % 20000))
# A bind that Landlock lets through may still meet a port that another
# program holds: EADDRINUSE comes after the Landlock check, so it is "allowed".
allowed_bind() { if [ "$out" = EADDRINUSE ]; then want_rc 1; else allowed; fi; }
if begin net tcp-connect 4; then
  bg_start "$D/listener" "$OP" listen "$port"; lst=$bg_pid
  if ! wait_ready "$D/listener.out"; then skip_scenario "could not listen on 127.0.0.1:$port"; else
    sb "${BASE[@]}" --restrict-tcp -- "$OP" connect "$port"
    denied EACCES
    sb "${BASE[@]}" --connect-tcp $((port + 1)) -- "$OP" connect "$port"
    denied EACCES
    sb "${BASE[@]}" --connect-tcp "$port" -- "$OP" connect "$port"
    allowed
    end
  fi
  bg_stop "$lst"
fi
if begin net tcp-bind 4; then
  sb "${BASE[@]}" --restrict-tcp -- "$OP" bind $((port + 2))
  denied EACCES
  sb "${BASE[@]}" --bind-tcp $((port + 2)) -- "$OP" bind $((port + 3))
  denied EACCES
  sb "${BASE[@]}" --bind-tcp $((port + 2)) -- "$OP" bind $((port + 2))
  allowed_bind
  end
fi

# ---- scope: abstract UNIX sockets and signals (ABI 6).
if begin scope signal-outside-denied 6; then
  bg_start "$D/victim" sleep 30; victim=$bg_pid
  sb "${BASE[@]}" --scope signal -- "$OP" kill "$victim"
  denied EPERM
  sb --ro / --scope signal -- /bin/sh -c "sleep 5 & '$OP' kill \$!; kill -9 \$!"
  allowed  # a process of its own domain may be signalled
  bg_stop "$victim"
  end
fi
if begin scope abstract-unix-outside-denied 6; then
  name=llr-escape-$$-$SEQ
  bg_start "$D/abstract" "$OP" abstract-listen "$name"; lst=$bg_pid
  if ! wait_ready "$D/abstract.out"; then skip_scenario "could not listen on abstract @$name"; else
    sb "${BASE[@]}" --scope abstract-unix -- "$OP" abstract-connect "$name"
    denied EPERM
    inner=$name-inner  # a listener inside the same sandbox may be reached
    sb --ro / --rw /dev/null --scope abstract-unix -- /bin/sh -c \
      "'$OP' abstract-listen $inner >/dev/null & sleep 0.3; '$OP' abstract-connect $inner; kill -9 \$!"
    allowed
    end
  fi
  bg_stop "$lst"
fi

# ---- unix: pathname UNIX sockets (LANDLOCK_ACCESS_FS_RESOLVE_UNIX, ABI 9).
# --connect-unix allows reaching sockets and nothing else, on every ABI.
if begin unix connect-unix-grants-nothing-else 1; then
  sb "${BASE[@]}" --connect-unix "$D/out" -- "$OP" write "$D/out/new"
  denied EACCES; absent "$D/out/new"
  sb "${BASE[@]}" --connect-unix "$D/out" -- "$OP" read "$D/out/f"
  denied EACCES
  sb "${BASE[@]}" --connect-unix "$D/out" -- "$OP" mksock "$D/out/sock"
  denied EACCES; absent "$D/out/sock"
  end
fi
if begin unix socket-outside-needs-connect-unix 9; then
  bg_start "$D/unix" "$OP" unix-listen "$D/out/sock"; lst=$bg_pid
  if ! wait_ready "$D/unix.out"; then skip_scenario "could not listen on $D/out/sock"; else
    sb "${BASE[@]}" --rw "$D/out" -- "$OP" unix-connect "$D/out/sock"
    denied EACCES  # --rw does not carry RESOLVE_UNIX
    sb "${BASE[@]}" --connect-unix "$D/rw" -- "$OP" unix-connect "$D/out/sock"
    denied EACCES  # another folder's sockets only
    sb "${BASE[@]}" --connect-unix "$D/out/sock" -- "$OP" unix-connect "$D/out/sock"
    allowed
    sb "${BASE[@]}" --connect-unix "$D/out" -- "$OP" unix-connect "$D/out/sock"
    allowed
    end
  fi
  bg_stop "$lst"
fi

# ---- udp: UDP ports (ABI 10); strict below it, like TCP.
if begin udp strict-below-abi-10 1; then
  if [ "$KABI" -ge 10 ]; then skip_scenario "this kernel governs UDP (ABI $KABI): udp.send-and-bind runs instead"; else
    for flag in --restrict-udp "--bind-udp $((port + 7))" "--connect-udp 53"; do
      # shellcheck disable=SC2086 # the flag and its value are two words
      sb "${BASE[@]}" --rw "$D/rw" $flag -- "$OP" write "$D/rw/marker"
      want_rc 125; absent "$D/rw/marker"; want_err "needs Landlock ABI 10"
    done
    sb "${BASE[@]}" --best-effort --restrict-udp -- "$OP" udp-send $((port + 8))
    allowed; want_err "not enforced on Landlock ABI $KABI: udp"
    end
  fi
fi
if begin udp send-and-bind 10; then
  sb "${BASE[@]}" --restrict-udp -- "$OP" udp-send $((port + 8))
  denied EACCES
  sb "${BASE[@]}" --restrict-udp -- "$OP" udp-bind $((port + 9))
  denied EACCES
  sb "${BASE[@]}" --connect-udp $((port + 8)) -- "$OP" udp-send $((port + 10))
  denied EACCES
  sb "${BASE[@]}" --connect-udp $((port + 8)) -- "$OP" udp-send $((port + 8))
  allowed  # the first send's autobind (bind port 0) comes with --connect-udp
  sb "${BASE[@]}" --bind-udp $((port + 9)) -- "$OP" udp-bind $((port + 11))
  denied EACCES
  sb "${BASE[@]}" --bind-udp $((port + 9)) -- "$OP" udp-bind $((port + 9))
  allowed_bind
  end
fi

# ---- failclosed: the Landlock syscalls fail; the launcher exits 125 and the
# command, which would write a marker, never runs.
for e in 38:ENOSYS 95:EOPNOTSUPP 1:EPERM 22:EINVAL 12:ENOMEM; do
  num=${e%%:*} name=${e#*:}
  if begin failclosed "landlock-$name" 0; then
    run_as "$P/no-landlock" "$num" "$L" --rw "$D/rw" -- "$OP" write "$D/rw/marker"
    want_rc 125; absent "$D/rw/marker"; want_err "landlock-run: "
    run_as "$P/no-landlock" "$num" "$L" --best-effort --rw "$D/rw" -- "$OP" write "$D/rw/marker"
    want_rc 125; absent "$D/rw/marker"
    run_as "$P/no-landlock" "$num" "$L" --probe
    want_rc 125
    case "$out" in *"enforcement=none"*) ;; *) bad "--probe said '$out'" ;; esac
    end
  fi
done
# One step of the launcher at a time: syscall number, errno, first argument.
for step in "create_ruleset:444:1:any" "add_rule:445:22:any" "add_rule-ENOMEM:445:12:any" \
  "restrict_self:446:1:any" "restrict_self-E2BIG:446:7:any" "close_range:436:22:any" \
  "prctl-no_new_privs:157:1:38"; do
  IFS=: read -r name nr errno arg0 <<<"$step"
  if begin failclosed "step-$name" 1; then
    run_as "$P/escape-failsys" "$nr" "$errno" "$arg0" "$L" --ro "$P" --rw "$D/rw" -- "$OP" write "$D/rw/marker"
    want_rc 125; absent "$D/rw/marker"; want_err "landlock-run: "
    [ -z "$out" ] || bad "the command printed '$out'"
    end
  fi
done
if begin failclosed bad-grant-never-runs 1; then
  for g in "--ro $D/missing" "--rw $D/missing" "--ro-try $D/out/f/x" "--rw /proc/self/ns/net"; do
    # shellcheck disable=SC2086
    sb "${BASE[@]}" --rw "$D/rw" $g -- "$OP" write "$D/rw/marker"
    want_rc 125; absent "$D/rw/marker"
  done
  out=$(echo | (cd "$D" && "${AS[@]}" "$L" "${BASE[@]}" --rw "$D/rw" --ro /proc/self/fd/0 -- "$OP" write "$D/rw/marker" 2>&1))
  rc=$?  # an anonymous pipe cannot carry a rule (a named fifo on disk can)
  want_rc 125; absent "$D/rw/marker"
  end
fi

# ---- limits: what Landlock does not cover, pinned so the docs stay true
# (docs/landlock-limits.md). Each of these is ALLOWED by design of the kernel.
if begin limits stat-and-existence-visible 1; then
  sb "${BASE[@]}" -- "$OP" stat "$D/out/f"
  allowed
  sb "${BASE[@]}" -- "$OP" stat "$D/out/missing"
  denied ENOENT  # existence leaks: ENOENT vs ok, not EACCES
  sb "${BASE[@]}" -- "$OP" opath "$D/out/f"
  allowed  # O_PATH opens are not checked
  ln -s secret-target "$D/out/sym"
  sb "${BASE[@]}" -- "$OP" readlink "$D/out/sym"
  allowed
  end
fi
if begin limits metadata-changes-not-restricted 1; then
  touch -d 2001-01-01 "$D/out/f"
  sb "${BASE[@]}" -- "$OP" chmod "$D/out/f"
  allowed; [ "$(stat -c %a "$D/out/f")" = 600 ] || bad "mode is $(stat -c %a "$D/out/f"), the chmod did not land"
  sb "${BASE[@]}" -- "$OP" chown "$D/out/f"
  allowed
  sb "${BASE[@]}" -- "$OP" utime "$D/out/f"
  allowed; [ "$(stat -c %Y "$D/out/f")" -gt 1000000000 ] || bad "mtime unchanged"
  [ "$(date -d @"$(stat -c %Y "$D/out/f")" +%Y)" != 2001 ] || bad "utime did not land"
  sb "${BASE[@]}" -- "$OP" setxattr "$D/out/f"
  if [ "$out" = EOPNOTSUPP ]; then :; else
    allowed; run_as "$OP" getxattr "$D/out/f"; [ "$out" = ok ] || bad "the xattr did not land"
  fi
  content "$D/out/f" orig  # the content itself stays protected
  end
fi
if begin limits pathname-unix-socket-before-abi-9 1; then
  bg_start "$D/unix" "$OP" unix-listen "$D/out/sock"; lst=$bg_pid
  if ! wait_ready "$D/unix.out"; then skip_scenario "could not listen on $D/out/sock"; else
    sb "${BASE[@]}" -- "$OP" unix-connect "$D/out/sock"
    if [ "$KABI" -ge 9 ]; then denied EACCES; else allowed; fi  # ABI 9: only --connect-unix reaches it
    end
  fi
  bg_stop "$lst"
fi
if begin limits already-open-fds-with-keep-fds 1; then
  3>>"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" write-fd 3
  allowed; content "$D/out/f" origx  # Landlock checks at open time only
  3<"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" read-fd 3
  allowed
  end
fi
if begin limits stdio-fds-are-inherited 1; then
  (cd "$D" && "${AS[@]}" "$L" "${BASE[@]}" -- "$OP" stat / >"$D/out/stdout" 2>&1 </dev/null)
  content "$D/out/stdout" ok  # fds 0-2 are the caller's: output lands outside every grant
  end
fi
if begin limits inherited-fd-ftruncate 3; then
  3>>"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" ftruncate-fd 3
  allowed; content "$D/out/f" ""  # TRUNCATE is checked when the file is opened
  end
fi
if begin limits inherited-device-fd-ioctl 5; then
  3</dev/null sb "${BASE[@]}" --keep-fds -- "$OP" ioctl-fd 3
  allowed  # IOCTL_DEV is checked on fds opened inside the sandbox only
  end
fi
if begin limits ioctl-on-regular-files 5; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" ioctl-dev "$D/ro/f"
  allowed  # IOCTL_DEV governs device files only
  end
fi
if begin limits fd-passed-over-unix-socket 1; then
  # An unconfined process that the sandbox can reach hands it an fd of a file
  # outside every grant: the fd works (rights were checked when IT opened it).
  bg_start "$D/fdserver" "$OP" fd-serve "$D/rw/sock" "$D/out/f"; srv=$bg_pid
  if ! wait_ready "$D/fdserver.out"; then skip_scenario "could not listen on $D/rw/sock"; else
    sb "${BASE[@]}" --rw "$D/rw" --connect-unix "$D/rw/sock" -- "$OP" fd-recv-write "$D/rw/sock"  # ABI 9: a socket it may reach
    allowed; content "$D/out/f" origx
    end
  fi
  bg_stop "$srv"
fi
if begin limits memfd-exec 1; then
  # Execute is governed for files in the tree; a program copied into a memfd
  # (or downloaded into one) runs, with no --rw grant at all.
  cp "$P/escape-proc" "$D/out/prog"
  sb "${BASE[@]}" -- "$OP" exec "$D/out/prog" pid
  denied EACCES  # the file itself: denied
  sb "${BASE[@]}" -- "$OP" memfd-exec "$P/escape-proc" pid
  case "$out" in [0-9]*) want_rc 0 ;; *) bad "the memfd program did not run: '$out' (exit $rc)" ;; esac
  end
fi
if begin limits ro-inside-rw-is-writable 1; then
  # Rights add up along the path and there is no deny rule: a --ro grant
  # beneath a --rw grant takes nothing away (landlock-policy refuses it).
  sb "${BASE[@]}" --rw "$D/rw" --ro "$D/rw/sub" -- "$OP" append "$D/rw/sub/g"
  allowed; content "$D/rw/sub/g" origx
  end
fi
if begin limits hard-link-made-before 1; then
  ln "$D/out/f" "$D/rw/alias"  # outside the sandbox, before it starts
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" append "$D/rw/alias"
  allowed; content "$D/out/f" origx  # rules follow paths, not inodes
  end
fi
if begin limits udp-not-restricted 4; then
  sb "${BASE[@]}" --restrict-tcp -- "$OP" udp-bind $((port + 4))
  allowed_bind
  sb "${BASE[@]}" --restrict-tcp -- "$OP" udp-send $((port + 5))
  allowed
  end
fi
if begin limits tcp-unrestricted-without-tcp-flags 4; then
  sb "${BASE[@]}" -- "$OP" bind $((port + 6))
  allowed_bind
  end
fi
if begin limits signals-and-abstract-sockets-without-scope 1; then
  bg_start "$D/victim" sleep 30; victim=$bg_pid
  name=llr-escape-$$-$SEQ
  bg_start "$D/abstract" "$OP" abstract-listen "$name"; lst=$bg_pid
  sb "${BASE[@]}" -- "$OP" kill "$victim"
  allowed
  if wait_ready "$D/abstract.out"; then
    sb "${BASE[@]}" -- "$OP" abstract-connect "$name"
    allowed
  else bad "could not listen on abstract @$name"; fi
  bg_stop "$victim"; bg_stop "$lst"
  end
fi

# ---- docs: docs/landlock-limits.md cites only scenarios that exist, and every
# "limits" scenario is cited there (so no limit is tested but left unsaid).
doc=$here/../../docs/landlock-limits.md
if begin docs limits-page-matches-suite 0; then
  if [ ! -f "$doc" ]; then bad "$doc is missing"; else
    # shellcheck disable=SC2013 # the names are words
    for cited in $(grep -o 'escape\.[a-z]*\.[a-z0-9-]*[a-z0-9*]' "$doc" | sort -u); do
      case $cited in
        *'*') prefix=${cited%\*}
              printf '%s\n' "${NAMES[@]}" | grep -q "^${prefix//./\\.}" || bad "the page cites $cited: no such scenario" ;;
        *) printf '%s\n' "${NAMES[@]}" | grep -qx "${cited//./\\.}" || bad "the page cites $cited: no such scenario" ;;
      esac
    done
    for name in "${NAMES[@]}"; do
      case $name in escape.limits.*) grep -qwF "$name" "$doc" || bad "$name is not explained on the page" ;; esac
    done
  fi
  end
fi

# ---- totals
TOTALS_NOTE="kernel ABI $KABI"
scenario_totals escape canary fs refer truncate ioctl symlink fd proc net scope unix udp failclosed limits docs
