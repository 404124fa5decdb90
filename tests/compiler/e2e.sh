#!/bin/sh
# End-to-end: landlock-policy with the real launcher on this kernel.
# Outcomes are checked by errno (the op payload prints ok / EACCES / ...)
# and on disk, not by exit codes alone. Usage: e2e.sh POLICY_BIN LAUNCHER OP
set -u
policy_bin=$1 launcher=$2 op=$3
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="compiler-e2e "
# expect NAME WANT COMMAND...: the command's stdout must be exactly WANT.
expect() {
  name=$1 want=$2
  shift 2
  got=$("$@" 2>"$T/stderr")
  if [ "$got" = "$want" ]; then pass "$name"; else fail "$name" "got '$got', want '$want' ($(head -c 300 "$T/stderr"))"; fi
}

probe=$("$launcher" --probe 2>&1)
abi=$(echo "$probe" | sed -n 's/.* abi=\([0-9]*\).*/\1/p')
if ! echo "$probe" | grep -q 'enforcement=\(full\|partial\)'; then
  skip all "Landlock does not enforce on this kernel ($probe)"
  exit 0
fi

cat >"$T/ws-policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
TOML
run() { "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" -- "$@"; }

# The canary: a write that must be denied is denied, so a sandbox that
# silently does nothing fails here first.
expect "write outside the workspace is denied (EACCES)" EACCES run "$op" write "$T/outside"
if [ -e "$T/outside" ]; then fail "denied write leaves no file" "$T/outside exists"; else pass "denied write leaves no file"; fi
expect "write inside the workspace lands" ok run "$op" write "$WS/inside"
if [ -f "$WS/inside" ]; then pass "landed write is on disk"; else fail "landed write is on disk" "$WS/inside missing"; fi
expect "write in TMPDIR lands" ok run "$op" write "$TMPDIR/t"
expect "write to /dev/null is allowed" ok run "$op" write /dev/null
expect "write to HOME is denied" EACCES run "$op" write "$HOME/planted"

# Hiding: the secrets are read-denied, their neighbours are readable.
expect "hidden ~/.ssh/id_ed25519 is unreadable (EACCES)" EACCES run "$op" read "$HOME/.ssh/id_ed25519"
expect "hidden ~/.aws/credentials is unreadable (EACCES)" EACCES run "$op" read "$HOME/.aws/credentials"
expect "a sibling of the secrets stays readable" ok run "$op" read "$HOME/notes.txt"
expect "reading elsewhere still works" ok run "$op" read /etc/passwd
expect "an ancestor of a hidden path is unlistable (the documented cost)" EACCES run "$op" readdir "$HOME"

cat >"$T/hide-policy.toml" <<'TOML'
version = 1
mode = "custom"
ro = ["/", "${env.LLR_TEST_ROOT}/data"]
rw = ["/dev/null"]
hide = ["${env.LLR_TEST_ROOT}/data/a"]
hide_secrets = false
TOML
ln -s "$T/data/a/f" "$T/data/b/link-to-hidden"
hide_run() { "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/hide-policy.toml" -- "$@"; }
expect "hide list: the hidden file is unreadable" EACCES hide_run "$op" read "$T/data/a/f"
expect "hide list: a symlink to the hidden file does not leak it" EACCES hide_run "$op" read "$T/data/b/link-to-hidden"
expect "hide list: /proc/self/root does not bypass" EACCES hide_run "$op" read "/proc/self/root$T/data/a/f"
expect "hide list: the sibling is readable" ok hide_run "$op" readdir "$T/data/b"
# The documented cost: an entry created after the compile in an ancestor of
# a hidden path is not granted (the ancestor itself is covered by no rule).
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" "$T/hide-policy.toml" -- \
  "$op" read "$T/data/created-later" >"$T/hide.nul"
echo later >"$T/data/created-later"
expect "hide cost: an entry created after the compile is not granted" EACCES xargs -0 -a "$T/hide.nul" env

