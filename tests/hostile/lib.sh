# shellcheck shell=bash
# Helpers of the hostile-repository suite (sourced by tests/hostile/hostile.sh).
# Same style as tests/escape/lib.sh; the attacker here is the repository.
#
# Every scenario gets a fresh world under $T/sN, owned by the test user
# (uid 65534 when the suite runs as root), so nothing depends on the real HOME:
#   $H   the fake HOME: .ssh/id_ed25519 (SSHKEY-SECRET-1), .netrc
#        (NETRC-SECRET-2), .bashrc, notes.txt, and the user's trusted
#        policies in $H/.config/landlock/ (no grant of theirs covers it)
#   $W   the workspace (the repository: the attacker), the cwd of every run
#   $TT  TMPDIR (writable in workspace-write mode: also the attacker's)
#   $OUT a folder outside every grant: fake launchers write their marker
#        there when something runs them unconfined
#   $AGENT the user's workspace-write policy, under which phase 1 runs
# Every compile also sees LLR_HOSTILE_TOKEN=ENV-SECRET-3 in its environment.
#
#   begin CLASS NAME                  new scenario (fresh world)
#   skip_scenario REASON / bad WHY / end   as in the escape suite
#   u CMD...                          run CMD as the test user in the world
#                                     (timeout -k 2 20, a memory cap, a clean
#                                     environment plus $UENV): sets $rc, $OUTF,
#                                     $ERRF (the captured stdout and stderr);
#                                     a timeout or a signal is recorded as bad
#   lp ARGS...                        u landlock-policy ARGS...
#   plant SCRIPT                      phase 1: sh -c SCRIPT confined by $AGENT
#   plant_raw SCRIPT                  the same, unconfined (say why at the call)
#   pol FILE <<TOML                   write a policy file (owned by the test user)
#   want_rc N..., want_refused        exit status; refused = exit 1, empty stdout
#   argv_load / argv_* checks         on the NUL-separated argv in $OUTF
#   no_secrets, no_ctl_bytes          on $OUTF and $ERRF
#   absent P, present P, content P S

# Counters, the test user and skip_scenario/bad/end: tests/lib/scenario.sh.
# shellcheck source=tests/lib/scenario.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/scenario.sh"
CALL=0
UENV=()

SECRETS=(SSHKEY-SECRET-1 NETRC-SECRET-2 ENV-SECRET-3)

begin() {
  scenario_start hostile "$1" "$2"
  UENV=()
  world
}

# The fresh world of one scenario (see the top of this file).
world() {
  S=$T/s$SEQ
  H=$S/home W=$S/ws TT=$S/tmp OUT=$S/outside
  CONF=$H/.config/landlock AGENT=$H/.config/landlock/agent.toml
  mkdir -p "$H/.ssh" "$CONF" "$W" "$TT" "$OUT"
  echo SSHKEY-SECRET-1 >"$H/.ssh/id_ed25519"
  chmod 600 "$H/.ssh/id_ed25519"
  echo 'machine x password NETRC-SECRET-2' >"$H/.netrc"
  echo '# the user bashrc' >"$H/.bashrc"
  echo notes >"$H/notes.txt"
  printf 'version = 1\nmode = "workspace-write"\n' >"$AGENT"
  own "$S"
  chmod 755 "$S"
}

own() { [ -n "$IS_ROOT" ] && chown -R "$TEST_UID:$TEST_GID" "$@"; return 0; }

# pol FILE: the policy text on stdin, written as the test user would.
pol() { mkdir -p "$(dirname "$1")" && cat >"$1" && own "$1"; }

# u CMD...: as the test user, in $W (or $U_CWD), stdin from /dev/null, output
# to files (an argv holds NULs); at most 20 s and 1 GiB of address space (a
# compiler reading /dev/zero must not take the shared machine down with it).
u() {
  CALL=$((CALL + 1))
  OUTF=$S/out.$CALL ERRF=$S/err.$CALL LAST=$(words "$@")
  # (the outer 2>/dev/null silences bash's "Aborted" notice for a crash: rc says it)
  { (cd "${U_CWD:-$W}" && exec timeout -k 2 20 prlimit --as=1073741824 -- "${AS[@]}" \
    env -i PATH="${U_PATH:-/usr/local/bin:/usr/bin:/bin}" HOME="$H" TMPDIR="$TT" LANG=C.UTF-8 \
    LLR_HOSTILE_TOKEN=ENV-SECRET-3 "${UENV[@]}" "$@" >"$OUTF" 2>"$ERRF" </dev/null); } 2>/dev/null
  rc=$?
  case $rc in
    124 | 137) bad "timed out (hang) after 20 s: $LAST" ;;
  esac
  return 0
}

# lp ARGS...: the compiler; a compiler killed by a signal is a crash.
lp() {
  u "$LP" "$@"
  LAST="landlock-policy ${1:-}"
  # HOSTILE_VERBOSE=1: every compile's status and first stderr line, as comments.
  [ -n "${HOSTILE_VERBOSE:-}" ] && echo "#   $CUR: $LAST: exit $rc: $(head -c 200 "$ERRF" | head -1 | show)"
  if [ "$rc" -ge 128 ] && [ "$rc" != 137 ] && [ "${1:-}" != exec ]; then
    bad "$LAST crashed (exit $rc: $(tail -c 120 "$ERRF" | show))"
  fi
  return 0
}

