#!/bin/sh
# splice.sh FILE BLOCK: replaces the lines of FILE from "# BEGIN generated"
# (or "// BEGIN generated") to "# END generated" with BLOCK (what `tables
# run-modes` or `tables dts` prints), the rest of FILE untouched. `make
# tables` runs it; suite 31 checks the result.
set -eu
file=$1 block=$2
if ! grep -Eq '^(#|//) BEGIN generated' "$file" || ! grep -Eq '^(#|//) END generated' "$file"; then
  echo "splice.sh: $file has no generated block" >&2
  exit 1
fi
tmp=$(mktemp "$file.XXXXXX")
awk -v block="$block" '
  /^(#|\/\/) BEGIN generated/ { print block; skipping = 1; next }
  /^(#|\/\/) END generated/ { skipping = 0; next }
  !skipping { print }
' "$file" >"$tmp"
chmod --reference="$file" "$tmp"
mv "$tmp" "$file"
