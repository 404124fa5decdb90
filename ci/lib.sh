# Sourced by ci/*.sh: run from the repo root, one build directory for all
# steps (BUILD=build unless set), fail on the first error.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export BUILD
step() { echo "== ci: $*"; }
# suites PATTERN...: the tests/suites/*.sh matching any of the case patterns.
suites() {
  for s in tests/suites/*.sh; do
    n=$(basename "$s")
    for p in "$@"; do
      # shellcheck disable=SC2254
      case $n in $p) echo "$s"; break ;; esac
    done
  done
}
# run_suites FILE...: build what `make check` builds, then run just these.
run_suites() {
  [ $# -gt 0 ] || { echo "ci: no suite matched" >&2; exit 1; }
  make -s BUILD="$BUILD" ci-suites CI_SUITES="$*"
}