# The shell format is eval-safe and runs the same sandbox.
mkdir -p "$WS/with space"
line=$("$policy_bin" argv --format shell --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" -- \
  "$op" write "$WS/with space/it's")
expect "argv --format shell | eval: the command runs confined" ok eval "$line"
if [ -f "$WS/with space/it's" ]; then pass "shell format kept an odd path intact"; else fail "shell format kept an odd path intact" "no file"; fi
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" -- "$op" write "$T/nul-out" \
  >"$T/argv.nul"
expect "argv --format nul | xargs -0: denied outside" EACCES xargs -0 -a "$T/argv.nul" env

# TCP (Landlock ABI 4): a granted port is reached (refused by nobody
# listening), a port not granted is denied by Landlock. Loopback only.
if [ "${abi:-0}" -ge 4 ]; then
  cat >"$T/net-policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
[network]
connect = [1]
TOML
  net_run() { "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/net-policy.toml" -- "$@"; }
  expect "tcp: a granted port gets past Landlock (ECONNREFUSED)" ECONNREFUSED net_run "$op" connect 1
  expect "tcp: a port not granted is denied (EACCES)" EACCES net_run "$op" connect 2
else
  skip "tcp ports" "needs Landlock ABI 4, the kernel has ${abi:-?}"
fi

# compose = "nest": the project's policy narrows and the kernel enforces it.
mkdir -p "$WS/out"
cat >"$WS/.landlock.toml" <<TOML
version = 1
ro = ["/", "$(dirname "$op")"]
rw = ["\${WORKSPACE}/out", "/"]
TOML
cat >"$T/nest-policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
compose = "nest"
project = "${WORKSPACE}/.landlock.toml"
TOML
nest_run() { "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/nest-policy.toml" -- "$@"; }
expect "nest: the project's rw grant lands" ok nest_run "$op" write "$WS/out/x"
expect "nest: the workspace outside the project's grant is denied" EACCES nest_run "$op" write "$WS/y"

# Pinning: the argv carries --expect-version; a launcher of another version is refused.
version=$(cat "$root/VERSION")
if "$policy_bin" --version | grep -qx "landlock-policy $version launcher-source-sha256=[0-9a-f]\{64\}"; then
  pass "--version prints the project's version and the launcher digest"
else
  fail "--version prints the project's version and the launcher digest" "$("$policy_bin" --version)"
fi
launcher_sha=$("$launcher" --version | sed -n 's/.*source-sha256=//p')
if "$policy_bin" --version | grep -q "launcher-source-sha256=$launcher_sha\$"; then
  pass "the compiler was built against this launcher's source"
else fail "the compiler was built against this launcher's source" "$("$policy_bin" --version) vs $launcher_sha"; fi
"$policy_bin" argv --format json --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" >"$T/pinned.json"
if grep -q "\"--expect-version\", \"$version\"" "$T/pinned.json"; then pass "argv is pinned"; else fail "argv is pinned" "$(cat "$T/pinned.json")"; fi
printf '#!/bin/sh\necho "landlock-run 0.0.1 source-sha256=00"\n' >"$T/old-launcher"
chmod +x "$T/old-launcher"
"$policy_bin" argv --format json --launcher "$T/old-launcher" --set workspace="$WS" "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 1 ] && [ ! -s "$T/out" ] && grep -q "0.0.1" "$T/err"; then pass "a launcher of another version is refused, nothing emitted"
else fail "a launcher of another version is refused, nothing emitted" "rc=$rc out=$(cat "$T/out")"; fi
if "$policy_bin" argv --format json --unpinned --launcher "$T/old-launcher" --set workspace="$WS" "$T/ws-policy.toml" 2>/dev/null |
  grep -q expect-version; then fail "--unpinned omits the pin" "still pinned"; else pass "--unpinned omits the pin"; fi
# A launcher that is a file this user may not execute (host/'s
# executable_by_me) is refused before anything is emitted.
printf '#!/bin/sh\n' >"$T/unrunnable-launcher"
chmod 644 "$T/unrunnable-launcher"
"$policy_bin" argv --format json --launcher "$T/unrunnable-launcher" --set workspace="$WS" "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 1 ] && [ ! -s "$T/out" ] && grep -q "unrunnable-launcher is not an executable file here" "$T/err"
then pass "a launcher that is not executable is refused, nothing emitted"
else fail "a launcher that is not executable is refused, nothing emitted" "rc=$rc $(head -c 300 "$T/err")"; fi

# Exit codes and stdout discipline.
"$policy_bin" argv --format yaml "$T/ws-policy.toml" >"$T/out" 2>/dev/null
rc=$?
if [ "$rc" = 2 ] && [ ! -s "$T/out" ]; then pass "usage error: exit 2"; else fail "usage error: exit 2" "rc=$rc"; fi
printf 'version = 1\nmode = "custom"\nrw = ["/"]\n' >"$T/bad.toml"
"$policy_bin" argv --format json "$T/bad.toml" >"$T/out" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && [ ! -s "$T/out" ]; then pass "invalid policy: exit 1, nothing on stdout"; else fail "invalid policy: exit 1, nothing on stdout" "rc=$rc"; fi
"$policy_bin" argv "$T/ws-policy.toml" >"$T/out" 2>/dev/null
rc=$?
if [ "$rc" = 2 ]; then pass "the format must be explicit when stdout is not a terminal"; else fail "the format must be explicit when stdout is not a terminal" "rc=$rc"; fi
"$policy_bin" check "$T/ws-policy.toml" "$T/bad.toml" >"$T/out" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && [ ! -s "$T/out" ]; then pass "check: exit 1 when one of several files is invalid"; else fail "check: exit 1 when one of several files is invalid" "rc=$rc"; fi

# The command line (issue 24): --help after every subcommand, an option's
# value after `=`, and --format github pointing at --diagnostics github.
# Issue 29: SUBCOMMAND --help prints that subcommand's usage, not the global help;
# the subcommands are those the global --help lists.
subs=$("$policy_bin" --help | sed -n 's/^ *\(usage: \)\{0,1\}landlock-policy \([a-z][a-z]*\) .*/\2/p')
if [ "$(echo "$subs" | wc -l)" -ge 7 ]; then pass "--help lists every subcommand"; else fail "--help lists every subcommand" "$subs"; fi
for sub in $subs; do
  if "$policy_bin" "$sub" --help >"$T/out" 2>"$T/err" && grep -q "^usage: landlock-policy $sub " "$T/out" &&
    [ "$(grep -c 'landlock-policy [a-z]' "$T/out")" = 1 ] && [ ! -s "$T/err" ]; then
    pass "$sub --help prints its own usage"
  else fail "$sub --help prints its own usage" "$(head -c 200 "$T/out") $(head -c 200 "$T/err")"; fi
done
# A command without its -- gets a one-line hint saying where it goes.
"$policy_bin" exec "$T/ws-policy.toml" true >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "true is not a policy; the command follows --: landlock-policy exec .*ws-policy.toml -- true" "$T/err"
then pass "exec POLICY COMMAND without --: the hint to add --"
else fail "exec POLICY COMMAND without --: the hint to add --" "rc=$rc $(head -c 300 "$T/err")"; fi
# check: one line on stderr for a valid policy, stdout empty.
"$policy_bin" check --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 0 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] &&
  grep -q "^landlock-policy: .*ws-policy.toml: ok (workspace-write, [0-9][0-9]* grants)$" "$T/err"
