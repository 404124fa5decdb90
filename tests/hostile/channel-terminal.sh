# shellcheck shell=bash
# The terminal channel (issue 28): the confined command types into the
# caller's terminal with TIOCSTI, and the caller's shell, unconfined, runs
# what it typed once the command ends. read-only and workspace-write emit
# --no-tty-inject (a seccomp filter); only the user's own policy may opt out.
# Sourced by tests/hostile/hostile.sh (class "terminal").

# terminal_attack: in a new terminal (script(1)), the confined command
# pushes a shell line into the terminal's input; then the unconfined side
# reads the terminal and runs every line it gets, as the caller's shell would.
# Whether the typed line ran is whether $OUT/typed exists.
terminal_attack() {
  cat >"$S/stage-terminal.sh" <<EOF
"$LP" exec --launcher "$L" "$(UP)" -- "$OP" tiocsti 0 'touch $OUT/typed
' 2>"$S/terminal.err"
# script(1) turns its own stdin's end into an end-of-file on the terminal:
# read on past it, as an interactive shell would, for what was typed.
for try in 1 2 3; do
  IFS= read -r -t 1 line && eval "\$line"
done
exit 0
EOF
  own "$S/stage-terminal.sh"
  rm -f "$OUT/typed"
  u script -qec "bash $S/stage-terminal.sh" /dev/null
}

begin terminal tiocsti-into-the-shell
if ! command -v script >/dev/null; then skip_scenario "script(1) is not installed (util-linux)"
else
  # The control: with the user's explicit opt-out, the attack must work on
  # this kernel, or there is nothing to close here.
  printf 'version = 1\nmode = "workspace-write"\nguard_terminal = false\n' | user_policy
  terminal_attack
  if [ ! -e "$OUT/typed" ]; then
    skip_scenario "this kernel refuses TIOCSTI already (dev.tty.legacy_tiocsti = 0, or not a controlling terminal)"
  else
    for mode in read-only workspace-write; do
      printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
      terminal_attack
      [ -e "$OUT/typed" ] && bad "$mode: the line the command typed ran unconfined in the caller's shell"
    done
  fi
fi
end

# A project file cannot turn the guard off: dropped with a warning at its line.
begin terminal project-opts-out
project_user_policy
plant "printf 'version = 1\nguard_terminal = false\n' >$W/.landlock.toml"
lp argv --format nul --launcher "$L" "$(UP)" -- true
want_rc 0
argv_load
argv_has --no-tty-inject
grep -qF '.landlock.toml:2' "$ERRF" || bad "no warning at the project file's line (stderr: $(stderr_says))"
end

# The guard leaves interactive use alone: a prompt on /dev/tty reads what is
# typed, and Ctrl-C stops the command (typed into script(1)'s terminal).
begin terminal interactive-use-unharmed
if ! command -v script >/dev/null; then skip_scenario "script(1) is not installed (util-linux)"
else
  printf 'version = 1\nmode = "workspace-write"\n' | user_policy
  u sh -c "{ sleep 1; printf 'typed-answer\n'; sleep 1; } | script -qec \"'$LP' exec --launcher '$L' '$(UP)' -- sh -c 'read a </dev/tty; echo got=\\\$a'\" /dev/null"
  grep -qa 'got=typed-answer' "$OUTF" || bad "a prompt on /dev/tty did not read the keyboard (out: $(head -c 200 "$OUTF" | show))"
  start=$(date +%s)
  u sh -c "{ sleep 1; printf '\003'; sleep 3; } | script -qec \"'$LP' exec --launcher '$L' '$(UP)' -- sleep 15\" /dev/null"
  [ $(($(date +%s) - start)) -lt 10 ] || bad "Ctrl-C did not stop the command"
fi
end
