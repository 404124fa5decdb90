# shellcheck shell=bash
# shellcheck disable=SC2016,SC2034 # policy text is literal; UENV and LAST are read by lib.sh's u
# var: variables are what the docs promise.
# Sourced by tests/hostile/hostile.sh (class "var").

begin var home-empty
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
UENV=(HOME=)
lp argv --format nul "$(UP)" -- true
want_refused
argv_load; argv_no_path_under /home
end

begin var home-relative
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
UENV=(HOME=rel)
lp argv --format nul "$(UP)" -- true
want_refused
argv_load; argv_no_path_under /rel
end

begin var env-empty-ro
user_policy <<'TOML'
version = 1
mode = "custom"
ro = ["${env.LLR_EMPTY}/tmp"]
TOML
UENV=(LLR_EMPTY=)
lp argv --format nul "$(UP)" -- true
want_refused
end

begin var env-empty-rw-optional
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = [{ path = "${env.LLR_EMPTY}/cache", optional = true }]
TOML
UENV=(LLR_EMPTY=)
lp argv --format nul "$(UP)" -- true
want_refused
end

for v in 'dollar-name:ws$x' 'double-dollar:ws$$y' 'braced-variable:ws${HOME}z'; do
  ws=${v#*:}
  begin var "set-workspace-literal-${v%%:*}"
  mkdir "$S/$ws" && own "$S/$ws"
  lp argv --format nul --set "workspace=$S/$ws" "$AGENT" -- true
  want_rc 0
  argv_load; argv_has "$S/$ws"
  U_CWD=$S/$ws lp exec --set "workspace=$S/$ws" "$AGENT" -- "$OP" write "$S/$ws/f"
  want_out ok; content "$S/$ws/f" x
  end
done
