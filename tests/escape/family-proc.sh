# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# proc: the process and everything it spawns.
# Sourced by tests/escape/escape.sh (family "proc").

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
