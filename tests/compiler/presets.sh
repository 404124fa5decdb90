#!/bin/sh
# Every built-in preset (compiler/policy/presets.cpp) exercised by its real tool,
# installed from Debian's packages by `make deps`: the tool fails under
# workspace-write alone (so the preset is what makes it work), and works,
# confined, with `extends = ["preset:NAME"]`. A preset without a test here
# is a FAIL. Usage: presets.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="preset "
# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"

# run_with EXTENDS COMMAND...: COMMAND in $run_dir (the workspace unless a
# test sets it) under workspace-write plus EXTENDS (a TOML array, maybe
# empty); its stdout in $T/out, its stderr in $T/err.
run_dir=$WS
# With run_as set (a command prefix such as setpriv), the compile runs as the
# caller and the launcher under run_as: inside the sandbox a root command has
# no capability left (--drop-caps), so it can no longer change its uid there.
run_with() {
  printf 'version = 1\nmode = "workspace-write"\nextends = %s\n' "$1" >"$T/preset-policy.toml"
  shift
  if [ -n "${run_as:-}" ]; then
    (cd "$run_dir" && argv=$("$policy_bin" argv --format shell --launcher "$launcher" --set workspace="$WS" \
      "$T/preset-policy.toml" -- "$@") && eval "$run_as $argv") >"$T/out" 2>"$T/err"
    return
  fi
  (cd "$run_dir" && "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/preset-policy.toml" -- "$@") \
    >"$T/out" 2>"$T/err"
}

# denied_without TOOL RUNNER WHAT PATTERN [EMPTY]: the tool's command without
# the preset (`RUNNER '[]'`) must fail, and its output must name PATTERN (a
# grep pattern: the path it could not write); with EMPTY, that folder must
# also have stayed empty. Without this, a test passing with the preset shows
# nothing.
denied_without() {
  tool=$1 runner=$2 what=$3 pattern=$4 empty=${5:-}
  if "$runner" '[]'; then
    fail "$tool" "$tool worked without the preset: the test shows nothing"
  elif grep -q -e "$pattern" "$T/out" "$T/err" && { [ -z "$empty" ] || [ -z "$(ls "$empty")" ]; }; then
    pass "$tool: without the preset, $what"
  else
    fail "$tool" "without the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
}

test_ccache() {
  if ! command -v ccache >/dev/null || ! command -v gcc >/dev/null; then
    skip "ccache" "ccache or gcc is not installed (make deps)"; return
  fi
  # The cache folder exists (an optional grant covers an existing folder).
  cache=$HOME/.cache/ccache
  rm -rf "$cache" && mkdir -p "$cache"
  echo 'int f(void) { return 1; }' >"$WS/f.c"
  cc=$(command -v gcc)
  ccache=$(command -v ccache)
  ccache_compile() { run_with "$1" "$ccache" "$cc" -c "$WS/f.c" -o "$WS/f.o"; }
  denied_without ccache ccache_compile "ccache cannot write its cache" "$cache"
  if ccache_compile '["preset:ccache"]' && [ -f "$WS/f.o" ] &&
     [ -n "$(find "$cache" -type f -name '*M' 2>/dev/null)" ]; then
    pass "ccache: with preset:ccache a compile lands in the workspace and the cache"
  else
    fail ccache "with the preset: $(head -c 300 "$T/err")"
  fi
  # A second compile of the same file is a cache hit, read back confined.
  rm -f "$WS/f.o"
  if ccache_compile '["preset:ccache"]' &&
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
    skip "pip" "python3-venv, python3-setuptools or python3-wheel is not installed (make deps)"; return
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
  denied_without pip pip_install "pip cannot keep the wheel it builds" "$cache"
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
    skip "npm" "npm is not installed"; return
  fi
  cache=$HOME/.npm
  rm -rf "$cache" && mkdir -p "$cache"
  mkdir -p "$T/npm-pkg"
  printf '{"name":"hello-llr","version":"1.0.0","main":"index.js"}\n' >"$T/npm-pkg/package.json"
  echo 'module.exports = 1;' >"$T/npm-pkg/index.js"
  (cd "$T/npm-pkg" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1) || { fail npm "cannot pack the test package"; return; }
  npm_install() { run_with "$1" npm install --offline --no-audit --no-fund --no-update-notifier "$T/hello-llr-1.0.0.tgz"; }
  denied_without npm npm_install "npm cannot write its cache" "$cache"
  if npm_install '["preset:npm"]' && [ -f "$WS/node_modules/hello-llr/index.js" ] && [ -d "$cache/_cacache" ]; then
    pass "npm: with preset:npm the package lands in the workspace and the cache in ~/.npm"
  else
    fail npm "with the preset: $(head -c 300 "$T/err")"
  fi
  home_stays_read_only npm
}

