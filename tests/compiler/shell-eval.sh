#!/bin/sh
# The documented idioms around `landlock-policy argv --format shell`, run
# under `set -e` in bash, dash and busybox sh: a failed compile (or a usage
# error) must stop the script, never evaluate "" and go on green; the checked
# idiom `argv=$(...) || exit` must take its exit; a good policy must run.
# Usage: shell-eval.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"

printf 'version = 1\nmode = "workspace-write"\nro = [\n' >"$T/bad.toml"
printf 'version = 1\nmode = "workspace-write"\n' >"$T/good.toml"
LP=$policy_bin LR=$launcher
export LP LR WS T

# check NAME SHELL WANT_RC SCRIPT: runs SCRIPT (with "$1" the policy file) in
# SHELL under set -e; it must exit WANT_RC ("nonzero": any but 0), never print
# "continued", and never create $T/ran (the command that must not run).
check() {
  name=$1 shell=$2 want=$3 script=$4 policy=${5:-$T/bad.toml}
  rm -f "$T/ran"
  # shellcheck disable=SC2086 # "busybox sh" is two words on purpose
  out=$(cd "$WS" && $shell -c "set -e; $script" sh "$policy" 2>"$T/err")
  rc=$?
  why=
  case $want in
    nonzero) [ "$rc" -ne 0 ] || why="exit 0" ;;
    *) [ "$rc" -eq "$want" ] || why="exit $rc, want $want" ;;
  esac
  case $out in *continued*) why="$why; the script went on" ;; esac
  [ -e "$T/ran" ] && why="$why; the command ran"
  if [ -z "$why" ]; then pass "shell-eval $shell: $name"
  else fail "shell-eval $shell" "$name: $why ($(head -c 300 "$T/err" | tr '\n' ' '))"; fi
}

for shell in bash dash "busybox sh"; do
  first=${shell%% *}
  if ! command -v "$first" >/dev/null; then skip "shell-eval $shell" "not installed (make deps)"; continue; fi
  # shellcheck disable=SC2016 # expanded by the shell under test
  {
    check "eval of a failed compile stops set -e" "$shell" 1 \
      'eval "$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran")"; echo continued'
    check "eval in a function stops set -e" "$shell" 1 \
      'f() { eval "$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran")"; echo continued; }; f "$1"'
    check "eval in a subshell stops set -e" "$shell" 1 \
      '(eval "$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran")"); echo continued'
    check "eval with the command appended fails" "$shell" 1 \
      'eval "$("$LP" argv --format shell --launcher "$LR" "$1") touch \"\$T/ran\""; echo continued'
    check "eval after an exec prefix fails" "$shell" 1 \
      'eval "exec $("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran")"; echo continued'
    check "eval of a usage error stops set -e" "$shell" 1 \
      'eval "$("$LP" argv --format shell --no-such-option "$1" -- touch "$T/ran")"; echo continued'
    check "without set -e the eval's status is 1" "$shell" 0 \
      'set +e; eval "$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran")"; [ $? -eq 1 ]'
    check "the checked idiom takes its exit" "$shell" 3 \
      'argv=$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$T/ran") || exit 3; eval "$argv"; echo continued'
    check "exec of a failed compile exits 1" "$shell" 1 \
      '"$LP" exec --launcher "$LR" "$1" -- touch "$T/ran"; echo continued'
  }
  # A good policy still runs, confined: the write in the workspace lands.
  rm -f "$WS/landed"
  # shellcheck disable=SC2086,SC2016
  if (cd "$WS" && $shell -c 'set -e; eval "$("$LP" argv --format shell --launcher "$LR" "$1" -- touch "$WS/landed")"' sh "$T/good.toml") 2>"$T/err" &&
     [ -f "$WS/landed" ]; then
    pass "shell-eval $shell: eval of a good policy runs the command"
  else
    fail "shell-eval $shell" "eval of a good policy runs the command: $(head -c 300 "$T/err" | tr '\n' ' ')"
  fi
done

# A first word with `=` is quoted (issue 24): eval runs the program named
# V=1 (danger-full-access: the argv is the command alone), never reads an
# assignment and runs nothing.
printf 'version = 1\nmode = "danger-full-access"\n' >"$T/danger.toml"
mkdir -p "$T/bin"
printf '#!/bin/sh\ntouch "$T/ran-eq"\n' >"$T/bin/V=1"
chmod +x "$T/bin/V=1"
out=$("$policy_bin" argv --format shell "$T/danger.toml" -- V=1 2>/dev/null)
rm -f "$T/ran-eq"
(PATH="$T/bin:$PATH" && eval "$out") 2>"$T/err"
if [ -e "$T/ran-eq" ]; then pass "shell-eval --format shell: a first word with = is quoted, so eval runs it"
else fail "shell-eval --format shell" "a first word with = is quoted, so eval runs it: printed $out"; fi

# The contract per format: json and nul print nothing on a failure; shell
# prints exactly the one failing line, and the diagnostics stay on stderr.
for format in json nul; do
  out=$("$policy_bin" argv --format "$format" --launcher "$launcher" "$T/bad.toml" -- true 2>/dev/null | od -An -c)
  if [ -z "$out" ]; then pass "shell-eval --format $format: a failure prints nothing on stdout"
  else fail "shell-eval --format $format" "a failure printed: $out"; fi
done
out=$("$policy_bin" argv --format shell --launcher "$launcher" "$T/bad.toml" -- true 2>"$T/err")
want="false || echo 'landlock-policy: argv failed (see the messages above): not running the command' >&2; false"
if [ "$out" = "$want" ] && grep -q 'error' "$T/err"; then pass "shell-eval --format shell: a failure prints the one failing line"
else fail "shell-eval --format shell" "a failure printed '$out'"; fi
