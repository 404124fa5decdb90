#!/bin/sh
# End-to-end (issue 29): workspace-write declares the common builds'
# outputs by itself (docs/policy-format.md, "Outputs the mode declares"),
# with real fresh projects in fresh git repositories (so the workspace
# root is carved read-only) and the real tools: a build works with nothing
# but the mode, fails again with detect_outputs = false; your ro wins
# silently; a project policy cannot turn detection back on; a hostile
# go.mod names nothing; an npm project never gets a yarn.lock.
# Run by e2e.sh (suite 32). Usage: detect.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="detect "
# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"
need_git

etc=$T/etc
mkdir -p "$etc"
PATH=/usr/local/bin:/usr/bin:/bin
export PATH

# repo NAME: a fresh git repository $T/NAME, the workspace of the next runs.
repo() {
  ws=$T/$1
  mkdir -p "$ws"
  git init -q "$ws"
}
# policy LINES: the user's policy, workspace-write plus LINES.
policy() { printf 'version = 1\nmode = "workspace-write"\n%s\n' "$1" >"$etc/user.toml"; }
# run_in LINES COMMAND...: COMMAND in $ws under workspace-write plus LINES.
run_in() {
  policy "$1"
  shift
  (cd "$ws" && "$policy_bin" exec --launcher "$launcher" --set workspace="$ws" "$etc/user.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}
explain_in() {
  policy "$1"
  (cd "$ws" && "$policy_bin" explain --set workspace="$ws" "$etc/user.toml") >"$T/out" 2>"$T/err"
}

# CMake: cmake -B build with nothing but the mode; off, it fails as before.
if command -v cmake >/dev/null && command -v cc >/dev/null; then
  repo cmake
  printf 'cmake_minimum_required(VERSION 3.10)\nproject(hello C)\nadd_executable(hello main.c)\n' >"$ws/CMakeLists.txt"
  echo 'int main(void) { return 0; }' >"$ws/main.c"
  if run_in 'detect_outputs = false' sh -c 'cmake -B build >/dev/null'; then
    fail "cmake -B build with detect_outputs = false" "it worked: the root is not carved, the test shows nothing"
  elif [ -e "$ws/build" ]; then fail "cmake -B build with detect_outputs = false" "build/ was created"
  else pass "cmake -B build fails with detect_outputs = false (build/ cannot be created at the carved root)"; fi
  if explain_in '' && grep -q "$ws/build/  (folder, detected: CMakeLists.txt)" "$T/out"; then
    pass "explain shows build/ with its marker, CMakeLists.txt"
  else fail "explain shows build/ with its marker" "$(grep -i detected "$T/out" | head -5)"; fi
  if [ ! -e "$ws/build" ]; then pass "explain creates nothing"; else fail "explain creates nothing" "build/ exists"; fi
  if run_in '' sh -c 'cmake -B build >/dev/null && cmake --build build >/dev/null' && [ -x "$ws/build/hello" ]; then
    pass "cmake -B build && cmake --build build work with nothing but mode = \"workspace-write\""
  else fail "cmake -B build under the bare mode" "$(tail -c 300 "$T/err")"; fi
  # Your own ro on the same folder wins, silently.
  rm -rf "$ws/build" && mkdir "$ws/build"
  if run_in 'ro = ["${WORKSPACE}/build"]' sh -c 'cmake -B build >/dev/null 2>&1'; then
    fail "your ro on build/ wins" "cmake wrote into build/"
  elif grep -qi 'output' "$T/err"; then fail "your ro on build/ wins silently" "$(head -c 300 "$T/err")"
  else pass "your ro = [\"\${WORKSPACE}/build\"] keeps build/ read-only, silently"; fi
  # A project policy cannot turn detection back on.
  rm -rf "$ws/build"
  printf 'version = 1\ndetect_outputs = true\n' >"$ws/.landlock.toml"
  if run_in 'detect_outputs = false
project = "${WORKSPACE}/.landlock.toml"' sh -c 'cmake -B build >/dev/null 2>&1'; then
    fail "a project policy cannot turn detection on" "cmake worked"
  elif [ -e "$ws/build" ] || ! grep -q 'cannot set `detect_outputs = true`' "$T/err"; then
    fail "a project policy cannot turn detection on" "$(ls -A "$ws" | tr '\n' ' ') $(head -c 300 "$T/err")"
  else pass "a project policy's detect_outputs = true is dropped when you turned detection off"; fi
  # ...but may turn it off.
  printf 'version = 1\ndetect_outputs = false\n' >"$ws/.landlock.toml"
  if run_in 'project = "${WORKSPACE}/.landlock.toml"' true && [ ! -e "$ws/build" ]; then
    pass "a project policy may turn detection off"
  else fail "a project policy may turn detection off" "$(ls -A "$ws" | tr '\n' ' ')"; fi
  rm -f "$ws/.landlock.toml"
else
  skip "cmake -B build under the bare mode" "cmake or cc is not installed"
fi

# Cargo: a fresh crate builds with the bare mode (no dependency: nothing
# from the registry under the home folder).
if [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ]; then
  repo cargo
  printf '[package]\nname = "fresh"\nversion = "0.1.0"\nedition = "2021"\n' >"$ws/Cargo.toml"
  mkdir -p "$ws/src"
  echo 'pub fn one() -> i32 { 1 }' >"$ws/src/lib.rs"
  if run_in 'detect_outputs = false' env RUSTC=/usr/bin/rustc /usr/bin/cargo build --offline; then
    fail "cargo build with detect_outputs = false" "it worked: the test shows nothing"
  else pass "cargo build fails with detect_outputs = false"; fi
  if run_in '' env RUSTC=/usr/bin/rustc /usr/bin/cargo build --offline && [ -d "$ws/target/debug" ] && [ -s "$ws/Cargo.lock" ]; then
    pass "cargo build --offline works with nothing but mode = \"workspace-write\" (target/, Cargo.lock filled)"
  else fail "cargo build under the bare mode" "$(tail -c 300 "$T/err")"; fi
else
  skip "cargo build under the bare mode" "cargo or rustc is not installed (make deps)"
fi

# Node.js: only the lock file of the package manager found; never an empty
# yarn.lock or pnpm-lock.yaml in an npm project.
repo npm
printf '{"name":"app","version":"1.0.0"}\n' >"$ws/package.json"
if run_in '' true && [ -d "$ws/node_modules" ] && [ -f "$ws/package-lock.json" ] && [ ! -e "$ws/yarn.lock" ] &&
   [ ! -e "$ws/pnpm-lock.yaml" ]; then
  pass "npm project: node_modules/ and package-lock.json, no yarn.lock nor pnpm-lock.yaml"
else fail "npm project: only npm's lock file" "$(ls -A "$ws" | tr '\n' ' ') $(head -c 300 "$T/err")"; fi
repo pnpm
printf '{"name":"app","version":"1.0.0","packageManager":"pnpm@9.15.9"}\n' >"$ws/package.json"
if run_in '' true && [ -f "$ws/pnpm-lock.yaml" ] && [ ! -e "$ws/package-lock.json" ] && [ ! -e "$ws/yarn.lock" ]; then
  pass "pnpm project (packageManager): pnpm-lock.yaml only"
else fail "pnpm project: pnpm's lock file only" "$(ls -A "$ws" | tr '\n' ' ')"; fi
if command -v npm >/dev/null; then
  repo npm-install
  printf '{"name":"app","version":"1.0.0","scripts":{"test":"node -e 0"}}\n' >"$ws/package.json"
  mkdir -p "$HOME/.npm"
  if run_in 'extends = ["preset:npm"]' sh -c 'npm install --offline --no-audit --no-fund --no-update-notifier && npm test' &&
     grep -q '"name": "app"' "$ws/package-lock.json"; then
    pass "npm install && npm test work (preset:npm for ~/.npm), package-lock.json filled"
  else fail "npm install && npm test" "$(tail -c 300 "$T/err")"; fi
else
  skip "npm install && npm test" "npm is not installed"
fi

# Go: the binary named after the module; a hostile module names nothing.
repo go
printf 'package main\n\nfunc main() {}\n' >"$ws/main.go"
printf 'module example.com/hello/v2\n\ngo 1.19\n' >"$ws/go.mod"
if run_in '' true && [ -f "$ws/hello" ] && [ -f "$ws/go.sum" ]; then
  pass "go: the binary (hello, its /v2 skipped) and go.sum are declared and created"
else fail "go: the binary is declared" "$(ls -A "$ws" | tr '\n' ' ') $(head -c 300 "$T/err")"; fi
if [ -x /usr/bin/go ]; then
  mkdir -p "$HOME/.cache/go-build" "$HOME/go/pkg/mod"
  if run_in 'extends = ["preset:go"]' env GOTOOLCHAIN=local GOTELEMETRY=off GOPROXY=off GOFLAGS=-mod=mod /usr/bin/go build &&
     [ -s "$ws/hello" ]; then
    pass "go build works with the mode and preset:go (its caches), the binary written"
  else fail "go build" "$(tail -c 300 "$T/err")"; fi
else
  skip "go build" "go is not installed (make deps)"
fi
rtlo=$(printf '\342\200\256')
for module in .git ../x .envrc "example.com/.envrc" "example.com/mise.toml" "example.com/a${rtlo}b" "example.com/x/../.git"; do
  repo "go-hostile"
  rm -f "${ws:?}/main.go" "$ws/go.mod" "$ws/go.sum"
  printf 'package main\n\nfunc main() {}\n' >"$ws/main.go"
  printf 'module %s\n' "$module" >"$ws/go.mod"
  before=$(ls -A "$ws" | sort | tr '\n' ' ')
  run_in 'detect_outputs = true' true
  rm -f "$ws/go.sum"  # go.mod's own output
  after=$(ls -A "$ws" | sort | tr '\n' ' ')
  if [ "$before" != "$after" ]; then fail "hostile module $module" "created: $after (was $before)"
  elif ! grep -q 'go.mod at the workspace root: module' "$T/err"; then fail "hostile module $module" "no warning: $(head -c 300 "$T/err")"
  elif grep -q "$rtlo" "$T/err"; then fail "hostile module $module" "the warning prints U+202E raw"
  else pass "hostile go.mod module $(printf '%s' "$module" | LC_ALL=C tr -c '[:print:]' '?'): nothing created, warned escaped"; fi
done

# init: the presets of the builds it finds, and what the mode declares by
# itself said in comments; the starter policy checks.
repo init
printf '[package]\nname = "fresh"\nversion = "0.1.0"\n' >"$ws/Cargo.toml"
printf '{"name":"app"}\n' >"$ws/package.json"
if (cd "$ws" && "$policy_bin" init --mode workspace-write) >"$etc/init.toml" 2>"$T/err" &&
   grep -q '^extends = \["preset:cargo", "preset:npm"\]$' "$etc/init.toml" &&
   grep -q '^#   target/  (Cargo.toml)$' "$etc/init.toml" && grep -q '^#   package-lock.json  (package.json)$' "$etc/init.toml" &&
   "$policy_bin" check --set workspace="$ws" "$etc/init.toml" 2>"$T/err"; then
  pass "init in a cargo and npm workspace writes their presets and names the outputs the mode declares"
else fail "init detects the project" "$(head -c 600 "$etc/init.toml") $(head -c 300 "$T/err")"; fi
if (cd "$ws" && "$policy_bin" init --mode read-only) 2>"$T/err" | grep -q 'preset:'; then
  fail "init --mode read-only writes no preset" "it did"
else pass "init --mode read-only writes no preset (the mode writes nothing in the workspace)"; fi
if [ ! -e "$ws/target" ]; then pass "init creates nothing in the workspace"; else fail "init creates nothing" "target/ exists"; fi
