# shellcheck shell=sh
# Sourced by the compiler's test scripts: a throw-away world with a fake
# HOME (secrets included), a workspace and a temp dir, so no test ever
# reads or depends on the real HOME (CI runs as root with HOME=/root).
# Sets: T (the root), HOME, TMPDIR, WS, LLR_TEST_ROOT; removes T on exit.
# T lies outside /tmp, /dev/shm and TMPDIR: the compiler refuses a policy
# file or a launcher there (tests/lib/testdir.sh). $root is the tree.
# shellcheck source=tests/lib/testdir.sh disable=SC2154 # root: set by every script that sources this file
. "$root/tests/lib/testdir.sh"
T=$(test_dir llp-test) || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home/.ssh" "$T/home/.aws" "$T/home/.cache" "$T/home/.config" "$T/ws/src" "$T/tmp" \
  "$T/data/a" "$T/data/b"
echo "secret-key" >"$T/home/.ssh/id_ed25519"
echo "[default]" >"$T/home/.aws/credentials"
echo "notes" >"$T/home/notes.txt"
echo "f" >"$T/data/a/f"
# shellcheck disable=SC2034 # WS is read by the scripts that source this file
HOME="$T/home" TMPDIR="$T/tmp" WS="$T/ws" LLR_TEST_ROOT="$T"
export HOME TMPDIR LLR_TEST_ROOT
unset XDG_RUNTIME_DIR
