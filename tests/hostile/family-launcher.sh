# shellcheck shell=bash
# launcher: the launcher cannot be substituted.
# Sourced by tests/hostile/hostile.sh (class "launcher").

# A bare launcher name: a confined run planted a fake landlock-run in a
# workspace folder that is on PATH (node_modules/.bin and the like).
begin launcher bare-name-on-path
fake_launcher "$OUT/marker" | stage fake
plant "mkdir -p $W/.bin && cp $S/stage/fake $W/.bin/landlock-run && chmod 755 $W/.bin/landlock-run"
U_PATH=$W/.bin:/usr/local/bin:/usr/bin:/bin lp exec --launcher landlock-run "$AGENT" -- true
absent "$OUT/marker"
U_PATH=$W/.bin:/usr/local/bin:/usr/bin:/bin lp argv --format nul --launcher landlock-run "$AGENT" -- true
absent "$OUT/marker"
end

# [launcher] path in the user's policy points into the workspace (a tool the
# repository vendors): refused, and never run.
begin launcher config-path-in-workspace
user_policy <<'TOML'
version = 1
mode = "workspace-write"
[launcher]
path = "${WORKSPACE}/tools/landlock-run"
TOML
fake_launcher "$OUT/marker" | stage fake
plant "mkdir -p $W/tools && cp $S/stage/fake $W/tools/landlock-run && chmod 755 $W/tools/landlock-run"
lp check "$(UP)"; want_rc 1
lp argv --format nul "$(UP)" -- true; want_refused
lp exec "$(UP)" -- true; want_rc 1
absent "$OUT/marker"
end

# The same through a symlink in the workspace to the real launcher: the link
# can be repointed by the next run, so it is refused too.
begin launcher config-path-symlink-in-workspace
user_policy <<'TOML'
version = 1
mode = "workspace-write"
[launcher]
path = "${WORKSPACE}/tools/landlock-run"
TOML
plant "mkdir -p $W/tools && ln -s $L $W/tools/landlock-run"
lp argv --format nul "$(UP)" -- true; want_refused
end