then pass "check prints one line on success"
else fail "check prints one line on success" "rc=$rc $(head -c 300 "$T/err")"; fi
# --mode MODE without a file: the same argv as a file holding only that mode.
# (Both outputs in one folder made first: the grants list the entries of $T.)
mkdir "$T/argvs"
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" -- true >"$T/argvs/file" 2>/dev/null
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" --mode workspace-write -- true >"$T/argvs/mode" 2>"$T/err"
if [ -s "$T/argvs/mode" ] && cmp -s "$T/argvs/file" "$T/argvs/mode"; then pass "argv --mode: the argv of a file holding only the mode"
else fail "argv --mode: the argv of a file holding only the mode" "$(head -c 300 "$T/err")"; fi
expect "exec --mode workspace-write: a write in the workspace lands" ok \
  "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" --mode workspace-write -- "$op" write "$WS/by-mode"
expect "exec --mode workspace-write: a write outside is denied" EACCES \
  "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" --mode workspace-write -- "$op" write "$T/by-mode"
for args in "--mode workspace-write $T/ws-policy.toml" "--mode bogus" "--mode workspace-write true"; do
  # shellcheck disable=SC2086 # the arguments, split on purpose
  "$policy_bin" exec $args >/dev/null 2>"$T/err"
  rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$T/err")" = 2 ]; then pass "exec $args: a usage error"
  else fail "exec $args: a usage error" "rc=$rc $(head -c 300 "$T/err")"; fi
