#!/bin/sh
# Golden tests: for each golden/NAME.toml, `landlock-policy argv --format
# json` must print exactly golden/NAME.json (absent: nothing, and exit 1)
# and exactly golden/NAME.err on stderr. golden/NAME.args adds arguments.
# Machine-specific strings are replaced before comparing: the temp world
# by @T@, the golden folder by @GOLDEN@, the version by @VERSION@, the
# launcher (the one built beside the compiler: it must exist) by @LAUNCHER@.
# golden/NAME.workspace names another workspace under the temp world.
# UPDATE=1 rewrites the expectations from the current output (review the diff!).
# Then every ```toml block in README.md and docs/*.md, and every
# docs/examples/*.toml, must pass `landlock-policy check`; and the usage
# lines docs/policy-format.md quotes are --help's.
set -u
policy_bin=$1
root=${LLR_ROOT:?}
. "$root/tests/compiler/env.sh"
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
golden="$root/tests/compiler/golden"
version=$(cat "$root/VERSION")
launcher=$(cd "$(dirname "$policy_bin")" && pwd)/landlock-run
mkdir -p "$T/data/a/deep"
# A repository in the fake home: grants refused for covering the home must
# not also warn about it (they did, and walking `/` found the CI checkout's).
mkdir -p "$T/home/.git"
echo "odd" >"$T/data/b/it's odd"
# The project's own policy lives in the workspace (an untrusted file must).
cp "$golden/include/project.toml" "$WS/.landlock.toml"
cp "$golden/include/env-project.toml" "$WS/.landlock-env.toml"
# A small repository for the carve (writable except .git and the editor folders).
mkdir -p "$T/repo/.git/hooks" "$T/repo/.vscode" "$T/repo/src/lib" "$T/repo/docs/generated" "$T/repo/vendor/dep/.git"
echo "[core]" >"$T/repo/.git/config"
echo "use nix" >"$T/repo/.envrc"
echo "readme" >"$T/repo/README.md"
# A build's marker: workspace-write declares build/ by itself (plan/detect.h).
echo "project(golden C)" >"$T/repo/CMakeLists.txt"
ln -s src/lib "$T/repo/lib-link"

normalise() {
  sed -e "s|$launcher|@LAUNCHER@|g" -e "s|$T|@T@|g" -e "s|$golden|@GOLDEN@|g" -e "s|\"$version\"|\"@VERSION@\"|g" -e "s|version $version|version @VERSION@|g"
}