# explain_shows NAME: `explain` names the preset as the origin of its grants
# (run once the preset's folders exist: an optional grant on a missing path
# is still listed, but this is the case users see).
explain_shows() {
  printf 'version = 1\nmode = "workspace-write"\nextends = ["preset:%s"]\n' "$1" >"$T/preset-policy.toml"
  if (cd "$WS" && "$policy_bin" explain --set workspace="$WS" "$T/preset-policy.toml") >"$T/explain" 2>&1 &&
     grep -q "from: r[ow] list at preset:$1:" "$T/explain"; then
    pass "$1: explain names preset:$1 as the origin of its grants"
  else
    fail "$1" "explain does not name the preset: $(head -c 300 "$T/explain")"
  fi
}

# A clean PATH for the tools: Debian's, not a rustup proxy or a pyenv shim
# that the caller's PATH may list first (with the fake HOME they would fail).
tool_path=/usr/local/bin:/usr/bin:/bin

# cargo (Debian's cargo and rustc): a crate with a dependency from a local
# registry (crates.io replaced by a folder: cargo unpacks it into
# ~/.cargo/registry/src) and one from a local git repository (cloned into
# ~/.cargo/git); no network is needed, and the second build is --offline.
test_cargo() {
  if [ ! -x /usr/bin/cargo ] || [ ! -x /usr/bin/rustc ] || ! command -v git >/dev/null; then
    skip "cargo" "cargo, rustc or git is not installed (make deps)"; return
  fi
  PATH=$tool_path RUSTC=/usr/bin/rustc
  export PATH RUSTC
  unset CARGO_HOME RUSTUP_HOME CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR RUSTC_WRAPPER CARGO_NET_OFFLINE
  mkdir -p "$HOME/.cargo/registry" "$HOME/.cargo/git"
  echo 'token = "s3cret"' >"$HOME/.cargo/credentials.toml"
  reg=$T/cargo-registry
  mkdir -p "$reg/index/ll/rd" "$T/cargo-crate/llrdep-0.1.0/src" "$T/cargo-git/src"
  printf '[package]\nname = "llrdep"\nversion = "0.1.0"\nedition = "2021"\n' >"$T/cargo-crate/llrdep-0.1.0/Cargo.toml"
  echo 'pub fn one() -> i32 { 1 }' >"$T/cargo-crate/llrdep-0.1.0/src/lib.rs"
  (cd "$T/cargo-crate" && tar -czf "$reg/llrdep-0.1.0.crate" llrdep-0.1.0)
  sum=$(sha256sum "$reg/llrdep-0.1.0.crate" | cut -d' ' -f1)
  printf '{"name":"llrdep","vers":"0.1.0","deps":[],"cksum":"%s","features":{},"yanked":false}\n' "$sum" >"$reg/index/ll/rd/llrdep"
  printf '[package]\nname = "llrgit"\nversion = "0.1.0"\nedition = "2021"\n' >"$T/cargo-git/Cargo.toml"
  echo 'pub fn one() -> i32 { 1 }' >"$T/cargo-git/src/lib.rs"
  (cd "$T/cargo-git" && git init -q && git add . && git -c user.name=t -c user.email=t@t commit -qm crate) ||
    { fail cargo "cannot make the git dependency"; return; }
  app=$WS/app
  mkdir -p "$app/src" "$app/.cargo"
  printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nllrdep = "0.1"\nllrgit = { git = "file://%s" }\n' "$T/cargo-git" >"$app/Cargo.toml"
  echo 'fn main() { println!("{}", llrdep::one() + llrgit::one()); }' >"$app/src/main.rs"
  printf '[source.crates-io]\nreplace-with = "llr"\n[source.llr]\nlocal-registry = "%s"\n' "$reg" >"$app/.cargo/config.toml"
  run_dir=$app
  cargo_build() { e=$1; shift; run_with "$e" /usr/bin/cargo build "$@"; }
  denied_without cargo cargo_build "cargo cannot unpack or clone its dependencies in ~/.cargo" "$HOME/.cargo/"
  if cargo_build '["preset:cargo"]' && [ "$("$app/target/debug/app")" = 2 ] &&
     [ -d "$(find "$HOME/.cargo/registry/src" -maxdepth 2 -name llrdep-0.1.0)" ] &&
     [ -n "$(ls "$HOME/.cargo/git/checkouts" 2>/dev/null)" ]; then
    pass "cargo: with preset:cargo the crate builds, its dependencies in ~/.cargo/registry and ~/.cargo/git"
  else
    fail cargo "with the preset: $(tail -c 300 "$T/err")"
  fi
  rm -rf "$app/target"
  if cargo_build '["preset:cargo"]' --offline && [ "$("$app/target/debug/app")" = 2 ]; then
    pass "cargo: cargo build --offline builds again from the caches"
  else
    fail cargo "--offline with the preset: $(tail -c 300 "$T/err")"
  fi
  # shellcheck disable=SC2016 # expanded by the confined shell
  if run_with '["preset:cargo"]' sh -c 'cat "$HOME/.cargo/credentials.toml"' || grep -q s3cret "$T/out"; then
    fail cargo "the credentials in .cargo are readable under the preset"
  else
    pass "cargo: ~/.cargo/credentials.toml stays hidden"
  fi
  explain_shows cargo
  home_stays_read_only cargo
}

