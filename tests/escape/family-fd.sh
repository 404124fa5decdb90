# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# fd: descriptors opened before the launcher.
# Sourced by tests/escape/escape.sh (family "fd").

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
