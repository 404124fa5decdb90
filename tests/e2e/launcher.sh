#!/bin/sh
# End-to-end tests of the static launcher on the running kernel.
#
#   sh launcher.sh LAUNCHER PAYLOAD_DIR
#
# POSIX sh using only busybox applets and the static payloads, so the very
# same script runs on the host (make check) and inside the qemu kernel matrix
# (tests/kernels). It reads the kernel's Landlock ABI from --probe and the
# kernel itself (payload `abi`), never from a hard-coded host value, and
# checks ABI-dependent behaviour both ways: enforced where the ABI governs
# it, explicitly NOT enforced (documented partial enforcement) below.
#
# Environment:
#   EXPECT_ABI=N          the probe must report abi=N (set by the kernel matrix)
#   EXPECT_NO_LANDLOCK=1  the kernel has no Landlock: everything must fail closed
#   BUSYBOX=PATH          a static busybox for the minimal-root test
#
# Output: "PASS name", "FAIL name: why", "SKIP name: reason" lines, then
# "N passed, N failed, N skipped". Exit 1 on any failure.
set -u
case $1 in /*) L=$1 ;; *) L=$PWD/$1 ;; esac
case $2 in /*) P=$2 ;; *) P=$PWD/$2 ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/llr-e2e.XXXXXX") || exit 1
trap 'rm -rf "$T"; [ -n "${bg_pids:-}" ] && kill $bg_pids 2>/dev/null' EXIT
bg_pids=
# pass/fail/skip and the closing line: tests/lib/report.sh, beside this
# script in the tree and in the qemu kernels' initramfs alike.
# shellcheck source=tests/lib/report.sh
. "$(dirname "$0")/../lib/report.sh"
finish() {
  report_totals
  exit $?
}

# run CMD...: sets $rc, $out (stdout) and $err (stderr) of CMD.
run() {
  "$@" >"$T/.out" 2>"$T/.err"
  rc=$?
  out=$(cat "$T/.out")
  err=$(cat "$T/.err")
}

# expect NAME RC OUT: the last run exited RC and printed exactly OUT.
expect() {
  if [ "$rc" = "$2" ] && [ "$out" = "$3" ]; then pass "$1"
  else fail "$1" "expected rc=$2 out='$3', got rc=$rc out='$out' err='$err'"; fi
}

# expect_refused NAME MARKER [STDERR-TEXT]: the launcher failed (125) with
# one "landlock-run: " line, and the command (which would create MARKER) never ran.
expect_refused() {
  if [ "$rc" != 125 ]; then fail "$1" "expected exit 125, got $rc (err='$err')"
  elif [ -e "$2" ]; then fail "$1" "the command ran: $2 exists"
  elif [ "$(printf '%s\n' "$err" | grep -c .)" != 1 ] || [ "${err#landlock-run: }" = "$err" ]; then
    fail "$1" "expected one 'landlock-run: ' line on stderr, got '$err'"
  elif [ -n "${3:-}" ] && [ "${err#*"$3"}" = "$err" ]; then fail "$1" "stderr lacks '$3': '$err'"
  else pass "$1"; fi
}

contains() { [ "${1#*"$2"}" != "$1" ]; }

op=$P/op
mkdir "$T/w" "$T/ro" && echo data >"$T/ro/file" || exit 1

# ---- A kernel without Landlock: nothing may ever run.
if [ "${EXPECT_NO_LANDLOCK:-0}" = 1 ]; then
  run "$L" --probe
  if [ "$rc" != 0 ] && contains "$out" "enforcement=none"; then pass "no-landlock: --probe fails"
  else fail "no-landlock: --probe fails" "rc=$rc out='$out'"; fi
  run "$L" --ro / --rw "$T" -- "$op" write "$T/canary"
  expect_refused "no-landlock: confined command never runs" "$T/canary" "Landlock is not available"
  run "$L" --best-effort --ro / --rw "$T" -- "$op" write "$T/canary2"
  expect_refused "no-landlock: --best-effort does not run unconfined either" "$T/canary2" "Landlock is not available"
  run "$L" -- "$op" write "$T/canary3"
  expect_refused "no-landlock: no grants, still refused" "$T/canary3" "Landlock is not available"
  finish
fi

# ---- Canary: a write that must be denied IS denied. If not, nothing below
# can be trusted, so the suite stops here as a failure.
run "$L" --ro / -- "$op" write "$T/canary"
if [ "$rc" = 1 ] && [ "$out" = EACCES ] && [ ! -e "$T/canary" ]; then pass "canary: a denied write is denied"
else
  fail "canary: a denied write is denied" "rc=$rc out='$out' err='$err'; enforcement is not happening"
  finish
fi

# ---- Probe: matches what the kernel itself reports.
run "$L" --probe
kernel_abi=$("$P/abi")
[ "$kernel_abi" -gt 11 ] 2>/dev/null && kernel_abi=11  # the newest ABI the launcher knows
abi=$(printf '%s\n' "$out" | sed -n 's/^landlock-run [^ ]* abi=\([0-9]*\) .*/\1/p')
version=$(printf '%s\n' "$out" | sed -n 's/^landlock-run \([^ ]*\) .*/\1/p')
if [ "$abi" -ge 5 ] 2>/dev/null; then enforcement=full; else enforcement=partial; fi
if [ "$rc" = 0 ] && [ -n "$abi" ] && [ "$abi" = "$kernel_abi" ] && contains "$out" " enforcement=$enforcement fs=$enforcement "; then
  pass "probe: abi=$abi enforcement=$enforcement, as the kernel reports"
else fail "probe: reports the kernel's ABI" "rc=$rc out='$out' kernel abi='$kernel_abi'"; fi
[ -n "$abi" ] || { fail "probe: line parses" "no abi in '$out'"; finish; }
if [ -n "${EXPECT_ABI:-}" ]; then
  if [ "$abi" = "$EXPECT_ABI" ]; then pass "probe: abi is the expected $EXPECT_ABI"
  else fail "probe: abi is the expected $EXPECT_ABI" "got $abi"; fi
fi
# The fields of the ABIs that add a feature the probe reports (launcher/abi.h's table).
want_fields=
for field in 4:tcp 7:audit 9:pathname-unix 10:udp 11:atomic-nnp; do
  if [ "$abi" -ge "${field%%:*}" ]; then want_fields="$want_fields ${field#*:}=yes"; else want_fields="$want_fields ${field#*:}=no"; fi
