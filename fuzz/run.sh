#!/bin/sh
# Runs libFuzzer targets for a bounded time each and fails on any crash, leak,
# timeout, out-of-memory or sanitizer report (ASan, UBSan, LSan).
#
#   sh fuzz/run.sh SECONDS FUZZ_BIN_DIR TARGET...
#
# Each target starts from its seed corpus fuzz/corpus/TARGET/ (read only: new
# units go to a scratch directory) and its dictionary fuzz/TARGET.dict if any.
# Prints "PASS fuzz.TARGET: N executions ..." or "FAIL fuzz.TARGET: why", with
# the reproducer saved under FUZZ_BIN_DIR/artifacts/ (re-run it: BIN FILE).
set -u
[ $# -ge 3 ] || { echo "usage: $0 SECONDS FUZZ_BIN_DIR TARGET..." >&2; exit 2; }
secs=$1 bindir=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
failed=0 total=0
for t in "$@"; do
  bin=$bindir/$t
  if [ ! -x "$bin" ]; then
    echo "FAIL fuzz.$t: $bin was not built"
    failed=$((failed + 1))
    continue
  fi
  work=$(mktemp -d)
  mkdir "$work/corpus" "$work/artifacts"
  set -- -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2560 -max_len=8192 \
    -artifact_prefix="$work/artifacts/"
  [ -f "$root/fuzz/$t.dict" ] && set -- "$@" -dict="$root/fuzz/$t.dict"
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$bin" "$@" "$work/corpus" "$root/fuzz/corpus/$t" >"$work/log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
  units=$(sed -n 's/^stat::new_units_added: *//p' "$work/log" | tail -n 1)
  seeds=$(find "$root/fuzz/corpus/$t" -type f 2>/dev/null | wc -l)
  reports=$(grep -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY: ' "$work/log" | head -n 5)
  if [ "$rc" -ne 0 ] || [ -n "$reports" ] || [ -n "$(ls "$work/artifacts")" ] || [ -z "$execs" ]; then
    mkdir -p "$bindir/artifacts"
    saved=""
    for a in "$work/artifacts"/*; do
      [ -e "$a" ] || continue
      cp "$a" "$bindir/artifacts/$t-$(basename "$a")" && saved="$saved $bindir/artifacts/$t-$(basename "$a")"
    done
    cp "$work/log" "$bindir/artifacts/$t.log"
    sed 's/^/#   /' "$work/log" | tail -n 40
    echo "FAIL fuzz.$t: exit $rc after ${execs:-?} executions: $(echo "$reports" | tr '\n' ' ')reproducer:${saved:- none} log: $bindir/artifacts/$t.log"
    failed=$((failed + 1))
  else
    echo "PASS fuzz.$t: $execs executions in ${secs}s from $seeds seeds, $units new units, no crash, leak or sanitizer report"
    total=$((total + execs))
  fi
  rm -rf "$work"
done
echo "# fuzz: $total executions in total, $failed target(s) failed"
[ "$failed" -eq 0 ]
