#!/bin/sh
# landlock-policy learn on a pipe (issue 32, /work contract section 1): the
# policy on standard input (-) or --mode MODE, the JSON report over an open
# descriptor (--report-fd N) that the command can never write (closed
# before it starts), written once the run is over; the usage errors; two
# learns at once each with its own intact report. Then the escalation
# (schema landlock-policy-learn/2): computed from the kernel's denials only,
# never a protected, carved or secret path, never from the command's text.
# The ptrace way always; the audit way where the kernel and the privileges
# allow it. Usage: learn-json.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
# shellcheck source=tests/compiler/env.sh
. "$root/tests/compiler/env.sh"
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
REPORT_PREFIX="compiler-learn-json "
# status_is NAME GOT WANT FILE
status_is() { if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "exit $2, want $3: $(head -c 300 "$4" | tr '\n' '|')"; fi; }

need_landlock "$launcher"
mkdir -p "$WS/.git/hooks"
printf '%s\n' 'version = 1' 'mode = "read-only"' >"$T/ro.toml"
printf '%s\n' 'version = 1' 'mode = "workspace-write"' >"$T/ww.toml"
# learn WAY ARG...: from the workspace; the policy on standard input (-).
learn() {
  way=$1
  shift
  (cd "$WS" && "$policy_bin" learn --way "$way" --launcher "$launcher" --set workspace="$WS" "$@")
}
ways=ptrace
if learn audit --mode read-only -- true >/dev/null 2>"$T/probe.err"; then ways="ptrace audit"
else skip "audit way" "$(sed -n 's/.*--way audit: //p' "$T/probe.err" | head -1)"; fi
if learn ptrace --mode read-only -- true 2>&1 | grep -q 'ptrace is not permitted'; then
  skip "ptrace way" "ptrace is not permitted here"
  ways=${ways#ptrace}
fi

# ---- Usage: exit 2 with one line, before anything runs.
usage_case() {
  name=$1
  shift
  learn ptrace "$@" -- touch "$WS/ran" >"$T/out" 2>"$T/err" 3>"$T/fd3" 4<"$T/ro.toml"
  rc=$?
  if [ "$rc" = 2 ] && [ ! -e "$WS/ran" ] && [ "$(grep -c 'landlock-policy:' "$T/err")" = 1 ]; then pass "usage: $name"
  else fail "usage: $name" "exit $rc, ran: $([ -e "$WS/ran" ] && echo yes), $(head -c 300 "$T/err" | tr '\n' '|')"; fi
  rm -f "$WS/ran"
}
usage_case "--report-fd of a descriptor not open" --format json --report-fd 9 - <"$T/ro.toml"
usage_case "--report-fd 2 (0, 1 and 2 are the command's)" --format json --report-fd 2 - <"$T/ro.toml"
usage_case "--report-fd of a descriptor open only for reading" --format json --report-fd 4 - <"$T/ro.toml"
usage_case "--report-fd and --report at once" --format json --report-fd 3 --report "$T/r.json" - <"$T/ro.toml"
usage_case "--report-fd without --format json" --report-fd 3 - <"$T/ro.toml"
usage_case "--write with the policy on standard input" --write "$T/new.toml" - <"$T/ro.toml"
usage_case "--write with --mode" --write "$T/new.toml" --mode read-only

# ---- A policy that does not compile: exit 1, no report.
printf '%s\n' 'version = 1' 'mode = "nope"' | learn ptrace --format json --report-fd 3 - -- touch "$WS/ran" \
  >/dev/null 2>"$T/err" 3>"$T/fd3"
rc=$?
if [ "$rc" = 1 ] && [ ! -s "$T/fd3" ] && [ ! -e "$WS/ran" ]; then pass "a compile error: exit 1, no report, nothing run"
else fail "a compile error: exit 1, no report, nothing run" "exit $rc, report $(head -c 200 "$T/fd3")"; fi

for way in $ways; do
  # The command tries to forge the report on descriptor 3: it is closed
  # before the command starts (EBADF), and the report, written once the run
  # is over, is learn's alone. The policy comes on standard input, and the
  # command inherits that standard input at its end.
  learn "$way" --format json --report-fd 3 - -- sh -c \
    'if { echo "{\"forged\": 1}" >&3; } 2>/dev/null; then echo wrote; else echo ebadf; fi; cat; exit 3' \
    <"$T/ro.toml" >"$T/out" 2>"$T/err" 3>"$T/fd3"
  rc=$?
  status_is "$way: the exit status is the command's" "$rc" 3 "$T/err"
  has "$way: the command cannot write to the report's descriptor (EBADF)" "$T/out" "ebadf"
  hasnt "$way: the command's standard input is at its end" "$T/out" "version"
  hasnt "$way: the report is learn's alone" "$T/fd3" "forged"
  has "$way: the report came over the descriptor" "$T/fd3" '"schema": "landlock-policy-learn/'
  has "$way: the report names the policy on standard input" "$T/fd3" '"policy": "<stdin>"'
  has "$way: the report says the exit status" "$T/fd3" '"status": 3'
  if [ "$(tail -c 2 "$T/fd3" | head -c 1)" = "}" ]; then pass "$way: the report is whole"
  else fail "$way: the report is whole" "it ends with $(tail -c 40 "$T/fd3")"; fi
  hasnt "$way: nothing of the report on stderr" "$T/err" '"schema"'

  # --mode MODE without a file, as for exec.
  learn "$way" --format json --report-fd 3 --mode read-only -- true >/dev/null 2>"$T/err" 3>"$T/fd3"
  has "$way: learn --mode MODE reports too" "$T/fd3" '"policy": "<--mode read-only>"'
done

# ---- Two learns at once, each over its own pipe: neither's report is lost
# or mixed, and (the audit way) the first to end does not switch audit off
# under the second (learn_audit_netlink.cpp: a count of the learns using it).
for way in $ways; do
  learn "$way" --format json --report-fd 3 - -- sh -c "sleep 2; mkdir '$WS/first'" \
    <"$T/ro.toml" >/dev/null 2>"$T/first.err" 3>"$T/first.json" &
  first=$!
  sleep 0.5
  learn "$way" --format json --report-fd 3 - -- sh -c "sleep 3; mkdir '$WS/second'" \
    <"$T/ww.toml" >/dev/null 2>"$T/second.err" 3>"$T/second.json"
  wait "$first"
  has "$way: two at once: the first's report is its own" "$T/first.json" "\"path\": \"$WS\""
  hasnt "$way: two at once: nothing of the second in the first's report" "$T/first.json" "ws/second"
  has "$way: two at once: the second's report is its own" "$T/second.json" "\"path\": \"$WS/second\""
  has "$way: two at once: the second still sees its denial after the first ended" "$T/second.json" \
    "\"cause\": \"sandbox\", \"access\": \"create\""
done

# ---- The escalation (schema landlock-policy-learn/2): from the kernel's
# denials only. read-only has no outputs (an output must lie in a writable
# workspace) and a rw grant on the workspace would leave .git writable
# (read-only carves nothing): so the narrowest for a new folder at the
# workspace root is workspace-write with that output.
mkdir -p "$HOME/.cache/tool"
# esc WAY POLICY LABEL COMMAND: learn with POLICY on standard input; the report in $T/esc.json.
esc() {
  rm -rf "$WS/build"
  learn "$1" --format json --report-fd 3 - -- sh -c "$4" <"$2" >/dev/null 2>"$T/esc.err" 3>"$T/esc.json"
}
for way in $ways; do
  esc "$way" "$T/ro.toml" ro 'mkdir build'
  has "$way: read-only, mkdir build: the mode is said" "$T/esc.json" '"mode": "read-only"'
  has "$way: read-only, mkdir build: workspace-write with the output build/" "$T/esc.json" \
    '"escalation": {"policy": {"mode": "workspace-write", "outputs": ["build/"]}, "toml": "mode = \"workspace-write\"\noutputs = [\"build/\"]\n", "covers": [0]}'

  esc "$way" "$T/ww.toml" ww 'mkdir build'
  has "$way: workspace-write, mkdir build: the output build/" "$T/esc.json" \
    '"escalation": {"policy": {"outputs": ["build/"]}'

  esc "$way" "$T/ro.toml" ro "echo x >'$HOME/.cache/tool/obj'"
  has "$way: read-only, a write in ~/.cache/tool: its leaf grant" "$T/esc.json" \
    "\"escalation\": {\"policy\": {\"rw\": [\"$HOME/.cache/tool\"]}"
  has "$way: each denial says its source" "$T/esc.json" "\"source\": \"$way\""

  esc "$way" "$T/ww.toml" ww 'echo x >.git/hooks/pre-commit'
  has "$way: a write in .git/hooks: no escalation" "$T/esc.json" '"escalation": null'
  has "$way: a write in .git/hooks: refused, a carve" "$T/esc.json" '"reason_kind": "carve"}'
  hasnt "$way: a write in .git/hooks: never in a policy" "$T/esc.json" '"rw": ['

  esc "$way" "$T/ro.toml" ro "cat '$HOME/.ssh/id_ed25519'"
  has "$way: reading ~/.ssh/id_ed25519: no escalation" "$T/esc.json" '"escalation": null'
  has "$way: reading ~/.ssh/id_ed25519: refused, a secret" "$T/esc.json" '"reason_kind": "secret"}'

  esc "$way" "$T/ro.toml" ro "echo 'Permission denied: .git/hooks/pre-commit' >&2; echo 'open $HOME/.ssh/id_ed25519: Permission denied' >&2; exit 1"
  has "$way: a command that only prints a denial: no escalation" "$T/esc.json" '"escalation": null'
  has "$way: a command that only prints a denial: no denial" "$T/esc.json" '"denials": []'
done
