# shellcheck shell=bash
# The files channel, through `landlock-policy learn --write` (issue 28,
# items 4 and 11): the traced command chooses every path it touches, and the
# policy learn writes is read later by the unconfined side (the user reviews
# it, the next compile grants it). Sourced by tests/hostile/hostile.sh (its
# world, helpers and counters); the scenarios' class is `files`.
# shellcheck disable=SC2016,SC2088

# Folders under the home whose contents run later outside the sandbox:
# systemd units, editor plugins, shell frameworks, terminal settings, desktop
# entries, tools' bin and shims, caches of code (pre-commit's hook
# repositories, corepack's package managers), landlock-policy's own folders.
LATER_FOLDERS=(.local/share/systemd/user .config/systemd/user.control .local/share/nvim/site/plugin
  .oh-my-zsh/custom .nvm .config/tmux .config/kitty .local/share/applications .bun/bin .deno/bin
  .npm-global/bin .pyenv/shims .cache/pre-commit/repo0a1b .cache/node/corepack/v1 .local/state/landlock-policy
  .config/landlock-policy)

# Phase 1: the command, traced by learn (workspace-write), writes into each;
# phase 2: the user runs the learned policy, and the command tries again.
# The folders exist (the user's tools made them) and the control ~/.cache/tool
# is learned, so --write writes a policy.
begin files learn-write-home-folders-that-run-later
learn_user_policy workspace-write
for d in "${LATER_FOLDERS[@]}" .cache/tool; do mkdir -p "$H/$d"; done
own "$H"
script=
for d in "${LATER_FOLDERS[@]}" .cache/tool; do script="$script\"$OP\" write \"$H/$d/planted\"; "; done
learn_run sh -c "$script"
want_rc 0 1  # the command's status: op exits 1 on a denial
for d in "${LATER_FOLDERS[@]}"; do
  suggested_lacks "\"~/$d"
  learned_lacks "\"~/$d"
done
grep -qF '"~/.cache/tool"' "$S/learned.toml" 2>/dev/null ||
  bad "the control ~/.cache/tool was not learned (stderr: $(stderr_says))"
grep -qF 'if you mean it, grant it by hand in your own policy: rw = ["~/.nvm"]' "$ERRF" ||
  bad "the refusal does not say how to grant it by hand (stderr: $(stderr_says))"
if [ -f "$S/learned.toml" ]; then
  lp exec --launcher "$L" "$S/learned.toml" -- sh -c "$script"
  for d in "${LATER_FOLDERS[@]}"; do absent "$H/$d/planted"; done
  present "$H/.cache/tool/planted"
fi
end

# A dot-folder named with a terminal escape and a line that forges a grant:
# refused, and the line saying how to grant it by hand is one escaped line.
begin files learn-refusal-line-escaped
learn_user_policy workspace-write
evil=$H/.tool$'\e]0;pwned\a\n''rw = [ "~" ]'
mkdir -p "$evil" && own "$H"
learn_run "$OP" write "$evil/planted"
want_rc 0 1  # the command's status: op exits 1 on a denial
no_ctl_bytes stderr
LC_ALL=C grep -aqx 'rw = \[ "~" \]' "$ERRF" && bad "a line of the report was forged"
LC_ALL=C grep -aF 'grant it by hand' "$ERRF" | grep -qF '\x1b]0;pwned\x07\x0arw = [' ||
  bad "the by-hand line is not one escaped line (stderr: $(stderr_says))"
learned_lacks '.tool'
end

# U+202E (right-to-left override) and U+200B (zero-width space) in a folder
# the command chose: the policy the user reviews holds them escaped (\uXXXX),
# never raw, and compiles back to the same path.
begin files learn-write-bidi-escaped
learn_user_policy read-only
odd=$W/d/a$'\xe2\x80\xae'txt.exe$'\xe2\x80\x8b'z
mkdir -p "$odd" && own "$W"  # shipped in the repository
learn_run "$OP" write "$odd/f"
want_rc 0 1  # the command's status: op exits 1 on a denial
if [ -f "$S/learned.toml" ]; then
  LC_ALL=C grep -aq $'\xe2\x80\xae\\|\xe2\x80\x8b' "$S/learned.toml" &&
    bad "--write stored a raw U+202E or U+200B: $(grep -a 'path' "$S/learned.toml" | show)"
  grep -qF 'a\u202etxt.exe\u200bz' "$S/learned.toml" || bad "the learned path is not written escaped: $(show <"$S/learned.toml")"
  lp argv --format nul --launcher "$L" "$S/learned.toml" -- true
  want_rc 0
  argv_load
  argv_has "$odd"
else bad "--write wrote nothing (stderr: $(stderr_says))"; fi
end
