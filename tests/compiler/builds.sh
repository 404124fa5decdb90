#!/bin/sh
# The real builds of docs/policy-format.md's table ("Real builds under
# workspace-write"), each in a fresh git repository (so the workspace root
# is carved read-only) with the real tool: it fails without its fix and
# works with it. A tool that is not installed is a SKIP with the reason.
# Run by presets.sh (suite 34). Usage: builds.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="build "
probe=$("$launcher" --probe 2>&1)
case $probe in
  *" enforcement=full "* | *" enforcement=partial "*) ;;
  *) skip all "Landlock does not enforce here ($probe)"; exit 0 ;;
esac
command -v git >/dev/null || { skip all "git is not installed"; exit 0; }

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
# run_in LINES COMMAND...: COMMAND in $ws under workspace-write plus LINES.
run_in() {
  printf 'version = 1\nmode = "workspace-write"\n%s\n' "$1" >"$etc/build.toml"
  shift
  (cd "$ws" && "$policy_bin" exec --launcher "$launcher" --set workspace="$ws" "$etc/build.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}
# row NAME FIX COMMAND...: fails without FIX (a policy line), works with it.
# "Without" is with detect_outputs = false: the mode's own detection of the
# builds (tests/compiler/detect.sh) would otherwise declare the outputs.
row() {
  name=$1 fix=$2
  shift 2
  if run_in 'detect_outputs = false' "$@"; then
    fail "$name" "it worked without the fix: the row shows nothing"
    return
  fi
  if run_in "$fix" "$@"; then pass "$name: fails without \`$(echo "$fix" | tr '\n' ' ')\`, works with it"
  else fail "$name" "with $fix: $(tail -c 300 "$T/err")"; fi
}

# cargo build in a fresh crate: target/ and Cargo.lock, both from preset:cargo.
if [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ]; then
  repo cargo
  printf '[package]\nname = "fresh"\nversion = "0.1.0"\nedition = "2021"\n' >"$ws/Cargo.toml"
  mkdir -p "$ws/src"
  echo 'pub fn one() -> i32 { 1 }' >"$ws/src/lib.rs"
  row "cargo build (fresh crate)" 'extends = ["preset:cargo"]' env RUSTC=/usr/bin/rustc /usr/bin/cargo build --offline
else
  skip "cargo build (fresh crate)" "cargo or rustc is not installed (make deps)"
fi

# npm install of a local tarball: node_modules/ and package-lock.json from preset:npm.
if command -v npm >/dev/null; then
  mkdir -p "$T/npm-pkg" "$HOME/.npm"
  printf '{"name":"hello-llr","version":"1.0.0","main":"index.js"}\n' >"$T/npm-pkg/package.json"
  echo 'module.exports = 1;' >"$T/npm-pkg/index.js"
  (cd "$T/npm-pkg" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1)
  repo npm
  printf '{"name":"app","version":"1.0.0"}\n' >"$ws/package.json"
  row "npm install" 'extends = ["preset:npm"]' npm install --offline --no-audit --no-fund --no-update-notifier "$T/hello-llr-1.0.0.tgz"
  if [ -f "$ws/node_modules/hello-llr/index.js" ] && grep -q hello-llr "$ws/package-lock.json"; then
    pass "npm install: node_modules/ filled, package-lock.json written"
  else
    fail "npm install: node_modules/ filled" "$(ls -A "$ws")"
  fi
else
  skip "npm install" "npm is not installed"
fi

# go build: the binary lands at the root, named after the module: an output of its own.
if [ -x /usr/bin/go ]; then
  repo gobuild
  printf 'module example.com/hello\n\ngo 1.19\n' >"$ws/go.mod"
  printf 'package main\n\nfunc main() {}\n' >"$ws/main.go"
  mkdir -p "$HOME/.cache/go-build" "$HOME/go/pkg/mod"
  GOTOOLCHAIN=local GOTELEMETRY=off GOPROXY=off GOFLAGS=-mod=mod
  export GOTOOLCHAIN GOTELEMETRY GOPROXY GOFLAGS
  # The binary must run too: without executable_outputs go copies it into
  # the 0644 file (its rename into place is refused at the root).
  row "go build" 'extends = ["preset:go"]
outputs = ["hello"]
executable_outputs = ["hello"]' sh -c '/usr/bin/go build && ./hello'
  repo gobuildfolder
  cp "$T/gobuild/go.mod" "$T/gobuild/main.go" "$ws/"
  row "go build -o build/" 'extends = ["preset:go"]
outputs = ["build/"]' sh -c '/usr/bin/go build -o build/ && build/hello'
else
  skip "go build" "go is not installed (make deps)"
fi

# cmake -B build: the build folder is an output.
if command -v cmake >/dev/null && command -v cc >/dev/null; then
  repo cmake
  printf 'cmake_minimum_required(VERSION 3.10)\nproject(hello C)\nadd_executable(hello main.c)\n' >"$ws/CMakeLists.txt"
  echo 'int main(void) { return 0; }' >"$ws/main.c"
  row "cmake -B build" 'outputs = ["build/"]' sh -c 'cmake -B build >/dev/null && cmake --build build'
else
  skip "cmake -B build" "cmake or cc is not installed"
fi

# ./configure && make: in-tree, configure writes its conftest.* scratch files
# at the root, which no list of outputs can name in advance: it fails even
# with the files it leaves behind declared. Out of tree, in a folder output,
# it works.
if command -v autoreconf >/dev/null && command -v make >/dev/null; then
  repo autotools
  printf 'AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n' >"$ws/configure.ac"
  printf 'srcdir = @srcdir@\nhello: $(srcdir)/main.c\n\t$(CC) -o hello $(srcdir)/main.c\n' >"$ws/Makefile.in"
  echo 'int main(void) { return 0; }' >"$ws/main.c"
  (cd "$ws" && autoreconf -i >/dev/null 2>&1)
  if run_in 'outputs = ["config.log", "config.status", "Makefile", "hello"]' sh -c './configure >/dev/null && make'; then
    fail "./configure && make in-tree" "it worked: the docs say it cannot (conftest.* at the root)"
  elif grep -q 'conftest' "$T/err"; then pass "./configure && make in-tree fails even with its outputs declared (conftest.* at the root)"
  else fail "./configure && make in-tree" "failed, but not on conftest.*: $(tail -c 300 "$T/err")"; fi
  rm -rf "${ws:?}/build"  # the run above declared it (configure is a marker): start without it
  row "./configure && make (out of tree)" 'outputs = ["build/"]' sh -c 'mkdir -p build && cd build && ../configure >/dev/null && make'
else
  skip "./configure && make" "autoconf is not installed (make deps)"
fi

# pytest: its cache folder at the root.
if python3 -c 'import pytest' 2>/dev/null; then
  repo pytest
  printf 'def test_one():\n    assert 1\n' >"$ws/test_one.py"
  # Without the output pytest still passes, warning that it cannot write its
  # cache; with it, the cache is written and nothing is said.
  if run_in '' python3 -m pytest -q && grep -q 'could not create cache path' "$T/out" "$T/err"; then
    pass "pytest works without outputs, warning that its cache cannot be written"
  else fail "pytest without outputs" "expected a pass with the cache warning: $(tail -c 300 "$T/out")"; fi
  if run_in 'outputs = [".pytest_cache/"]' python3 -m pytest -q && ! grep -q 'could not create cache path' "$T/out" "$T/err" &&
     [ -d "$ws/.pytest_cache/v" ]; then
    pass "pytest with outputs = [\".pytest_cache/\"] writes its cache"
  else fail "pytest with its output" "$(tail -c 300 "$T/out")"; fi
else
  skip "pytest" "pytest is not installed (make deps)"
fi

# python -m venv .venv: .venv from preset:pip (pyproject.toml marks a Python project).
if /usr/bin/python3 -c 'import ensurepip' 2>/dev/null; then
  repo venv
  printf '[project]\nname = "app"\nversion = "1.0"\n' >"$ws/pyproject.toml"
  row "python -m venv .venv" 'extends = ["preset:pip"]' /usr/bin/python3 -m venv --without-pip .venv
else
  skip "python -m venv .venv" "python3-venv is not installed (make deps)"
fi