done
"$policy_bin" check --diagnostics=gcc "$T/bad.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 1 ] && grep -q "^$T/bad.toml:3:[0-9]*: error: " "$T/err"; then pass "--diagnostics=gcc: a value after ="
else fail "--diagnostics=gcc: a value after =" "rc=$rc $(head -c 300 "$T/err")"; fi
"$policy_bin" explain --set=workspace="$WS" --launcher="$launcher" "$T/ws-policy.toml" >"$T/explain" 2>"$T/err"
rc=$?
if [ "$rc" = 0 ] && grep -q "rw     $WS" "$T/explain"; then pass "--set=KEY=VALUE and --launcher=PATH"
else fail "--set=KEY=VALUE and --launcher=PATH" "rc=$rc $(head -c 300 "$T/err")"; fi
"$policy_bin" check --unpinned=yes "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q -- '--unpinned takes no value' "$T/err"; then pass "--unpinned=yes: a flag takes no value"
else fail "--unpinned=yes: a flag takes no value" "rc=$rc $(head -c 300 "$T/err")"; fi
"$policy_bin" check --format github "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q -- 'use --diagnostics github' "$T/err"; then pass "check --format github points at --diagnostics github"
else fail "check --format github points at --diagnostics github" "rc=$rc $(head -c 300 "$T/err")"; fi
# --format is argv's and learn's (the option table): any other subcommand
# refuses it, exit 2, one line naming the subcommand.
for sub in exec explain why init; do
  "$policy_bin" "$sub" --format json "$T/ws-policy.toml" >"$T/out" 2>"$T/err"
  rc=$?
  if [ "$rc" = 2 ] && [ ! -s "$T/out" ] && head -n 1 "$T/err" | grep -q "^landlock-policy: $sub takes no --format: it is argv's and learn's\$"; then
    pass "$sub --format json: refused, naming $sub"
  else fail "$sub --format json: refused, naming $sub" "rc=$rc $(head -c 300 "$T/err")"; fi
done

# A CI runner's command files are protected when set (issue 24): a grant
# covering $GITHUB_ENV is an error; without the variables it is not.
mkdir -p "$T/runner-temp/_runner_file_commands"
: >"$T/runner-temp/_runner_file_commands/set_env"
printf 'version = 1\nmode = "workspace-write"\nrw = ["${env.RUNNER_TEMP}"]\n' >"$T/runner.toml"
GITHUB_ENV=$T/runner-temp/_runner_file_commands/set_env RUNNER_TEMP=$T/runner-temp \
  "$policy_bin" check --launcher "$launcher" --set workspace="$WS" "$T/runner.toml" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 1 ] && grep -q "contains protected path $T/runner-temp/_runner_file_commands/set_env (built-in: the CI runner's command file)" "$T/err"; then
  pass "a grant covering \$GITHUB_ENV is an error"
else fail "a grant covering \$GITHUB_ENV is an error" "rc=$rc $(head -c 300 "$T/err")"; fi
if RUNNER_TEMP=$T/runner-temp "$policy_bin" check --launcher "$launcher" --set workspace="$WS" "$T/runner.toml" 2>"$T/err"; then
  pass "without \$GITHUB_ENV the same grant is fine"
else fail "without \$GITHUB_ENV the same grant is fine" "$(head -c 300 "$T/err")"; fi

# explain, why, init.
"$policy_bin" explain --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" >"$T/explain" 2>/dev/null
if grep -q "rw     $WS" "$T/explain" && grep -q "cannot be listed" "$T/explain" && grep -q "$HOME/.ssh" "$T/explain"; then
  pass "explain shows grants, hidden paths and their cost"
else fail "explain shows grants, hidden paths and their cost" "$(head -20 "$T/explain")"; fi
expect_why() {
  name=$1 pattern=$2
  shift 2
  if "$policy_bin" why --launcher "$launcher" --set workspace="$WS" "$@" | grep -q "$pattern"; then pass "$name"
  else fail "$name" "$("$policy_bin" why --launcher "$launcher" --set workspace="$WS" "$@" 2>&1)"; fi
}
expect_why "why: a workspace file is writable" "allowed for writing by rw $WS" --write "$T/ws-policy.toml" "$WS/x"
expect_why "why: a hidden secret is denied" "denied: hidden" "$T/ws-policy.toml" "$HOME/.ssh/id_ed25519"
expect_why "why: /etc is read-only" "denied for writing" --write "$T/ws-policy.toml" /etc/passwd
for mode in read-only workspace-write custom; do
  rm -f "$T/init.toml"
  if "$policy_bin" init --mode "$mode" "$T/init.toml" 2>/dev/null && "$policy_bin" check --set workspace="$WS" "$T/init.toml" 2>"$T/err"; then
    pass "init --mode $mode writes a policy that checks"
  else fail "init --mode $mode writes a policy that checks" "$(cat "$T/err")"; fi
