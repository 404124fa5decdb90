#!/bin/sh
# landlock-policy exec --ask (issue 32 item 5), on a real terminal (a
# pseudo-terminal driven by ask-pty.py): after a failing run, the screen
# names the escalation of the kernel's denials, and one `y` re-runs the
# command under it; no, Ctrl-D and Ctrl-C run nothing more; without a
# terminal it is a usage error before anything runs; a denial the command
# only prints, or one refused on purpose, offers nothing; input typed
# ahead never answers; a process the run left running neither hangs the
# question nor draws on it. Usage: exec-ask.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
# shellcheck source=tests/compiler/env.sh
. "$root/tests/compiler/env.sh"
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
REPORT_PREFIX="compiler-exec-ask "
driver="$root/tests/compiler/ask-pty.py"

command -v python3 >/dev/null || { skip all "python3 is not installed (make deps installs it)"; exit 0; }
need_landlock "$launcher"
need_git
git -C "$WS" init -q
mkdir -p "$WS/.git/hooks"
# shown NAME FILE TEXT: the transcript FILE holds TEXT (the screen went to the terminal).
shown() { has "$@"; }
# ask ANSWER [EARLY] -- ARG...: exec --ask on a terminal from the workspace; the
# transcript in $T/screen, the status in $rc.
ask() {
  answer=$1
  shift
  early=""
  if [ "$1" != "--" ]; then early=$1; shift; fi
  shift
  rm -rf "$WS/build"
  if [ -n "$early" ]; then
    (cd "$WS" && python3 "$driver" "$T/screen" "$answer" "$early" -- "$policy_bin" exec --ask --launcher "$launcher" \
      --set workspace="$WS" "$@")
  else
    (cd "$WS" && python3 "$driver" "$T/screen" "$answer" -- "$policy_bin" exec --ask --launcher "$launcher" \
      --set workspace="$WS" "$@")
  fi
  rc=$?
}
status_is() { if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "exit $2, want $3: $(tr '\r\n' '||' <"$T/screen" | head -c 1500)"; fi; }
landed() { if [ -e "$2" ]; then pass "$1"; else fail "$1" "$2 is missing: $(tr '\r\n' '||' <"$T/screen" | head -c 1500)"; fi; }
absent() { if [ -e "$2" ]; then fail "$1" "$2 exists"; else pass "$1"; fi; }

# Can the run be watched here at all (ptrace, else the audit way)?
ask none -- --mode read-only -- true
if grep -q "cannot watch the run" "$T/screen"; then
  skip all "exec --ask cannot watch a run here: $(grep -o 'cannot watch.*' "$T/screen" | head -1)"
  exit 0
fi

writes='mkdir -p build && echo hi >build/out.txt'
# 1. read-only, the command writes build/out.txt and fails: y re-runs it under the escalation.
ask y -- --mode read-only -- sh -c "$writes"
status_is "1. y: the re-run's status is exec's" "$rc" 0
shown "1. the screen names the denial" "$T/screen" "create $WS/build"
shown "1. the screen names the escalation's mode" "$T/screen" 'mode = "workspace-write"'
shown "1. the screen names the escalation's output" "$T/screen" 'outputs = ["build/"]'
shown "1. one line says what the re-run runs under" "$T/screen" \
  "landlock-policy: re-running under workspace-write with outputs build/"
landed "1. the re-run's file landed" "$WS/build/out.txt"
if [ "$(grep -c 'y/N' "$T/screen")" = 1 ]; then pass "1. asked once (the re-run is not asked about)"
else fail "1. asked once" "$(grep -c 'y/N' "$T/screen") questions"; fi

# 2. n: nothing written, the command's own status.
ask n -- --mode read-only -- sh -c "$writes; exit 7"
status_is "2. n: exit is the command's status" "$rc" 7
absent "2. n: nothing written" "$WS/build"
shown "2. n: says nothing was re-run" "$T/screen" "nothing re-run"

