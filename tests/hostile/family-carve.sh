# shellcheck shell=bash
# shellcheck disable=SC2016,SC2034 # policy text is literal; UENV and LAST are read by lib.sh's u
# carve: in workspace-write the places that run code on the host (.git, .envrc,
# editor folders) stay read-only inside the writable workspace (issue 16).
# Phase 1 is the confined command trying to plant; phase 2 checks the disk.
# Sourced by tests/hostile/hostile.sh (class "carve").

carve_repo() {
  mkdir -p "$W/.git/hooks" "$W/src" "$W/.vscode" "$W/.zed"
  echo '[core]' >"$W/.git/config"
  echo orig >"$W/.envrc"
  echo orig >"$W/src/a.c"
  own "$W"
}
# carve_denied PATH OP: the confined command's OP (write, append) on PATH is
# denied, and PATH is as it was.
carve_denied() {
  local before=""
  [ -e "$1" ] && before=$(cat "$1")
  lp exec "$AGENT" -- "$OP" "$2" "$1"
  want_out EACCES
  if [ -n "$before" ]; then content "$1" "$before"; else absent "$1"; fi
}

for target in .git/hooks/pre-commit:write .git/config:append .envrc:write .envrc:append \
  .vscode/tasks.json:write .zed/settings.json:write .git/new-hooks-dir-file:write; do
  path=${target%%:*} op=${target#*:}
  begin carve "plant-$(echo "$path" | sed 's|^\.||; s|/\.|/|g' | tr '/.' '--')-$op"
  carve_repo
  carve_denied "$W/$path" "$op"
  end
done

begin carve ordinary-edits-still-work
carve_repo
lp exec "$AGENT" -- "$OP" write "$W/src/a.c"
want_out ok; content "$W/src/a.c" x
lp exec "$AGENT" -- "$OP" write "$W/src/new.c"
want_out ok; present "$W/src/new.c"
end

# The documented cost: nothing new directly in a folder on the way (the root).
begin carve cost-no-new-top-level-entry
carve_repo
lp exec "$AGENT" -- "$OP" write "$W/new-at-root"
want_out EACCES; absent "$W/new-at-root"
end

# A saved argv; a folder created later inside an existing subfolder (by the
# confined command itself) is writable when the saved argv runs.
begin carve created-after-compile-in-subfolder
carve_repo
lp argv --format nul "$AGENT" -- "$OP" write "$W/src/later/f"
want_rc 0
cp "$OUTF" "$S/saved.nul"
plant "mkdir $W/src/later"
run_saved "$S/saved.nul"
want_out ok; present "$W/src/later/f"
end

# A worktree: $W/.git is a file naming a gitdir inside the main repository,
# which lies in $TT (writable): the gitdir and the common .git are carved too.
begin carve worktree-common-gitdir
mkdir -p "$TT/main/.git/hooks" "$TT/main/.git/worktrees/ws" "$W/src"
echo "gitdir: $TT/main/.git/worktrees/ws" >"$W/.git"
echo '../..' >"$TT/main/.git/worktrees/ws/commondir"
own "$W" "$TT"
carve_denied "$TT/main/.git/hooks/pre-commit" write
carve_denied "$TT/main/.git/worktrees/ws/HEAD" write
carve_denied "$W/.git" append
end

# A submodule: $W/lib/sub/.git is a file; rewriting it would point git at a
# gitdir of the attacker's choosing (with hooks).
begin carve submodule-git-file
mkdir -p "$W/.git/modules/sub" "$W/lib/sub/src"
echo 'gitdir: ../../.git/modules/sub' >"$W/lib/sub/.git"
own "$W"
carve_denied "$W/lib/sub/.git" write
carve_denied "$W/.git/modules/sub/config" write
lp exec "$AGENT" -- "$OP" write "$W/lib/sub/src/f.c"
want_out ok
end

# $W/.git is a symlink into $TT (writable): carved at its target, never
# followed into a writable place.
begin carve git-symlink-into-tmpdir
mkdir -p "$TT/repo.git/hooks" "$W/src"
ln -s "$TT/repo.git" "$W/.git"
own "$W" "$TT"
carve_denied "$TT/repo.git/hooks/pre-commit" write
lp exec "$AGENT" -- "$OP" write "$TT/elsewhere"
want_out EACCES  # the cost: TMPDIR's root is on the way to the carve, read-only
end

# Issue 23: every place that runs code at the user's next git command (or
# when an editor or an agent starts) is carved out of the workspace, at any
# depth, and a read-only request inside it is never widened. Each of these
# was writable by the confined command before (the compiler of issue 16).

# core.hooksPath = .husky (husky): the hooks git runs instead of .git/hooks.
begin carve plant-husky-hook
carve_repo
mkdir -p "$W/.husky/_"
printf '[core]\n\thooksPath = .husky/_\n' >"$W/.git/config"
echo 'npm test' >"$W/.husky/pre-commit"
own "$W"
carve_denied "$W/.husky/pre-commit" write
carve_denied "$W/.husky/_/pre-commit" write
end

# husky in a monorepo's subfolder: core.hooksPath = frontend/.husky/_, whose
# stubs run frontend/.husky/pre-commit at the next commit.
begin carve plant-husky-monorepo-hook
carve_repo
mkdir -p "$W/frontend/.husky/_"
printf '[core]\n\thooksPath = frontend/.husky/_\n' >"$W/.git/config"
echo 'npm test' >"$W/frontend/.husky/pre-commit"
own "$W"
carve_denied "$W/frontend/.husky/pre-commit" write
carve_denied "$W/frontend/.husky/pre-push" write
end

# A config git reads (it skips a byte order mark) that sets core.hooksPath.
begin carve plant-hookspath-bom-config
carve_repo
mkdir -p "$W/src/hooks"
printf '\357\273\277[core]\n\thooksPath = src/hooks\n' >"$W/.git/config"
own "$W"
carve_denied "$W/src/hooks/pre-commit" write
end

# A hooksPath folder inside a writable subfolder, not there yet: the
# confined command must not be able to create it.
begin carve plant-hookspath-not-yet-there
carve_repo
mkdir -p "$W/tools"
printf '[core]\n\thooksPath = tools/hooks\n' >"$W/.git/config"
own "$W"
lp exec "$AGENT" -- "$OP" mkdir "$W/tools/hooks"
want_out EACCES; absent "$W/tools/hooks"
end

# The user's global config names a relative hooksPath: it applies in this repository.
begin carve plant-global-hookspath
carve_repo
mkdir -p "$W/scripts/githooks"
printf '[core]\n\thooksPath = scripts/githooks\n' >"$H/.gitconfig"
own "$W" "$H"
carve_denied "$W/scripts/githooks/pre-commit" write
end

# The repository's config includes a file in the workspace: written, it
# would set core.fsmonitor for the user's next git status.
begin carve plant-config-include
carve_repo
mkdir -p "$W/conf"
printf '[include]\n\tpath = ../conf/git.inc\n' >"$W/.git/config"
echo '[user]' >"$W/conf/git.inc"
own "$W"
carve_denied "$W/conf/git.inc" append
end

# Hook managers' configuration and agent and editor configuration at the root.
for target in .pre-commit-config.yaml lefthook.yml .lefthook.yml lefthook-local.yml .mcp.json .gitmodules \
  .claude/settings.json .codex/config.toml .agents/skill.md .cursor/hooks.json .gemini/settings.json \
  .github/hooks/hooks.json .devcontainer/devcontainer.json; do
  begin carve "plant-$(echo "$target" | sed 's|^\.|dot-|; s|/\.|/|g' | tr '/.' '--')"
  carve_repo
  mkdir -p "$(dirname "$W/$target")"
  # (.gitmodules in git's syntax: one the carve cannot read whole fails the compile)
  case $target in .gitmodules) echo '# orig' ;; *) echo orig ;; esac >"$W/$target"
  own "$W"
  carve_denied "$W/$target" write
  end
