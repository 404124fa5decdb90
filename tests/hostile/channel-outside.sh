# shellcheck shell=bash
# The outside channel (issue 28): a process or a socket outside the sandbox
# that the confined command could make act for it. read-only and
# workspace-write scope signals and abstract UNIX sockets to the sandbox
# (--scope-try, where the kernel has Landlock ABI 6); only the user's own
# policy may opt out. Sourced by tests/hostile/hostile.sh (class "outside").

# Whether the kernel scopes signals and abstract sockets (Landlock ABI 6).
outside_scoped() { "$L" --probe 2>/dev/null | grep -q 'scopes=abstract-unix,signal'; }

# outside_daemon: an outside process of the test user, started unconfined: a
# listener on an abstract socket (a stand-in for an abstract D-Bus or X11
# address) that is also the target of the signals. Sets DAEMON and ABSTRACT.
outside_daemon() {
  ABSTRACT="llr-hostile-$$-$SEQ"
  "${AS[@]}" "$OP" abstract-listen "$ABSTRACT" >"$S/daemon.log" 2>&1 &
  DAEMON=$!
  local n=0
  while [ "$(cat "$S/daemon.log")" != ready ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
  [ "$(cat "$S/daemon.log")" = ready ] || bad "the outside daemon did not start: $(show <"$S/daemon.log")"
}
outside_stop() { kill "$DAEMON" 2>/dev/null; wait "$DAEMON" 2>/dev/null; return 0; }

# outside_reached WANT: the confined command signals the daemon and connects
# to its socket; each answers WANT (EPERM: refused by the scope, ok: reached).
outside_reached() {
  lp exec --launcher "$L" "$(UP)" -- "$OP" kill "$DAEMON"
  want_out "$1"
  lp exec --launcher "$L" "$(UP)" -- "$OP" abstract-connect "$ABSTRACT"
  want_out "$1"
}

for mode in read-only workspace-write; do
  begin outside "scoped-by-default-$mode"
  if ! outside_scoped; then skip_scenario "the kernel has no Landlock scopes (ABI 6): $("$L" --probe 2>&1 | head -1)"
  else
    printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
    outside_daemon
    outside_reached EPERM
    outside_stop
  fi
  end
done

# A project file cannot opt out: its `default_scopes = false` is dropped
# with a warning at its own line, and the command stays scoped.
begin outside project-opts-out
if ! outside_scoped; then skip_scenario "the kernel has no Landlock scopes (ABI 6)"
else
  project_user_policy
  plant "printf 'version = 1\ndefault_scopes = false\n' >$W/.landlock.toml"
  outside_daemon
  outside_reached EPERM
  grep -qF '.landlock.toml:2' "$ERRF" || bad "no warning at the project file's line (stderr: $(stderr_says))"
  outside_stop
fi
end

# The user's own policy may opt out, and is warned of what it opens.
begin outside user-opts-out
if ! outside_scoped; then skip_scenario "the kernel has no Landlock scopes (ABI 6)"
else
  printf 'version = 1\nmode = "workspace-write"\ndefault_scopes = false\n' | user_policy
  outside_daemon
  outside_reached ok
  grep -qF 'default_scopes = false' "$ERRF" || bad "no warning that default_scopes = false opens signals (stderr: $(stderr_says))"
  outside_stop
fi
end

# The argv is the same on every kernel: --scope-try, never the strict --scope
# that would refuse to run below ABI 6; an explicit scope stays strict.
begin outside argv-portable
printf 'version = 1\nmode = "workspace-write"\nscopes = ["signal"]\n' | user_policy
lp argv --format nul --launcher "$L" "$(UP)" -- true
want_rc 0
argv_load
argv_has --scope-try
argv_has abstract-unix
[ "$(printf '%s\n' "${ARGV[@]}" | grep -c -x -- --scope-try)" = 1 ] || bad "signal is given twice: strictly and as --scope-try"
end