done
missing=
for field in $want_fields; do contains "$out " " $field " || missing="$missing $field"; done
if [ -z "$missing" ]; then pass "probe: fields as ABI $abi has them:$want_fields"
else fail "probe: fields as ABI $abi has them" "missing$missing in '$out'"; fi
# The errata: the kernel's own answer (the abi payload asks it), "unknown" where it predates the query.
kernel_errata=$("$P/abi" errata)
errata=$(printf '%s\n' "$out" | sed -n 's/.* errata=\([^ ]*\) fixes=[a-z0-9,-]*$/\1/p')
if [ -n "$errata" ] && [ "$errata" = "$kernel_errata" ]; then pass "probe: errata=$errata, as the kernel reports"
else fail "probe: errata as the kernel reports" "kernel '$kernel_errata', probe line '$out'"; fi
run "$L" --version
if [ "$rc" = 0 ] && [ "${out%% source-sha256=*}" = "landlock-run $version" ]; then pass "--version matches the probe's version"
else fail "--version matches the probe's version" "rc=$rc out='$out'"; fi
if "$L" --probe >&- 2>/dev/null; then fail "probe: a lost report is a failure" "exit 0 with stdout closed"
else pass "probe: a lost report is a failure"; fi
run "$L" --help
if [ "$rc" = 0 ] && contains "$out" "usage: landlock-run"; then pass "--help"; else fail "--help" "rc=$rc"; fi
# Each flag's ABI comes from launcher/abi.h, the flags skipped below theirs (kSkippedFlags) included.
for want in "beneath PATH; older kernels allow all (ABI 9)" "else skipped (ABI 6)" "restrict UDP with no port granted (ABI 10)"; do
  if contains "$out" "$want"; then pass "--help names the ABI: $want"; else fail "--help names the ABI" "no '$want' in '$out'"; fi
done

# ---- Writes: denied outside --rw (EACCES, nothing on disk), allowed inside.
run "$L" --ro / -- sh -c "echo x > '$T/shell-denied'"
if [ "$rc" != 0 ] && [ ! -e "$T/shell-denied" ] && contains "$err" "Permission denied"; then
  pass "write outside --rw: Permission denied, no file"
else fail "write outside --rw: Permission denied, no file" "rc=$rc err='$err'"; fi
run "$L" --ro / --rw "$T/w" -- "$op" write "$T/w/landed"
if [ "$rc" = 0 ] && [ "$(cat "$T/w/landed" 2>/dev/null)" = x ]; then pass "write under --rw lands"
else fail "write under --rw lands" "rc=$rc out='$out' err='$err'"; fi
run "$L" --ro / --rw "$T/w" -- "$op" write "$T/ro/new"
expect "create beside a --rw grant, under --ro only: EACCES" 1 EACCES
run "$L" --ro / --rw "$T/w" -- "$op" mkdir "$T/ro/d"
expect "mkdir under --ro only: EACCES" 1 EACCES
run "$L" --ro / --rw "$T/w" -- "$op" unlink "$T/ro/file"
expect "unlink under --ro only: EACCES" 1 EACCES
run "$L" --ro "$P" --ro "$T" -- "$op" read "$T/ro/file"
expect "read under --ro" 0 ok
run "$L" --ro "$P" --ro "$T/w" -- "$op" read "$T/ro/file"
expect "read outside every grant: EACCES" 1 EACCES
run "$L" --ro / --rw "$T/ro/file" -- "$op" append "$T/ro/file"
expect "--rw on a file: write that file" 0 ok
run "$L" --ro / --rw "$T/ro/file" -- "$op" write "$T/ro/sibling"
expect "--rw on a file: nothing beside it" 1 EACCES

# ---- Exec and exit statuses.
run "$L" --ro "$T" -- "$P/true"
if [ "$rc" = 126 ] && contains "$err" "Permission denied"; then pass "exec outside every grant: 126"
else fail "exec outside every grant: 126" "rc=$rc err='$err'"; fi
run "$L" -- "$P/true"
if [ "$rc" = 126 ]; then pass "no grant at all denies everything (even exec): 126"
else fail "no grant at all denies everything (even exec): 126" "rc=$rc err='$err'"; fi
run "$L" --ro / -- "$T/no-such-binary"
expect "command not found (path): 127" 127 ""
run "$L" --ro / -- no-such-command-llr
expect "command not found (PATH lookup): 127" 127 ""
run "$L" --ro / -- "$op" nnp
expect "PATH-less command with slash runs" 0 1
run "$L" --ro / -- sh -c 'exit 7'
expect "the command's exit status is the launcher's" 7 ""
run "$L" --ro / -- sh -c 'kill -TERM $$'
if [ "$rc" = 143 ]; then pass "a signal death propagates"; else fail "a signal death propagates" "rc=$rc"; fi
"$L" --ro / -- sh -c 'echo $$' >"$T/pid" &
launcher_pid=$!
wait "$launcher_pid"
if [ "$(cat "$T/pid")" = "$launcher_pid" ]; then pass "exec in place: same PID"
else fail "exec in place: same PID" "launcher $launcher_pid, command $(cat "$T/pid")"; fi
run env LLR_TEST_VALUE='a b=c' "$L" --ro / -- sh -c 'printf %s "$LLR_TEST_VALUE"'
expect "the environment passes unchanged" 0 "a b=c"

# ---- no_new_privs and inherited file descriptors.
run "$L" --ro / -- "$op" nnp
expect "no_new_privs is set (prctl)" 0 1
run "$L" --ro / -- grep NoNewPrivs /proc/self/status
if [ "$rc" = 0 ] && contains "$out" "NoNewPrivs:" && contains "$out" "1"; then pass "no_new_privs is set (/proc/self/status)"
else fail "no_new_privs is set (/proc/self/status)" "rc=$rc out='$out'"; fi
run "$L" --ro / -- "$P/fds" 7<"$T/ro/file"
expect "inherited fds above 2 are closed at exec" 0 ""
baseline=$("$P/fds" 7<"$T/ro/file")
run "$L" --keep-fds --ro / -- "$P/fds" 7<"$T/ro/file"
if [ "$rc" = 0 ] && [ "$out" = "$baseline" ] && contains "$out" 7; then
  pass "--keep-fds keeps them, and the launcher adds no fd of its own"
else fail "--keep-fds keeps them, and the launcher adds no fd of its own" "baseline='$baseline' got='$out'"; fi

