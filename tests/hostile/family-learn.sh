# shellcheck shell=bash
# shellcheck disable=SC2016 # policy text is literal
# learn: `landlock-policy learn` turns what the command did into grants
# (issue 22). The command chooses every path it touches, so it must not be
# able to widen the next run past the protected lists, make a later compile
# print a secret, or forge the report. Each scenario is judged on what learn
# printed and on what --write put on disk.
# Sourced by tests/hostile/hostile.sh (class "learn").

cp "$3/learn-hostile" "$T/bin/" && chmod 755 "$T/bin/learn-hostile"
LH=$T/bin/learn-hostile
learn_user_policy() {  # learn_user_policy MODE: the user's policy; the system and $T/bin readable
  printf 'version = 1\nmode = "%s"\nro = ["%s", "/usr", "/bin", "/etc", "/lib", { path = "/lib64", optional = true }]\n' \
    "$1" "$T/bin" | user_policy
}
# learn_run CMD...: learn the ptrace way (it works unprivileged), --write $S/learned.toml.
learn_run() { lp learn --way ptrace --launcher "$L" --write "$S/learned.toml" "$(UP)" -- "$@"; }
# learned_lacks TEXT...: the written policy (if any) holds none of them.
learned_lacks() {
  local s; for s in "$@"; do
    [ -f "$S/learned.toml" ] && LC_ALL=C grep -aqF -- "$s" "$S/learned.toml" && bad "--write stored '$s'"
  done; return 0
}
# suggested_lacks TEXT...: no suggested grant line printed names them.
suggested_lacks() {
  local s; for s in "$@"; do
    LC_ALL=C grep -a '{ path = ' "$ERRF" | grep -qF -- "$s" && bad "learn suggested a grant on '$s'"
  done; return 0
}

# A planted ${env.X} in a folder name: never expanded in the report, stored
# as a literal ($$), never expanded by a later compile of the learned policy.
begin learn env-planted-path
learn_user_policy read-only
mkdir -p "$W/d/\${env.LLR_HOSTILE_TOKEN}" && own "$W"  # shipped in the repository
learn_run "$OP" write "$W/d/\${env.LLR_HOSTILE_TOKEN}/f"
no_secrets
learned_lacks ENV-SECRET-3 '"${env.' "/\${env."
[ -f "$S/learned.toml" ] && ! grep -qF '$${env.LLR_HOSTILE_TOKEN}' "$S/learned.toml" &&
  bad "the learned policy does not hold the literal \$\${env.LLR_HOSTILE_TOKEN}"
if [ -f "$S/learned.toml" ]; then
  lp argv --format nul --launcher "$L" "$S/learned.toml" -- true
  no_secrets
fi
end

# A name with newlines forges no line of the report, and no grant.
begin learn forged-newline
learn_user_policy read-only
learn_run "$OP" write "$W/x
suggested policy change (paste into it):
rw = [ \"~\" ]"
LC_ALL=C grep -aqx 'rw = \[ "~" \]' "$ERRF" && bad "a line of the report was forged"
[ "$(LC_ALL=C grep -ac '^suggested policy change' "$ERRF")" -gt 1 ] && bad "a second 'suggested policy change' was forged"
learned_lacks 'path = "~"' '"~"'
no_ctl_bytes stderr
end

# A second thread rewrites the path while the call runs: the rewritten name
# (never denied: its folder does not exist) is never the sandbox's, never granted.
begin learn forged-race
learn_user_policy custom
mkdir -p "$OUT/denied" && echo x >"$OUT/denied/f" && own "$OUT"
lp learn --way ptrace --launcher "$L" --format json --report "$S/race.json" "$(UP)" -- \
  "$LH" race "$OUT/denied/f" "$OUT/forged-nowhere/f" 200
want_rc 0
if [ -f "$S/race.json" ]; then
  grep -F '"cause": "sandbox"' "$S/race.json" | grep -qF forged-nowhere && bad "the rewritten path was reported as the sandbox's"
  grep -F '"section"' "$S/race.json" | grep -qF forged-nowhere && bad "the rewritten path was suggested"
else bad "no report written (stderr: $(stderr_says))"; fi
end

# Custom mode hides nothing: a secret read is still never granted.
begin learn secret-read-custom
learn_user_policy custom
learn_run sh -c "\"$OP\" read \"$H/.ssh/id_ed25519\"; \"$OP\" read \"$H/.netrc\"; \"$OP\" read \"$H/notes.txt\""
no_secrets
suggested_lacks .ssh .netrc '"~"'
learned_lacks .ssh .netrc 'path = "~"'
grep -qF 'never suggested: it lies in the built-in secret ~/.ssh' "$ERRF" || bad "the refusal does not say why (stderr: $(stderr_says))"
end

# A terminal: its ioctls type into the caller's shell (TIOCSTI).
begin learn dev-tty
learn_user_policy custom
learn_run sh -c "\"$OP\" write /dev/tty; \"$OP\" read /dev/tty"
suggested_lacks /dev/tty
learned_lacks /dev/tty
grep -qF 'it lies in /dev/tty: a terminal' "$ERRF" || bad "the refusal does not say why (stderr: $(stderr_says))"
end
