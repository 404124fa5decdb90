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
