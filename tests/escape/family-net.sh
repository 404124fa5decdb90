# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# net: TCP (ABI 4), listeners outside the sandbox on loopback.
# Sourced by tests/escape/escape.sh (family "net").

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
