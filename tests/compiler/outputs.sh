#!/bin/sh
# Issue 23 in real git repositories under workspace-write, with the real
# launcher: `outputs` (what a build creates at the carved workspace root),
# a workspace inside ${TMPDIR} (mktemp keeps working), the ${TMPDIR} .git
# warning said once, and presets on a fresh HOME. Run by e2e.sh (suite 32).
# Usage: outputs.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="compiler-outputs "

# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"
need_git

# Policies live outside the workspace and ${TMPDIR} (a trusted file must).
etc=$T/etc
mkdir -p "$etc"
repo=$T/repo
mkdir -p "$repo/src"
git init -q "$repo"
echo 'int main(void) { return 0; }' >"$repo/src/main.c"

# policy NAME LINES: a workspace-write policy $etc/NAME.toml with LINES added.
policy() {
  printf 'version = 1\nmode = "workspace-write"\n%s\n' "$2" >"$etc/$1.toml"
}
# run NAME COMMAND...: COMMAND confined by $etc/NAME.toml in $repo; output in $T/out, $T/err.
run() {
  name=$1
  shift
  (cd "$repo" && "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$etc/$name.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}
build='mkdir -p target/debug && echo built >target/debug/app && echo "# lock" >Cargo.lock'

# --- outputs: a build that creates target/ and Cargo.lock at the root ----
policy plain ''
if run plain sh -c "$build"; then
  fail "without outputs a build cannot create target/ at the carved root" "it could"
elif grep -q 'Permission denied' "$T/err" && [ ! -e "$repo/target" ]; then
  pass "without outputs a build cannot create target/ at the carved root (EACCES)"
else
  fail "without outputs a build cannot create target/ at the carved root" "$(head -c 300 "$T/err")"
fi

policy out 'outputs = ["target/", "Cargo.lock"]'
"$policy_bin" explain --launcher "$launcher" --set workspace="$repo" "$etc/out.toml" >"$T/explain" 2>&1
if grep -q "^  $repo/target/  (folder, outputs at .*): missing: argv, exec and learn create it" "$T/explain" &&
   [ ! -e "$repo/target" ] && [ ! -e "$repo/Cargo.lock" ]; then
  pass "explain lists a missing output and creates nothing"
else
  fail "explain lists a missing output and creates nothing" "$(grep -A3 '^outputs' "$T/explain")"
fi
# shellcheck disable=SC2016 # expanded by the confined shell
if run out sh -c 'test -d target && test -f Cargo.lock && test ! -s Cargo.lock && '"$build" &&
   [ "$(cat "$repo/target/debug/app")" = built ] && [ "$(cat "$repo/Cargo.lock")" = "# lock" ]; then
  pass "with outputs = [\"target/\", \"Cargo.lock\"] the build creates target/ and fills the empty Cargo.lock"
else
  fail "with outputs the build works" "$(head -c 300 "$T/err")"
fi
if run out sh -c 'echo planted >.git/hooks/pre-commit'; then
  fail "with outputs .git stays read-only" "a hook was written"
elif [ -e "$repo/.git/hooks/pre-commit" ]; then
  fail "with outputs .git stays read-only" "$repo/.git/hooks/pre-commit exists"
else
  pass "with outputs .git stays read-only"
fi
if run out sh -c 'mkdir build'; then fail "an entry not in outputs still cannot be created" "build/ was created"
else pass "an entry not in outputs still cannot be created"; fi
"$policy_bin" explain --launcher "$launcher" --set workspace="$repo" "$etc/out.toml" >"$T/explain" 2>&1
if grep -q "^  $repo/Cargo.lock  (file, outputs at .*): already there" "$T/explain" &&
   grep -q "^  rw     $repo/target$" "$T/explain" && grep -q "from: outputs at " "$T/explain"; then
  pass "explain lists the outputs and their own writable grants"
else
  fail "explain lists the outputs and their own writable grants" "$(grep -A3 '^outputs' "$T/explain")"
fi
rm -rf "$repo/target" "$repo/Cargo.lock"
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$repo" "$etc/out.toml" -- true >"$T/argv.nul" 2>"$T/err"
if [ -d "$repo/target" ] && [ -f "$repo/Cargo.lock" ] && tr '\0' '\n' <"$T/argv.nul" | grep -qx "$repo/target"; then
  pass "argv creates the missing outputs and grants them"
else
  fail "argv creates the missing outputs and grants them" "$(head -c 300 "$T/err")"
fi

# --- bad outputs: an error at the entry's line and column -----------------
ln -s "$HOME" "$repo/evil"
echo text >"$repo/afile"
# expect_error NAME ENTRY PATTERN: outputs = [ENTRY] fails at 3:12 with PATTERN, and creates nothing.
expect_error() {
  policy bad "outputs = [$2]"
  before=$(ls -A "$repo" "$HOME" | sort | tr '\n' ' ')
  if "$policy_bin" argv --format nul --diagnostics gcc --launcher "$launcher" --set workspace="$repo" "$etc/bad.toml" \
       -- true >/dev/null 2>"$T/err"; then
    fail "$1" "it compiled"
  elif grep -q "bad.toml:3:12: error: outputs .*$3" "$T/err" && [ "$(ls -A "$repo" "$HOME" | sort | tr '\n' ' ')" = "$before" ]; then
    pass "$1"
  else
    fail "$1" "$(head -c 300 "$T/err")"
  fi
}
expect_error "an output with .. is an error at its line" '"../escape/"' '`..`'
expect_error "an absolute output is an error at its line" '"/tmp/x"' 'not a path relative to the workspace'
expect_error "an output inside .git is an error at its line" '".git/hooks/"' 'a .git'
expect_error "an output naming a carve exception is an error at its line" '".envrc"' 'read-only exception'
expect_error "a symlink in an output's place is an error at its line" '"evil/"' 'evil is a symlink'
expect_error "an output through a symlink is an error at its line" '"evil/sub/"' 'evil is a symlink'
expect_error "a file where a folder is declared is an error at its line" '"afile/"' 'afile is a file'
rm -f "$repo/evil" "$repo/afile"

# --- a project policy's outputs -------------------------------------------
printf 'version = 1\noutputs = ["dist/"]\n' >"$repo/.landlock.toml"
# shellcheck disable=SC2016 # the policy's own variable
policy proj 'project = "${WORKSPACE}/.landlock.toml"'
if run proj sh -c 'echo js >dist/app.js' && [ -f "$repo/dist/app.js" ]; then
  pass "a project policy may add an output (inside what workspace-write makes writable)"
else
  fail "a project policy may add an output" "$(head -c 300 "$T/err")"
fi
rm -rf "$repo/dist"
# shellcheck disable=SC2016 # the policy's own variable
printf 'version = 1\nmode = "read-only"\nproject = "${WORKSPACE}/.landlock.toml"\n' >"$etc/proj-ro.toml"
if (cd "$repo" && "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$etc/proj-ro.toml" -- true) 2>"$T/err" &&
   [ ! -e "$repo/dist" ] && grep -q 'project policy output `dist/` lies outside what your policy makes writable' "$T/err"; then
  pass "a project policy's output in read-only mode is a dropped widening, and nothing is created"
else
  fail "a project policy's output in read-only mode is a dropped widening" "$(head -c 300 "$T/err")"
fi
rm -f "$repo/.landlock.toml"

# --- a workspace inside ${TMPDIR}: mktemp keeps working ------------------
clone=$TMPDIR/clone other=$TMPDIR/other
mkdir -p "$clone" "$other"
git init -q "$clone"
git init -q "$other"
# shellcheck disable=SC2016 # expanded by the confined shell
if (cd "$clone" && "$policy_bin" exec --launcher "$launcher" --set workspace="$clone" "$etc/plain.toml" -- \
      sh -c 'f=$(mktemp) && echo ok >"$f" && echo "$f"') >"$T/out" 2>"$T/err"; then
  made=$(cat "$T/out")
  case $made in
    "$clone"/*) fail "a workspace inside TMPDIR: mktemp works" "the temp file $made is in the workspace" ;;
    "$TMPDIR"/* | /tmp/*) fail "a workspace inside TMPDIR: mktemp works" "the temp file $made is in \${TMPDIR} or /tmp, where another run can write" ;;
    "$HOME/.local/state/landlock-policy/tmp/ws-"*/*) pass "a workspace inside TMPDIR: mktemp works, in a temp folder of the run's own" ;;
    *) fail "a workspace inside TMPDIR: mktemp works" "made $made" ;;
  esac
