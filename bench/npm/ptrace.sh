#!/bin/sh
# The ptrace way of bench/npm/run.cjs: as root, learn reads the kernel's
# audit records; an unprivileged caller (the common harness) gets ptrace.
# So run the same benchmark once more as uid 65534, on a copy of the
# binaries and the staged package in a folder that user owns (the
# compiler refuses a launcher or a policy reached through a folder owned
# by anyone else). Not root, or no setpriv: SKIP with the reason.
# Usage: sh ptrace.sh PACKAGE_DIR LAUNCHER COMPILER   (make bench-npm)
set -eu
pkg=$1 launcher=$2 compiler=$3
if [ "$(id -u)" != 0 ]; then
  echo "bench-npm: SKIP the ptrace way as uid 65534: not root (the run above was the way this user gets)"
  exit 0
fi
if ! command -v setpriv >/dev/null; then
  echo "bench-npm: SKIP the ptrace way as uid 65534: no setpriv (util-linux)"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
copy=$(mktemp -d /var/tmp/llr-bench-npm-ptrace.XXXXXX)
trap 'rm -rf "$copy"' EXIT
cp "$launcher" "$copy/landlock-run"
cp "$compiler" "$copy/landlock-policy"
cp -R "$pkg" "$copy/pkg"
cp "$here/run.cjs" "$copy/run.cjs"
chown -R 65534:65534 "$copy"
cd "$copy"
setpriv --reuid=65534 --regid=65534 --clear-groups \
  node "$copy/run.cjs" "$copy/pkg" "$copy/landlock-run" "$copy/landlock-policy"