# ---- Grant paths: errors, -try, symlinks, relative paths.
run "$L" --ro / --rw "$T" --ro "$T/missing" -- "$op" write "$T/m1"
expect_refused "missing grant path: 125, nothing runs" "$T/m1" "landlock-run: --ro $T/missing: No such file or directory"
run "$L" --ro / --rw "$T" --ro-try "$T/missing" --rw-try "$T/missing2" -- "$op" write "$T/w/m2"
expect "--ro-try/--rw-try skip a missing path" 0 ok
run "$L" --ro / --rw "$T" --ro-try "$T/ro/file/sub" -- "$op" write "$T/m3"
expect_refused "-try still fails on other errors (ENOTDIR)" "$T/m3" "Not a directory"
ln -s "$T/nowhere" "$T/dangling"
run "$L" --ro / --rw "$T" --ro "$T/dangling" -- "$op" write "$T/m4"
expect_refused "dangling symlink grant: 125" "$T/m4"
mkdir "$T/real" && ln -s "$T/real" "$T/link"
run "$L" --ro / --rw "$T/link" -- "$op" write "$T/real/via-link"
expect "a grant on a symlink grants its target" 0 ok
mkdir "$T/rel"
run sh -c "cd '$T' && exec '$L' --ro / --rw ./rel -- '$op' write '$T/rel/f'"
expect "a relative PATH is resolved against the working directory" 0 ok
run "$L" --ro "" -- "$op" write "$T/m5"
expect_refused "empty PATH: 125" "$T/m5" "empty PATH"
long=$(printf "%05000d" 0)
run "$L" --ro "/$long" -- "$op" write "$T/m6"
expect_refused "PATH too long: 125" "$T/m6" "too long"
run sh -c "echo | '$L' --status-fd 3 --ro /proc/self/fd/0 -- '$op' write '$T/m7' 3>'$T/status-add-rule'"
expect_refused "a pipe cannot carry a rule: 125, the step named" "$T/m7" \
  "landlock-run: add_rule --ro /proc/self/fd/0: cannot carry a Landlock rule"
if contains "$(cat "$T/status-add-rule")" '"confined":false,"exit":125,"error":"add_rule --ro /proc/self/fd/0: cannot carry'; then
  pass "--status-fd: a failed step of the restriction is named (add_rule)"
else fail "--status-fd: a failed step of the restriction is named" "status='$(cat "$T/status-add-rule")'"; fi
run "$L" --ro /proc/self/ns/net -- "$op" write "$T/m8"
expect_refused "an nsfs file cannot carry a rule: 125" "$T/m8" "cannot carry a Landlock rule"

# ---- --no-symlinks: the grants after it refuse a symlink anywhere on their
# path (openat2 RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS). $R is $T with
# every symlink resolved, so that a TMPDIR reached through one cannot make
# the legitimate grants fail. Markers land in the granted target: a launcher
# that wrongly accepted the grant would run the command, and it would write.
R=$(cd "$T" && pwd -P)
mkdir "$R/ns" "$R/ns/real" "$R/ns/real/sub" && echo data >"$R/ns/real/file" || exit 1
ln -s "$R/ns/real" "$R/ns/link" && ln -s "$R/ns/nowhere" "$R/ns/dangling" || exit 1
run "$L" --no-symlinks --ro / --rw "$R/ns/link" -- "$op" write "$R/ns/real/n1"
expect_refused "--no-symlinks: a grant on a symlink: 125" "$R/ns/real/n1" \
  "landlock-run: --rw $R/ns/link: a symbolic link on the path (refused by --no-symlinks)"
run "$L" --ro / --rw "$R/ns/link" -- "$op" write "$R/ns/real/n2"
expect "--no-symlinks: the same grant without it grants the target" 0 ok
run "$L" --no-symlinks --ro / --rw "$R/ns/link/sub" -- "$op" write "$R/ns/real/sub/n3"
expect_refused "--no-symlinks: a symlink in an intermediate component: 125" "$R/ns/real/sub/n3" \
  "--rw $R/ns/link/sub: a symbolic link on the path"
run "$L" --no-symlinks --ro / --rw "/proc/self/root$R/ns/real" -- "$op" write "$R/ns/real/n4"
expect_refused "--no-symlinks: a magic link (/proc/self/root/...): 125" "$R/ns/real/n4" "(refused by --no-symlinks)"
run "$L" --no-symlinks --ro / --rw "$R/ns/real" --ro-try "$R/ns/missing" --rw-try "$R/ns/missing2" -- \
  "$op" write "$R/ns/real/n5"
expect "--no-symlinks: -try still skips a missing path" 0 ok
run "$L" --no-symlinks --ro / --rw "$R/ns/real" --rw-try "$R/ns/link" -- "$op" write "$R/ns/real/n6"
expect_refused "--no-symlinks: -try on a symlink is still fatal" "$R/ns/real/n6" "refused by --no-symlinks"
run "$L" --no-symlinks --ro / --rw "$R/ns/real" --ro-try "$R/ns/dangling" -- "$op" write "$R/ns/real/n7"
expect_refused "--no-symlinks: -try on a dangling symlink is fatal, not skipped" "$R/ns/real/n7" "refused by --no-symlinks"
run "$L" --ro "$P" --no-symlinks --ro "$R/ns/real" -- "$op" read "$R/ns/real/file"
expect "--no-symlinks: a real directory is granted (read)" 0 ok
run "$L" --ro "$P" --no-symlinks --rw "$R/ns/real" -- "$op" write "$R/ns/real/n8"
expect "--no-symlinks: a real directory is granted (write inside)" 0 ok
run "$L" --ro "$P" --no-symlinks --rw "$R/ns/real" -- "$op" write "$R/ns/outside"
expect "--no-symlinks: write outside the real directory: EACCES" 1 EACCES
run "$L" --ro / --rw "$R/ns/link" --no-symlinks --rw "$R/ns/real/sub" -- "$op" write "$R/ns/real/n9"
expect "--no-symlinks: a grant before it may still name a symlink" 0 ok
run "$P/escape-failsys" 437 38 any "$L" --no-symlinks --ro / --rw "$R/ns/real" -- "$op" write "$R/ns/real/n10"
expect_refused "--no-symlinks: no openat2 (ENOSYS): 125" "$R/ns/real/n10" "landlock-run: --ro /: openat2 is not available"

# ---- Fail closed: with the Landlock syscalls made to fail (a seccomp filter),
# the launcher exits 125 and the command never runs.
# Each errno is explained in words; EPERM (never the kernel's answer to the
# version query) names the seccomp filter that probably caused it, and so does
# ENOSYS when the process has a seccomp filter (here, the payload's).
for errno_case in "38 ENOSYS unsupported this_process's_seccomp_filter_may_be_hiding_Landlock" \
  "95 EOPNOTSUPP disabled it_is_disabled_at_boot" "1 EPERM blocked a_seccomp_filter_probably_blocks"; do
  set -- $errno_case
  why=$(echo "$4" | tr _ ' ')
  run "$P/no-landlock" "$1" "$L" --ro / --rw "$T" -- "$op" write "$T/failclosed-$2"
  expect_refused "fail closed when Landlock syscalls fail with $2, saying why" "$T/failclosed-$2" \
    "landlock-run: Landlock is not available: $why"
  run "$P/no-landlock" "$1" "$L" --probe
  if [ "$rc" = 125 ] && contains "$out" "enforcement=none error=$3"; then pass "probe fails when Landlock syscalls fail with $2"
  else fail "probe fails when Landlock syscalls fail with $2" "rc=$rc out='$out'"; fi
done
set --

