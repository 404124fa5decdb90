#!/bin/sh
# Issue 29 in fresh git repositories under workspace-write, with the real
# launcher and real tools: a file output is created with the epoch as its
# time, so make builds it; a binary built into an executable output runs
# (make, go build); what make clean can and cannot do at the read-only
# root; what `why --write` says about a new root entry. A missing tool is a
# SKIP with the reason. Run by e2e.sh (suite 32).
# Usage: outputs-tools.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="compiler-outputs-tools "

# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"
need_git
umask 022
etc=$T/etc
mkdir -p "$etc"

# repo NAME: a fresh git repository $T/NAME, the workspace of what follows.
repo() {
  ws=$T/$1
  mkdir -p "$ws"
  git init -q "$ws"
}
# policy NAME LINES: a workspace-write policy $etc/NAME.toml with LINES added.
policy() {
  printf 'version = 1\nmode = "workspace-write"\n%s\n' "$2" >"$etc/$1.toml"
}
# run NAME COMMAND...: COMMAND confined by $etc/NAME.toml in $ws; output in $T/out, $T/err.
run() {
  name=$1
  shift
  (cd "$ws" && "$policy_bin" exec --launcher "$launcher" --set workspace="$ws" "$etc/$name.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}

# --- a new file output: the epoch as its time, executable when asked -----
repo stamp
policy stamp 'outputs = ["hello", "Cargo.lock"]
executable_outputs = ["hello"]'
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$ws" "$etc/stamp.toml" -- true >/dev/null 2>"$T/err"
if [ "$(stat -c '%Y %a %s' "$ws/hello" 2>&1)" = "0 755 0" ] && [ "$(stat -c '%Y %a' "$ws/Cargo.lock" 2>&1)" = "0 644" ]; then
  pass "a new file output is empty with the epoch as its time; executable_outputs makes it 0755, Cargo.lock stays 0644"
else
  fail "a new file output: epoch, 0755 when executable" "$(stat -c '%n %Y %a' "$ws/hello" "$ws/Cargo.lock" 2>&1) $(head -c 300 "$T/err")"
fi
"$policy_bin" explain --launcher "$launcher" --set workspace="$ws" "$etc/stamp.toml" >"$T/explain" 2>&1
if grep -q "^  $ws/hello  (file, executable, outputs at " "$T/explain" && grep -q "^  $ws/Cargo.lock  (file, outputs at " "$T/explain"; then
  pass "explain says which file output is executable"
else
  fail "explain says which file output is executable" "$(grep -A3 '^outputs' "$T/explain")"
fi
echo built >"$ws/hello"
chmod 0600 "$ws/hello"
touch -d '2020-01-02 03:04:05' "$ws/hello"
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$ws" "$etc/stamp.toml" -- true >/dev/null 2>&1
if [ "$(stat -c '%a %Y' "$ws/hello")" = "600 $(date -d '2020-01-02 03:04:05' +%s)" ] && [ "$(cat "$ws/hello")" = built ]; then
  pass "an existing output is never chmod'ed or touched"
else
  fail "an existing output is never chmod'ed or touched" "$(stat -c '%a %Y' "$ws/hello")"
fi

# --- make: the binary at the root, a file output ---------------------------
if command -v make >/dev/null && command -v cc >/dev/null; then
  repo make
  printf '#include <stdio.h>\nint main(void) { puts("hello from make"); return 0; }\n' >"$ws/hello.c"
  printf 'hello: hello.c\n\tcc -o hello hello.c\nclean:\n\trm -f hello\nrebuild:\n\ttouch -d @0 hello\n' >"$ws/Makefile"
  # The policy docs/policy-format.md shows for a binary at the root, as written.
  awk '/^```toml$/ { inside = 1; block = ""; next }
    /^```/ { if (inside && block ~ /executable_outputs = \["hello"\]/) printf "%s", block; inside = 0; next }
    inside { block = block $0 "\n" }' "$root/docs/policy-format.md" >"$etc/make.toml"
  grep -q 'mode = "workspace-write"' "$etc/make.toml" || fail "the docs' policy for a binary at the root" "not found"
  if run make sh -c 'make && ./hello' && grep -q 'cc -o hello' "$T/out" && grep -q 'hello from make' "$T/out"; then
    pass "make builds a file output declared at the root, and ./hello runs"
  else
    fail "make builds a file output declared at the root" "$(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  if run make make clean; then
    fail "make clean cannot remove a root file output" "rm -f hello succeeded"
  elif grep -q 'Permission denied' "$T/err" && [ -x "$ws/hello" ]; then
    pass "make clean cannot remove a root file output (the root is read-only: Permission denied)"
  else
    fail "make clean cannot remove a root file output" "$(tail -c 300 "$T/err")"
  fi
  if run make sh -c 'make rebuild && make && ./hello' && grep -q 'cc -o hello' "$T/out"; then
    pass "touch -d @0 on a file output makes the next make build it again"
  else
    fail "touch -d @0 on a file output makes the next make build it again" "$(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi

  # A folder output: make clean empties it, but cannot remove it.
  repo makedir
  cp "$T/make/hello.c" "$ws/"
  printf 'build/hello: hello.c\n\tmkdir -p build\n\tcc -o build/hello hello.c\nclean:\n\trm -rf build\n' >"$ws/Makefile"
  policy makedir 'outputs = ["build/"]'
  if run makedir sh -c 'make && build/hello' && grep -q 'hello from make' "$T/out"; then
    pass "make builds into a folder output"
  else
    fail "make builds into a folder output" "$(tail -c 300 "$T/err")"
  fi
  if run makedir make clean; then
    fail "make clean: rm -rf build cannot remove the folder output itself" "it did"
  elif [ -d "$ws/build" ] && [ -z "$(ls -A "$ws/build")" ] && grep -q 'Permission denied' "$T/err"; then
    pass "make clean: rm -rf build empties the folder output, but cannot remove it (Permission denied)"
  else
    fail "make clean: rm -rf build empties the folder output" "$(ls -A "$ws/build" 2>&1) $(tail -c 300 "$T/err")"
  fi
  if run makedir sh -c 'make >/dev/null && find build -mindepth 1 -delete' && [ -d "$ws/build" ] && [ -z "$(ls -A "$ws/build")" ]; then
    pass "make clean: find build -mindepth 1 -delete empties a folder output and succeeds"
  else
    fail "make clean: find build -mindepth 1 -delete" "$(tail -c 300 "$T/err")"
  fi
else
  skip "make" "make or cc is not installed (make deps)"
fi

# --- go build: the binary named after the module, at the root --------------
if [ -x /usr/bin/go ]; then
  GOTOOLCHAIN=local GOTELEMETRY=off GOPROXY=off GOFLAGS=-mod=mod
  export GOTOOLCHAIN GOTELEMETRY GOPROXY GOFLAGS
  mkdir -p "$HOME/.cache/go-build" "$HOME/go/pkg/mod"
  for build in "go build" "go build -o hello"; do
    repo "go$(echo "$build" | tr -dc a-z)"
    printf 'module hello\n\ngo 1.19\n' >"$ws/go.mod"
    printf 'package main\n\nfunc main() { println("hello from go") }\n' >"$ws/main.go"
    policy go 'extends = ["preset:go"]
outputs = ["hello"]
executable_outputs = ["hello"]'
    if run go sh -c "/usr/bin/$build && ./hello" && grep -q 'hello from go' "$T/err"; then
      pass "$build with outputs = [\"hello\"] and executable_outputs = [\"hello\"]: ./hello runs"
    else
      fail "$build with an executable output: ./hello runs" "$(tail -c 300 "$T/err")"
    fi
  done
  # Without executable_outputs go copies the binary into the 0644 file (its
  # rename into place is refused at the root): built, but not executable.
  repo gonox
  printf 'module hello\n\ngo 1.19\n' >"$ws/go.mod"
  printf 'package main\n\nfunc main() { println("hello from go") }\n' >"$ws/main.go"
  policy gonox 'extends = ["preset:go"]
outputs = ["hello"]'
  if run gonox sh -c '/usr/bin/go build && ./hello'; then
    fail "without executable_outputs go's binary is not executable" "it ran: the docs' reason for executable_outputs is gone"
  elif [ -s "$ws/hello" ] && [ ! -x "$ws/hello" ]; then
    pass "without executable_outputs go's binary lands in the 0644 file and does not run"
  else
    fail "without executable_outputs go's binary is not executable" "$(stat -c '%a %s' "$ws/hello" 2>&1) $(tail -c 300 "$T/err")"
  fi
else
  skip "go build" "go (golang-go) is not installed (make deps)"
fi

# --- why --write: a new root entry names the carve and the fix ------------
repo why
policy why ''
# expect_why NAME PATTERN PATH: why --write PATH (relative to the workspace) prints PATTERN.
expect_why() {
  (cd "$ws" && "$policy_bin" why --write --launcher "$launcher" --set workspace="$ws" "$etc/why.toml" "$3") >"$T/out" 2>&1
  if grep -qF -- "$2" "$T/out"; then pass "$1"
  else fail "$1" "$(head -c 400 "$T/out")"; fi
}
expect_why "why --write build/CMakeFiles names the carve" \
  "denied for writing: the carve keeps the workspace root $ws read-only so that .git stays protected" build/CMakeFiles
expect_why "why --write build/CMakeFiles names the fix, a folder output" \
  'the fix is outputs = ["build/"] in your policy' build/CMakeFiles
expect_why "why --write newfile offers a folder or a file output" \
  'outputs = ["newfile/"] in your policy for a folder, or outputs = ["newfile"] for a file' newfile
expect_why "why --write .git/hooks: no output can open it" \
  "lies inside $ws/.git, a read-only exception of the carve (.git: default): no output can open it" .git/hooks
expect_why "why --write .envrc: no output can open it" \
  '`.envrc` is a read-only exception of the carve in the workspace root' .envrc
