# shellcheck shell=bash
# Helpers of the escape suite (sourced by tests/escape/escape.sh; bash).
#
# Every scenario runs the real static launcher on this kernel, as an
# unprivileged user when the suite runs as root (CI does), in a fresh fixture:
#   $D/ro   granted --ro by most scenarios    ro/f ("orig"), ro/sub/, ro/empty/
#   $D/rw   granted --rw                      rw/f ("orig"), rw/sub/, rw/empty/
#   $D/rw2  a second --rw grant                rw2/f ("orig")
#   $D/out  granted nothing                   out/f ("orig"), out/sub/, out/empty/
# all owned by the test user, so any denial comes from Landlock, not from
# file permissions (the "inside" twin of each denial proves it).
#
#   begin FAMILY NAME MIN_ABI [WHY]   new scenario; returns 1 (and prints SKIP)
#                                     when the kernel's ABI is below MIN_ABI
#   skip_scenario REASON              skip the current scenario, loudly
#   sb ARGS...                        run "landlock-run ARGS..." as the test user:
#                                     sets $out (stdout), $err (stderr), $rc
#   run_as CMD...                     the same without the launcher (controls)
#   denied ERRNO / allowed            $out is that errno name / "ok" (rc 1 / 0)
#   want_out STR, want_rc N, absent P, present P, content P STR, bad WHY
#   end                               PASS, or FAIL with every check that failed

# Counters, the test user and skip_scenario/bad/end: tests/lib/scenario.sh.
# shellcheck source=tests/lib/scenario.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/scenario.sh"
CALL=0
BG_PIDS=() NAMES=()

begin() {
  scenario_start escape "$1" "$2"
  END_SUFFIX="(ABI $3+)"
  NAMES+=("$CUR")
  if [ "$KABI" -lt "$3" ]; then
    skip_scenario "needs Landlock ABI $3${4:+ ($4)}, this kernel has ABI $KABI"
    return 1
  fi
  fixture
  return 0
}

fixture() {
  D=$T/s$SEQ
  mkdir -p "$D"/ro/sub "$D"/ro/empty "$D"/rw/sub "$D"/rw/empty "$D"/rw2 "$D"/out/sub "$D"/out/empty
  for f in ro/f ro/sub/g rw/f rw/sub/g rw2/f out/f out/sub/g; do printf orig >"$D/$f"; done
  [ -n "$IS_ROOT" ] && chown -R "$TEST_UID:$TEST_GID" "$D"
  return 0
}

# sb/run_as run in $SB_CWD (default: the fixture), stdin from /dev/null; fds
# the caller opened (3>file sb ...) are inherited, as from any parent.
# Output goes to fresh files, not a pipe, so that a stray background process
# keeping stdout open cannot hang the suite; a command gets 60 s at most.
sb() { run_as "$L" "$@"; }
run_as() {
  CALL=$((CALL + 1))
  (cd "${SB_CWD:-$D}" && exec timeout -k 5 60 "${AS[@]}" "$@" >"$T/out.$CALL" 2>"$T/err.$CALL" </dev/null)
  rc=$?
  out=$(cat "$T/out.$CALL") err=$(cat "$T/err.$CALL")
}

show() { printf '%s' "$1" | tr '\n' '|'; }
count() { local n=0 f; for f in "$@"; do [ -e "$f" ] && n=$((n + 1)); done; echo "$n"; }  # count GLOB: matches
# shellcheck disable=SC2016 # the quotes inside the messages are literal
want_out() { [ "$out" = "$1" ] || bad "printed '$(show "$out")' (exit $rc${err:+, stderr '$(show "$err")'}), wanted '$(show "$1")'"; }
# shellcheck disable=SC2016
want_rc() { [ "$rc" = "$1" ] || bad "exit $rc, wanted $1${err:+ (stderr '$(show "$err")')}"; }
denied() { want_out "$1"; want_rc 1; }
refused() {  # refused ERRNO...: $out is one of them
  local e; for e in "$@"; do [ "$out" = "$e" ] && { want_rc 1; return; }; done
  bad "printed '$(show "$out")' (exit $rc), wanted one of: $*"
}
allowed() { want_out ok; want_rc 0; }
absent() { if [ -e "$1" ] || [ -L "$1" ]; then bad "$1 exists"; fi; }
present() { [ -e "$1" ] || [ -L "$1" ] || bad "$1 is missing"; }
content() { [ "$(cat "$1" 2>/dev/null)" = "$2" ] || bad "$1 holds '$(cat "$1" 2>&1)', wanted '$2'"; }
want_err() { case "$err" in *"$1"*) ;; *) bad "stderr '$(show "$err")' lacks '$1'";; esac; }

# Background helpers (an outside listener, a victim process), killed at exit by PID.
bg_start() {  # bg_start OUTFILE CMD...: as the test user, unconfined; sets $bg_pid
  local log=$1.out; shift
  (cd "$D" && exec "${AS[@]}" "$@" >"$log" 2>&1 </dev/null) &
  bg_pid=$!
  BG_PIDS+=("$bg_pid")
}
bg_stop() { kill -KILL "$1" 2>/dev/null; wait "$1" 2>/dev/null; return 0; }
wait_ready() {  # wait_ready FILE: until the listener printed "ready" (3 s at most)
  for _ in $(seq 60); do grep -q ready "$1" 2>/dev/null && return 0; sleep 0.05; done
  return 1
}
cleanup() {
  for p in "${BG_PIDS[@]}"; do kill -KILL "$p" 2>/dev/null; done
  wait 2>/dev/null
  [ -n "${KEEP_T:-}" ] || rm -rf "$T"
}