for toml in "$golden"/*.toml; do
  name=$(basename "$toml" .toml)
  args=""
  [ -f "$golden/$name.args" ] && args=$(cat "$golden/$name.args")
  ws=$WS
  [ -f "$golden/$name.workspace" ] && ws=$T/$(cat "$golden/$name.workspace")
  # shellcheck disable=SC2086  # NAME.args is a word list on purpose
  (cd "$golden" && "$policy_bin" argv --format json --launcher "$launcher" --set workspace="$ws" \
    $args "$name.toml" -- make -j4) >"$T/out" 2>"$T/err"
  rc=$?
  normalise <"$T/out" >"$T/out.n"
  normalise <"$T/err" >"$T/err.n"
  if [ "${UPDATE:-}" = 1 ]; then
    if [ -s "$T/out.n" ]; then cp "$T/out.n" "$golden/$name.json"; else rm -f "$golden/$name.json"; fi
    cp "$T/err.n" "$golden/$name.err"
  fi
  want_rc=1
  [ -f "$golden/$name.json" ] && want_rc=0
  if [ "$rc" -ne "$want_rc" ]; then
    fail "golden $name" "exit $rc, expected $want_rc"; sed 's/^/    /' "$T/err"; continue
  fi
  if [ "$want_rc" -ne 0 ] && [ -s "$T/out" ]; then
    fail "golden $name" "a failed compile wrote to stdout"; continue
  fi
  if [ "$want_rc" -eq 0 ] && ! cmp -s "$T/out.n" "$golden/$name.json"; then
    fail "golden $name" "argv differs"; diff "$golden/$name.json" "$T/out.n" | sed 's/^/    /'; continue
  fi
  if ! cmp -s "$T/err.n" "$golden/$name.err" 2>/dev/null; then
    fail "golden $name" "diagnostics differ"; diff "$golden/$name.err" "$T/err.n" | sed 's/^/    /'; continue
  fi
  pass "golden $name"
done

# Determinism: the same input twice gives the same bytes.
(cd "$golden" && "$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" network.toml) >"$T/a" 2>/dev/null
(cd "$golden" && "$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" network.toml) >"$T/b" 2>/dev/null
if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then pass "golden deterministic output"
else fail "golden deterministic output" "two runs differ or are empty"; fi

# The docs' examples. Blocks are extracted beside copies of docs/examples,
# so an example may extend one of those.
mkdir -p "$T/docs"
cp "$root"/docs/examples/*.toml "$T/docs/" 2>/dev/null
for md in "$root/README.md" "$root"/docs/*.md; do
  [ -f "$md" ] || continue
  awk -v dir="$T/docs" -v base="$(basename "$md" .md)" '
    /^```toml[ \t]*$/ { n++; file = sprintf("%s/%s-block%02d.toml", dir, base, n); inblock = 1; next }
    /^```/ && inblock { inblock = 0; close(file); next }
    inblock { print > file }
  ' "$md"
done
examples=0
for ex in "$T"/docs/*.toml; do
  [ -f "$ex" ] || continue
  examples=$((examples + 1))
  name=$(basename "$ex")
  if (cd "$T/docs" && "$policy_bin" check --set workspace="$WS" "$name") >"$T/err" 2>&1; then
    pass "policy example $name"
  else
    fail "policy example $name" "landlock-policy check failed"; sed 's/^/    /' "$T/err"
  fi
done
if [ "$examples" -lt 3 ]; then fail "policy examples" "only $examples found"; fi

# docs/policy-format.md's "Command line" quotes --help's usage lines as
# they are (without the "usage: " column): the subcommand table's, not a copy.
quoted=$(awk '/^## Command line/ { on = 1 } on && /^```text$/ { block = 1; next } block && /^```$/ { exit } block' "$root/docs/policy-format.md")
usage=$("$policy_bin" --help | sed -n '1,/^$/p' | sed '/^$/d' | cut -c8-)
if [ -n "$quoted" ] && [ "$quoted" = "$usage" ]; then pass "docs/policy-format.md quotes --help's usage lines"
else fail "docs/policy-format.md's Command line" "its usage block is not what --help prints"; fi

# --diagnostics github in a workflow: file names relative to GITHUB_WORKSPACE,
# and a policy whose text tries to end the annotation and start another
# workflow command (a raw CR, ESC, "::"): every line printed must be one
# annotation, with no control byte.
mkdir -p "$T/gh/ci,x"
printf 'version = 1\nmode = "custom"\nro = ["/nonexistent\\r\\n::add-mask::\\u001b[31m%%"]\nbogus = 1\n' >"$T/gh/ci,x/p.toml"
(cd "$T/gh" && GITHUB_WORKSPACE=$T/gh "$policy_bin" check --diagnostics github --set workspace="$WS" "$T/gh/ci,x/p.toml") >"$T/out" 2>"$T/err"
rc=$?
bad=$(grep -cv '^::\(error\|warning\|notice\) file=ci%2Cx/p.toml,line=[0-9]*,col=[0-9]*,title=landlock-policy::' "$T/err")
if [ "$rc" -eq 1 ] && [ "$bad" -eq 0 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" -ge 2 ] &&
   ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$T/err"; then
  pass "golden github annotations of a hostile policy"
else
  fail "golden github annotations of a hostile policy" "exit $rc, $bad stray lines"; sed 's/^/    /' "$T/err" | cat -v
fi