# plant SCRIPT: phase 1, the attacker's command confined by the user's
# workspace-write policy; the plant itself must succeed.
plant() {
  lp exec --launcher "$L" "$AGENT" -- sh -c "$1"
  [ "$rc" = 0 ] || bad "the confined plant failed (exit $rc: $(head -c 300 "$ERRF" | show))"
}
# plant_raw SCRIPT: the same, unconfined (each call says why Landlock would forbid it).
plant_raw() {
  u sh -c "$1"
  [ "$rc" = 0 ] || bad "the unconfined plant failed (exit $rc: $(head -c 300 "$ERRF" | show))"
}

show() { tr '\n\0' '| ' | LC_ALL=C tr -c '[:print:]|' '?'; }
words() { printf '%s ' "${1##*/}" "${@:2}" | head -c 160 | show; }
stderr_says() { head -c 160 "$ERRF" | show; }

want_rc() {  # want_rc N...: the exit status is one of them
  local n; for n in "$@"; do [ "$rc" = "$n" ] && return 0; done
  bad "exit $rc, wanted $*${1:+ (stderr: $(stderr_says))}"
}
want_refused() {  # exit 1 and nothing on stdout
  want_rc 1
  [ -s "$OUTF" ] && bad "$LAST printed on stdout: $(head -c 100 "$OUTF" | show)..."
  return 0
}
want_out() {  # want_out STR: stdout is STR (a payload's "ok" or errno name)
  local got; got=$(cat "$OUTF")
  [ "$got" = "$1" ] || bad "printed '$(printf %s "$got" | show)' (exit $rc, stderr: $(stderr_says)), wanted '$1'"
}

# The argv of `argv --format nul` in $OUTF, loaded into ARGV.
argv_load() { ARGV=(); [ "$rc" = 0 ] && mapfile -d '' ARGV <"$OUTF"; return 0; }
argv_lacks() {  # argv_lacks FLAG...: no such argument
  local a f; for f in "$@"; do for a in "${ARGV[@]}"; do [ "$a" = "$f" ] && bad "the argv holds $f"; done; done; return 0
}
argv_has() {  # argv_has ARG: exactly this argument is present
  local a; for a in "${ARGV[@]}"; do [ "$a" = "$1" ] && return 0; done
  bad "the argv lacks '$1': $(printf '%s ' "${ARGV[@]}" | head -c 400 | show)"
}
argv_no_path_under() {  # argv_no_path_under DIR: no argument is DIR or inside it
  local a; for a in "${ARGV[@]}"; do
    case $a in "$1" | "$1"/*) bad "the argv grants $a" ;; esac
  done; return 0
}
argv0_not() { [ "${#ARGV[@]}" -gt 0 ] && [ "${ARGV[0]}" = "$1" ] && bad "argv[0] is the planted launcher $1"; return 0; }

# no_secrets: neither stdout nor stderr holds a byte of the fake secrets.
no_secrets() {
  local s f; for f in "$OUTF" "$ERRF"; do for s in "${SECRETS[@]}" "$@"; do
    LC_ALL=C grep -aqF "$s" "$f" && bad "the $(basename "$f" | sed 's/out\..*/stdout/; s/err\..*/stderr/') of $LAST shows $s"
  done; done; return 0
}

# ctl_bytes FILE: prints how many raw ESC (0x1b), BEL (0x07) and C1 CSI/OSC
# (0x9b, 0x9d: as UTF-8 C2 9B / C2 9D, or as a lone byte after an ASCII one)
# the file holds. A 0x9b/0x9d continuing another UTF-8 character (U+201D is
# E2 80 9D) is text, not a C1 control.
ctl_bytes() {
  od -An -v -tx1 "$1" | tr ' ' '\n' | awk '
    $1 == "" { next }
    $1 == "1b" || $1 == "07" { n++ }
    ($1 == "9b" || $1 == "9d") && (prev == "c2" || prev < "80") { n++ }
    { prev = $1 } END { print n + 0 }'
}
no_ctl_bytes() {  # no_ctl_bytes [stderr]: in stdout and stderr, or in stderr only
  local f n files=("$OUTF" "$ERRF")
  [ "${1:-}" = stderr ] && files=("$ERRF")
  for f in "${files[@]}"; do
    n=$(ctl_bytes "$f")
    [ "$n" = 0 ] || bad "the $(basename "$f" | sed 's/out\..*/stdout/; s/err\..*/stderr/') of $LAST holds $n raw control byte(s): $(LC_ALL=C grep -a -m1 "$CTL_RE" "$f" | head -c 120 | show)"
  done; return 0
}
CTL_RE=$'[\x1b\x07]\\|\xc2[\x9b\x9d]'

absent() { if [ -e "$1" ] || [ -L "$1" ]; then bad "$1 exists"; fi; return 0; }
present() { [ -e "$1" ] || [ -L "$1" ] || bad "$1 is missing"; }
content() { [ "$(cat "$1" 2>/dev/null)" = "$2" ] || bad "$1 holds '$({ show <"$1"; } 2>&1)', wanted '$2'"; }

cleanup() { [ -n "${KEEP_T:-}" ] || rm -rf "$T"; }
