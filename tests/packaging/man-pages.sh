#!/bin/sh
# The man pages stay true: every launcher flag of launcher/cli_flags.h is in
# landlock-run(1), every compiler command of --help in landlock-policy(1),
# the policy in landlock-policy(5)'s synopsis compiles, and each page
# renders without a groff warning.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
man=$LLR_BUILD/man
if ! command -v scdoc >/dev/null; then skip "man-pages" "scdoc is not installed (make deps)"; exit 0; fi
for page in landlock-run.1 landlock-policy.1 landlock-policy.5; do
  [ -f "$man/$page" ] || { fail "man-$page" "not built (make man)"; continue; }
  if command -v groff >/dev/null; then
    warn=$(render_warnings "$man/$page")
    if [ -z "$warn" ]; then pass "man-$page-renders"; else fail "man-$page-renders" "$warn"; fi
  else
    skip "man-$page-renders" "groff is not installed (make deps)"
  fi
done

missing=
# The launcher's tables as compiled (flags.json, `make tables`), never read
# out of the C++ with a pattern.
flags_json=packaging/npm/landlock-run/flags.json
for flag in $(python3 -c 'import json, sys; print(*(f["spelling"] for f in json.load(open(sys.argv[1]))["flags"]))' "$flags_json"); do
  grep -q -- "\*$flag\*" docs/man/landlock-run.1.scd || missing="$missing $flag"
done
if [ -z "$missing" ]; then pass "man-landlock-run.1-has-every-flag"; else fail "man-landlock-run.1-has-every-flag" "missing$missing"; fi

# The ABI column of docs/launcher-cli.md's flag table is the launcher's: each
# flag that needs an ABI above 1 names exactly the ABI whose row of the
# per-ABI table (kAbis in launcher/abi.h) lists it.
wrong='' checked=0
abis=$(python3 -c 'import json, sys
for step in json.load(open(sys.argv[1]))["abis"]:
    for flag in step["flags"]: print("%s=%d" % (flag, step["abi"]))' "$flags_json")
for entry in $abis; do
  flag=${entry%=*} abi=${entry#*=}
  [ "$abi" -gt 1 ] || continue
  checked=$((checked + 1))
  rows=$(grep -- "^| \`$flag" docs/launcher-cli.md)
  if [ -z "$rows" ]; then wrong="$wrong $flag(no row)"
  elif printf '%s\n' "$rows" | grep -qv -- "| ABI $abi |\$"; then wrong="$wrong $flag(not ABI $abi)"; fi
done
if [ "$checked" -gt 0 ] && [ -z "$wrong" ]; then pass "docs-launcher-cli-abi-column-is-the-abi-table ($checked flags)"
else fail "docs-launcher-cli-abi-column-is-the-abi-table:${wrong:- no flag with an ABI found}"; fi

policy=$LLR_BUILD/landlock-policy
if [ -x "$policy" ]; then
  missing=
  for cmd in $("$policy" --help 2>&1 | sed -n 's/^ *\(usage: \)\{0,1\}landlock-policy \([a-z][a-z]*\) .*/\2/p'); do
    grep -q "^\*landlock-policy $cmd\*" docs/man/landlock-policy.1.scd || missing="$missing $cmd"
  done
  for opt in $("$policy" --help 2>&1 | sed -n 's/^  \(--[a-z-]*\).*/\1/p'); do
    grep -q -- "^\*$opt\*" docs/man/landlock-policy.1.scd || missing="$missing $opt"
  done
  if [ -z "$missing" ]; then pass "man-landlock-policy.1-has-every-command-and-option"
  else fail "man-landlock-policy.1-has-every-command-and-option" "missing$missing"; fi

  # Outside /tmp: check would answer with a warning there (tests/lib/testdir.sh).
  # shellcheck source=tests/lib/testdir.sh
  . "$LLR_ROOT/tests/lib/testdir.sh"
  tmp=$(test_dir llr-man) || exit 1
  sed -n '/^# SYNOPSIS/,/^# DESCRIPTION/p' docs/man/landlock-policy.5.scd | sed -n '/^```$/,/^```$/p' | sed '/^```$/d; s/^\\//' >"$tmp/synopsis.toml"
  mkdir -p "$tmp/ws" "$tmp/tmp"
  if (cd "$tmp/ws" && TMPDIR=$tmp/tmp "$policy" check "$tmp/synopsis.toml") >"$tmp/log" 2>&1 && [ -s "$tmp/synopsis.toml" ]; then
    pass "man-landlock-policy.5-synopsis-compiles"
  else
    fail "man-landlock-policy.5-synopsis-compiles" "$(head -3 "$tmp/log" | tr '\n' ' ')"
  fi
  rm -rf "$tmp"
else
  fail "man-landlock-policy-matches-compiler" "$policy is not built (make all)"
fi
exit 0