# ---- Bad command lines: 125, one line, the command never runs.
run "$L" --bogus -- "$op" write "$T/m9"
expect_refused "unknown flag: 125" "$T/m9" "unknown option"
run "$L" --ro / "$op" write "$T/m10"
expect_refused "missing --: 125" "$T/m10"
run "$L" --ro /
expect_refused "missing -- and command: 125" "$T/m11" "missing '--'"
run "$L" --ro / --
expect_refused "no command after --: 125" "$T/m12" "no COMMAND"
run "$L" --ro -- "$op" write "$T/m13"
expect_refused "flag without its value: 125" "$T/m13" "needs a value"
run "$L" --expect-version 0.0.0-other --ro / --rw "$T" -- "$op" write "$T/m14"
expect_refused "--expect-version mismatch: 125" "$T/m14" "this argv was generated for another launcher"
run "$L" --expect-version "$version" --ro / --rw "$T/w" -- "$op" write "$T/w/m15"
expect "--expect-version match runs" 0 ok
run "$L" --require-abi "$abi" --ro / --rw "$T/w" -- "$op" write "$T/w/m16"
expect "--require-abi equal to the kernel's runs" 0 ok
if [ "$abi" -lt 11 ]; then
  run "$L" --require-abi $((abi + 1)) --ro / --rw "$T" -- "$op" write "$T/m17"
  expect_refused "--require-abi above the kernel's: 125" "$T/m17" "is required"
else skip "--require-abi above the kernel's" "the kernel has the newest ABI the launcher knows"; fi

# ---- --status-fd: one JSON line a harness can trust, then EOF; never inherited.
run "$L" --ro / --status-fd 3 -- "$P/fds" 3>"$T/status1"
status=$(cat "$T/status1")
if [ "$rc" = 0 ] && [ -z "$out" ] && contains "$status" '{"confined":true,"abi":'"$abi"',"enforcement":"'; then
  pass "--status-fd: confined:true before exec, and the command does not hold the fd"
else fail "--status-fd: confined:true before exec" "rc=$rc fds='$out' status='$status' err='$err'"; fi
run "$L" --keep-fds --ro / --status-fd 3 -- "$P/fds" 3>"$T/status2"
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -qx 3; then pass "--status-fd: not inherited even with --keep-fds"
else fail "--status-fd: not inherited even with --keep-fds" "rc=$rc fds='$out'"; fi
run "$L" --status-fd 3 --ro "$T/nothing-here" -- "$op" write "$T/m-st" 3>"$T/status3"
status=$(cat "$T/status3")
expect_refused "--status-fd: a launcher failure is 125" "$T/m-st" "No such file or directory"
if [ "$status" = '{"confined":false,"exit":125,"error":"--ro '"$T"'/nothing-here: No such file or directory"}' ]; then
  pass "--status-fd: a launcher failure says confined:false and why"
else fail "--status-fd: a launcher failure says confined:false" "status='$status'"; fi
run "$L" --ro / --status-fd 3 -- "$T/no-such-command" 3>"$T/status4"
status=$(cat "$T/status4")
if [ "$rc" = 127 ] && contains "$status" '"confined":true' && contains "$status" '{"exec_failed":true,"exit":127,'; then
  pass "--status-fd: a command that cannot be run adds exec_failed (127)"
else fail "--status-fd: a command that cannot be run adds exec_failed" "rc=$rc status='$status'"; fi
run "$L" --ro / --status-fd 3 -- /bin/sh -c 'echo "landlock-run: fake: failure" >&2; exit 125' 3>"$T/status5"
status=$(cat "$T/status5")
if [ "$rc" = 125 ] && [ "$(printf '%s\n' "$status" | grep -c .)" = 1 ] && contains "$status" '"confined":true'; then
  pass "--status-fd: a command imitating the launcher (125) is still confined:true, one line"
else fail "--status-fd: a command imitating the launcher" "rc=$rc status='$status'"; fi
run "$L" --status-fd 9 --ro / -- "$op" write "$T/m-st9"
expect_refused "--status-fd: a closed descriptor is refused" "$T/m-st9" "--status-fd: Bad file descriptor"
run "$L" --status-fd 3 --ro "$(printf '/q"\\\033')" -- "$op" write "$T/m-stq" 3>"$T/status6"
status=$(cat "$T/status6")
if [ "$status" = '{"confined":false,"exit":125,"error":"--ro /q\"\\?: No such file or directory"}' ]; then
  pass "--status-fd: JSON escapes quote and backslash, masks controls"
else fail "--status-fd: JSON escaping" "status='$status'"; fi

# ---- The environment: --clearenv, --keepenv, --unsetenv, --setenv, in argv order.
run env GH_TOKEN=t1 MY_SECRET=s1 KEEP=k "$L" --ro / --unsetenv '*TOKEN*' --unsetenv '*SECRET*' -- /bin/sh -c 'echo "${GH_TOKEN-unset} ${MY_SECRET-unset} $KEEP"'
expect "--unsetenv PATTERN removes matching variables, keeps the rest" 0 "unset unset k"
run env -i LC_X=c OTHER=o "$L" --ro / --clearenv --keepenv 'LC_*' --setenv A 'a b' --setenv A 'c d' -- /bin/sh -c 'echo "${LC_X-} ${OTHER-unset} $A"'
expect "--clearenv keeps what --keepenv names; a later --setenv wins" 0 "c unset c d"
run env -i TOKEN_X=1 "$L" --ro / --setenv TOKEN_Y 2 --unsetenv 'TOKEN_*' --setenv TOKEN_Z 3 -- /bin/sh -c 'echo "${TOKEN_X-u}${TOKEN_Y-u}${TOKEN_Z-u}"'
expect "environment flags apply in argv order" 0 "uu3"
run "$L" --ro / --keepenv 'LC_*' -- "$op" write "$T/m-env"
expect_refused "--keepenv without --clearenv: 125" "$T/m-env" "needs --clearenv"
run env -i PATH=/nowhere "$L" --ro / --rw "$T/w" --clearenv --setenv PATH "$(dirname "$op")" -- "$(basename "$op")" write "$T/w/m-path"
expect "the command is searched in the PATH it gets" 0 ok

# ---- Mistakes get a hint; 126 and 127 say the command could not be run.
run "$L" --rw-tyr "$T" -- "$op" write "$T/m-h1"
expect_refused "hint: a mistyped flag names the nearest" "$T/m-h1" "unknown option; the nearest is --rw-try"
run "$L" --ro=/ -- "$op" write "$T/m-h2"
expect_refused "hint: --ro=PATH" "$T/m-h2" "write --ro PATH, not --ro=PATH"
# shellcheck disable=SC2088 # an unexpanded ~ is the point
run "$L" --ro '~/src' -- "$op" write "$T/m-h3"
expect_refused "hint: an unexpanded ~" "$T/m-h3" "which no shell expanded"
run "$L" --ro "/usr,/etc" -- "$op" write "$T/m-h4"
expect_refused "hint: a comma list is one literal path" "$T/m-h4" "repeat the flag for each path"
run "$L" -- "$op" write "$T/m-h5"
if [ "$rc" = 126 ] && contains "$err" "landlock-run: cannot run $op: Permission denied (no grant at all"; then
  pass "126 with no grant at all says nothing is executable"