done
if "$policy_bin" init --mode custom "$T/init.toml" 2>/dev/null; then fail "init never overwrites" "it did"; else pass "init never overwrites"; fi

# Writable except .git (docs/policy-format.md, "Writable except"): the cost of
# the carve on real workflows in a git repository, as the docs' table says.
if command -v git >/dev/null 2>&1; then
  repo=$T/repo
  mkdir -p "$repo/src"
  git -C "$repo" init -q && echo a >"$repo/src/a.c" && git -C "$repo" add . &&
    git -C "$repo" -c user.name=t -c user.email=t@t commit -qm init
  head_before=$(git -C "$repo" rev-parse HEAD)
  in_repo() { (cd "$repo" && "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$T/ws-policy.toml" -- "$@"); }
  expect "carve: editing a file works" ok in_repo "$op" append "$repo/src/a.c"
  expect "carve: creating a file in a subfolder works" ok in_repo "$op" write "$repo/src/b.c"
  expect "carve: creating a file at the root is denied (the documented cost)" EACCES in_repo "$op" write "$repo/new"
  expect "carve: a hook cannot be planted" EACCES in_repo "$op" write "$repo/.git/hooks/pre-commit"
  expect "carve: .git/config cannot be appended to" EACCES in_repo "$op" append "$repo/.git/config"
  if in_repo git status --short >"$T/status" 2>&1 && grep -q '^ M src/a.c' "$T/status"; then pass "carve: git status works"
  else fail "carve: git status works" "$(head -c 300 "$T/status")"; fi
  if in_repo git -c user.name=t -c user.email=t@t commit -qam x >"$T/commit" 2>&1; then
    fail "carve: git commit fails (.git is read-only)" "it committed"
  elif [ "$(git -C "$repo" rev-parse HEAD)" = "$head_before" ] && grep -q 'index.lock' "$T/commit"; then
    pass "carve: git commit fails (.git is read-only)"
  else fail "carve: git commit fails (.git is read-only)" "$(head -c 300 "$T/commit")"; fi
  # Issue 29: the record format carries the failing-run hint for a carved root, and none elsewhere.
  (cd "$repo" && "$policy_bin" argv --format record --launcher "$launcher" --set workspace="$repo" "$T/ws-policy.toml" \
    -- make) >"$T/record" 2>/dev/null
  if grep -q '"failure_hint": "the workspace root is read-only.*outputs = \[\\"build/\\"\].*landlock-policy learn' "$T/record"
  then pass "argv --format record: a carved workspace root gets the failure hint"
  else fail "argv --format record: a carved workspace root gets the failure hint" "$(head -c 300 "$T/record")"; fi
  "$policy_bin" argv --format record --launcher "$launcher" --set workspace="$WS" "$T/ws-policy.toml" -- make \
    >"$T/record" 2>/dev/null
  if grep -q '"failure_hint": ""}$' "$T/record"; then pass "argv --format record: no hint where nothing is carved"
  else fail "argv --format record: no hint where nothing is carved" "$(head -c 300 "$T/record")"; fi
  # Issue 29: on a terminal exec stays the parent: the exit status and a
  # signal death pass through, Ctrl-C reaches the command once, and a failure
  # in the carved root gets the hint; without a terminal it execs, no hint.
  (cd "$repo" && "$policy_bin" exec --launcher "$launcher" "$T/ws-policy.toml" -- sh -c 'exit 3') 2>"$T/err"
  rc=$?
  if [ "$rc" = 3 ] && ! grep -q 'exited 3' "$T/err"; then pass "exec without a terminal: the status, no hint"
  else fail "exec without a terminal: the status, no hint" "rc=$rc $(head -c 300 "$T/err")"; fi
  if ! command -v script >/dev/null 2>&1; then skip "exec on a terminal" "script(1) is not installed (util-linux)"
  else
    on_tty() { (cd "$repo" && script -qec "$1" /dev/null) </dev/null >"$T/tty" 2>&1; }
    e="'$policy_bin' exec --launcher '$launcher' '$T/ws-policy.toml' --"
    on_tty "$e sh -c 'exit 3'"
    rc=$?
    if [ "$rc" = 3 ] && grep -q "landlock-policy: the command exited 3; the workspace root is read-only.*outputs" "$T/tty"
    then pass "exec on a terminal: the status passes through, then the hint"
    else fail "exec on a terminal: the status passes through, then the hint" "rc=$rc $(head -c 300 "$T/tty")"; fi
    if command -v python3 >/dev/null 2>&1; then
      on_tty "python3 -c 'import subprocess, sys; print(\"rc=%d\" % subprocess.run(sys.argv[1:]).returncode)' $e sh -c 'kill -TERM \$\$'"
      if grep -q '^rc=-15' "$T/tty"; then pass "exec on a terminal: a signal death is re-raised (the parent dies of SIGTERM too)"
      else fail "exec on a terminal: a signal death is re-raised (the parent dies of SIGTERM too)" "$(head -c 300 "$T/tty")"; fi
    else skip "exec on a terminal: a signal death is re-raised" "python3 is not installed"; fi
    on_tty "sh -c \"$e sleep 30 & p=\\\$!; sleep 1; kill -TERM \\\$p; wait \\\$p; echo status=\\\$?\""
    if grep -q '^status=143' "$T/tty"; then pass "exec on a terminal: SIGTERM to exec reaches the command"
    else fail "exec on a terminal: SIGTERM to exec reaches the command" "$(head -c 300 "$T/tty")"; fi
    started=$(date +%s)
    { sleep 1; printf '\003'; sleep 2; } | (cd "$repo" && script -qec "sh -c \"trap '' INT; $e sleep 30; echo status=\\\$?\"" /dev/null) \
      >"$T/tty" 2>&1
    if grep -q 'status=130' "$T/tty" && [ $(($(date +%s) - started)) -lt 20 ]; then
      pass "exec on a terminal: Ctrl-C ends the command, and exec with it"
    else fail "exec on a terminal: Ctrl-C ends the command, and exec with it" "$(head -c 300 "$T/tty")"; fi
  fi
  # Issue 29: explain --short, a few lines: the carve said once, with its root.
  "$policy_bin" explain --short --launcher "$launcher" --set workspace="$repo" "$T/ws-policy.toml" >"$T/short" 2>/dev/null
  if [ "$(wc -l <"$T/short")" -le 8 ] && grep -q '^mode: workspace-write$' "$T/short" &&
    grep -q "^writable: $repo (read-only: its root, .*\.git.*; a new entry at the root needs outputs)" "$T/short" &&
    grep -q '^outputs: none$' "$T/short" && grep -q '^hidden: ' "$T/short" && grep -q '^network: ' "$T/short" &&
    grep -q '^scopes: ' "$T/short"
  then pass "explain --short: mode, writable, outputs, hidden, network and scopes in a few lines"
  else fail "explain --short: mode, writable, outputs, hidden, network and scopes in a few lines" "$(head -c 600 "$T/short")"; fi
  "$policy_bin" explain --launcher "$launcher" --set workspace="$repo" "$T/ws-policy.toml" >"$T/explain" 2>/dev/null
  if grep -q "^  $repo/.git  (.git: default)" "$T/explain" && grep -q "cost: git commit" "$T/explain"; then
    pass "carve: explain lists the carve and its cost"
  else fail "carve: explain lists the carve and its cost" "$(grep -A6 'read-only inside' "$T/explain")"; fi

  # Issue 23: a ro grant inside the workspace stays read-only; husky's
  # hooksPath, pre-commit's config and a submodule five levels down are
  # carved out (each was writable before).
  cat >"$T/ro-policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