# go (golang-go): a module requiring one module from a file:// module proxy
# (no network): go unpacks it into ~/go/pkg/mod and builds into
# ~/.cache/go-build.
test_go() {
  if ! [ -x /usr/bin/go ] || ! command -v python3 >/dev/null; then
    skip "go" "go (golang-go) or python3 is not installed (make deps)"; return
  fi
  PATH=$tool_path
  export PATH
  unset GOPATH GOMODCACHE GOCACHE GOENV GOBIN GOROOT XDG_CACHE_HOME GOPRIVATE GONOPROXY GONOSUMDB GOINSECURE
  GOPROXY=file://$T/goproxy GOSUMDB=off GOFLAGS=-mod=mod GOTOOLCHAIN=local GOTELEMETRY=off
  export GOPROXY GOSUMDB GOFLAGS GOTOOLCHAIN GOTELEMETRY
  mkdir -p "$HOME/go/pkg/mod" "$HOME/.cache/go-build"
  v=$T/goproxy/example.com/llrdep/@v src=$T/go-src/example.com/llrdep@v0.1.0
  mkdir -p "$v" "$src" "$WS/hello"
  printf 'module example.com/llrdep\n\ngo 1.19\n' >"$src/go.mod"
  printf 'package llrdep\n\nfunc One() int { return 1 }\n' >"$src/llrdep.go"
  cp "$src/go.mod" "$v/v0.1.0.mod"
  echo v0.1.0 >"$v/list"
  echo '{"Version":"v0.1.0","Time":"2024-01-01T00:00:00Z"}' >"$v/v0.1.0.info"
  (cd "$T/go-src" && python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for f in sys.argv[2:]: z.write(f)' "$v/v0.1.0.zip" example.com/llrdep@v0.1.0/go.mod example.com/llrdep@v0.1.0/llrdep.go) ||
    { fail go "cannot make the module zip"; return; }
  printf 'module example.com/hello\n\ngo 1.19\n\nrequire example.com/llrdep v0.1.0\n' >"$WS/hello/go.mod"
  printf 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/llrdep"\n)\n\nfunc main() { fmt.Println(llrdep.One() + 1) }\n' >"$WS/hello/main.go"
  run_dir=$WS/hello
  go_build() { run_with "$1" /usr/bin/go build -o hello .; }
  denied_without go go_build "go cannot write its module cache or build cache" "$HOME/go/\\|$HOME/.cache/go-build"
  if go_build '["preset:go"]' && [ "$("$WS/hello/hello")" = 2 ] &&
     [ -f "$HOME/go/pkg/mod/example.com/llrdep@v0.1.0/llrdep.go" ] &&
     [ -n "$(find "$HOME/.cache/go-build" -type f -name '*-d' 2>/dev/null | head -1)" ]; then
    pass "go: with preset:go the module builds, its dependency in ~/go/pkg/mod, the build cache in ~/.cache/go-build"
  else
    fail go "with the preset: $(tail -c 300 "$T/err")"
  fi
  # Without the build cache, even a module without dependencies cannot build.
  mkdir -p "$WS/nodeps"
  printf 'module example.com/nodeps\n\ngo 1.19\n' >"$WS/nodeps/go.mod"
  printf 'package main\n\nfunc main() {}\n' >"$WS/nodeps/main.go"
  rm -rf "$HOME/.cache/go-build" && mkdir -p "$HOME/.cache/go-build"
  run_dir=$WS/nodeps
  if run_with '[]' /usr/bin/go build -o nodeps .; then
    fail go "a build without the build cache worked: the test shows nothing"
  elif run_with '["preset:go"]' /usr/bin/go build -o nodeps . && [ -x "$WS/nodeps/nodeps" ]; then
    pass "go: a module without dependencies builds only with the build cache the preset grants"
  else
    fail go "no dependencies, with the preset: $(tail -c 300 "$T/err")"
  fi
  explain_shows go
  home_stays_read_only go
  # The module cache is read-only by design; let the clean-up remove it.
  chmod -R u+w "$HOME/go"
}

# Java reads its home from the password database and its temp dir is /tmp,
# whatever HOME and TMPDIR say: point both at the test's.
java_env() {
  PATH=$tool_path JAVA_TOOL_OPTIONS="-Duser.home=$HOME -Djava.io.tmpdir=$TMPDIR"
  export PATH JAVA_TOOL_OPTIONS
  unset MAVEN_OPTS MAVEN_ARGS GRADLE_OPTS GRADLE_USER_HOME JAVA_OPTS
}

# maven (maven, default-jdk-headless and Debian's plugin packages): package
# a one-class project, Debian's /usr/share/maven-repo as the only remote
# repository (a file:// mirror: no network), so Maven copies every plugin
# it runs into ~/.m2/repository; then again with -o from that cache.
test_maven() {
  plugins=/usr/share/maven-repo/org/apache/maven/plugins
  if ! [ -x /usr/bin/mvn ] || ! [ -x /usr/bin/javac ] || ! [ -d "$plugins/maven-compiler-plugin" ] ||
     ! [ -d "$plugins/maven-jar-plugin" ] || ! [ -d "$plugins/maven-surefire-plugin" ] || ! [ -d "$plugins/maven-resources-plugin" ]; then
    skip "maven" "maven, a JDK or Debian's maven plugin packages are not installed (make deps)"; return
  fi
  java_env
  mkdir -p "$HOME/.m2/repository" "$WS/m/src/main/java/x"
  printf '<settings><servers><server><id>x</id><password>s3cret</password></server></servers></settings>\n' >"$HOME/.m2/settings-security.xml"
  printf '<settings><mirrors><mirror><id>debian</id><mirrorOf>*</mirrorOf><url>file:///usr/share/maven-repo</url></mirror></mirrors></settings>\n' >"$T/maven-settings.xml"
  cat >"$WS/m/pom.xml" <<'EOF'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>llr.test</groupId>
  <artifactId>hello</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.source>8</maven.compiler.source>
    <maven.compiler.target>8</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
</project>
EOF
  echo 'package x; public class A { public static int one() { return 1; } }' >"$WS/m/src/main/java/x/A.java"
  run_dir=$WS/m
  mvn_package() { e=$1; shift; run_with "$e" /usr/bin/mvn -B -q -s "$T/maven-settings.xml" "$@" package; }
  denied_without maven mvn_package "maven cannot write its local repository" "$HOME/.m2/repository"
  if mvn_package '["preset:maven"]' && [ -f "$WS/m/target/hello-1.0.jar" ] &&
     [ -n "$(find "$HOME/.m2/repository/org/apache/maven/plugins/maven-compiler-plugin" -name '*.jar' 2>/dev/null)" ]; then
    pass "maven: with preset:maven the jar is built, the plugins resolved into ~/.m2/repository"
  else
    fail maven "with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  rm -rf "$WS/m/target"
  if mvn_package '["preset:maven"]' -o && [ -f "$WS/m/target/hello-1.0.jar" ]; then
    pass "maven: mvn -o packages again from ~/.m2/repository alone"
  else
    fail maven "-o with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  # shellcheck disable=SC2016 # expanded by the confined shell
  if run_with '["preset:maven"]' sh -c 'cat "$HOME/.m2/settings-security.xml"' || grep -q s3cret "$T/out"; then
    fail maven "settings-security.xml is readable under the preset"
  else
    pass "maven: ~/.m2/settings-security.xml stays hidden"
  fi
  explain_shows maven
  home_stays_read_only maven
}

# gradle (Debian's Gradle 4.4.1, which runs on JDK 17 for a plain Java
# build): `gradle --offline build` of a one-class project writes its caches
# and native libraries under ~/.gradle.
test_gradle() {
  if ! [ -x /usr/bin/gradle ] || ! [ -x /usr/bin/javac ]; then
    skip "gradle" "gradle or a JDK is not installed (make deps)"; return
  fi
  java_env
  for d in caches native workers daemon wrapper jdks .tmp notifications; do mkdir -p "$HOME/.gradle/$d"; done
  mkdir -p "$WS/g/src/main/java/x"
  echo "apply plugin: 'java'" >"$WS/g/build.gradle"
  echo "rootProject.name = 'g'" >"$WS/g/settings.gradle"
  echo 'package x; public class A { public static int one() { return 1; } }' >"$WS/g/src/main/java/x/A.java"
  run_dir=$WS/g
  gradle_build() { run_with "$1" /usr/bin/gradle --offline --no-daemon -q build; }
  denied_without gradle gradle_build "gradle cannot create its caches in ~/.gradle/caches" "$HOME/.gradle/caches" "$HOME/.gradle/caches"
  if gradle_build '["preset:gradle"]' && [ -f "$WS/g/build/libs/g.jar" ] && [ -n "$(ls "$HOME/.gradle/caches")" ]; then
    pass "gradle: with preset:gradle the jar is built, the caches in ~/.gradle/caches"
  else
    fail gradle "with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  explain_shows gradle
  home_stays_read_only gradle
}

# pnpm (npm install -g, by make deps): `pnpm add --offline` of a local
# tarball with store-dir set to the preset's store (pnpm picks its default
# store by a test link into ~/.local/share/pnpm, which stays read-only).
test_pnpm() {
  PATH=$tool_path
  export PATH
  if ! command -v pnpm >/dev/null || ! command -v npm >/dev/null; then
    skip "pnpm" "pnpm or npm is not installed (make deps installs pnpm with npm)"; return
  fi
  for v in $(env | sed -n 's/^\([Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[A-Za-z_]*\)=.*/\1/p'); do unset "$v"; done
  store=$HOME/.local/share/pnpm/store
  mkdir -p "$store" "$HOME/.cache/pnpm" "$T/pnpm-pkg" "$WS/q"
  npm_config_store_dir=$store npm_config_update_notifier=false
  export npm_config_store_dir npm_config_update_notifier
  printf '{"name":"hello-pnpm","version":"1.0.0","main":"index.js"}\n' >"$T/pnpm-pkg/package.json"
  echo 'module.exports = 1;' >"$T/pnpm-pkg/index.js"
  (cd "$T/pnpm-pkg" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1) || { fail pnpm "cannot pack the test package"; return; }
  printf '{"name":"q","version":"1.0.0","private":true}\n' >"$WS/q/package.json"
  run_dir=$WS/q
  pnpm_add() { run_with "$1" pnpm add --offline "$T/hello-pnpm-1.0.0.tgz"; }
  denied_without pnpm pnpm_add "pnpm cannot write its store" "$store"
  if pnpm_add '["preset:pnpm"]' && [ -f "$WS/q/node_modules/hello-pnpm/index.js" ] &&
     [ -n "$(find "$store" -type f 2>/dev/null | head -1)" ] && ! [ -e "$WS/.pnpm-store" ] && ! [ -e "$WS/q/.pnpm-store" ]; then
    pass "pnpm: with preset:pnpm the package lands in the workspace and the store in ~/.local/share/pnpm/store"
  else
    fail pnpm "with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  explain_shows pnpm
  home_stays_read_only pnpm
}

# yarn (Debian's yarnpkg, Yarn 1): `yarnpkg install --offline` of a local
# tarball dependency fills ~/.cache/yarn. An existing cache folder passes
# Yarn's access(2) check, which Landlock does not answer, so without the
# preset the install fails on it (a missing one, Yarn cannot create, and
# falls back to a throw-away cache in the temp dir).
test_yarn() {
  PATH=$tool_path
  export PATH
  if ! [ -x /usr/bin/yarnpkg ] || ! command -v npm >/dev/null; then
    skip "yarn" "yarnpkg or npm is not installed (make deps)"; return
  fi
  # Debian's yarnpkg finds its modules there; a node from elsewhere does not look.
  NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
  export NODE_PATH
  unset YARN_CACHE_FOLDER XDG_CACHE_HOME
  cache=$HOME/.cache/yarn
  mkdir -p "$cache" "$HOME/.yarn/berry" "$T/yarn-pkg" "$WS/y"
  printf '{"name":"hello-yarn","version":"1.0.0","main":"index.js"}\n' >"$T/yarn-pkg/package.json"
  echo 'module.exports = 1;' >"$T/yarn-pkg/index.js"
  (cd "$T/yarn-pkg" && npm pack --silent --pack-destination "$T" >/dev/null 2>&1) || { fail yarn "cannot pack the test package"; return; }
  printf '{"name":"y","version":"1.0.0","private":true,"license":"MIT","dependencies":{"hello-yarn":"file:%s"}}\n' "$T/hello-yarn-1.0.0.tgz" >"$WS/y/package.json"
  # As root, Yarn 1 keeps its cache in /usr/local/share/.cache/yarn, not
  # under HOME: run the launcher as uid 65534 (run_as), with what it must
  # reach made reachable.
  as_user=
  if [ "$(id -u)" = 0 ]; then
    if ! command -v setpriv >/dev/null; then
      skip "yarn" "as root Yarn 1 ignores HOME, and setpriv (util-linux) is not installed"; return
    fi
    as_user="setpriv --reuid=65534 --regid=65534 --clear-groups --"
    chmod 755 "$T" "$HOME" "$HOME/.cache" "$T/yarn-pkg" && chmod 1777 "$TMPDIR" &&
      chmod 644 "$T/hello-yarn-1.0.0.tgz" && chown -R 65534:65534 "$cache" "$WS/y" ||
      { fail yarn "cannot prepare the unprivileged run"; return; }
  fi
  run_dir=$WS/y
  yarn_install() {
    run_as=$as_user
    run_with "$1" /usr/bin/yarnpkg install --offline --non-interactive --no-progress
    yarn_status=$?
    run_as=
    return "$yarn_status"
  }
  denied_without yarn yarn_install "yarn cannot write its cache" "$cache" "$cache"
  rm -rf "$WS/y/node_modules" "$WS/y/yarn.lock"
  if yarn_install '["preset:yarn"]' && [ -f "$WS/y/node_modules/hello-yarn/index.js" ] &&
     ! grep -q "Skipping preferred cache folder" "$T/out" "$T/err" &&
     [ -n "$(find "$cache" -path '*hello-yarn*' -name package.json 2>/dev/null | head -1)" ]; then
    pass "yarn: with preset:yarn the package lands in the workspace and the cache in ~/.cache/yarn"
  else
    fail yarn "with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  [ -z "$as_user" ] || chmod 700 "$T"
  explain_shows yarn
  home_stays_read_only yarn
}

# poetry (python3-poetry): `poetry install` of a project without
# dependencies creates its virtualenv in ~/.cache/pypoetry/virtualenvs.
test_poetry() {
  if ! [ -x /usr/bin/poetry ]; then
    skip "poetry" "poetry (python3-poetry) is not installed (make deps)"; return
  fi
  # Debian's python3, not a shim from the caller's PATH.
  PATH=/usr/bin:/bin PYTHON_KEYRING_BACKEND=keyring.backends.null.Keyring
  export PATH PYTHON_KEYRING_BACKEND
  for v in $(env | sed -n 's/^\(POETRY_[A-Z_]*\)=.*/\1/p'); do unset "$v"; done
  unset VIRTUAL_ENV XDG_CACHE_HOME XDG_CONFIG_HOME
  cache=$HOME/.cache/pypoetry
  mkdir -p "$cache" "$HOME/.config/pypoetry" "$WS/p/hello"
  printf '[tool.poetry]\nname = "hello"\nversion = "1.0"\ndescription = ""\nauthors = []\n\n[tool.poetry.dependencies]\npython = "^3.7"\n\n[build-system]\nrequires = ["poetry-core"]\nbuild-backend = "poetry.core.masonry.api"\n' >"$WS/p/pyproject.toml"
  echo 'X = 1' >"$WS/p/hello/__init__.py"
  run_dir=$WS/p
  poetry_install() { run_with "$1" /usr/bin/poetry install --no-interaction; }
  denied_without poetry poetry_install "poetry cannot create its virtualenv in ~/.cache/pypoetry" "$cache"
  if poetry_install '["preset:poetry"]' && [ -d "$cache/virtualenvs" ] &&
     run_with '["preset:poetry"]' /usr/bin/poetry run python -c 'import hello; print(hello.X)' &&
     [ "$(cat "$T/out")" = 1 ]; then
    pass "poetry: with preset:poetry the project is installed in a virtualenv under ~/.cache/pypoetry"
  else
    fail poetry "with the preset: $(tail -c 300 "$T/out") $(tail -c 300 "$T/err")"
  fi
  # Credentials stored without a keyring: hidden (and Poetry, which reads
  # the file when it exists, stops on it: see the docs).
  echo '[http-basic.x]' >"$HOME/.config/pypoetry/auth.toml"
  echo 'password = "s3cret"' >>"$HOME/.config/pypoetry/auth.toml"
  # shellcheck disable=SC2016 # expanded by the confined shell
  if run_with '["preset:poetry"]' sh -c 'cat "$HOME/.config/pypoetry/auth.toml"' || grep -q s3cret "$T/out"; then
    fail poetry "pypoetry/auth.toml is readable under the preset"
  else
    pass "poetry: ~/.config/pypoetry/auth.toml stays hidden"
  fi
  explain_shows poetry
  home_stays_read_only poetry
}

# uv is in neither Debian 12 nor the npm registry, the only registries this
# project's machines reach: the preset ships, reviewed, but untested.
test_uv() {
  skip "uv" "uv is not packaged in Debian 12 (no registry reachable)"
}

# No preset for the compilers: gcc, g++ and clang read only /usr (the
# toolchain, headers, libraries; /lib and /lib64 are links into it) and
# write their temporary files in $TMPDIR, which every mode but custom
# grants; nothing under HOME. Shown under a custom policy with just these.
test_cc_needs_no_preset() {
  PATH=$tool_path
  export PATH
  printf '#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n' >"$WS/hi.c"
  printf '#include <iostream>\nint main() { std::cout << "hi" << std::endl; }\n' >"$WS/hi.cpp"
  # shellcheck disable=SC2016 # the policy's own variables
  printf 'version = 1\nmode = "custom"\nro = ["/usr"]\nrw = ["${WORKSPACE}", "${TMPDIR}", "/dev/null"]\n' >"$T/cc-policy.toml"
  for c in gcc:hi.c g++:hi.cpp clang:hi.c; do
    cc=${c%%:*} src=${c#*:}
    if ! [ -x "/usr/bin/$cc" ]; then skip "cc" "$cc is not installed"; continue; fi
    rm -f "$WS/hi"
    if (cd "$WS" && "$policy_bin" exec --launcher "$launcher" --set workspace="$WS" "$T/cc-policy.toml" -- "/usr/bin/$cc" -O2 -o hi "$src") \
         >"$T/out" 2>"$T/err" && [ "$("$WS/hi")" = hi ]; then
      pass "cc: $cc compiles and links under ro /usr, rw workspace and TMPDIR alone: no preset needed"
    else
      fail cc "$cc under ro /usr: $(head -c 300 "$T/err")"
    fi
  done
}

# test_isolated NAME: preset:NAME-isolated points the tool's cache variables
# into the workspace's .cache/NAME, an output: in a git repository (its root
# carved read-only) the confined command can write every folder they name,
# and nothing lands in HOME. (go's is also run with go in tests/compiler/outputs.sh.)
test_isolated() {
  name=$1
  iso=$T/iso-$name
  mkdir -p "$iso"
  git init -q "$iso" 2>/dev/null || { skip "$name-isolated" "git is not installed"; return; }
  printf 'version = 1\nmode = "workspace-write"\nextends = ["preset:%s-isolated"]\n' "$name" >"$T/iso-policy.toml"
  "$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$iso" "$T/iso-policy.toml" -- true \
    >"$T/iso.nul" 2>"$T/err" || { fail "$name-isolated" "argv: $(head -c 300 "$T/err")"; return; }
  # --setenv NAME VALUE: the NAMEs whose VALUE lies in the workspace's .cache/NAME.
  vars=$(tr '\0' '\n' <"$T/iso.nul" | awk -v dir="$iso/.cache/$name" \
    'prev2 == "--setenv" && index($0, dir) == 1 { print prev1 } { prev2 = prev1; prev1 = $0 }')
  [ -n "$vars" ] || { fail "$name-isolated" "no --setenv into $iso/.cache/$name"; return; }
  before=$(find "$HOME" | sort)
  for v in $vars; do
    # shellcheck disable=SC2016 # expanded by the confined shell
    if (cd "$iso" && "$policy_bin" exec --launcher "$launcher" --set workspace="$iso" "$T/iso-policy.toml" -- \
          sh -c "mkdir -p \"\$$v\" && echo x >\"\$$v/probe\"") >"$T/out" 2>"$T/err"; then
      pass "$name-isolated: $v points into the workspace's .cache/$name, writable under a carved root"
    else
      fail "$name-isolated" "$v: $(head -c 300 "$T/err")"
    fi
  done
  if [ "$(find "$HOME" | sort)" = "$before" ]; then pass "$name-isolated: nothing lands in HOME"
  else fail "$name-isolated" "HOME changed"; fi
}

# The presets' table as compiled (policy.json, `make tables`; suite 31 fails when it is stale).
presets=$(python3 -c 'import json, sys; print(*json.load(open(sys.argv[1]))["presets"])' \
  "$root/packaging/npm/landlock-run/policy.json")
[ -n "$presets" ] || { fail list "no preset in packaging/npm/landlock-run/policy.json"; exit 0; }
# Each test in a subshell: the environment it sets stays its own.
for p in $presets; do
  case $p in
    cargo) (test_cargo) ;;
    ccache) (test_ccache) ;;
    go) (test_go) ;;
    gradle) (test_gradle) ;;
    maven) (test_maven) ;;
    npm) (test_npm) ;;
    pip) (test_pip) ;;
    pnpm) (test_pnpm) ;;
    poetry) (test_poetry) ;;
    uv) (test_uv) ;;
    yarn) (test_yarn) ;;
    *-isolated) (test_isolated "${p%-isolated}") ;;
    *) fail "$p" "no real-tool test in tests/compiler/presets.sh" ;;
  esac
done
(test_cc_needs_no_preset)

# The builds benchmark of docs/policy-format.md's table: fresh projects in carved git repositories.
sh "$root/tests/compiler/builds.sh" "$policy_bin" "$launcher"