else fail "126 with no grant at all" "rc=$rc err='$err'"; fi
run "$L" --ro / -- "$T/no-such-command"
err=$(printf '%s\n' "$err" | grep -v '^landlock-run: notice: ')  # below ABI 5 the partial-enforcement notice comes first
if [ "$rc" = 127 ] && [ "$err" = "landlock-run: cannot run $T/no-such-command: No such file or directory" ]; then
  pass "127 says the command could not be run"
else fail "127 says the command could not be run" "rc=$rc err='$err'"; fi

# ---- The probe tells the truth with SIGCHLD ignored (inherited SIG_IGN).
run "$P/sigchld-ignored" "$L" --probe
if [ "$rc" = 0 ] && contains "$out" "abi=$abi enforcement="; then pass "--probe with SIGCHLD ignored reports the truth"
else fail "--probe with SIGCHLD ignored" "rc=$rc out='$out' err='$err'"; fi

# ---- The error line cannot forge a terminal escape: C0 controls, C1 controls
# (U+0080..U+009F in UTF-8) and bytes that are not UTF-8 (a raw 0x9b is CSI)
# show as '?'; valid UTF-8 (here "é€") is kept.
run "$L" --ro "$(printf '/nope-\033[31m-\302\233[0m-\233-\303\251\342\202\254')" -- "$op" write "$T/m-esc"
expect_refused "error line: C0, C1 and non-UTF-8 bytes masked, UTF-8 kept" "$T/m-esc" \
  "$(printf 'landlock-run: --ro /nope-?[31m-?[0m-?-\303\251\342\202\254: No such file or directory')"

# ---- Scale: 10 000 grants, with a low fd limit (fds are closed as it goes).
# (mktemp names have no blanks or glob characters: plain word splitting is safe)
set -f
# shellcheck disable=SC2046
set -- $(i=0; while [ $i -lt 10000 ]; do echo "--ro $T/ro"; i=$((i + 1)); done)
set +f
run sh -c 'ulimit -n 32 && exec "$@"' sh "$L" "$@" --ro / --rw "$T/w" -- "$op" write "$T/w/big"
expect "10 000 grants under ulimit -n 32" 0 ok
set --

# ---- Nesting: 16 layers work, the 17th fails in words.
set --
i=0
while [ $i -lt 16 ]; do set -- "$@" "$L" --ro / --; i=$((i + 1)); done
run "$@" "$P/true"
expect "16 nested launchers run" 0 ""
run "$L" --ro / --rw "$T" -- "$@" "$op" write "$T/m18"
err=$(printf '%s\n' "$err" | grep -v '^landlock-run: notice: ')  # the 16 outer ones did exec
expect_refused "the 17th nested layer fails with a clear message naming the step" "$T/m18" \
  "landlock-run: restrict_self: too many nested Landlock layers"
set --
run "$L" --ro / --rw "$T/w" -- "$L" --ro / -- "$op" write "$T/w/nested"
expect "a nested launcher only narrows (outer --rw, inner --ro)" 1 EACCES

# ---- Rename/link across grants (REFER, ABI 2): refused, both sides unchanged.
echo keep >"$T/ro/keep"
run "$L" --ro / --rw "$T/w" -- "$op" rename "$T/ro/keep" "$T/w/stolen"
if [ "$rc" = 1 ] && [ "$(cat "$T/ro/keep")" = keep ] && [ ! -e "$T/w/stolen" ]; then pass "rename out of a --ro grant is refused"
else fail "rename out of a --ro grant is refused" "rc=$rc out='$out'"; fi
run "$L" --ro / --rw "$T/w" -- "$op" link "$T/ro/keep" "$T/w/hardlink"
if [ "$rc" = 1 ] && [ ! -e "$T/w/hardlink" ]; then pass "hard link of a --ro file into a --rw folder is refused"
else fail "hard link of a --ro file into a --rw folder is refused" "rc=$rc out='$out'"; fi

# ---- Truncate (ABI 3): enforced from ABI 3; below, explicitly NOT enforced.
echo long >"$T/ro/trunc"
run "$L" --ro / -- "$op" truncate "$T/ro/trunc"
if [ "$abi" -ge 3 ]; then
  expect "truncate outside --rw: EACCES (ABI >= 3)" 1 EACCES
  run "$L" --ro / --rw "$T/ro/trunc" -- "$op" truncate "$T/ro/trunc"
  expect "truncate under --rw (ABI >= 3)" 0 ok
else
  if [ "$rc" = 0 ] && [ ! -s "$T/ro/trunc" ]; then
    pass "truncate outside --rw is NOT denied on ABI $abi: documented partial enforcement"
  else fail "truncate on ABI $abi behaves as documented (not governed)" "rc=$rc out='$out'"; fi
fi
run "$L" --ro / -- "$op" ioctl-dev /dev/null
if [ "$abi" -ge 5 ]; then
  expect "device ioctl outside --rw: EACCES (ABI >= 5)" 1 EACCES
  run "$L" --ro / --rw /dev/null -- "$op" ioctl-dev /dev/null
  expect "device ioctl under --rw (ABI >= 5)" 0 ok
else
  expect "device ioctl is NOT governed on ABI $abi: documented partial enforcement" 0 ok
fi
run "$L" --ro / --rw "$T/w" -- "$op" write "$T/w/notice"
if [ "$abi" -ge 5 ]; then
  if [ -z "$err" ]; then pass "full enforcement: no notice on stderr"; else fail "full enforcement: no notice" "err='$err'"; fi
elif contains "$err" "partial enforcement on Landlock ABI $abi"; then pass "partial enforcement is reported on stderr"
else fail "partial enforcement is reported on stderr" "err='$err'"; fi

