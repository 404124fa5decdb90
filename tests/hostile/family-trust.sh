# shellcheck shell=bash
# shellcheck disable=SC2034 # UENV and LAST are read by lib.sh's u
# trust: a trusted policy extends a file in a writable area; a confined run
# swaps that file (or a folder on its way) for a symlink to its own file in
# the session's TMPDIR. The next compile (a new session: another TMPDIR, as
# agents and CI jobs get) must treat the file as untrusted: it may only narrow.
# Sourced by tests/hostile/hostile.sh (class "trust").

evil_policy() {  # evil_policy KNOB: the attacker's widening policy
  echo 'version = 1'
  case $1 in
    keep-fds) echo 'keep_fds = true' ;;
    best-effort) echo 'best_effort = true' ;;
    rw-ssh) printf 'hide_secrets = false\nrw = ["~/.ssh"]\n[protect]\nunprotect = ["~/.ssh"]\n' ;;
    launcher) printf '[launcher]\npath = "%s"\n' "$TT/fake-launcher" ;;
  esac
}
# trust_phase2 [TMPDIR]: the user's next compiles; nothing may widen, and
# no planted launcher may run.
trust_phase2() {
  UENV=(TMPDIR="${1:-$S/tmp2}")
  mkdir -p "$S/tmp2" && own "$S/tmp2"
  local sub
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 0 1
  done
  lp why "$(UP)" "$W/x"; want_rc 0 1
  lp argv --format nul "$(UP)" -- true; want_rc 0 1
  argv_load
  argv_lacks --keep-fds --best-effort
  argv_no_path_under "$H/.ssh"
  argv0_not "$TT/fake-launcher"
  lp exec "$(UP)" -- "$OP" write "$OUT/escaped"  # confined, or not run at all
  absent "$OUT/escaped"
  absent "$OUT/marker"
  UENV=()
}
for knob in keep-fds best-effort rw-ssh launcher; do
  # The file itself is swapped for a symlink into TMPDIR.
  begin trust "extends-file-swapped-$knob"
  mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/fake-launcher $TT/fake-launcher &&
    chmod 755 $TT/fake-launcher && rm $W/.landlock/base.toml && ln -s $TT/evil.toml $W/.landlock/base.toml"
  trust_phase2
  end

  # A folder on the way is swapped for a symlink into TMPDIR.
  begin trust "extends-folder-swapped-$knob"
  mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "mkdir $TT/d && cp $S/stage/evil.toml $TT/d/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher &&
    chmod 755 $TT/fake-launcher && rm -r $W/.landlock && ln -s $TT/d $W/.landlock"
  trust_phase2
  end

  # The extended file lies in TMPDIR itself (the same TMPDIR: a writable grant).
  begin trust "extends-in-tmpdir-$knob"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${TMPDIR}/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "cp $S/stage/evil.toml $TT/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher && chmod 755 $TT/fake-launcher"
  trust_phase2 "$TT"
  end
done

# The extended file lies under another rw grant of the policy (~/.cache): a
# confined run of this very policy could have written it. The workspace-write
# plant cannot reach ~/.cache, so the test user plants it unconfined: it
# models an earlier run of this policy (whose rw ~/.cache covers it).
for knob in keep-fds launcher; do
  begin trust "extends-under-rw-grant-$knob"
  mkdir -p "$H/.cache/tool" && own "$H/.cache"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["~/.cache"]
extends = ["~/.cache/tool/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant_raw "cp $S/stage/evil.toml $H/.cache/tool/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher && chmod 755 $TT/fake-launcher"
  trust_phase2
  end
done

# An untrusted file cannot launder trust by extending a file outside the
# workspace: what it extends is untrusted too.
begin trust untrusted-extends-cannot-launder
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/base.toml"]
TOML
printf 'version = 1\nkeep_fds = true\nbest_effort = true\n' | stage evil.toml
printf 'version = 1\nextends = ["%s"]\n' "$TT/evil.toml" | stage base.toml
plant "cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/base.toml $W/base.toml"
trust_phase2
end

# `..` after a planted symlink: ${WORKSPACE}/link/../evil.toml is the
# workspace's file lexically and $TMPDIR's file for the kernel; whichever is
# read, it was reached through the workspace and is untrusted.
begin trust extends-dotdot-through-symlink
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/link/../evil.toml"]
TOML
evil_policy keep-fds | stage evil.toml
plant "mkdir $TT/sub && cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/evil.toml $W/evil.toml && ln -s $TT/sub $W/link"
trust_phase2
end

# The policy named on the command line lies in a writable grant of its own:
# the command could rewrite its next policy. Refused.
begin trust main-policy-in-workspace
pol "$W/.landlock/policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
TOML
lp argv --format nul "$W/.landlock/policy.toml" -- true
want_refused
end

# Issue 22: a read-only policy kept in the workspace or ${TMPDIR} grants
# nothing writable, but an earlier workspace-write run (or a process it left
# running) rewrites it into danger-full-access: the next run must not obey.
for where in ws tmp; do
  begin trust "main-policy-rewritten-by-an-earlier-run-$where"
  dir=$W/.landlock
  [ "$where" = tmp ] && dir=$TT
  pol "$dir/ro.toml" <<'TOML'
version = 1
mode = "read-only"
TOML
  printf 'version = 1\nmode = "danger-full-access"\n' | stage evil.toml
  plant "cp $S/stage/evil.toml $dir/ro.toml"
  lp argv --format nul "$dir/ro.toml" -- true
  want_refused
  lp exec "$dir/ro.toml" -- "$OP" read "$H/.ssh/id_ed25519"
  want_rc 1
  no_secrets
  # explain and why run nothing: they answer, with the warning.
  lp explain "$dir/ro.toml"
  want_rc 0
  grep -q 'which a confined command can write' "$ERRF" || bad "explain did not warn: $(stderr_says)"
  end
done

# The user's policy is a symlink kept in the workspace, to a file outside it:
# the link is writable (the attacker can repoint it), so it is protected too.
begin trust main-policy-via-workspace-symlink
user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
plant "ln -s $CONF/user.toml $W/policy.toml"
lp argv --format nul "$W/policy.toml" -- true
want_refused
end

# The user's config is a symlink to a policy kept in the workspace.
begin trust config-symlink-to-workspace-policy
pol "$W/real.toml" <<'TOML'
version = 1
mode = "workspace-write"
TOML
ln -s "$W/real.toml" "$CONF/user.toml" && own "$CONF"
lp argv --format nul "$(UP)" -- true
want_refused
end