ro = ["${WORKSPACE}/docs"]
TOML
  mkdir -p "$repo/docs" && echo doc >"$repo/docs/index.md"
  in_repo_ro() { (cd "$repo" && "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$T/ro-policy.toml" -- "$@"); }
  expect "carve: a write under a ro grant in the workspace is denied" EACCES in_repo_ro "$op" write "$repo/docs/index.md"
  expect "carve: a new file under a ro grant in the workspace is denied" EACCES in_repo_ro "$op" write "$repo/docs/new.md"
  expect "carve: the rest of the workspace stays writable beside a ro grant" ok in_repo_ro "$op" write "$repo/src/c.c"
  mkdir -p "$repo/.husky/_" && echo 'exit 0' >"$repo/.husky/pre-commit"
  git -C "$repo" config core.hooksPath .husky/_
  echo 'repos: []' >"$repo/.pre-commit-config.yaml"
  expect "carve: husky's hook (core.hooksPath) cannot be rewritten" EACCES in_repo "$op" write "$repo/.husky/pre-commit"
  expect "carve: a hook cannot be planted in husky's hooksPath folder" EACCES in_repo "$op" write "$repo/.husky/_/pre-commit"
  expect "carve: .pre-commit-config.yaml cannot be rewritten" EACCES in_repo "$op" write "$repo/.pre-commit-config.yaml"
  # husky in a monorepo's subfolder: its `_/h` stub runs frontend/.husky/pre-commit.
  mkdir -p "$repo/frontend/.husky/_" && echo 'exit 0' >"$repo/frontend/.husky/pre-commit"
  echo "export {}" >"$repo/frontend/index.js"
  git -C "$repo" config core.hooksPath frontend/.husky/_
  expect "carve: husky's hook in a monorepo subfolder cannot be rewritten" EACCES \
    in_repo "$op" write "$repo/frontend/.husky/pre-commit"
  expect "carve: beside husky's subfolder a file stays writable" ok in_repo "$op" write "$repo/frontend/index.js"
  git -C "$repo" config core.hooksPath .husky/_
  sub=$T/subsrc
  mkdir -p "$sub" && git -C "$sub" init -q && echo s >"$sub/s.c" && git -C "$sub" add . &&
    git -C "$sub" -c user.name=t -c user.email=t@t commit -qm init
  if git -C "$repo" -c protocol.file.allow=always submodule add -q "$sub" third_party/x/y/lib/sub >"$T/sub.log" 2>&1 &&
    [ -f "$repo/third_party/x/y/lib/sub/.git" ]; then
    expect "carve: a submodule's .git file five levels down cannot be rewritten" EACCES \
      in_repo "$op" write "$repo/third_party/x/y/lib/sub/.git"
    expect "carve: the submodule's files stay writable" ok in_repo "$op" append "$repo/third_party/x/y/lib/sub/s.c"
  else
    fail "carve: a submodule five levels down" "git submodule add failed: $(head -c 300 "$T/sub.log")"
  fi
