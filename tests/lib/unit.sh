# shellcheck shell=sh
# Sourced by the unit suites: run one doctest binary, but only a sanitizer
# build of it (make check demands ASan and UBSan on the unit tests), stopping
# at the first report. A binary built without them is a FAIL, never a silent
# unsanitized run.
#
#   run_sanitized_unit NAME BINARY   exec BINARY, or print FAIL NAME and exit 1
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
run_sanitized_unit() {
  if ! nm "$2" 2>/dev/null | grep -q '__asan_init\|__ubsan_handle'; then
    fail "$1.sanitized" "$2 is not built with ASan and UBSan"
    exit 1
  fi
  pass "$1.sanitized"
  ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 exec "$2"
}
