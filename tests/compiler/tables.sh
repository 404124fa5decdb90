#!/bin/sh
# tables.sh TABLES: what is built from the tables (compiler/tools/tables.cpp)
# and committed, because it ships without a build step, is what the tables
# print now (npm's flags.json, policy.json and index.d.ts's unions, run.sh's
# mode check); and
# every schema key, mode and launcher flag is documented where users read
# them (docs/policy-format.md's key and mode tables and landlock-policy(5);
# docs/launcher-cli.md and landlock-run(1)).
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
tables=$1
cd "$LLR_ROOT" || exit 1
[ -x "$tables" ] || { fail "tables program" "$tables is not built"; report_totals; exit 1; }

# --- the committed copies -------------------------------------------------
same() {  # same NAME FILE ARG: the committed FILE is what `tables ARG` prints
  if "$tables" "$3" | cmp -s - "$2"; then pass "$1 is what the tables print"
  else fail "$1" "$2 is stale: run make tables"; fi
}
same "npm's flags.json" packaging/npm/landlock-run/flags.json flags
same "npm's policy.json" packaging/npm/landlock-run/policy.json policy
block=$(sed -n '/^# BEGIN generated/,/^# END generated/p' integrations/lib/run.sh)
if [ -n "$block" ] && [ "$block" = "$("$tables" run-modes)" ]; then pass "run.sh's mode check is what the tables print"
else fail "run.sh's mode check" "integrations/lib/run.sh's generated block is stale: run make tables"; fi
dts_block=$(sed -n '/^\/\/ BEGIN generated/,/^\/\/ END generated/p' packaging/npm/landlock-run/index.d.ts)
if [ -n "$dts_block" ] && [ "$dts_block" = "$("$tables" dts)" ]; then pass "index.d.ts's unions are what the tables print"
else fail "index.d.ts's unions" "packaging/npm/landlock-run/index.d.ts's generated block is stale: run make tables"; fi
# The check itself: run.sh takes every mode of the block, and no other word.
modes_taken=$(
  eval "$block"
  for mode in $("$tables" names | sed -n 's/^mode //p'); do
    if llr_mode_alone "$mode"; then echo "alone $mode"; else echo "not $mode"; fi
  done
  llr_mode_alone "read-only workspace-write" && echo "alone two words"
  llr_mode_alone "" && echo "alone empty"
)
expected="alone read-only
alone workspace-write
alone danger-full-access
not custom"
if [ "$modes_taken" = "$expected" ]; then pass "run.sh takes the modes a policy may be alone, and only them"
else fail "run.sh's modes" "$(echo "$modes_taken" | tr '\n' ' ')"; fi

# --- every name documented --------------------------------------------------
# The key table of docs/policy-format.md: the rows from "| key | type |" to
# the first line that is not a row.
key_table=$(awk '/^\| key \| type \| meaning \|/ { on = 1 } on && !/^\|/ { exit } on' docs/policy-format.md)
mode_table=$(awk '/^\| mode \| grants \|/ { on = 1 } on && !/^\|/ { exit } on' docs/policy-format.md)
man5_keys=$(awk '/^# KEYS/ { on = 1; next } /^# / { on = 0 } on' docs/man/landlock-policy.5.scd)
man5_modes=$(awk '/^# MODES/ { on = 1; next } /^# / { on = 0 } on' docs/man/landlock-policy.5.scd)
# A term of a man page's list and the paragraph under it, by its first line.
man_item() {  # man_item TEXT TERM-PATTERN
  printf '%s\n' "$1" | awk -v term="$2" '$0 ~ term && !/^\t/ { on = 1; print; next } on && /^$/ { exit } on'
}
undocumented=""
for key in $("$tables" names | sed -n 's/^key //p'); do
  case $key in
    *.*)
      table=${key%%.*} name=${key#*.}
      printf '%s\n' "$key_table" | grep -F "| \`[$table]\` |" | grep -qF "\`$name\`" ||
        undocumented="$undocumented policy-format.md:[$table].$name"
      man_item "$man5_keys" "^\\*\\[$table\\]\\*" | grep -q "\\*${name}[ *]" ||
        undocumented="$undocumented landlock-policy.5:[$table].$name"
      ;;
    profiles)
      printf '%s\n' "$key_table" | grep -qF "| \`[profiles.NAME]\` |" || undocumented="$undocumented policy-format.md:profiles"
      printf '%s\n' "$man5_keys" | grep -qF '*[profiles.*' || undocumented="$undocumented landlock-policy.5:profiles"
      ;;
    *)
      printf '%s\n' "$key_table" | grep -E "^\\| ([^|]*, )?\`$key\`" >/dev/null ||
        undocumented="$undocumented policy-format.md:$key"
      printf '%s\n' "$man5_keys" | grep -E "^\\*([^	]*, )?\\*?$key\\*" >/dev/null ||
        undocumented="$undocumented landlock-policy.5:$key"
      ;;
  esac
done
for mode in $("$tables" names | sed -n 's/^mode //p'); do
  printf '%s\n' "$mode_table" | grep -qF "| \`$mode\` |" || undocumented="$undocumented policy-format.md:mode:$mode"
  printf '%s\n' "$man5_modes" | grep -qxF "*$mode*" || undocumented="$undocumented landlock-policy.5:mode:$mode"
done
if [ -z "$undocumented" ]; then pass "every schema key and mode is in docs/policy-format.md and landlock-policy(5)"
else fail "undocumented schema keys or modes" "$undocumented"; fi

# The ABI range the docs give require_abi and --require-abi is the launcher's.
newest=$("$tables" names | sed -n 's/^newest //p')
if printf '%s\n' "$key_table" | grep -qF "| \`require_abi\` | integer 1-$newest |" &&
  grep -qF "(1 to $newest, the newest this launcher knows)" docs/launcher-cli.md; then
  pass "the docs give require_abi and --require-abi the range 1-$newest"
else fail "require_abi's range" "docs/policy-format.md or docs/launcher-cli.md does not say 1 to $newest"; fi

undocumented=""
for flag in $("$tables" names | sed -n 's/^flag //p'); do
  grep -qE "^(\\| ([^|]*, )?|- |## )\`$flag( |\`)" docs/launcher-cli.md ||
    undocumented="$undocumented launcher-cli.md:$flag"
  grep -qE "^\\*$flag\\*|, \\*$flag\\*" docs/man/landlock-run.1.scd || undocumented="$undocumented landlock-run.1:$flag"
done
if [ -z "$undocumented" ]; then pass "every launcher flag is in docs/launcher-cli.md's tables and landlock-run(1)'s lists"
else fail "undocumented launcher flags" "$undocumented"; fi
report_totals
