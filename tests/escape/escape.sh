#!/bin/bash
# The adversarial escape suite (issue 4): every escape we know of is tried
# against the built static launcher on this machine's real kernel, and every
# outcome is checked on disk and by errno, not only by exit status.
#
#   bash tests/escape/escape.sh LAUNCHER PAYLOAD_DIR
#
# Prints "PASS name" / "FAIL name: why" / "SKIP name: reason" per scenario (a
# scenario whose Landlock ABI the kernel lacks is a SKIP with the reason, never
# a PASS), then the totals per family. Exit status 1 on any failure. It starts
# with a canary: if a write that must be denied is not, nothing else runs and
# the suite fails. Known Landlock limits are pinned by the "limits" family and
# explained, scenario by scenario, in docs/landlock-limits.md.
set -u
[ $# -eq 2 ] || { echo "usage: $0 LAUNCHER PAYLOAD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/escape/lib.sh
. "$here/lib.sh"

# Everything the test user runs is copied where that user can reach it (the
# build dir of a root CI clone may not be), next to a fresh fixture per scenario.
T=$(mktemp -d /tmp/llr-escape.XXXXXX) || exit 1
trap cleanup EXIT
chmod 755 "$T"
mkdir "$T/bin"
for f in "$1" "$2"/*; do
  [ -f "$f" ] || continue
  cp "$f" "$T/bin/" || { fail "escape.setup" "cannot copy $f"; exit 1; }
done
chmod 755 "$T/bin" "$T/bin"/*
P=$T/bin L=$P/$(basename "$1") OP=$P/op
for need in "$L" "$OP" "$P/true" "$P/fds" "$P/abi" "$P/no-landlock" "$P/escape-proc" "$P/escape-threads" \
  "$P/escape-failsys"; do
  [ -x "$need" ] || { fail "escape.setup" "$need was not built"; exit 1; }
done
KABI=$("$P/abi")
case "$KABI" in
  [0-9]*) ;;
  *) skip "escape.all" "this kernel has no Landlock ($KABI): no escape scenario can run"; exit 0 ;;
esac
echo "# escape suite: kernel Landlock ABI $KABI, launcher $("$L" --version), test user uid $TEST_UID"
# shellcheck disable=SC2034 # read by the families
BASE=(--ro "$P")  # the payloads may run; nothing else is readable

# ---- canary: a command that must be denied IS denied, or nothing else counts.
begin canary denied-write 1
run_as "$OP" write "$D/out/control"
[ "$out" = ok ] || bad "control: the test user cannot write $D/out unconfined ($out): the fixture is broken"
sb --ro / -- "$OP" write "$D/out/canary"
denied EACCES; absent "$D/out/canary"
end
if [ "$REPORT_FAILED" -ne 0 ]; then
  fail "escape.all" "the canary was not denied: enforcement is silently skipped, no other scenario is trusted"
  exit 1
fi

# ---- the families, one file each (tests/escape/family-NAME.sh), sourced here
# in this order so they share the fixture, the helpers and the counters; their
# scenarios use the family NAME. docs reads the names all the others recorded.
FAMILIES=(fs refer truncate ioctl symlink fd proc net scope unix udp failclosed limits docs)
for family in "${FAMILIES[@]}"; do
  # shellcheck source=/dev/null
  . "$here/family-$family.sh"
done

# ---- totals
TOTALS_NOTE="kernel ABI $KABI"
scenario_totals escape canary "${FAMILIES[@]}"
