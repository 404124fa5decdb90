# shellcheck shell=bash
# The bookkeeping every bash scenario suite shares (tests/escape,
# tests/hostile): who the test user is, one result line per scenario in the
# protocol tests/run-suites.sh counts, and totals per family. The lines and
# their counters are tests/lib/report.sh's, as in every suite, so no suite
# can count differently.
#
#   scenario_start SUITE FAMILY NAME  a new scenario: sets CUR (SUITE.FAMILY.NAME)
#                                     and CUR_FAM, counts it
#   skip_scenario REASON              skip the current scenario, loudly (SKIP line)
#   bad WHY                           record a failed check; the scenario goes on
#   end [SUFFIX]                      PASS, or FAIL with every check that failed
#   scenario_totals SUITE FAMILY...   per-family and total lines; false on any failure
#
# The test user: uid 65534 (through setpriv) when the suite runs as root,
# as CI does, else the caller: AS (the command prefix), IS_ROOT, TEST_UID, TEST_GID.

# shellcheck disable=SC2034 # AS, IS_ROOT, TEST_*, SEQ are read by the suites that source this file
# shellcheck source=tests/lib/report.sh
. "$(dirname "${BASH_SOURCE[0]}")/report.sh"
declare -A FAM_RUN FAM_PASS FAM_FAIL FAM_SKIP
RUN=0 SEQ=0
CUR="" CUR_FAM="" WHY="" SKIPPING=""

if [ "$(id -u)" = 0 ]; then
  TEST_UID=65534 TEST_GID=65534
  AS=(setpriv --reuid="$TEST_UID" --regid="$TEST_GID" --clear-groups --)
  IS_ROOT=1
else
  TEST_UID=$(id -u) TEST_GID=$(id -g)
  AS=()
  IS_ROOT=""
fi

scenario_start() {
  CUR_FAM=$2 CUR="$1.$2.$3" WHY="" SKIPPING=""
  SEQ=$((SEQ + 1)) RUN=$((RUN + 1))
  FAM_RUN[$2]=$(( ${FAM_RUN[$2]:-0} + 1 ))
}

skip_scenario() {
  SKIPPING=1
  report_line SKIP "$CUR: $1"
  FAM_SKIP[$CUR_FAM]=$(( ${FAM_SKIP[$CUR_FAM]:-0} + 1 ))
}

bad() { WHY="${WHY:+$WHY; }$*"; }

end() {
  [ -n "$SKIPPING" ] && return 0
  local suffix=${END_SUFFIX:+ $END_SUFFIX}
  if [ -z "$WHY" ]; then
    report_line PASS "$CUR$suffix"
    FAM_PASS[$CUR_FAM]=$(( ${FAM_PASS[$CUR_FAM]:-0} + 1 ))
  else
    report_line FAIL "$CUR$suffix: $WHY"
    FAM_FAIL[$CUR_FAM]=$(( ${FAM_FAIL[$CUR_FAM]:-0} + 1 ))
  fi
}

scenario_totals() {
  local suite=$1 fam
  shift
  echo "# $suite totals by family (run/passed/failed/skipped):"
  for fam in "$@"; do
    echo "#   $fam: ${FAM_RUN[$fam]:-0}/${FAM_PASS[$fam]:-0}/${FAM_FAIL[$fam]:-0}/${FAM_SKIP[$fam]:-0}"
  done
  echo "# $suite: $RUN scenarios run, $REPORT_PASSED passed, $REPORT_FAILED failed, $REPORT_SKIPPED skipped${TOTALS_NOTE:+ ($TOTALS_NOTE)}"
  [ "$REPORT_FAILED" -eq 0 ]
}
