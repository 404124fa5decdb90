#!/bin/sh
# Every built-in preset (compiler/presets.cpp) exercised by its real tool,
# installed from Debian's packages by `make deps`: the tool fails under
# workspace-write alone (so the preset is what makes it work), and works,
# confined, with `extends = ["preset:NAME"]`. A preset without a test here
# is a FAIL. Usage: presets.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

pass() { echo "PASS preset $1"; }
fail() { echo "FAIL preset $1: $2"; }
probe=$("$launcher" --probe 2>&1)
case $probe in
  *" enforcement=full "* | *" enforcement=partial "*) ;;
  *) echo "SKIP presets: Landlock does not enforce here ($probe)"; exit 0 ;;
esac

# run_with EXTENDS COMMAND...: COMMAND in the workspace under workspace-write
# plus EXTENDS (a TOML array, maybe empty); its stderr in $T/err.
run_with() {
  printf 'version = 1\nmode = "workspace-write"\nextends = %s\n' "$1" >"$T/preset-policy.toml"
  shift
  (cd "$WS" && "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/preset-policy.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}

test_ccache() {
  if ! command -v ccache >/dev/null || ! command -v gcc >/dev/null; then
    echo "SKIP preset ccache: ccache or gcc is not installed (make deps)"; return
  fi
  # The cache folder exists (an optional grant covers an existing folder).
  cache=$HOME/.cache/ccache
  rm -rf "$cache" && mkdir -p "$cache"
  echo 'int f(void) { return 1; }' >"$WS/f.c"
  cc=$(command -v gcc)
  ccache=$(command -v ccache)
  if run_with '[]' "$ccache" "$cc" -c "$WS/f.c" -o "$WS/f.o"; then
    fail ccache "ccache worked without the preset: the test shows nothing"
  elif grep -q "$cache" "$T/err"; then
    pass "ccache: without the preset, ccache cannot write its cache"
  else
    fail ccache "without the preset: $(head -c 300 "$T/err")"
  fi
  if run_with '["preset:ccache"]' "$ccache" "$cc" -c "$WS/f.c" -o "$WS/f.o" && [ -f "$WS/f.o" ] &&
     [ -n "$(find "$cache" -type f -name '*M' 2>/dev/null)" ]; then
    pass "ccache: with preset:ccache a compile lands in the workspace and the cache"
  else
    fail ccache "with the preset: $(head -c 300 "$T/err")"
  fi
  # A second compile of the same file is a cache hit, read back confined.
  rm -f "$WS/f.o"
  if run_with '["preset:ccache"]' "$ccache" "$cc" -c "$WS/f.c" -o "$WS/f.o" &&
     (cd "$WS" && "$ccache" -s 2>/dev/null) | grep -Eq '(Hits|cache hit \(direct\)): *[1-9]'; then
    pass "ccache: the second compile is a cache hit"
  else
    fail ccache "no cache hit: $("$ccache" -s 2>&1 | head -5 | tr '\n' ' ')"
  fi
  home_stays_read_only ccache
}

# home_stays_read_only NAME: nothing but the preset's folders became
# writable: HOME itself stays read-only.
home_stays_read_only() {
  # shellcheck disable=SC2016 # expanded by the confined shell
  if run_with "[\"preset:$1\"]" sh -c 'echo x >"$HOME/planted"'; then fail "$1" "HOME became writable"
  elif [ -e "$HOME/planted" ]; then fail "$1" "a file landed in HOME"
  else pass "$1: HOME stays read-only"; fi
}

# pip (python3-venv): installing a source distribution builds a wheel and
# keeps it in ~/.cache/pip/wheels; offline, from a local --find-links folder.
test_pip() {
  if ! /usr/bin/python3 -c 'import ensurepip, setuptools, wheel' 2>/dev/null; then
    echo "SKIP preset pip: python3-venv, python3-setuptools or python3-wheel is not installed (make deps)"; return
  fi
  cache=$HOME/.cache/pip
  rm -rf "$cache" && mkdir -p "$cache"
  src=$T/pip-src/hello-1.0
  mkdir -p "$src/hello" "$T/pip-links"
  printf '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n[project]\nname = "hello"\nversion = "1.0"\n' >"$src/pyproject.toml"
  printf 'Metadata-Version: 2.1\nName: hello\nVersion: 1.0\n' >"$src/PKG-INFO"
  echo 'X = 1' >"$src/hello/__init__.py"
  (cd "$T/pip-src" && tar -czf "$T/pip-links/hello-1.0.tar.gz" hello-1.0)
  # The machine's own pip settings (PIP_FIND_LINKS, a config file) stay out.
  for v in $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/\1/p'); do unset "$v"; done
  PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1
  export PIP_CONFIG_FILE PIP_DISABLE_PIP_VERSION_CHECK
  /usr/bin/python3 -m venv --system-site-packages "$WS/venv" || { fail pip "cannot create a venv"; return; }
  pip_install() { run_with "$1" "$WS/venv/bin/pip" install --no-index --no-build-isolation --find-links "$T/pip-links" hello; }
  if pip_install '[]'; then
    fail pip "pip built and installed without the preset: the test shows nothing"
  elif grep -q "$cache" "$T/err" "$T/out"; then
    pass "pip: without the preset, pip cannot keep the wheel it builds"
  else
    fail pip "without the preset: $(tail -c 300 "$T/out") $(head -c 300 "$T/err")"
  fi
  if pip_install '["preset:pip"]' && [ -n "$(find "$cache/wheels" -name 'hello-1.0-*.whl' 2>/dev/null)" ] &&
     "$WS/venv/bin/python" -c 'import hello' 2>/dev/null; then
    pass "pip: with preset:pip the wheel is built, cached and installed in the workspace's venv"
  else
    fail pip "with the preset: $(tail -c 300 "$T/out") $(head -c 300 "$T/err")"
  fi
  home_stays_read_only pip
}

# npm: installing a local tarball, offline, fills ~/.npm/_cacache; without
# the cache npm stops with "Your cache folder contains root-owned files".
test_npm() {
  if ! command -v npm >/dev/null; then
    echo "SKIP preset npm: npm is not installed"; return
  fi
  cache=$HOME/.npm
  rm -rf "$cache" && mkdir -p "$cache"
  mkdir -p "$T/npm-pkg"
  printf '{"name":"hello-llr","version":"1.0.0","main":"index.js"}\n' >"$T/npm-pkg/package.json"
  echo 'module.exports = 1;' >"$T/npm-pkg/index.js"
  (cd "$T/npm-pkg" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1) || { fail npm "cannot pack the test package"; return; }
  npm_install() { run_with "$1" npm install --offline --no-audit --no-fund --no-update-notifier "$T/hello-llr-1.0.0.tgz"; }
  if npm_install '[]'; then
    fail npm "npm installed without the preset: the test shows nothing"
  elif grep -q "$cache" "$T/err"; then
    pass "npm: without the preset, npm cannot write its cache"
  else
    fail npm "without the preset: $(head -c 300 "$T/err")"
  fi
  if npm_install '["preset:npm"]' && [ -f "$WS/node_modules/hello-llr/index.js" ] && [ -d "$cache/_cacache" ]; then
    pass "npm: with preset:npm the package lands in the workspace and the cache in ~/.npm"
  else
    fail npm "with the preset: $(head -c 300 "$T/err")"
  fi
  home_stays_read_only npm
}

presets=$(sed -n 's/^ *{"\([a-z0-9-]*\)", R"toml(.*/\1/p' "$root/compiler/presets.cpp")
[ -n "$presets" ] || { fail list "no preset found in compiler/presets.cpp"; exit 0; }
for p in $presets; do
  case $p in
    ccache) test_ccache ;;
    pip) test_pip ;;
    npm) test_npm ;;
    *) fail "$p" "no real-tool test in tests/compiler/presets.sh" ;;
  esac
done
