# shellcheck shell=sh
# The one result protocol of every suite and test script, which
# tests/run-suites.sh and the kernel matrix count. POSIX sh (dash, bash and
# busybox sh in the qemu kernels source it alike):
#
#   pass NAME              prints "PASS NAME"
#   fail NAME WHY          prints "FAIL NAME: WHY"
#   skip NAME REASON       prints "SKIP NAME: REASON" (a missing kernel feature
#                          or tool: never reported as a PASS)
#   report_line KIND TEXT  prints "KIND TEXT" as it is (KIND: PASS, FAIL or
#                          SKIP): for a line relayed from elsewhere, or named
#                          outside $REPORT_PREFIX
#   report_totals          prints "N passed, N failed, N skipped" (what this
#                          shell counted); false after any failure
#
# pass, fail and skip prefix NAME with $REPORT_PREFIX when it is set (e.g.
# "compiler-e2e "), so a script names its tests once. Every line counts in
# REPORT_PASSED, REPORT_FAILED and REPORT_SKIPPED (in this shell: a line
# printed by a subshell does not count here).
#
# A name or a reason often holds text from a file, a traced process, the
# kernel or the command under test: the attacker's. One line per result,
# whatever it holds: a newline is shown as '|' and every other control byte
# as '?', so no text can start a line of its own (forge a PASS for the
# counter) or drive the terminal that shows the log.
REPORT_PASSED=0 REPORT_FAILED=0 REPORT_SKIPPED=0

# report_line KIND TEXT: one protocol line, TEXT made safe to show.
report_line() {
  report_text=$2
  case $report_text in
    *[[:cntrl:]]*) report_text=$(printf '%s' "$report_text" | tr '\n' '|' | LC_ALL=C tr '\000-\037\177' '?') ;;
  esac
  case $1 in
    PASS) REPORT_PASSED=$((REPORT_PASSED + 1)) ;;
    FAIL) REPORT_FAILED=$((REPORT_FAILED + 1)) ;;
    SKIP) REPORT_SKIPPED=$((REPORT_SKIPPED + 1)) ;;
  esac
  printf '%s %s\n' "$1" "$report_text"
}

pass() { report_line PASS "${REPORT_PREFIX:-}$1"; }
fail() { report_line FAIL "${REPORT_PREFIX:-}$1${2+: $2}"; }
skip() { report_line SKIP "${REPORT_PREFIX:-}$1${2+: $2}"; }

report_totals() {
  echo "$REPORT_PASSED passed, $REPORT_FAILED failed, $REPORT_SKIPPED skipped"
  [ "$REPORT_FAILED" -eq 0 ]
}
