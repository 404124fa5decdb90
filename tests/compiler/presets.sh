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
  # Nothing else was made writable: HOME itself stays read-only.
  if run_with '["preset:ccache"]' sh -c 'echo x >"$HOME/planted"'; then fail ccache "HOME became writable"
  elif [ -e "$HOME/planted" ]; then fail ccache "a file landed in HOME"
  else pass "ccache: HOME stays read-only"; fi
}

presets=$(sed -n 's/^ *{"\([a-z0-9-]*\)", R"toml(.*/\1/p' "$root/compiler/presets.cpp")
[ -n "$presets" ] || { fail list "no preset found in compiler/presets.cpp"; exit 0; }
for p in $presets; do
  case $p in
    ccache) test_ccache ;;
    *) fail "$p" "no real-tool test in tests/compiler/presets.sh" ;;
  esac
done
