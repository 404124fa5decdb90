# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# unix: pathname UNIX sockets (LANDLOCK_ACCESS_FS_RESOLVE_UNIX, ABI 9).
# --connect-unix allows reaching sockets and nothing else, on every ABI.
# Sourced by tests/escape/escape.sh (family "unix").

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
