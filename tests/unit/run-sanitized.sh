#!/bin/sh
# run-sanitized.sh NAME BINARY: runs one doctest binary (the unit suites 10
# and 30), but only a sanitizer build of it (make check demands ASan and
# UBSan on the unit tests), stopping at the first report. A binary built
# without them is a FAIL, never a silent unsanitized run.
set -u
# shellcheck source=tests/lib/report.sh
. "$(dirname "$0")/../lib/report.sh"
if ! nm "$2" 2>/dev/null | grep -q '__asan_init\|__ubsan_handle'; then
  fail "$1.sanitized" "$2 is not built with ASan and UBSan"
  exit 1
fi
pass "$1.sanitized"
ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 exec "$2"