else
  skip "carve workflows" "git is not installed (make deps installs it)"
fi

# Issue 22: the policy on standard input, and no main policy file reached
# through a folder a mode makes writable (an earlier run could rewrite it).
stdin_run() { "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" - -- "$@" <"$T/ws-policy.toml"; }
expect "stdin: exec - reads the policy from standard input (a denied write)" EACCES stdin_run "$op" write "$T/outside-stdin"
expect "stdin: exec - reads the policy from standard input (a landed write)" ok stdin_run "$op" write "$WS/inside-stdin"
printf 'version = 1\nmode = "bogus"\n' | "$policy_bin" check - >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 1 ] && grep -q '^<stdin>:2:8: error: unknown mode' "$T/err"; then pass "stdin: diagnostics name <stdin>"
else fail "stdin: diagnostics name <stdin>" "rc=$rc $(head -c 300 "$T/err")"; fi
"$policy_bin" learn --write "$T/new.toml" - -- true <"$T/ws-policy.toml" >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'learn --write NEW.toml extends a POLICY.toml file' "$T/err" && [ ! -e "$T/new.toml" ]; then
  pass "stdin: learn --write refuses - (its NEW.toml extends a file)"
else fail "stdin: learn --write refuses - (its NEW.toml extends a file)" "rc=$rc $(head -c 300 "$T/err")"; fi
# A planted danger-full-access policy, where an earlier workspace-write run
# (or a process it left running) could have put it: never obeyed.
printf 'version = 1\nmode = "danger-full-access"\n' >"$T/danger.toml"
shm=
if [ -d /dev/shm ] && [ -w /dev/shm ]; then shm=$(mktemp -d /dev/shm/llp-e2e.XXXXXX); fi
for where in "$WS" "$TMPDIR" ${shm:+"$shm"}; do
  cp "$T/danger.toml" "$where/planted.toml"
  ln -sf "$where/planted.toml" "$T/link-to-planted.toml"
  for name in "$where/planted.toml" "$T/link-to-planted.toml"; do
    "$policy_bin" argv --format json --launcher "$launcher" --set workspace="$WS" "$name" -- true >"$T/out" 2>"$T/err"
    rc=$?
    if [ "$rc" = 1 ] && [ ! -s "$T/out" ] && grep -q "lies inside .*which a confined command can write" "$T/err" &&
       grep -q 'threat model counts the grants of earlier runs' "$T/err"; then
      pass "a main policy file reached through $where is refused (${name##*/})"
    else fail "a main policy file reached through $where is refused (${name##*/})" "rc=$rc $(head -c 300 "$T/err")"; fi
  done
  "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$where/planted.toml" -- "$op" read "$HOME/.ssh/id_ed25519" >"$T/out" 2>/dev/null
  if [ ! -s "$T/out" ]; then pass "exec of a planted policy in $where runs nothing"; else fail "exec of a planted policy in $where runs nothing" "$(cat "$T/out")"; fi
  rm -f "$where/planted.toml"
