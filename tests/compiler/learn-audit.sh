#!/bin/sh
# landlock-policy learn, the audit way (the kernel's own Landlock records,
# read from the audit netlink socket's read-only log group), end to end on
# this kernel; and the ptrace way and the audit way agree on one scenario.
# Usage: learn-audit.sh POLICY_BIN LAUNCHER OP
# Needs Landlock ABI 7 and the audit log (root: CAP_AUDIT_READ, and
# CAP_AUDIT_CONTROL when audit is off); else every case is a SKIP, with why.
set -u
policy_bin=$1 launcher=$2 op=$3
root=${LLR_ROOT:?}
# shellcheck source=tests/compiler/env.sh
. "$root/tests/compiler/env.sh"
cases="audit-way audit-way-restores-the-switch audit-and-ptrace-agree audit-way-no-capabilities audit-way-daemon-gone audit-way-concurrent audit-way-stop-signal"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
REPORT_PREFIX="compiler-learn-audit "
skip_all() {
  for c in $cases; do skip "$c" "$1"; done
  exit 0
}
hasnt() { if grep -qF -- "$3" "$2"; then fail "$1" "'$3' in: $(head -c 900 "$2" | tr '\n' '|')"; else pass "$1"; fi; }

"$launcher" --probe 2>/dev/null | grep -q ' audit=yes' ||
  skip_all "the kernel has no Landlock audit records (needs Landlock ABI 7, Linux 6.15)"
bindir=$(dirname "$op")
printf '%s\n' 'version = 1' 'mode = "custom"' \
  "ro = [\"/usr\", \"/etc\", \"$bindir\", \"\${env.LLR_TEST_ROOT}/data/a\", \"/dev/zero\"]" \
  'rw = ["${WORKSPACE}", "/dev/null"]' 'hide = ["~/.ssh"]' '[network]' 'connect = [1]' >"$T/p.toml"
learn() { "$policy_bin" learn --launcher "$launcher" --set workspace="$WS" "$@"; }

# Is the audit way available here? --way audit says why not, and runs nothing.
learn --way audit "$T/p.toml" -- true >/dev/null 2>"$T/probe.err"
if grep -q -- '--way audit: ' "$T/probe.err"; then
  skip_all "$(sed -n 's/.*--way audit: //p' "$T/probe.err" | head -1)"
fi
audit_status() { if [ -x "$bindir/audit" ]; then "$bindir/audit" status; else echo unknown; fi; }
before=$(audit_status)

# The scenario: a cache under ~/.cache/tool, a helper run from an ungranted
# folder, a hard link across two grants (EXDEV), a rename out of a read-only
# grant, a hidden secret, a device ioctl on a read-only device, a TCP connect.
mkdir -p "$HOME/.cache/tool" "$T/tools"
cp "$op" "$T/tools/helper"
echo g >"$T/data/a/g"
printf '%s\n' "\"$op\" write \"$HOME/.cache/tool/obj.o\"" \
  "\"$op\" mkdir \"$HOME/.cache/tool/d\"" \
  "\"$op\" exec \"$T/tools/helper\" read /etc/hostname" \
  "\"$op\" link \"$T/data/a/f\" \"$WS/f-link\"" \
  "\"$op\" rename \"$T/data/a/g\" \"$WS/g\"" \
  "\"$op\" read \"$HOME/.ssh/id_ed25519\"" \
  "\"$op\" ioctl-dev /dev/zero" \
  "\"$op\" connect 18123" \
  "\"$op\" write \"$WS/out.o\"" >"$T/build.sh"
build=$(cat "$T/build.sh")

learn --way audit --format json --report "$T/audit.json" "$T/p.toml" -- sh -c "$build" >"$T/out" 2>"$T/err"
rc=$?
got=$(tr '\n' ' ' <"$T/out")
want="EACCES EACCES EACCES EXDEV EACCES EACCES EACCES EACCES ok "
if [ "$rc" = 0 ] && [ "$got" = "$want" ]; then pass "audit-way: the command ran as under exec (exit 0, its stdout its own)"
else fail "audit-way: the command ran as under exec" "exit $rc, stdout '$got', want '$want': $(head -c 300 "$T/err")"; fi
has "audit-way: the report says the audit way" "$T/audit.json" '"method": "audit"'
has "audit-way: create in ~/.cache/tool (the kernel names the folder)" "$T/audit.json" \
  "{\"cause\": \"sandbox\", \"access\": \"create\", \"path\": \"$HOME/.cache/tool\", \"folder\": true, \"count\": 2"
has "audit-way: execute from an ungranted folder" "$T/audit.json" \
  "{\"cause\": \"sandbox\", \"access\": \"execute\", \"path\": \"$T/tools/helper\", \"count\": 1, \"programs\": [\"$op\"]"
has "audit-way: link across two grants (EXDEV)" "$T/audit.json" \
  "{\"cause\": \"sandbox\", \"access\": \"rename/link across\", \"path\": \"$T/data/a\", \"folder\": true"
