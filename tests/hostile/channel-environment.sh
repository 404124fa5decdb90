# shellcheck shell=bash
# The environment channel (issue 28, item 8): secrets under other common
# names, and values that hold a credential whatever their name, must not
# reach the command in the agent modes. Sourced by tests/hostile/hostile.sh
# (its world, helpers, env_world and env_unseen); the scenarios' class is
# `environment`.

# The user's session, beside env_world's: each name or value carries its own marker.
CHANNEL_ENV_SECRETS=(PAT-SECRET-20 GHPAT-SECRET-21 OPENAI-SECRET-22 NUGET-SECRET-23 APIKEY1-SECRET-24
  APIKEY-SECRET-25 STRIPE-SECRET-26 SONAR-SECRET-27 PGPASS-SECRET-28 JDBC-SECRET-29 dXNlcjpKQVVUSC0zMA==
  BEARER-SECRET-31-abcdefghijklmnop)
channel_env_world() {
  env_world
  UENV+=(GITHUB_PAT=PAT-SECRET-20 GH_PAT=GHPAT-SECRET-21 OPENAI_APIKEY=OPENAI-SECRET-22 NUGET_APIKEY=NUGET-SECRET-23
    API_KEY_1=APIKEY1-SECRET-24 ApiKey=APIKEY-SECRET-25 STRIPE_SK=STRIPE-SECRET-26 SONAR_LOGIN=SONAR-SECRET-27
    PGPASS=PGPASS-SECRET-28 'DB_URL=jdbc:postgresql://h/db?user=u&password=JDBC-SECRET-29'
    'CURL_HEADER=Authorization: Basic dXNlcjpKQVVUSC0zMA==' 'AUTH=Bearer BEARER-SECRET-31-abcdefghijklmnop'
    PAGER=visible-pager)
}
# channel_env_unseen: the command's env (in $OUTF) holds none of them, and still what it needs.
channel_env_unseen() {
  local s; for s in "${CHANNEL_ENV_SECRETS[@]}"; do
    LC_ALL=C grep -aqF "$s" "$OUTF" && bad "the command saw $s"
  done
  env_unseen
  for s in PAGER=visible-pager EDITOR=visible-editor "HOME=$H"; do
    grep -qxF "$s" "$OUTF" || bad "the command did not see $s (its environment: $(head -c 200 "$OUTF" | show))"
  done
  return 0
}

# Phase 1: the confined command (the user's workspace-write policy) saves
# its environment in the workspace; phase 2: the user compiles and runs
# again, in each agent mode, directly and through a saved argv.
for mode in read-only workspace-write; do
  begin environment "other-names-and-values-unset-$mode"
  channel_env_world
  plant "/usr/bin/env >$W/plant-env"
  OUTF=$W/plant-env channel_env_unseen
  printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
  lp exec "$(UP)" -- /usr/bin/env
  want_rc 0
  channel_env_unseen
  lp argv --format nul "$(UP)" -- /usr/bin/env
  want_rc 0
  cp "$OUTF" "$S/saved.nul"
  run_saved "$S/saved.nul"
  want_rc 0
  channel_env_unseen
  # explain names the variables it unsets, never a value.
  lp explain "$(UP)"
  want_rc 0
  no_secrets "${CHANNEL_ENV_SECRETS[@]}"
  grep -qx '    DB_URL' "$OUTF" || bad "explain does not name DB_URL as unseen"
  end
done
