#!/bin/sh
# CI step: the unit tests are sanitizer builds (-fsanitize=address,undefined,
# no recovery); check that every one really is instrumented, then run them
# with the sanitizers set to stop at the first report.
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "sanitizer build of the unit tests"
make -s BUILD="$BUILD" check-deps
found=0
for t in "$BUILD"/unit/*; do
  if [ ! -f "$t" ] || [ ! -x "$t" ]; then continue; fi
  found=$((found + 1))
  if ! nm "$t" 2>/dev/null | grep -q '__asan_init\|__ubsan_handle'; then
    echo "ci: $t is not a sanitizer build" >&2; exit 1
  fi
  echo "instrumented: $t"
done
[ "$found" -gt 0 ] || { echo "ci: no unit test binary under $BUILD/unit" >&2; exit 1; }
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
run_suites '*unit*'
