# shellcheck shell=sh
# Sourced by ci/*.sh: run from the repo root, one build directory for all
# steps (BUILD=build unless set), fail on the first error.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export BUILD
step() { echo "== ci: $*"; }

# run_suites INCLUDE [EXCLUDE]...: build what `make check` builds, then run
# the tests/suites/*.sh whose file name matches the case pattern INCLUDE and
# none of the EXCLUDE patterns.
run_suites() {
  include=$1
  shift
  list=
  for s in tests/suites/*.sh; do
    n=${s##*/}
    # shellcheck disable=SC2254 # the patterns are patterns
    case $n in $include) ;; *) continue ;; esac
    skip=no
    for x in "$@"; do
      # shellcheck disable=SC2254
      case $n in $x) skip=yes ;; esac
    done
    [ "$skip" = yes ] || list="$list $s"
  done
  [ -n "$list" ] || { echo "ci: no suite matches $include" >&2; exit 1; }
  make -s BUILD="$BUILD" ci-suites CI_SUITES="$list"
}
