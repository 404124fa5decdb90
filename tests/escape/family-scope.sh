# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# scope: abstract UNIX sockets and signals (ABI 6).
# Sourced by tests/escape/escape.sh (family "scope").

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
