#!/bin/sh
# Every launcher example in the docs (a line starting with "landlock-run " in
# a ```sh block of README.md or docs/*.md) must be a valid command line for
# the launcher's own parser, so the documentation cannot rot.
set -u
# shellcheck disable=SC2034 # read by the eval below
check=$LLR_BUILD/unit/parse-check
cd "$LLR_ROOT" || exit 1
for doc in README.md docs/*.md; do
  [ -f "$doc" ] || continue
  awk '/^```sh$/ { inside = 1; next } /^```/ { inside = 0 } inside && /^landlock-run / { print FILENAME ":" FNR ":" $0 }' "$doc"
done >"${TMPDIR:-/tmp}/llr-doc-examples.$$"
while IFS= read -r entry; do
  where=${entry%%:landlock-run *}
  line=${entry#"$where":}
  # shellcheck disable=SC2016 # $check is expanded by eval, on purpose
  result=$(eval "\"\$check\" ${line#landlock-run }" 2>&1)
  if [ "$result" = ok ]; then echo "PASS docs example $where"
  else echo "FAIL docs example $where: '$line': $result"; fi
done <"${TMPDIR:-/tmp}/llr-doc-examples.$$"
rm -f "${TMPDIR:-/tmp}/llr-doc-examples.$$"

# The --status-fd reading example of docs/launcher-cli.md, run as written
# against the built launcher: it must classify a launcher failure, a command
# that cannot be run, and a command imitating a launcher failure.
example=$(awk '/^```sh$/ { inside = 1; block = ""; next }
  /^```/ { if (inside && block ~ /classify\(\) \{/) printf "%s", block; inside = 0; next }
  inside { block = block $0 "\n" }' docs/launcher-cli.md)
if [ -z "$example" ]; then echo "FAIL docs example status-fd classify: no classify() block in docs/launcher-cli.md"
else
  bin=$(mktemp -d)
  ln -s "$LLR_BUILD/landlock-run" "$bin/landlock-run"
  got=$(PATH=$bin:$PATH; eval "$example"
    classify --ro /nonexistent-docs-example -- true 2>/dev/null
    classify --ro / -- "$bin/no-such-command" 2>/dev/null
    classify --ro / -- /bin/sh -c 'echo "landlock-run: fake" >&2; exit 125' 2>/dev/null
    classify --ro / -- /bin/sh -c 'exit 3')
  want=$(printf 'launcher-failed\nnot-run\nran 125\nran 3')
  if [ "$got" = "$want" ]; then echo "PASS docs example status-fd classify: launcher failure, not run, imitation, own status"
  else echo "FAIL docs example status-fd classify: got '$(echo "$got" | tr '\n' '|')'"; fi
  rm -rf "$bin"
fi
