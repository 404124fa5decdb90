# shellcheck shell=bash
# shellcheck disable=SC2034 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# failclosed: the Landlock syscalls fail; the launcher exits 125 and the
# command, which would write a marker, never runs.
# Sourced by tests/escape/escape.sh (family "failclosed").

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