else
  fail "a workspace inside TMPDIR: mktemp works" "$(head -c 300 "$T/err")"
fi
if (cd "$clone" && "$policy_bin" exec --launcher "$launcher" --set workspace="$clone" "$etc/plain.toml" -- \
      sh -c "echo planted >'$other/.git/hooks/post-checkout'") 2>/dev/null || [ -e "$other/.git/hooks/post-checkout" ]; then
  fail "a workspace inside TMPDIR: another clone's .git in TMPDIR stays read-only" "a hook was written"
else
  pass "a workspace inside TMPDIR: another clone's .git in TMPDIR stays read-only"
fi
"$policy_bin" explain --launcher "$launcher" --set workspace="$clone" "$etc/plain.toml" >"$T/explain" 2>&1
if grep -q "holds the workspace: the command gets TMPDIR=$HOME/.local/state/landlock-policy/tmp/ws-" "$T/explain" &&
   grep -q "^  set TMPDIR=$HOME/.local/state/landlock-policy/tmp/ws-" "$T/explain"; then
  pass "a workspace inside TMPDIR: explain says which temp folder the command gets"
else
  fail "a workspace inside TMPDIR: explain says which temp folder the command gets" "$(grep -i tmpdir "$T/explain" | head -5)"
fi

# --- the ${TMPDIR} .git warning: only where it matters, once; strict refuses --
# With the workspace inside TMPDIR the command no longer reaches the other
# clone (it gets a temp folder of its own): no warning about it.
"$policy_bin" check --diagnostics gcc --launcher "$launcher" --set workspace="$clone" "$etc/plain.toml" 2>"$T/err"
if grep -q 'warning: .*/.git: a planted' "$T/err"; then
  fail "no TMPDIR .git warning where the command cannot reach that .git" "$(head -c 400 "$T/err")"