has "audit-way: rename out of a read-only grant: remove" "$T/audit.json" \
  "{\"cause\": \"sandbox\", \"access\": \"remove\", \"path\": \"$T/data/a\", \"folder\": true"
has "audit-way: device ioctl" "$T/audit.json" "{\"cause\": \"sandbox\", \"access\": \"device ioctl\", \"path\": \"/dev/zero\""
has "audit-way: TCP connect" "$T/audit.json" "{\"cause\": \"sandbox\", \"access\": \"TCP connect\", \"port\": 18123"
has "audit-way: hidden secret refused on purpose" "$T/audit.json" \
  "{\"cause\": \"on-purpose\", \"access\": \"read\", \"path\": \"$HOME/.ssh/id_ed25519\""
has "audit-way: ~/.cache/tool suggested rw" "$T/audit.json" \
  "{\"section\": \"rw\", \"path\": \"$HOME/.cache/tool\", \"optional\": false, \"why\": \"learned: op create\""
hasnt "audit-way: the secret never suggested" "$T/audit.json" '.ssh", "optional"'
hasnt "audit-way: an allowed write is not reported" "$T/audit.json" "out.o"
hasnt "audit-way: no record went missing" "$T/audit.json" "did not arrive"

after=$(audit_status)
if [ "$before" = "$after" ]; then pass "audit-way-restores-the-switch (${before%% *})"
else fail "audit-way-restores-the-switch" "audit was '$before', is now '$after'"; fi

# The same scenario the ptrace way; each way's denials, reduced to what both
# can name: the access and its object (a created or removed entry, and a
# rename's source, as its folder; the audit way cannot name the entry).
rm -f "$WS/f-link" "$WS/out.o"
learn --way ptrace --format json --report "$T/ptrace.json" "$T/p.toml" -- sh -c "$build" >/dev/null 2>"$T/err"
reduce() {
  grep '^    {"cause": ' "$1" | grep -v '"cause": "file-permissions"' | while IFS= read -r line; do
    cause=$(echo "$line" | sed 's/^    {"cause": "\([^"]*\)".*/\1/')
    access=$(echo "$line" | sed 's/.*"access": "\([^"]*\)".*/\1/')
    case $line in
      *'"port": '*) obj=port:$(echo "$line" | sed 's/.*"port": \([0-9]*\).*/\1/') ;;
      *) obj=$(echo "$line" | sed 's/.*"path": "\([^"]*\)".*/\1/')
         case "$access:$line" in
           *'"folder": true'*) ;;
           create:* | remove:* | "rename/link across:"*) obj=$(dirname "$obj") ;;
         esac ;;
    esac
    echo "$cause $access $obj"
  done | sort -u
}
suggested() { grep '^    {"section": ' "$1" | sed 's/.*"toml": //' | sort; }
reduce "$T/audit.json" >"$T/audit.set"
reduce "$T/ptrace.json" >"$T/ptrace.set"
if [ -s "$T/audit.set" ] && cmp -s "$T/audit.set" "$T/ptrace.set"; then
  pass "audit-and-ptrace-agree: the same $(wc -l <"$T/audit.set") denied objects and accesses"
else
  fail "audit-and-ptrace-agree" "audit: $(tr '\n' '|' <"$T/audit.set") ptrace: $(tr '\n' '|' <"$T/ptrace.set")"
fi
suggested "$T/audit.json" >"$T/audit.sug"
suggested "$T/ptrace.json" >"$T/ptrace.sug"
if [ -s "$T/audit.sug" ] && cmp -s "$T/audit.sug" "$T/ptrace.sug"; then
  pass "audit-and-ptrace-agree: the same $(wc -l <"$T/audit.sug") suggested grants"
else
  fail "audit-and-ptrace-agree: suggestions" "audit: $(tr '\n' '|' <"$T/audit.sug") ptrace: $(tr '\n' '|' <"$T/ptrace.sug")"
fi

# As root on this kernel, the automatic choice is the audit way.
learn "$T/p.toml" -- "$op" read /etc/hostname >/dev/null 2>"$T/err"
has "audit-way: --way auto picks it here" "$T/err" "landlock-policy learn (audit)"

# --write from the audit way: the learned policy runs the same command with
# no sandbox denial (the secret stays refused on purpose).
rm -f "$WS/f-link" "$WS/out.o" "$WS/g"
learn --way audit --write "$T/learned.toml" "$T/p.toml" -- sh -c "$build" >/dev/null 2>"$T/err"
has "audit-way --write: the policy says the way" "$T/learned.toml" "# Written by landlock-policy learn (audit)"
rm -f "$WS/f-link" "$WS/out.o" "$WS/g"
learn --way audit "$T/learned.toml" -- sh -c "$build" >"$T/out" 2>"$T/err"
has "audit-way --write: the same command gets no sandbox denial" "$T/err" "; 0 denied by the sandbox, 1 refused on purpose"