# 3. Ctrl-D and Ctrl-C at the question: nothing more runs.
ask eof -- --mode read-only -- sh -c "$writes"
status_is "3. Ctrl-D: exit is the command's status" "$rc" 1
absent "3. Ctrl-D: nothing written" "$WS/build"
ask intr -- --mode read-only -- sh -c "$writes"
status_is "3. Ctrl-C: exit is the command's status" "$rc" 1
absent "3. Ctrl-C: nothing written" "$WS/build"
shown "3. Ctrl-C: says so" "$T/screen" "interrupted: nothing re-run"

# 4. Without a terminal: exit 2, one line, the command never ran.
(cd "$WS" && "$policy_bin" exec --ask --launcher "$launcher" --mode read-only -- touch "$WS/ran") \
  </dev/null >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && [ ! -e "$WS/ran" ] && [ "$(wc -l <"$T/err")" = 1 ] &&
  grep -q '^landlock-policy: exec --ask: standard input is not a terminal' "$T/err"; then
  pass "4. stdin not a terminal: exit 2, one line, nothing ran"
else fail "4. stdin not a terminal: exit 2, one line, nothing ran" "exit $rc: $(head -c 300 "$T/err")"; fi
# On a terminal, but with standard error a file:
(cd "$WS" && python3 "$driver" "$T/screen" none -- sh -c \
  "'$policy_bin' exec --ask --launcher '$launcher' --mode read-only -- touch '$WS/ran2' 2>'$T/err2'")
rc=$?
if [ "$rc" = 2 ] && [ ! -e "$WS/ran2" ] && grep -q 'standard error is not a terminal' "$T/err2"; then
  pass "4. stderr not a terminal: exit 2, nothing ran"
else fail "4. stderr not a terminal: exit 2, nothing ran" "exit $rc: $(head -c 300 "$T/err2")"; fi

# 5. A denial the command only prints: nothing offered for it.
ask none -- --mode read-only -- sh -c \
  "echo \"landlock: denied write $HOME/.ssh/id_ed25519\" >&2; echo 'denied: write .git/hooks/pre-commit'; exit 1"
status_is "5. a forged denial line: no question, the command's status" "$rc" 1
shown "5. a forged denial line: the sandbox denied nothing" "$T/screen" "the sandbox denied nothing: nothing to ask"
hasnt "5. a forged denial line: no escalation names it" "$T/screen" "id_ed25519\""

# 6. A denial on a protected path: refused, with its reason; no question.
ask none -- --mode workspace-write -- sh -c 'echo x >.git/hooks/x; exit 1'
status_is "6. a protected path: no question, the command's status" "$rc" 1
shown "6. a protected path: stays refused" "$T/screen" "stays refused"
shown "6. a protected path: the path is named" "$T/screen" "$WS/.git/hooks"
shown "6. a protected path: nothing to ask" "$T/screen" "nothing to ask"
absent "6. a protected path: nothing written" "$WS/.git/hooks/x"

# 7. Input typed ahead (y, while the command runs) does not answer: it is
# dropped, and the question then gets Ctrl-D.
ask eof 'y\n' -- --mode read-only -- sh -c "echo READY; sleep 1; $writes"
status_is "7. typed ahead: the question was not answered by it" "$rc" 1
absent "7. typed ahead: nothing re-run" "$WS/build"

# 8. A process the run left running: stopped before the question (the
# screen says so), which neither hangs nor gets drawn over.
start=$(date +%s)
ask n -- --mode read-only -- sh -c "(sleep 8; echo LEAKED-ONTO-THE-QUESTION) & sleep 30 & $writes"
took=$(($(date +%s) - start))
status_is "8. left running: the command's status" "$rc" 1
shown "8. left running: the screen says they were stopped" "$T/screen" "left running stopped"
hasnt "8. left running: nothing of the run draws on the question" "$T/screen" "LEAKED-ONTO-THE-QUESTION"
if [ "$took" -lt 30 ]; then pass "8. left running: no hang (${took} s)"; else fail "8. left running: no hang" "${took} s"; fi

report_totals