else
  pass "no TMPDIR .git warning where the command cannot reach that .git"
fi
# With the workspace elsewhere, TMPDIR is writable and holds two clones: said once.
"$policy_bin" check --diagnostics gcc --launcher "$launcher" --set workspace="$repo" "$etc/plain.toml" 2>"$T/err"
n=$(grep -c 'warning: .*contains .*/.git: a planted' "$T/err")
if [ "$n" = 1 ]; then pass "the TMPDIR .git warning is said once per compile where the command can write that .git"
else fail "the TMPDIR .git warning is said once per compile" "said $n times: $(head -c 400 "$T/err")"; fi
# It is about the machine, not the run: kept out of what programs read (a
# pipe: npm's `warnings`; GitHub annotations), two lines on a terminal.
"$policy_bin" check --launcher "$launcher" --set workspace="$repo" "$etc/plain.toml" 2>"$T/err"
if grep -q 'contains .*/.git' "$T/err"; then fail "the TMPDIR .git warning stays out of a pipe (npm's warnings)" "$(head -c 400 "$T/err")"
else pass "the TMPDIR .git warning stays out of a pipe (npm's warnings)"; fi
GITHUB_WORKSPACE=$repo "$policy_bin" check --diagnostics github --launcher "$launcher" --set workspace="$repo" "$etc/plain.toml" 2>"$T/err"
if grep -q 'contains .*/.git' "$T/err"; then fail "the TMPDIR .git warning is no GitHub annotation" "$(head -c 400 "$T/err")"
else pass "the TMPDIR .git warning is no GitHub annotation"; fi
if command -v script >/dev/null; then
  script -qec "'$policy_bin' check --launcher '$launcher' --set workspace='$repo' '$etc/plain.toml'" /dev/null 2>&1 |
    tr -d '\r' >"$T/tty"
  # The warning's own lines: it and the indented ones after it (snippet, hint).
  said=$(awk '/contains .*\/\.git/ { n = 1; inside = 1; next } inside && /^ / { n++; next } { inside = 0 } END { print n + 0 }' "$T/tty")
  if [ "$(grep -c 'contains .*/.git' "$T/tty")" = 1 ] && [ "$said" = 2 ]; then
    pass "the TMPDIR .git warning is said once on a terminal, in two lines"
  else
    fail "the TMPDIR .git warning is said once on a terminal, in two lines" "$(head -c 600 "$T/tty")"
  fi
