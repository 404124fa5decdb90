#!/bin/sh
# The builds benchmark: each row of docs/policy-format.md's table ("Real
# builds under workspace-write") run as a new user would, its command as
# written in the table, in a fresh project of its own: a fresh git
# repository (so the workspace root is carved read-only) with a fresh HOME,
# under a policy holding nothing but `mode = "workspace-write"` and the
# row's cache preset. A row the mode must build is a PASS when it works; a
# row the carve makes impossible is a PASS when it fails, `exec` shows its
# hint on a terminal, and the row's one-line fix makes it work. A tool that
# is not installed is a SKIP with the reason. Ends with the line
# `N of M builds pass with the bare mode`. Run by presets.sh (suite 34).
# Usage: builds.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="build "
doc=$root/docs/policy-format.md
# The projects this script knows how to make, one per row of the table.
projects="cargo cmake meson npm yarn pnpm go pytest venv-pip maven gradle autotools-out-of-tree
autotools-in-tree make-objects-in-subfolders make-in-tree-at-the-root"

# The table's rows as KEY COMMAND KIND PRESET NEEDED FIX, separated by
# $sep (not a blank: `read` would merge empty fields): KEY the first column
# made a name (lower case, dashes), COMMAND the second column's code, KIND
# `works` or `impossible` (how the third column starts), PRESET the NAME of
# a `preset:NAME` in the fourth, NEEDED `fails` when the fourth says
# "without it: fails", FIX the fifth column's code.
sep=$(printf '\037')
rows=$(awk '
  function code(cell) { return match(cell, /`[^`]*`/) ? substr(cell, RSTART + 1, RLENGTH - 2) : "" }
  /^### Real builds under workspace-write/ { inside = 1; next }
  /^#/ { inside = 0 }
  inside && /^\| / && !/^\| (build|---) / {
    # "| a | b | c | d | e |": six fields around the five cells.
    if (split($0, cell, "|") != 7) { printf "malformed\037%s\037?\n", $0; next }
    key = tolower(cell[2]); gsub(/[^a-z0-9]+/, "-", key); gsub(/^-|-$/, "", key)
    kind = cell[4] ~ /^ impossible/ ? "impossible" : (cell[4] ~ /^ works/ ? "works" : "?")
    preset = match(cell[5], /`preset:[a-z0-9-]+`/) ? substr(cell[5], RSTART + 8, RLENGTH - 9) : ""
    needed = cell[5] ~ /without it: fails/ ? "fails" : ""
    printf "%s\037%s\037%s\037%s\037%s\037%s\n", key, code(cell[3]), kind, preset, needed, code(cell[6])
  }' "$doc")

# The table and this script name the same rows: a row without a project
# here, or a project without its row, is a FAIL (checked where Landlock is
# missing too).
table_keys=$(printf '%s\n' "$rows" | cut -d "$sep" -f1 | sort)
script_keys=$(printf '%s\n' "$projects" | tr ' ' '\n' | sort)
if [ -n "$rows" ] && [ "$table_keys" = "$script_keys" ]; then
  pass "docs/policy-format.md's builds table and builds.sh name the same $(printf '%s\n' "$rows" | wc -l) rows"
else
  fail "builds table" "the table's rows ($(printf '%s' "$table_keys" | tr '\n' ' ')) are not builds.sh's projects ($(printf '%s' "$script_keys" | tr '\n' ' '))"
fi
if printf '%s\n' "$rows" | cut -d "$sep" -f3 | grep -qx '?'; then
  fail "builds table" "a row's bare-mode column starts neither with \"works\" nor with \"impossible\""
fi
# README's first screen gives the benchmark's result as "N of M builds"
# (wrapped anywhere): M is the table's row count.
count=$(printf '%s\n' "$rows" | wc -l)
if tr -s ' \n' '  ' <"$root/README.md" | grep -Eq "[0-9]+ of $count builds pass with the bare mode"; then
  pass "README gives the benchmark's result out of the table's $count rows"
else
  fail "README's builds number" "no \"N of $count builds pass with the bare mode\" in README.md"
fi

# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"
need_git

# Debian's tools, not a rustup proxy or a pyenv shim that the caller's PATH
# may list first; offline (the tests reach no network), nothing from the
# caller's settings.
PATH=/usr/local/bin:/usr/bin:/bin SHELL=/bin/sh
export PATH SHELL
for v in $(env | sed -n 's/^\(PIP_[A-Z_]*\|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[A-Za-z_]*\|GO[A-Z]*\|CARGO_[A-Z_]*\|RUST[A-Z_]*\|MAVEN_[A-Z_]*\|GRADLE_[A-Z_]*\|YARN_[A-Z_]*\|PNPM_[A-Z_]*\|XDG_[A-Z_]*\)=.*/\1/p'); do
  unset "$v"
done
unset CC CFLAGS JAVA_OPTS VIRTUAL_ENV NODE_OPTIONS MAKEFLAGS MFLAGS MAKELEVEL
PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1
npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
GOPROXY=off GOTOOLCHAIN=local GOTELEMETRY=off
# Debian's yarnpkg finds its modules there; a node from elsewhere does not look.
NODE_PATH=/usr/share/nodejs
export PIP_CONFIG_FILE PIP_DISABLE_PIP_VERSION_CHECK npm_config_audit npm_config_fund npm_config_update_notifier \
  GOPROXY GOTOOLCHAIN GOTELEMETRY NODE_PATH
etc=$T/etc
mkdir -p "$etc"

# The dependency of the JavaScript projects: a local tarball, as the
# registry's would be (npm and Yarn unpack it through their caches).
js_dep() {
  [ -f "$T/dep-1.0.0.tgz" ] && return 0
  mkdir -p "$T/dep"
  printf '{"name":"dep","version":"1.0.0","main":"index.js"}\n' >"$T/dep/package.json"
  echo 'module.exports = 1;' >"$T/dep/index.js"
  (cd "$T/dep" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1)
}

# js_project MANAGER: package.json naming MANAGER (corepack's packageManager,
# "" for npm), the tarball dependency, and a test that loads it.
js_project() {
  manager=
  [ -z "$1" ] || manager="\"packageManager\":\"$1\","
  printf '{"name":"app","version":"1.0.0","private":true,"license":"MIT",%s"scripts":{"test":"node test.js"},"dependencies":{"dep":"file:%s"}}\n' \
    "$manager" "$T/dep-1.0.0.tgz" >"$ws/package.json"
  echo 'process.exit(require("dep") === 1 ? 0 : 1);' >"$ws/test.js"
}

c_main='int main(void) { return 0; }'

# missing KEY: why the row's tools are not here, or nothing.
missing() {
  case $1 in
    cargo) tools="/usr/bin/cargo /usr/bin/rustc" ;;
    cmake) tools="cmake cc" ;;
    meson) tools="meson ninja cc" ;;
    npm) tools="npm" ;;
    yarn) tools="/usr/bin/yarnpkg npm" ;;
    pnpm) tools="pnpm npm" ;;
    go) tools="/usr/bin/go" ;;
    pytest) tools="pytest" ;;
    venv-pip) tools="/usr/bin/python3" ;;
    maven) tools="/usr/bin/mvn /usr/bin/javac" ;;
    gradle) tools="/usr/bin/gradle /usr/bin/javac" ;;
    autotools-*) tools="autoreconf make cc" ;;
    make-*) tools="make cc" ;;
    *) tools= ;;
  esac
  for tool in $tools; do
    command -v "$tool" >/dev/null || { echo "$tool is not installed (make deps)"; return; }
  done
  case $1 in
    venv-pip)
      /usr/bin/python3 -c 'import ensurepip, setuptools, wheel' 2>/dev/null ||
        echo "python3-venv, python3-setuptools or python3-wheel is not installed (make deps)" ;;
    maven)
      for plugin in compiler jar surefire resources; do
        [ -d "/usr/share/maven-repo/org/apache/maven/plugins/maven-$plugin-plugin" ] ||
          { echo "Debian's maven-$plugin-plugin is not installed (make deps)"; return; }
      done ;;
  esac
}

# make_project KEY: the fresh project of the row in $ws (a new git
# repository) with a fresh HOME; false when it cannot be made.
make_project() {
  ws=$T/$1 HOME=$T/home-$1
  mkdir -p "$ws" "$HOME" && git init -q "$ws" || return 1
  case $1 in
    cargo)
      printf '[package]\nname = "hello"\nversion = "0.1.0"\nedition = "2021"\n' >"$ws/Cargo.toml"
      mkdir -p "$ws/src"
      printf 'pub fn one() -> i32 { 1 }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() { assert_eq!(super::one(), 1); }\n}\n' >"$ws/src/lib.rs" ;;
    cmake)
      printf 'cmake_minimum_required(VERSION 3.10)\nproject(hello C)\nenable_testing()\nadd_executable(hello main.c)\nadd_test(NAME runs COMMAND hello)\n' >"$ws/CMakeLists.txt"
      echo "$c_main" >"$ws/main.c" ;;
    meson)
      printf "project('hello', 'c')\ntest('runs', executable('hello', 'main.c'))\n" >"$ws/meson.build"
      echo "$c_main" >"$ws/main.c" ;;
    npm) js_dep && js_project "" ;;
    yarn) js_dep && js_project "yarn@1.22.19" ;;
    pnpm) js_dep && js_project "pnpm@9.15.9" ;;
    go)
      printf 'module example.com/hello\n\ngo 1.19\n' >"$ws/go.mod"
      printf 'package main\n\nimport "fmt"\n\nfunc one() int { return 1 }\n\nfunc main() { fmt.Println(one()) }\n' >"$ws/main.go"
      printf 'package main\n\nimport "testing"\n\nfunc TestOne(t *testing.T) {\n\tif one() != 1 {\n\t\tt.Fatal("one")\n\t}\n}\n' >"$ws/main_test.go" ;;
    pytest)
      printf '[project]\nname = "hello"\nversion = "1.0"\n' >"$ws/pyproject.toml"
      printf 'def test_one():\n    assert 1\n' >"$ws/test_one.py" ;;
    venv-pip)
      printf '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "hello"\nversion = "1.0"\n' >"$ws/pyproject.toml"
      mkdir -p "$ws/src/hello"
      echo 'X = 1' >"$ws/src/hello/__init__.py" ;;
    maven)
      # Offline: Debian's /usr/share/maven-repo is the only remote repository.
      mkdir -p "$HOME/.m2" "$ws/src/main/java/x"
      printf '<settings><mirrors><mirror><id>debian</id><mirrorOf>*</mirrorOf><url>file:///usr/share/maven-repo</url></mirror></mirrors></settings>\n' >"$HOME/.m2/settings.xml"
      printf '<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>llr.test</groupId>\n  <artifactId>hello</artifactId>\n  <version>1.0</version>\n  <properties>\n    <maven.compiler.source>8</maven.compiler.source>\n    <maven.compiler.target>8</maven.compiler.target>\n    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n  </properties>\n</project>\n' >"$ws/pom.xml"
      echo 'package x; public class A { public static int one() { return 1; } }' >"$ws/src/main/java/x/A.java" ;;
    gradle)
      mkdir -p "$ws/src/main/java/x"
      echo "apply plugin: 'java'" >"$ws/build.gradle"
      echo "rootProject.name = 'hello'" >"$ws/settings.gradle"
      echo 'package x; public class A { public static int one() { return 1; } }' >"$ws/src/main/java/x/A.java" ;;
    autotools-*)
      # As a release tarball ships it: configure made beforehand, outside.
      printf 'AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n' >"$ws/configure.ac"
      printf 'srcdir = @srcdir@\nVPATH = @srcdir@\nCC = @CC@\nhello: main.c\n\t$(CC) -o $@ $(srcdir)/main.c\ncheck: hello\n\t./hello\n' >"$ws/Makefile.in"
      echo "$c_main" >"$ws/main.c"
      (cd "$ws" && autoreconf -i >/dev/null 2>&1 && rm -rf autom4te.cache) ;;
    make-objects-in-subfolders)
      mkdir -p "$ws/src"
      printf 'src/hello: src/main.o src/one.o\n\t$(CC) -o $@ src/main.o src/one.o\nclean:\n\trm -f src/*.o src/hello\n' >"$ws/Makefile"
      echo 'int one(void); int main(void) { return one() - 1; }' >"$ws/src/main.c"
      echo 'int one(void) { return 1; }' >"$ws/src/one.c" ;;
    make-in-tree-at-the-root)
      printf 'hello: hello.c\n\t$(CC) -o hello hello.c\n' >"$ws/Makefile"
      echo "$c_main" >"$ws/hello.c" ;;
    *) return 1 ;;
  esac
}

# Java takes its home from the password database and its temp dir is /tmp,
# whatever HOME and TMPDIR say: point both at the row's.
java_home() {
  JAVA_TOOL_OPTIONS="-Duser.home=$HOME -Djava.io.tmpdir=$TMPDIR"
  export JAVA_TOOL_OPTIONS
}

# confined TERMINAL PRESET EXTRA COMMAND: COMMAND (a shell line) run from
# the project folder under workspace-write, plus preset:PRESET when not
# empty and the policy line EXTRA; with TERMINAL `tty`, its output on a
# terminal (script(1)), where `exec` stays to print its hint. Output in $T/out.
confined() {
  {
    printf 'version = 1\nmode = "workspace-write"\n'
    [ -z "$2" ] || printf 'extends = ["preset:%s"]\n' "$2"
    [ -z "$3" ] || printf '%s\n' "$3"
  } >"$etc/build.toml"
  ROW_COMMAND=$4
  export ROW_COMMAND policy_bin launcher etc
  # shellcheck disable=SC2016 # expanded by the shell script(1) starts
  line='exec "$policy_bin" exec --launcher "$launcher" "$etc/build.toml" -- sh -c "$ROW_COMMAND"'
  if [ "$1" = tty ]; then
    (cd "$ws" && script -qec "$line" /dev/null) </dev/null >"$T/out" 2>&1
  else
    (cd "$ws" && sh -c "$line") </dev/null >"$T/out" 2>&1
  fi
}

# verify KEY: what the row's command cannot show by its exit status.
verify() {
  case $1 in
    pytest)
      # pytest passes without its cache, only warning that it cannot write it.
      if grep -q 'could not create cache path' "$T/out" || ! [ -d "$ws/.pytest_cache/v" ]; then
        echo "pytest could not write .pytest_cache"
      fi ;;
    venv-pip) "$ws/.venv/bin/python" -c 'import hello' 2>/dev/null || echo "the package is not installed in .venv" ;;
    maven) [ -f "$ws/target/hello-1.0.jar" ] || echo "no target/hello-1.0.jar" ;;
    gradle) [ -f "$ws/build/libs/hello.jar" ] || echo "no build/libs/hello.jar" ;;
  esac
}

# why_failed: the end of the last run's output, on one line.
why_failed() { tail -c 400 "$T/out" | tr '\n' '|'; }

# fresh KEY: the row's project made again, from nothing, with a fresh HOME
# (Go's module cache is read-only by design: made writable to be removed).
fresh() {
  [ ! -d "$T/home-$1/go" ] || chmod -R u+w "$T/home-$1/go"
  rm -rf "${T:?}/$1" "$T/home-$1"
  make_project "$1"
}

# impossible_row KEY COMMAND PRESET FIX: COMMAND fails with the bare mode,
# exec's hint names outputs, and FIX (a policy line, or a command run
# instead) makes it work.
impossible_row() {
  if ! command -v script >/dev/null; then
    skip "$1" "script (bsdutils) is not installed: no terminal for exec's hint"; return
  fi
  if confined tty "$3" '' "$2"; then
    fail "$1" "\`$2\` worked with the bare mode: the table says the carve makes it impossible"; return
  fi
  if ! grep -q 'outputs' "$T/out"; then
    fail "$1" "\`$2\` failed, but exec showed no hint naming outputs: $(why_failed)"; return
  fi
  # A fix is a policy line (`outputs = [...]`) or a command run instead.
  case $4 in
    '') fail "$1" "an impossible row without its fix in the table"; return ;;
    [a-z]*' = '*) fix_line=$4 fix_command=$2 ;;
    *) fix_line='' fix_command=$4 ;;
  esac
  if confined plain "$3" "$fix_line" "$fix_command" && [ -z "$(verify "$1")" ]; then
    pass "$1: \`$2\` is impossible with the bare mode (exec's hint names outputs), and works with \`$4\`"
  else
    fail "$1" "with the fix \`$4\`: $(verify "$1") $(why_failed)"
  fi
  [ "$1" != autotools-in-tree ] || in_tree_configure_needs_no_list "$2"
}

# in_tree_configure_needs_no_list COMMAND: in-tree configure fails even with
# the files it leaves at the root declared: its conftest.* scratch files,
# which no list of outputs can name in advance, are why the table sends it
# out of tree.
in_tree_configure_needs_no_list() {
  fresh autotools-in-tree || { fail autotools-in-tree "cannot make the project again"; return; }
  if confined plain '' 'outputs = ["config.log", "config.status", "Makefile", "hello"]' "$1"; then
    fail autotools-in-tree "\`$1\` worked with its outputs declared: the table says conftest.* makes it impossible"
  elif grep -q conftest "$T/out"; then
    pass "autotools-in-tree: \`$1\` fails even with config.log, config.status, Makefile and hello declared (conftest.*)"
  else
    fail autotools-in-tree "with its outputs declared it failed, but not on conftest.*: $(why_failed)"
  fi
}

# works_row KEY COMMAND PRESET NEEDED: COMMAND works with the bare mode
# (plus preset:PRESET); with NEEDED `fails`, it fails without the preset.
# True when it works.
works_row() {
  with=
  [ -z "$3" ] || with=" + preset:$3"
  if [ "$4" = fails ]; then
    if confined plain '' '' "$2"; then
      fail "$1" "\`$2\` worked without preset:$3: the table says it fails"
    else
      pass "$1: \`$2\` fails with the bare mode alone: preset:$3 holds its cache"
    fi
    fresh "$1" || { fail "$1" "cannot make the project again"; return 1; }
  fi
  if confined plain "$3" '' "$2" && [ -z "$(verify "$1")" ]; then
    pass "$1: \`$2\` works with the bare mode$with"
    return 0
  fi
  fail "$1" "\`$2\` with the bare mode$with: $(verify "$1") $(why_failed)"
  return 1
}

passed_bare=0 measured=0 impossible=0 skipped=0
while IFS=$sep read -r key command kind preset needed fix <&3; do
  reason=$(missing "$key")
  if [ -n "$reason" ]; then skip "$key" "$reason"; skipped=$((skipped + 1)); continue; fi
  fresh "$key" || { fail "$key" "cannot make the project"; continue; }
  case $key in maven | gradle) java_home ;; esac
  measured=$((measured + 1))
  if [ "$kind" = impossible ]; then
    impossible=$((impossible + 1))
    impossible_row "$key" "$command" "$preset" "$fix"
  elif works_row "$key" "$command" "$preset" "$needed"; then
    passed_bare=$((passed_bare + 1))
  fi
done 3<<EOF
$rows
EOF

echo "$passed_bare of $measured builds pass with the bare mode ($impossible impossible by the carve, each with its fix; $skipped skipped)"
