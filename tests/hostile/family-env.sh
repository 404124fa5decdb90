# shellcheck shell=bash
# shellcheck disable=SC2034 # UENV and LAST are read by lib.sh's u
# env: the environment is part of the sandbox (issue 11). The repository's
# command must not see the user's tokens, and a policy file the repository
# controls must not widen the environment the user's policy gives.
# Sourced by tests/hostile/hostile.sh (class "env").

ENV_SECRETS=(GH-SECRET-5 AWS-SECRET-6 KEY-SECRET-7 PW-SECRET-8)
env_world() {  # the user's session: tokens, a key, a password, an agent socket, and a harmless variable
  UENV=(GITHUB_TOKEN=GH-SECRET-5 AWS_SECRET_ACCESS_KEY=AWS-SECRET-6 OPENAI_API_KEY=KEY-SECRET-7
    DB_PASSWORD=PW-SECRET-8 SSH_AUTH_SOCK="$TT/agent.sock" EDITOR=visible-editor)
}
# env_unseen: the command's env (in $OUTF) holds none of the secrets, nor the agent socket.
env_unseen() {
  local s; for s in "${ENV_SECRETS[@]}" ENV-SECRET-3 SSH_AUTH_SOCK=; do
    LC_ALL=C grep -aqF "$s" "$OUTF" && bad "the command saw $s"
  done; return 0
}
for mode in read-only workspace-write; do
  begin env "default-unset-$mode"
  env_world
  printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
  lp exec "$(UP)" -- /usr/bin/env
  want_rc 0; env_unseen
  grep -qx 'EDITOR=visible-editor' "$OUTF" || bad "the command did not see EDITOR (its environment: $(head -c 200 "$OUTF" | show))"
  # A saved argv carries the same flags.
  lp argv --format nul "$(UP)" -- /usr/bin/env
  want_rc 0
  cp "$OUTF" "$S/saved.nul"
  run_saved "$S/saved.nul"
  want_rc 0; env_unseen
  # explain names what the command would not see, never a value.
  lp explain "$(UP)"
  want_rc 0; no_secrets "${ENV_SECRETS[@]}"
  grep -qx '    GITHUB_TOKEN' "$OUTF" || bad "explain does not name GITHUB_TOKEN as unseen"
  end
done

# Two phases: the confined command (which sees no token itself) plants a
# project policy that would widen the environment; the next compile refuses.
env_widening() {  # env_widening KNOB: the attacker's [env]
  echo 'version = 1'
  echo '[env]'
  case $1 in
    inherit-all) echo 'inherit = "all"' ;;
    keep-token) echo 'keep = ["*TOKEN*", "GITHUB_*"]' ;;
    set-path) printf 'set = { PATH = "%s/bin:/usr/bin:/bin" }\n' "$W" ;;
    set-over-user) echo 'set = { TOOL_HOME = "/attacker" }' ;;
    default-unset-off) echo 'default_unset = false' ;;
  esac
}
env_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock.toml"

[env]
inherit = "core"
unset = ["*TOKEN*", "GH_*"]
set = { TOOL_HOME = "/opt/tool" }
TOML
}
for knob in inherit-all keep-token set-path set-over-user default-unset-off; do
  begin env "project-widens-$knob"
  env_world
  env_user_policy
  env_widening "$knob" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml && /usr/bin/env >$W/plant-env"
  OUTF=$W/plant-env env_unseen
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 1
    grep -q 'a project policy cannot' "$ERRF" || bad "$sub does not refuse for the project's [env] (stderr: $(stderr_says))"
    no_secrets "${ENV_SECRETS[@]}"
  done
  lp exec "$(UP)" -- /usr/bin/env
  want_refused; no_secrets "${ENV_SECRETS[@]}"
  end
done

# The same through a file the user's policy extends, swapped by the confined run.
begin env extends-swapped-keeps-tokens
env_world
mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]

[env]
inherit = "core"
TOML
printf 'version = 1\n[env]\nkeep = ["*TOKEN*"]\ndefault_unset = false\n' | stage evil.toml
plant "rm $W/.landlock/base.toml && cp $S/stage/evil.toml $W/.landlock/base.toml"
lp exec "$(UP)" -- /usr/bin/env
want_refused; no_secrets "${ENV_SECRETS[@]}"
grep -q 'a project policy cannot keep' "$ERRF" || bad "the refusal does not name the keep (stderr: $(stderr_says))"
end

# The control: a project policy that narrows is applied. It clears the
# environment (inherit = "none") and unsets the user's TOOL_HOME, which the
# user's policy sets: the set still wins; nothing else is seen.
begin env project-narrows-applied
env_world
env_user_policy
printf 'version = 1\n[env]\ninherit = "none"\nunset = ["EDITOR", "TOOL_HOME"]\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
lp exec "$(UP)" -- /usr/bin/env
want_rc 0; env_unseen
want_out TOOL_HOME=/opt/tool
end