else
  skip "the TMPDIR .git warning on a terminal" "script(1) is not installed"
fi
policy tmpstrict 'strict = true'
if "$policy_bin" check --diagnostics gcc --launcher "$launcher" --set workspace="$repo" "$etc/tmpstrict.toml" 2>"$T/err"; then
  fail "strict still refuses a .git in TMPDIR" "it compiled"
elif grep -q 'error: .*contains .*/.git: a planted' "$T/err"; then
  pass "strict still refuses a .git in TMPDIR"
else
  fail "strict still refuses a .git in TMPDIR" "$(head -c 300 "$T/err")"
fi
rm -rf "$clone" "$other"

# --- outputs never undo a ro grant inside the workspace ------------------
# Your ro grant on docs/ is a read-only exception; a project policy's output
# naming something in it, or docs/ itself, is a dropped widening (nothing
# created, nothing writable), and your own output there is an error.
mkdir -p "$repo/docs"
echo original >"$repo/docs/README"
# shellcheck disable=SC2016 # ${WORKSPACE} is the policy's variable
policy rogrant 'ro = ["${WORKSPACE}/docs"]
project = { path = "${WORKSPACE}/.landlock.toml", optional = true }'
printf 'version = 1\noutputs = ["docs/README", "docs/gen/"]\n' >"$repo/.landlock.toml"
run rogrant sh -c 'echo pwned >docs/README; mkdir -p docs/gen; echo x >docs/gen/f'
if [ "$(cat "$repo/docs/README")" = original ] && [ ! -e "$repo/docs/gen" ] &&
   grep -q 'project policy output `docs/README` is, holds or lies inside ro grant' "$T/err"; then
  pass "a project policy's outputs inside your ro grant are dropped: nothing created or writable"
else
  fail "a project policy's outputs inside your ro grant are dropped" "$(cat "$repo/docs/README"; ls "$repo/docs"; head -c 300 "$T/err")"
fi
printf 'version = 1\noutputs = ["docs/"]\n' >"$repo/.landlock.toml"
run rogrant sh -c 'echo pwned >docs/README'
if [ "$(cat "$repo/docs/README")" = original ] && ! grep -q 'internal error' "$T/err" &&
   grep -q 'project policy output `docs/` is, holds or lies inside ro grant' "$T/err"; then
  pass "a project policy's output naming your ro grant itself is dropped"
else
  fail "a project policy's output naming your ro grant itself is dropped" "$(cat "$repo/docs/README"; head -c 300 "$T/err")"
fi
rm -f "$repo/.landlock.toml"
# shellcheck disable=SC2016 # ${WORKSPACE} is the policy's variable
policy roown 'ro = ["${WORKSPACE}/docs"]
outputs = ["docs/gen/"]'
if "$policy_bin" check --diagnostics gcc --launcher "$launcher" --set workspace="$repo" "$etc/roown.toml" 2>"$T/err"; then
  fail "your own output inside your ro grant is an error at its line" "it compiled"
elif grep -q 'roown.toml:4:.*error: outputs `docs/gen/`: .* is, holds or lies inside ro grant' "$T/err" &&
     [ ! -e "$repo/docs/gen" ]; then
  pass "your own output inside your ro grant is an error at its line"
else
  fail "your own output inside your ro grant is an error at its line" "$(head -c 300 "$T/err")"
fi
rm -rf "$repo/docs"

