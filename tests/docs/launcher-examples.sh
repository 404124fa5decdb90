#!/bin/sh
# Every launcher example in the docs (a line starting with "landlock-run " in
# a ```sh block of README.md or docs/*.md) must be a valid command line for
# the launcher's own parser, so the documentation cannot rot.
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
# shellcheck source=tests/lib/testdir.sh
. "$LLR_ROOT/tests/lib/testdir.sh"
# shellcheck disable=SC2034 # read by the eval below
check=$LLR_BUILD/unit/parse-check
cd "$LLR_ROOT" || exit 1
for doc in README.md docs/*.md; do
  [ -f "$doc" ] || continue
  awk '/^```sh$/ { inside = 1; next } /^```/ { inside = 0 } inside && /^landlock-run / { print FILENAME ":" FNR ":" $0 }' "$doc"
done >"${TMPDIR:-/tmp}/llr-doc-examples.$$"
# Each example is evaluated in a scratch folder: its redirections (the
# README's `3>status.json`) land there, never in the tree.
scratch=$(mktemp -d)
tree_before=$(ls -A)
while IFS= read -r entry; do
  where=${entry%%:landlock-run *}
  line=${entry#"$where":}
  # shellcheck disable=SC2016 # $check is expanded by eval, on purpose
  result=$(cd "$scratch" && eval "\"\$check\" ${line#landlock-run }" 2>&1)
  if [ "$result" = ok ]; then pass "docs example $where"
  else fail "docs example $where" "'$line': $result"; fi
done <"${TMPDIR:-/tmp}/llr-doc-examples.$$"
rm -f "${TMPDIR:-/tmp}/llr-doc-examples.$$"
rm -rf "$scratch"
tree_after=$(ls -A)
if [ "$tree_before" = "$tree_after" ]; then pass "docs examples write nothing into the tree"
else fail "docs examples write nothing into the tree" "the top folder now also holds: $(printf '%s\n' "$tree_after" | grep -vxF -e "$tree_before" | tr '\n' ' ')"; fi

# The --status-fd reading example of docs/launcher-cli.md, run as written
# against the built launcher: it must classify a launcher failure, a command
# that cannot be run, and a command imitating a launcher failure.
example=$(awk '/^```sh$/ { inside = 1; block = ""; next }
  /^```/ { if (inside && block ~ /classify\(\) \{/) printf "%s", block; inside = 0; next }
  inside { block = block $0 "\n" }' docs/launcher-cli.md)
if [ -z "$example" ]; then fail "docs example status-fd classify" "no classify() block in docs/launcher-cli.md"
else
  bin=$(mktemp -d)
  ln -s "$LLR_BUILD/landlock-run" "$bin/landlock-run"
  got=$(PATH=$bin:$PATH; eval "$example"
    classify --ro /nonexistent-docs-example -- true 2>/dev/null
    classify --ro / -- "$bin/no-such-command" 2>/dev/null
    classify --ro / -- /bin/sh -c 'echo "landlock-run: fake" >&2; exit 125' 2>/dev/null
    classify --ro / -- /bin/sh -c 'exit 3')
  want=$(printf 'launcher-failed\nnot-run\nran 125\nran 3')
  if [ "$got" = "$want" ]; then pass "docs example status-fd classify: launcher failure, not run, imitation, own status"
  else fail "docs example status-fd classify" "got '$(echo "$got" | tr '\n' '|')'"; fi
  rm -rf "$bin"
fi

# Every loop of the docs (a ```sh block of README.md or docs/*.md that runs
# landlock-policy), run as written from a project folder, the workspace: a
# fake HOME whose ~/.config/landlock-policy holds the policies the blocks
# name (agent.toml: the README's example policy; ci.toml: docs/ci.md's),
# ${TMPDIR} and the binaries outside the project. The project has a
# Makefile and a CMake project; for docs/ci.md's blocks it is a fresh git
# repository, so workspace-write carves its root read-only as in CI. A
# block that fails as written is a FAIL.
# Outside /tmp: the compiler refuses a policy there (tests/lib/testdir.sh).
docs=$(test_dir llr-docs) || exit 1
awk -v out="$docs" '/^```sh$/ { inside = 1; block = ""; start = FNR; next }
  /^```/ { if (inside && block ~ /(^|\n)[^#\n]*landlock-policy /) { n++; f = out "/block." n; printf "%s", block >f; close(f); print FILENAME ":" start >(out "/where." n); close(out "/where." n) } inside = 0; next }
  inside { block = block $0 "\n" }' README.md docs/*.md
agent=$(awk '/^```toml$/ { inside = 1; block = ""; next } /^```/ { if (inside && block ~ /A coding agent/) printf "%s", block; inside = 0; next }
  inside { block = block $0 "\n" }' README.md)
[ -n "$agent" ] || fail "docs loops" "no agent policy (a \`\`\`toml block with \"A coding agent\") in README.md"
ci=$(awk '/^```toml$/ { inside = 1; block = ""; next } /^```/ { if (inside && block ~ /^# ~\/\.config\/landlock-policy\/ci\.toml\n/) printf "%s", block; inside = 0; next }
  inside { block = block $0 "\n" }' docs/ci.md)
[ -n "$ci" ] || fail "docs loops" "no ci.toml (a \`\`\`toml block starting \"# ~/.config/landlock-policy/ci.toml\") in docs/ci.md"
ls "$docs"/block.* >/dev/null 2>&1 || fail "docs loops" "no \`\`\`sh block runs landlock-policy"
for block in "$docs"/block.*; do
  [ -f "$block" ] || continue
  where=$(cat "$docs/where.${block##*.}")
  w=$docs/world.${block##*.}
  mkdir -p "$w/home/.config/landlock-policy" "$w/home/.ssh" "$w/project/.github/landlock" "$w/tmp" "$w/bin"
  echo "fake key" >"$w/home/.ssh/id_ed25519"
  printf '%s' "$agent" >"$w/home/.config/landlock-policy/agent.toml"
  printf '%s' "$ci" >"$w/home/.config/landlock-policy/ci.toml"
  printf 'version = 1\nmode = "workspace-write"\n' >"$w/project/.github/landlock/build.toml"
  printf 'all check:\n\techo built >out.txt\n' >"$w/project/Makefile"
  printf 'cmake_minimum_required(VERSION 3.13)\nproject(hello C)\nenable_testing()\nadd_executable(hello hello.c)\nadd_test(NAME hello COMMAND hello)\n' \
    >"$w/project/CMakeLists.txt"
  printf 'int main(void) { return 0; }\n' >"$w/project/hello.c"
  case $where in docs/ci.md:*) git init -q "$w/project" ;; esac
  ln -s "$LLR_BUILD/landlock-policy" "$w/bin/landlock-policy"
  ln -s "$LLR_BUILD/landlock-run" "$w/bin/landlock-run"
  # learn needs audit or ptrace: where neither works, its loop is a SKIP.
  if grep -q 'landlock-policy learn' "$block" &&
     ! (cd "$w/project" && HOME=$w/home TMPDIR=$w/tmp "$LLR_BUILD/landlock-policy" learn \
          "$w/home/.config/landlock-policy/ci.toml" -- true) >/dev/null 2>&1; then
    skip "docs loop $where" "learn cannot watch a command here (neither audit nor ptrace works)"
    continue
  fi
  out=$(cd "$w/project" && env -u XDG_RUNTIME_DIR HOME="$w/home" TMPDIR="$w/tmp" PATH="$w/bin:$PATH" \
          GITHUB_WORKSPACE="$w/project" sh -e -c "$(cat "$block")" 2>&1 </dev/null)
  rc=$?
  if [ "$rc" -eq 0 ]; then pass "docs loop $where runs as written from a project folder"
  else fail "docs loop $where" "exit $rc: $(printf '%s' "$out" | tail -5 | tr '\n' '|' | cut -c1-600)"; fi
done
rm -rf "$docs"

# docs/kubernetes.md's Pod (run as written by tests/suites/78-side-by-side.sh
# where podman can): every container command that starts the launcher is a
# valid command line for its parser, here, without podman. The command is a
# YAML flow list of plain double-quoted words.
grep -n '^ *command: \["/opt/landlock-run/landlock-run"' docs/kubernetes.md >"$docs.pod" 2>/dev/null
[ -s "$docs.pod" ] || fail "docs example docs/kubernetes.md" "no container command starts /opt/landlock-run/landlock-run"
while IFS= read -r entry; do
  where=docs/kubernetes.md:${entry%%:*}
  words=$(printf '%s\n' "${entry#*command: \[}" | sed 's/\]$//; s/^"//; s/"$//; s/", "/\n/g')
  # shellcheck disable=SC2086 # one word per line, none with a space
  result=$(IFS='
'; set -- $words; shift; "$check" "$@" 2>&1)
  if [ "$result" = ok ]; then pass "docs example $where (the Pod's build command)"
  else fail "docs example $where" "$result"; fi
done <"$docs.pod"
rm -f "$docs.pod"
