#!/bin/bash
# The hostile-repository suite (issue 10): the repository being sandboxed is
# the attacker. Every scenario has two phases:
#   1. plant: the attacker's command runs confined by the user's own
#      workspace-write policy (landlock-policy exec ... -- sh -c '...') and
#      plants files, symlinks or FIFOs where it can write (the workspace,
#      $TMPDIR); where Landlock itself forbids the planting, the test user
#      plants unconfined and the comment says why that models an earlier run
#      with a wider grant or a file shipped in the repository;
#   2. the user compiles and runs again (argv / check / explain / why / exec),
#      and the outcome is checked on disk, in the argv and in the bytes printed.
# A scenario must not widen the sandbox, print a secret, run a planted
# program unconfined, hang or crash. Everything runs as an unprivileged user
# (uid 65534 via setpriv when the suite runs as root) in a fresh fake world
# (tests/hostile/lib.sh), never against the real HOME.
#
#   bash tests/hostile/hostile.sh POLICY_BIN LAUNCHER PAYLOAD_DIR
#
# Prints "PASS hostile.CLASS.NAME" / "FAIL ...: why" / "SKIP ...: reason" per
# scenario, then totals per class; exit 1 on any failure. It starts with a
# canary: if a compiled workspace-write policy does not deny a write outside
# the workspace, nothing else counts and the suite fails.
# Policy text is written literally: ${WORKSPACE}, ${env.X} and ~ are the compiler's to expand.
# shellcheck disable=SC2016,SC2088
set -u
[ $# -eq 3 ] || { echo "usage: $0 POLICY_BIN LAUNCHER PAYLOAD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/hostile/lib.sh
. "$here/lib.sh"

# The world lives outside /tmp, /dev/shm and TMPDIR, where the compiler
# accepts the user's policies and the launcher (tests/lib/testdir.sh).
# shellcheck source=tests/lib/testdir.sh
. "$here/../lib/testdir.sh"
T=$(test_dir llr-hostile) || exit 1
trap cleanup EXIT
mkdir "$T/bin"
for f in "$1" "$2" "$3/op"; do
  [ -f "$f" ] || { fail "hostile.setup" "$f was not built"; exit 1; }
  cp "$f" "$T/bin/" || { fail "hostile.setup" "cannot copy $f"; exit 1; }
done
chmod 755 "$T/bin" "$T/bin"/*
LP=$T/bin/$(basename "$1") L=$T/bin/$(basename "$2") OP=$T/bin/op
if ! "$L" --probe >/dev/null 2>&1; then
  skip "hostile.all" "Landlock does not enforce on this kernel ($("$L" --probe 2>&1 | head -1))"
  exit 0
fi
LVERSION=$("$L" --version)
echo "# hostile suite: $("$LP" --version | cut -d' ' -f1-2), $LVERSION, test user uid $TEST_UID"

# A fake launcher, as an attacker would plant it: it answers --version like
# the real one (so a version check accepts it) and leaves a marker outside
# every grant whenever anything runs it. $1: the marker.
fake_launcher() {
  printf '#!/bin/sh\necho "ran: $*" >>%s\necho "%s"\nexit 0\n' "$1" "$LVERSION"
}
# stage NAME: the attacker's file (stdin), staged in $S/stage where the
# confined plant copies it from (read-only to it, like any file on the host).
stage() { mkdir -p "$S/stage" && cat >"$S/stage/$1" && own "$S/stage"; }

# The user's trusted policy, $CONF/user.toml (stdin).
user_policy() { pol "$CONF/user.toml"; }
UP() { echo "$CONF/user.toml"; }
# The user's workspace-write policy that reads the project's policy
# (${WORKSPACE}/.landlock.toml), or extends a file in the workspace.
project_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock.toml"
TOML
}
extends_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
}

# run_saved FILE: runs an argv saved with `argv --format nul` as the test user,
# as `xargs -0 -a FILE env` would, but keeping the exit status exact (xargs
# folds every status from 1 to 125 into 123).
run_saved() { local saved; mapfile -d '' saved <"$1"; u "${saved[@]}"; }

# ============================================================================
# canary: a compiled workspace-write policy denies a write outside the
# workspace (and allows one inside), or nothing else counts.
begin canary ws-write-denies-outside
lp exec "$AGENT" -- "$OP" write "$OUT/canary"
want_out EACCES; want_rc 1; absent "$OUT/canary"
lp exec "$AGENT" -- "$OP" write "$W/inside"
want_out ok; want_rc 0; content "$W/inside" x
u "$OP" write "$OUT/control"
want_out ok  # unconfined, the test user can write there: the denial is Landlock's
end
if [ "$REPORT_FAILED" -ne 0 ]; then
  fail "hostile.all" "the canary was not denied: enforcement is silently skipped, no other scenario is trusted"
  exit 1
fi

# ============================================================================
# The families, one file each (tests/hostile/family-CLASS.sh), sourced here
# in this order so they share the world, the helpers above and the counters;
# their scenarios use the class CLASS. The channels below also use the
# helpers of the env, learn and carve families.
FAMILIES=(trust symlink leak dos esc var launcher objects persist saved carve env learn)
for family in "${FAMILIES[@]}"; do
  # shellcheck source=/dev/null
  . "$here/family-$family.sh"
done

# ---- the channels (issue 28): one family per way out to an unconfined
# reader (files, terminal, outside, environment), in the files
# tests/hostile/channel-FAMILY[-PART].sh, sourced here so they share the
# world, the helpers and the counters; their scenarios use the class FAMILY.
CHANNELS=()
for channel in "$here"/channel-*.sh; do
  [ -f "$channel" ] || continue
  family=${channel##*/channel-}
  family=${family%.sh}
  family=${family%%-*}
  case " ${CHANNELS[*]} " in *" $family "*) ;; *) CHANNELS+=("$family") ;; esac
  # shellcheck source=/dev/null
  . "$channel"
done

# ---- totals
scenario_totals hostile canary "${FAMILIES[@]}" "${CHANNELS[@]}"