# The command's exit status, and a process it leaves running (with no
# denial) does not hold learning.
learn --way audit "$T/p.toml" -- sh -c 'exit 7' 2>/dev/null
rc=$?
if [ "$rc" = 7 ]; then pass "audit-way: exit status is the command's (7)"; else fail "audit-way: exit status is the command's (7)" "got $rc"; fi
start=$(date +%s)
learn --way audit "$T/p.toml" -- sh -c 'sleep 300 >/dev/null 2>&1 & exit 3' >/dev/null 2>"$T/err"
rc=$? took=$(($(date +%s) - start))
if [ "$rc" = 3 ] && [ "$took" -lt 10 ]; then pass "audit-way: a process left running does not hold learning (${took}s, exit 3)"
else fail "audit-way: a process left running does not hold learning" "rc=$rc after ${took}s: $(head -c 300 "$T/err")"; fi
after=$(audit_status)
if [ "$before" = "$after" ]; then pass "audit-way-restores-the-switch after every run"
else fail "audit-way-restores-the-switch after every run" "audit was '$before', is now '$after'"; fi

# As root, the command runs without any capability (it could otherwise
# switch audit itself, or kill a process outside).
hostile=$bindir/learn-hostile
learn --way audit "$T/p.toml" -- "$hostile" caps >"$T/out" 2>"$T/err"
if [ "$(cat "$T/out")" = "eff=0 bnd=0" ]; then pass "audit-way-no-capabilities: effective and bounding empty"
else fail "audit-way-no-capabilities" "the command saw '$(cat "$T/out")': $(head -c 300 "$T/err")"; fi

# A daemon that double-forks is gone when learn returns.
rm -f "$WS/daemon.pid"
learn --way audit "$T/p.toml" -- sh -c "\"$hostile\" daemon \"$WS/daemon.pid\"; sleep 1" >/dev/null 2>"$T/err"
if [ -s "$WS/daemon.pid" ] && kill -0 "$(cat "$WS/daemon.pid")" 2>/dev/null; then
  fail "audit-way-daemon-gone" "pid $(cat "$WS/daemon.pid") outlived learn"
  kill -9 "$(cat "$WS/daemon.pid")"
elif [ -s "$WS/daemon.pid" ]; then pass "audit-way-daemon-gone: a double-forked daemon is gone when learn returns"
else fail "audit-way-daemon-gone" "it never wrote its pid: $(head -c 300 "$T/err")"; fi

# Two learns at once: the first to end does not switch audit off under the
# second (whose denial comes after), and the last one restores the switch.
learn --way audit "$T/p.toml" -- sh -c 'sleep 2' >/dev/null 2>"$T/first.err" &
first=$!
sleep 0.5
learn --way audit --format json --report "$T/second.json" "$T/p.toml" -- \
  sh -c "sleep 3; \"$op\" exec \"$T/tools/helper\"" >/dev/null 2>"$T/second.err"
wait "$first"
has "audit-way-concurrent: the second learn still sees its denial after the first ended" "$T/second.json" \
  "{\"cause\": \"sandbox\", \"access\": \"execute\", \"path\": \"$T/tools/helper\""
after=$(audit_status)
if [ "$before" = "$after" ]; then pass "audit-way-concurrent: the last one restores the switch (${before%% *})"
else fail "audit-way-concurrent: the last one restores the switch" "audit was '$before', is now '$after'"; fi

# SIGTERM to learn while the command runs: the command is killed, the
# switch restored, and learn dies of the signal; the command itself ran
# with no signal blocked (learn takes SIGTERM and SIGHUP for itself).
rm -f "$WS/stop.pid"
"$policy_bin" learn --launcher "$launcher" --set workspace="$WS" --way audit "$T/p.toml" -- \
  sh -c "echo \$\$ >\"$WS/stop.pid\"; exec sleep 60" >/dev/null 2>"$T/stop.err" &
learner=$!
tries=0
while [ ! -s "$WS/stop.pid" ] && [ "$tries" -lt 100 ]; do
  sleep 0.1
  tries=$((tries + 1))
done
sleep 0.3
command_pid=$(cat "$WS/stop.pid" 2>/dev/null)
blocked=$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$command_pid/status" 2>/dev/null)
start=$(date +%s)
kill -TERM "$learner"
wait "$learner"
rc=$? took=$(($(date +%s) - start))
after=$(audit_status)
if [ -z "$command_pid" ]; then fail "audit-way-stop-signal" "the command never wrote its pid: $(head -c 300 "$T/stop.err")"
elif kill -0 "$command_pid" 2>/dev/null; then
  fail "audit-way-stop-signal" "the command (pid $command_pid) outlived learn"
  kill -9 "$command_pid"
elif [ "$rc" != 143 ] || [ "$took" -ge 10 ]; then fail "audit-way-stop-signal" "learn ended with $rc after ${took}s, want 143 (SIGTERM) at once"
elif [ "$blocked" != 0000000000000000 ]; then fail "audit-way-stop-signal" "the command ran with signals blocked (SigBlk $blocked)"
elif [ "$before" != "$after" ]; then fail "audit-way-stop-signal" "audit was '$before', is now '$after'"
else pass "audit-way-stop-signal: the command killed, learn died of SIGTERM, the switch restored"; fi
