# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# symlinks.
# Sourced by tests/escape/escape.sh (family "symlink").

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