done
[ -n "$shm" ] && rm -rf "$shm"
[ -n "$shm" ] || skip "a main policy file in /dev/shm is refused" "/dev/shm is not a writable folder here"
# explain, why and check run nothing: they answer for a policy in the workspace, with the warning.
cp "$T/ws-policy.toml" "$WS/in-ws.toml"
for sub in explain check "why $HOME/.ssh/id_ed25519"; do
  # shellcheck disable=SC2086 # $sub is the subcommand and its arguments, split on purpose
  set -- $sub
  cmd=$1
  shift
  "$policy_bin" "$cmd" --launcher "$launcher" --set workspace="$WS" "$WS/in-ws.toml" "$@" >"$T/out" 2>"$T/err"
  rc=$?
  if [ "$rc" = 0 ] && grep -q 'warning: the policy file .*lies inside the workspace' "$T/err"; then
    pass "$cmd answers for a policy in the workspace, with a warning"
  else fail "$cmd answers for a policy in the workspace, with a warning" "rc=$rc $(head -c 300 "$T/err")"; fi
done
rm -f "$WS/in-ws.toml"
# init NAME writes ~/.config/landlock-policy/NAME.toml; a FILE in the
# workspace (the current folder) or ${TMPDIR} is refused with the hint.
if (cd "$WS" && "$policy_bin" init --mode workspace-write build) 2>"$T/err" &&
   [ -f "$HOME/.config/landlock-policy/build.toml" ] &&
   grep -q "wrote $HOME/.config/landlock-policy/build.toml" "$T/err" &&
   (cd "$WS" && "$policy_bin" check --set workspace="$WS" "$HOME/.config/landlock-policy/build.toml") 2>"$T/err"; then
  pass "init NAME writes ~/.config/landlock-policy/NAME.toml, which checks"
else fail "init NAME writes ~/.config/landlock-policy/NAME.toml, which checks" "$(head -c 300 "$T/err")"; fi
for file in ./build.toml "$WS/sub/../build2.toml" "$TMPDIR/build.toml"; do
  (cd "$WS" && "$policy_bin" init --mode workspace-write "$file") 2>"$T/err"
  rc=$?
  if [ "$rc" = 2 ] && [ ! -e "$WS/build.toml" ] && [ ! -e "$WS/build2.toml" ] && [ ! -e "$TMPDIR/build.toml" ] &&
     grep -q 'threat model counts the grants of earlier runs' "$T/err"; then
    pass "init refuses $file (inside the workspace or \${TMPDIR})"
  else fail "init refuses $file (inside the workspace or \${TMPDIR})" "rc=$rc $(head -c 300 "$T/err")"; fi
done
# init asks the compile's own query where a run may write: the workspace
# --set names counts too (a compile with it would refuse the file). And it
# reads HOME as a compile does: a relative HOME is said, escaped.
mkdir -p "$T/other-ws"
(cd "$WS" && "$policy_bin" init --mode custom --set workspace="$T/other-ws" "$T/other-ws/p.toml") 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && [ ! -e "$T/other-ws/p.toml" ] && grep -q "lies inside the workspace $T/other-ws" "$T/err"; then
  pass "init refuses a FILE in the workspace --set names"
else fail "init refuses a FILE in the workspace --set names" "rc=$rc $(head -c 300 "$T/err")"; fi
esc=$(printf '\033')
(cd "$WS" && HOME="rel${esc}[31m" "$policy_bin" init --mode custom starter) 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'HOME is not an absolute path (`rel' "$T/err" && ! grep -q "$esc" "$T/err"; then
  pass "init NAME with a relative HOME: refused, HOME escaped"
else fail "init NAME with a relative HOME: refused, HOME escaped" "rc=$rc $(head -c 300 "$T/err")"; fi
# Outputs, a workspace inside TMPDIR, the TMPDIR .git warning, presets on a
# fresh HOME (issue 23): a world of their own.
sh "$root/tests/compiler/outputs.sh" "$policy_bin" "$launcher"
sh "$root/tests/compiler/outputs-tools.sh" "$policy_bin" "$launcher"
# The builds workspace-write knows by itself (issue 29): a world of its own.
sh "$root/tests/compiler/detect.sh" "$policy_bin" "$launcher"
