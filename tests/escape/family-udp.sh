# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# udp: UDP ports (ABI 10); strict below it, like TCP.
# Sourced by tests/escape/escape.sh (family "udp").

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