# --- a preset's cache folder is never created or granted through a symlink --
# An earlier run that could write HOME planted ~/.cargo -> elsewhere.
evil_home=$T/evil-home
victim=$T/victim
mkdir -p "$evil_home" "$victim"
ln -s "$victim" "$evil_home/.cargo"
printf 'version = 1\nmode = "workspace-write"\nextends = ["preset:cargo"]\n' >"$etc/cargo.toml"
cargo_run() {
  (cd "$repo" && HOME="$evil_home" "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$etc/cargo.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}
cargo_run true
if [ ! -e "$victim/git" ] && [ ! -e "$victim/registry" ] &&
   grep -q "note: preset:cargo: its cache folder $evil_home/.cargo/git lies through the symlink $evil_home/.cargo" "$T/err" &&
   grep -q "mkdir -p $evil_home/.cargo/git" "$T/err"; then
  pass "a preset's cache folder is not created through a planted symlink (a note says what to run)"
else
  fail "a preset's cache folder is not created through a planted symlink" "$(ls "$victim"; head -c 400 "$T/err")"
fi
mkdir "$victim/git"
if cargo_run sh -c "echo x >'$evil_home/.cargo/git/planted'" || [ -e "$victim/git/planted" ]; then
  fail "a preset's cache folder is not granted through a planted symlink" "the command wrote through it"
else
  pass "a preset's cache folder is not granted through a planted symlink"
fi
rm -rf "$evil_home" "$victim"

# --- presets on a fresh HOME: go with preset:go -------------------------
if ! [ -x /usr/bin/go ]; then
  skip "go on a fresh HOME" "go (golang-go) is not installed (make deps)"
else
  fresh=$T/fresh-home
  mkdir -p "$fresh" "$repo/hello"
  printf 'module example.com/hello\n\ngo 1.19\n' >"$repo/hello/go.mod"
  printf 'package main\n\nfunc main() { println("hi") }\n' >"$repo/hello/main.go"
  printf 'version = 1\nmode = "workspace-write"\nextends = ["preset:go"]\n' >"$etc/go.toml"
  "$policy_bin" explain --launcher "$launcher" --set workspace="$repo" "$etc/go.toml" >"$T/explain" 2>&1
  go_run() {
    (cd "$repo/hello" && env -u GOPATH -u GOMODCACHE -u GOCACHE -u GOENV -u XDG_CACHE_HOME HOME="$fresh" \
      GOTOOLCHAIN=local GOTELEMETRY=off GOFLAGS=-mod=mod GOPROXY=off \
      "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$etc/go.toml" -- "$@") >"$T/out" 2>"$T/err"
  }
  if HOME=$fresh "$policy_bin" explain --launcher "$launcher" --set workspace="$repo" "$etc/go.toml" 2>&1 |
       grep -q "^  $fresh/.cache/go-build  (preset:go, ~/.cache/go-build): missing: argv, exec and learn create it"; then
    pass "go on a fresh HOME: explain names the missing cache folders"
  else
    fail "go on a fresh HOME: explain names the missing cache folders" "$(grep -A4 'preset cache' "$T/explain")"
  fi
  if go_run /usr/bin/go build -o /dev/null . && [ -d "$fresh/.cache/go-build" ] && [ -d "$fresh/go/pkg/mod" ]; then
    pass "go on a fresh HOME: go build works with preset:go (its cache folders created before the run)"
  else
    fail "go on a fresh HOME: go build works with preset:go" "$(tail -c 300 "$T/err")"
  fi
  # shellcheck disable=SC2016 # expanded by the confined shell
  if go_run sh -c 'echo x >"$HOME/.cache/planted"' || [ -e "$fresh/.cache/planted" ]; then
    fail "go on a fresh HOME: ~/.cache itself stays read-only" "a file landed in ~/.cache"
  else
    pass "go on a fresh HOME: ~/.cache itself stays read-only (only the leaf is granted)"
  fi
fi

# --- preset:go-isolated: the caches in the workspace, nothing in HOME -----
if [ -x /usr/bin/go ]; then
  iso_home=$T/iso-home
  mkdir -p "$iso_home"
  printf 'version = 1\nmode = "workspace-write"\nextends = ["preset:go-isolated"]\n' >"$etc/go-iso.toml"
  if (cd "$repo/hello" && env -u GOPATH -u GOMODCACHE -u GOCACHE -u GOENV -u XDG_CACHE_HOME HOME="$iso_home" \
        GOTOOLCHAIN=local GOTELEMETRY=off GOFLAGS=-mod=mod GOPROXY=off \
        "$policy_bin" exec --launcher "$launcher" --set workspace="$repo" "$etc/go-iso.toml" -- /usr/bin/go build -o /dev/null .) \
       >"$T/out" 2>"$T/err" &&
     [ -n "$(find "$repo/.cache/go/build" -type f 2>/dev/null | head -1)" ] && [ -z "$(ls -A "$iso_home")" ]; then
    pass "preset:go-isolated: go build works, its build cache in the workspace's .cache/go, nothing in HOME"
  else
    fail "preset:go-isolated: go build works with the caches in the workspace" "$(tail -c 300 "$T/err") $(ls -A "$iso_home")"
  fi
fi