# ---- TCP (ABI 4), scopes (ABI 6), audit (ABI 7): refused below, unless --best-effort.
# start_server FILE OP ARG: runs `op OP ARG` outside the sandbox until the suite ends.
start_server() {
  : >"$1"
  "$op" "$2" "$3" >>"$1" 2>&1 &
  bg_pids="$bg_pids $!"
  n=0
  while [ "$(cat "$1")" != ready ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
  [ "$(cat "$1")" = ready ]
}
port_base=$((20000 + $$ % 20000))
if [ "$abi" -ge 4 ]; then
  port=$port_base
  while ! start_server "$T/listen.$port" listen $port && [ $port -lt $((port_base + 20)) ]; do port=$((port + 1)); done
  run "$L" --ro / -- "$op" connect $port
  expect "tcp: unrestricted without TCP flags" 0 ok
  run "$L" --ro / --connect-tcp $port -- "$op" connect $port
  expect "tcp: --connect-tcp PORT connects" 0 ok
  run "$L" --ro / --connect-tcp $((port + 1000)) -- "$op" connect $port
  expect "tcp: connect to a port not granted: EACCES" 1 EACCES
  run "$L" --ro / --restrict-tcp -- "$op" connect $port
  expect "tcp: --restrict-tcp denies connect" 1 EACCES
  free=$((port + 2000))
  run "$L" --ro / --bind-tcp $free -- "$op" bind $free
  expect "tcp: --bind-tcp PORT binds" 0 ok
  run "$L" --ro / --bind-tcp $((free + 1)) -- "$op" bind $free
  expect "tcp: bind to a port not granted: EACCES" 1 EACCES
  run "$L" --ro / --connect-tcp $port -- "$op" bind $free
  expect "tcp: a connect grant does not allow bind" 1 EACCES
else
  run "$L" --ro / --rw "$T" --restrict-tcp -- "$op" write "$T/m19"
  expect_refused "tcp: refused on ABI $abi without --best-effort" "$T/m19" "needs Landlock ABI 4"
  run "$L" --best-effort --ro / --rw "$T/w" --connect-tcp 80 -- "$op" write "$T/w/m20"
  if [ "$rc" = 0 ] && contains "$err" "not enforced on Landlock ABI $abi: tcp"; then pass "tcp: --best-effort runs and says what was dropped"
  else fail "tcp: --best-effort runs and says what was dropped" "rc=$rc err='$err'"; fi
fi
if [ "$abi" -ge 6 ]; then
  name="llr-e2e-$$"
  if start_server "$T/abstract" abstract-listen "$name"; then
    run "$L" --ro / -- "$op" abstract-connect "$name"
    expect "scope: abstract socket outside reachable without --scope" 0 ok
    run "$L" --ro / --scope abstract-unix -- "$op" abstract-connect "$name"
    expect "scope: --scope abstract-unix denies it: EPERM" 1 EPERM
  else fail "scope: abstract server starts" "$(cat "$T/abstract")"; fi
  sleep 30 &
  victim=$!
  bg_pids="$bg_pids $victim"
  run "$L" --ro / -- "$op" kill $victim
  expect "scope: signal outside allowed without --scope" 0 ok
  run "$L" --ro / --scope signal -- "$op" kill $victim
  expect "scope: --scope signal denies it: EPERM" 1 EPERM
  run "$L" --ro / --scope-try signal -- "$op" kill $victim
  expect "scope: --scope-try signal denies it where the kernel has it: EPERM" 1 EPERM
  if [ -n "$name" ] && grep -qx ready "$T/abstract"; then
    run "$L" --ro / --scope-try abstract-unix -- "$op" abstract-connect "$name"
    expect "scope: --scope-try abstract-unix denies it where the kernel has it: EPERM" 1 EPERM
  fi
  run "$L" --ro / --scope-try signal --scope-try abstract-unix --status-fd 3 -- "$op" kill $victim 3>"$T/status-scopes"
  if contains "$(cat "$T/status-scopes")" '"scopes":"abstract-unix,signal"'; then pass "scope: the status line names the scopes in force"
  else fail "scope: the status line names the scopes in force" "status='$(cat "$T/status-scopes")'"; fi
else
  run "$L" --ro / --rw "$T" --scope signal -- "$op" write "$T/m21"
  expect_refused "scope: refused on ABI $abi without --best-effort" "$T/m21" "needs Landlock ABI 6"
  run "$L" --ro / --rw "$T" --scope-try signal --scope-try abstract-unix --status-fd 3 -- "$op" write "$T/m21t" 3>"$T/status-scopes"
  if [ "$rc" = 0 ] && ! contains "$err" scope && contains "$(cat "$T/status-scopes")" '"scopes":"none"'; then
    pass "scope: --scope-try runs on ABI $abi, with no word about scopes, and the status line says none is in force"
  else fail "scope: --scope-try runs on ABI $abi" "rc=$rc err='$err' status='$(cat "$T/status-scopes")'"; fi
fi

# ---- The SIGIO path around the signal scope (CVE-2026-72183), by every entry
# point: the confined command aims a pipe's or a socket's I/O signal at its
# unconfined parent or at their process group, and triggers it; the parent
# (tests/payloads/sigio.cpp) says whether the signal arrived. The same run
# without --scope is the control: there the signal must arrive.
kernel=$(uname -r)
sigio_entries="setown-pid setown-pgid setown-ex-tid setown-ex-pid setown-ex-pgrp setsig-pid setsig-pgid
  fioasync-pgid fiosetown-pgid siocspgrp-pgid siocspgrp-pid"
if [ "$abi" -lt 6 ]; then
  skip "sigio: the signal scope's SIGIO path (CVE-2026-72183)" "Landlock ABI $abi has no signal scope (ABI 6): nothing to escape from"
else
  for entry in $sigio_entries; do
    run "$P/sigio" watch "$L" --ro / -- "$P/sigio" arm "$entry"
    control=$out
    run "$P/sigio" watch "$L" --ro / --scope signal -- "$P/sigio" arm "$entry"
    if [ "$rc" = 3 ] && contains "$err" "CVE-2026-72183"; then
      # The launcher refuses on a kernel release the CVE counts affected: measure the kernel anyway.
      pass "sigio: a strict --scope signal is refused on Linux $kernel, which the CVE counts affected"
      run "$P/sigio" watch "$L" --best-effort --ro / --scope signal -- "$P/sigio" arm "$entry"
    fi
    if [ "${control%arrived*}" = "$control" ]; then
      fail "sigio: $entry: the control" "without --scope the signal did not arrive either ('$control'): the test cannot see an escape"
    elif [ "$rc" = 0 ] && [ "${out##*
}" = stopped ]; then pass "sigio: --scope signal stops $entry (Linux $kernel)"
    elif [ "$rc" = 1 ]; then
      fail "sigio: --scope signal stops $entry" "the signal reached the unconfined parent on Linux $kernel (CVE-2026-72183)"
    else fail "sigio: --scope signal stops $entry" "rc=$rc out='$out' err='$err'"; fi
  done
  # The launcher's side: on a release the CVE counts affected (here 2.6.N, the UNAME26
  # personality's), a strict --scope signal is refused; --best-effort and --scope-try run and say so.
  run "$P/sigio" old-release "$L" --ro / --rw "$T" --scope signal -- "$op" write "$T/m-sigio"
  expect_refused "sigio: a strict --scope signal is refused where the release is affected" "$T/m-sigio" \
    "landlock-run: --scope signal: SIGIO can cross the signal scope on this kernel release (CVE-2026-72183)"
  run "$P/sigio" old-release "$L" --best-effort --ro / --rw "$T/w" --scope signal -- "$op" write "$T/w/m-sigio"
  if [ "$rc" = 0 ] && contains "$err" "landlock-run: notice: SIGIO can cross the signal scope"; then
    pass "sigio: --best-effort runs there and says so"
  else fail "sigio: --best-effort runs there and says so" "rc=$rc err='$err'"; fi
  run "$P/sigio" old-release "$L" --ro / --rw "$T/w" --scope-try signal --status-fd 3 -- "$op" write "$T/w/m-sigio2" 3>"$T/status-sigio"
  status=$(cat "$T/status-sigio")
  if [ "$rc" = 0 ] && contains "$status" '"enforcement":"partial","notice":"SIGIO can cross the signal scope'; then
    pass "sigio: --scope-try runs there, and the status line says partial"
  else fail "sigio: --scope-try runs there, and the status line says partial" "rc=$rc status='$status' err='$err'"; fi
fi

# ---- --no-tty-inject: a seccomp filter refuses TIOCSTI and TIOCLINUX, by
# every entry point (tests/payloads/op.cpp opens a new pty to try them on):
# without it the ioctl reaches the terminal; with it, EPERM.
pty_grants="--ro / --rw /dev/ptmx --rw /dev/pts"
# shellcheck disable=SC2086 # the grants are several words
run "$L" $pty_grants -- "$op" tiocsti-pty
if [ "$out" != ok ]; then skip "tty: TIOCSTI" "this kernel refuses TIOCSTI already, or has no pty ($out): nothing to close"
else
  pass "tty: TIOCSTI types into a terminal without --no-tty-inject (the attack works)"
  for entry in tiocsti-pty tiocsti-pty-high tioclinux-pty; do
    # shellcheck disable=SC2086
    run "$L" $pty_grants --no-tty-inject -- "$op" $entry
    expect "tty: --no-tty-inject refuses $entry: EPERM" 1 EPERM
  done
  # x32's numbers reach seccomp even where the kernel has no x32 (ENOSYS comes after the filter)
  # shellcheck disable=SC2086
  run "$L" $pty_grants --no-tty-inject -- "$op" tiocsti-pty-x32
  if [ "$rc" = 2 ]; then skip "tty: x32's ioctl" "not an x86_64 payload"
  else expect "tty: --no-tty-inject refuses x32's ioctl: EPERM" 1 EPERM; fi
  # shellcheck disable=SC2086
  run "$L" $pty_grants -- "$op" tiocsti-pty-i386
  if [ "$rc" = 2 ]; then skip "tty: i386's ioctl" "not an x86_64 payload"
  elif [ "$out" != ok ]; then skip "tty: i386's ioctl" "this kernel has no i386 system call ABI (IA32_EMULATION; rc=$rc)"
  else
    # shellcheck disable=SC2086
    run "$L" $pty_grants --no-tty-inject -- "$op" tiocsti-pty-i386
    expect "tty: --no-tty-inject refuses i386's ioctl (int 0x80): EPERM" 1 EPERM
  fi
fi
run "$L" --ro / --rw /dev/null --no-tty-inject -- "$op" write /dev/null
expect "tty: --no-tty-inject leaves other system calls alone" 0 ok
if [ "$abi" -ge 7 ]; then
  run "$L" --log-denials --no-log --ro / --rw "$T/w" -- "$op" write "$T/w/audit"
  expect "audit: --log-denials --no-log run" 0 ok
else
  run "$L" --ro / --rw "$T" --log-denials -- "$op" write "$T/m22"
  expect_refused "audit: refused on ABI $abi without --best-effort" "$T/m22" "needs Landlock ABI 7"
fi
for bad in "--connect-tcp 65536" "--bind-tcp -1" "--connect-tcp http" "--scope network" "--require-abi 0"; do
  # shellcheck disable=SC2086 # the flag and its value are two words
  run "$L" $bad --ro / --rw "$T" -- "$op" write "$T/m23"
  expect_refused "bad value refused: $bad" "$T/m23"
done

# ---- Pathname UNIX sockets (RESOLVE_UNIX, ABI 9): only --connect-unix reaches
# a socket created outside the sandbox; --rw does not. Below ABI 9 nothing is
# denied, and --connect-unix is accepted (there is nothing to restrict).
mkdir "$T/sock" "$T/sock2"
if start_server "$T/sock.log" unix-listen "$T/sock/agent.sock" && start_server "$T/sock2.log" unix-listen "$T/sock2/other.sock"; then
  if [ "$abi" -ge 9 ]; then
    run "$L" --ro / --rw "$T/sock" -- "$op" unix-connect "$T/sock/agent.sock"
    expect "unix: --rw on its folder does not reach a socket created outside (ABI >= 9)" 1 EACCES
    run "$L" --ro / --connect-unix "$T/sock/agent.sock" -- "$op" unix-connect "$T/sock/agent.sock"
    expect "unix: --connect-unix SOCKET reaches it (ABI >= 9)" 0 ok
    run "$L" --ro / --connect-unix "$T/sock/agent.sock" -- "$op" unix-connect "$T/sock2/other.sock"
    expect "unix: --connect-unix SOCKET does not reach another (ABI >= 9)" 1 EACCES
    run "$L" --ro / --connect-unix "$T/sock" -- "$op" unix-connect "$T/sock/agent.sock"
    expect "unix: --connect-unix FOLDER reaches the sockets beneath it (ABI >= 9)" 0 ok
    run "$L" --ro / --rw "$T/w" -- /bin/sh -c "'$op' unix-listen '$T/w/own.sock' >'$T/w/listen.out' & sleep 0.3; '$op' unix-connect '$T/w/own.sock'; kill \$!"
    expect "unix: a socket the command creates itself stays reachable (ABI >= 9)" 0 ok
  else
    run "$L" --ro / -- "$op" unix-connect "$T/sock/agent.sock"
    expect "unix: not governed on ABI $abi: a socket outside is reachable without --connect-unix" 0 ok
    run "$L" --ro / --connect-unix "$T/sock/agent.sock" -- "$op" unix-connect "$T/sock/agent.sock"
    # Nothing to say about the flag; below ABI 5 the partial-enforcement
    # notice is said on every run, and is the only line.
    said=$(printf '%s\n' "$err" | grep -v "^landlock-run: notice: partial enforcement on Landlock ABI $abi:")
    if [ "$rc" = 0 ] && [ "$out" = ok ] && [ -z "$said" ]; then pass "unix: --connect-unix accepted on ABI $abi, with nothing to say"
    else fail "unix: --connect-unix accepted on ABI $abi" "rc=$rc out='$out' err='$err'"; fi
  fi
else fail "unix: socket servers start" "$(cat "$T/sock.log" "$T/sock2.log")"; fi
run "$L" --ro / --connect-unix "$T/sock/none.sock" -- "$op" write "$T/m24"
if [ "$abi" -ge 9 ]; then expect_refused "unix: --connect-unix of a missing path: 125 (ABI >= 9)" "$T/m24" "No such file"
else skip "unix: --connect-unix of a missing path" "ABI $abi: no rule is made, the path is not opened"; fi

# ---- UDP (ABI 10): strict like TCP; a first send autobinds (bind port 0),
# which --connect-udp allows with its port.
udp=$((port_base + 3000))
if [ "$abi" -ge 10 ]; then
  run "$L" --ro / -- "$op" udp-send $udp
  expect "udp: unrestricted without UDP flags" 0 ok
  run "$L" --ro / --restrict-udp -- "$op" udp-send $udp
  expect "udp: --restrict-udp denies a send" 1 EACCES
  run "$L" --ro / --restrict-udp -- "$op" udp-bind $udp
  expect "udp: --restrict-udp denies bind" 1 EACCES
  run "$L" --ro / --bind-udp $udp -- "$op" udp-bind $udp
  expect "udp: --bind-udp PORT binds" 0 ok
  run "$L" --ro / --bind-udp $udp -- "$op" udp-bind $((udp + 1))
  expect "udp: bind to a port not granted: EACCES" 1 EACCES
  run "$L" --ro / --connect-udp $udp -- "$op" udp-connect $udp
  expect "udp: --connect-udp PORT connects" 0 ok
  run "$L" --ro / --connect-udp $udp -- "$op" udp-send $udp
  expect "udp: --connect-udp PORT sends from an unbound socket (the autobind is allowed)" 0 ok
  run "$L" --ro / --connect-udp $udp -- "$op" udp-send $((udp + 1))
  expect "udp: send to a port not granted: EACCES" 1 EACCES
  run "$L" --ro / --connect-udp $udp -- "$op" udp-connect $((udp + 1))
  expect "udp: connect to a port not granted: EACCES" 1 EACCES
  run "$L" --ro / --connect-udp $udp -- "$op" udp-bind $((udp + 2))
  expect "udp: a connect grant does not allow bind to a port" 1 EACCES
  run "$L" --ro / --bind-udp $((udp + 2)) -- "$op" udp-bound-send $udp $((udp + 2))
  expect "udp: a bind grant does not allow a send" 1 EACCES
  run "$L" --ro / --restrict-udp -- "$op" connect 1
  if [ "$out" != EACCES ]; then pass "udp: --restrict-udp leaves TCP alone"; else fail "udp: --restrict-udp leaves TCP alone" "out='$out'"; fi
else
  for flag in "--bind-udp 53" "--connect-udp 53" "--restrict-udp"; do
    # shellcheck disable=SC2086 # the flag and its value are two words
    run "$L" --ro / --rw "$T" $flag -- "$op" write "$T/m25"
    expect_refused "udp: $flag refused on ABI $abi without --best-effort" "$T/m25" "needs Landlock ABI 10, the kernel has $abi"
  done
  run "$L" --best-effort --ro / --rw "$T/w" --connect-udp 53 -- "$op" udp-send 53
  if [ "$rc" = 0 ] && [ "$out" = ok ] && contains "$err" "not enforced on Landlock ABI $abi: udp"; then
    pass "udp: --best-effort runs and says UDP was dropped"
  else fail "udp: --best-effort runs and says UDP was dropped" "rc=$rc out='$out' err='$err'"; fi
fi
for bad in "--bind-udp 65536" "--connect-udp dns" "--connect-unix ''"; do
  eval "set -- $bad"
  run "$L" "$@" --ro / --rw "$T" -- "$op" write "$T/m26"
  expect_refused "bad value refused: $bad" "$T/m26"
done
set --

# ---- --drop-caps: a root command keeps no capability (uid unchanged): it can
# neither signal another user's process nor switch the kernel's audit settings.
if [ "$(id -u)" != 0 ]; then skip "--drop-caps as root" "needs root"
else
  run "$L" --drop-caps --ro / -- grep -E '^Cap(Eff|Bnd|Prm|Amb):' /proc/self/status
  caps=$(printf '%s\n' "$out" | tr -d ' \t' | tr '\n' ' ')
  if [ "$rc" = 0 ] && [ "$caps" = "CapPrm:0000000000000000 CapEff:0000000000000000 CapBnd:0000000000000000 CapAmb:0000000000000000 " ]; then
    pass "--drop-caps: CapEff, CapPrm, CapBnd and CapAmb are 0 inside"
  else fail "--drop-caps: capabilities are 0 inside" "rc=$rc out='$out' err='$err'"; fi
  run "$L" --drop-caps --ro / -- id -u
  expect "--drop-caps: the uid is unchanged" 0 0
  : >"$T/nobody"
  "$op" nobody-pause >"$T/nobody" 2>&1 &
  nobody=$!
  bg_pids="$bg_pids $nobody"
  n=0
  while [ "$(cat "$T/nobody")" != ready ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
  run "$L" --ro / -- "$op" kill $nobody
  if [ "$out" != ok ]; then skip "--drop-caps: kill outside" "root cannot signal another user here either ($out)"
  else
    run "$L" --drop-caps --ro / -- "$op" kill $nobody
    expect "--drop-caps: a kill of another user's process outside fails" 1 EPERM
  fi
  run "$P/audit" status
  enabled=$(printf '%s\n' "$out" | sed -n 's/^enabled=\([0-9]*\) .*/\1/p')
  run "$L" --ro / -- "$P/audit" enable "${enabled:-0}"  # sets what is already set
  if [ -z "$enabled" ] || [ "$out" != ok ]; then skip "--drop-caps: audit netlink set" "root cannot set audit here either ($out)"
  else
    run "$L" --drop-caps --ro / -- "$P/audit" enable "$enabled"
    expect "--drop-caps: an audit netlink set fails" 1 EPERM
  fi
fi

# ---- A minimal root: only the launcher and a static busybox, no libc, no loader.
bb=${BUSYBOX:-$(command -v busybox 2>/dev/null)}
if [ "$(id -u)" != 0 ]; then skip "minimal root (launcher + static busybox only)" "needs root for chroot"
elif [ -z "$bb" ] || ! command -v chroot >/dev/null; then skip "minimal root (launcher + static busybox only)" "no busybox or chroot"
else
  mkdir -p "$T/root/bin" "$T/root/w"
  cp "$L" "$T/root/landlock-run" && cp "$bb" "$T/root/bin/busybox"
  run chroot "$T/root" /landlock-run --ro / --rw /w -- /bin/busybox sh -c 'echo in > /w/in; echo out > /out'
  if [ -f "$T/root/w/in" ] && [ ! -e "$T/root/out" ] && contains "$err" "Permission denied"; then
    pass "minimal root (launcher + static busybox only): confined write denied, allowed write lands"
  else fail "minimal root (launcher + static busybox only)" "rc=$rc err='$err'"; fi
  run chroot "$T/root" /landlock-run --probe
  if [ "$rc" = 0 ] && contains "$out" "abi=$abi enforcement="; then pass "minimal root: --probe without /dev/null reports the truth"
  else fail "minimal root: --probe without /dev/null" "rc=$rc out='$out' err='$err'"; fi
fi

finish