done

# A submodule five levels down: its .git file cannot be pointed at a
# planted gitdir (whose core.fsmonitor the user's git status would run).
begin carve submodule-depth-five
carve_repo
mkdir -p "$W/.git/modules/e" "$W/third_party/x/y/lib/e/src"
echo 'gitdir: ../../../../../.git/modules/e' >"$W/third_party/x/y/lib/e/.git"
own "$W"
carve_denied "$W/third_party/x/y/lib/e/.git" write
lp exec "$AGENT" -- "$OP" write "$W/third_party/x/y/lib/e/src/f.c"
want_out ok
end

# A submodule .gitmodules names that is not checked out yet: no .git file
# can be planted in its empty folder.
begin carve submodule-not-populated
carve_repo
mkdir -p "$W/lib/sub"
printf '[submodule "sub"]\n\tpath = lib/sub\n\turl = https://example.org/sub\n' >"$W/.gitmodules"
own "$W"
carve_denied "$W/lib/sub/.git" write
end

# The same for a gitlink only the index names (a real repository).
begin carve submodule-in-index
if ! command -v git >/dev/null 2>&1; then
  skip_scenario "git is not installed (make deps installs it)"
else
  mkdir -p "$W/lib/two" && own "$W"
  u git -C "$W" init -q
  u git -C "$W" update-index --add --cacheinfo "160000,$(printf '%040d' 1),lib/two"
  want_rc 0
  carve_denied "$W/lib/two/.git" write
fi
end

# A read-only request in the user's own policy stays read-only.
begin carve ro-inside-workspace
carve_repo
mkdir -p "$W/docs" && echo orig >"$W/docs/index.md" && own "$W"
printf 'version = 1\nmode = "workspace-write"\nro = ["${WORKSPACE}/docs"]\n' >"$AGENT"
own "$AGENT"
carve_denied "$W/docs/index.md" write
carve_denied "$W/docs/new.md" write
lp exec "$AGENT" -- "$OP" write "$W/src/a.c"
want_out ok
end

# Issue 23, point 7: a link in the folder a first link reaches is followed
# too, and the secrets in the runtime folder are hidden.
begin persist hidden-second-hop
mkdir -p "$OUT/a" "$OUT/b"
echo LINKED-SECRET-9 >"$OUT/b/key"
ln -s "$OUT/a" "$H/.ssh/keys.d"
ln -s "$OUT/b" "$OUT/a/more"
own "$H" "$OUT"
printf 'version = 1\nmode = "read-only"\n' | user_policy
lp exec "$(UP)" -- "$OP" read "$OUT/b/key"
want_out EACCES
no_secrets LINKED-SECRET-9
lp exec "$(UP)" -- "$OP" read "$H/notes.txt"
want_out ok
end

for mode in read-only workspace-write; do
  begin persist "hidden-$mode-runtime-containers-auth"
  mkdir -p "$S/run/containers" && echo RUNTIME-SECRET-10 >"$S/run/containers/auth.json" && own "$S/run"
  chmod 700 "$S/run"
  UENV=(XDG_RUNTIME_DIR="$S/run")
  printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
  lp exec "$(UP)" -- "$OP" read "$S/run/containers/auth.json"
  want_out EACCES
  no_secrets RUNTIME-SECRET-10
  end
done
