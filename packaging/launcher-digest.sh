#!/bin/sh
# launcher-digest.sh [DIR]: the launcher's source digest, as --version prints
# it: the SHA-256 of every file of launcher/ (the launcher and the headers it
# is built from) in byte order, under DIR (a checkout, or the src/ directory
# of the release tarball; default: the current directory). The same recipe by
# hand: cd DIR && cat launcher/* | sha256sum (with LC_ALL=C, for the order of
# the glob). docs/launcher-cli.md.
set -eu
cd "${1:-.}"
export LC_ALL=C
[ -f launcher/landlock-run.cpp ] || { echo "launcher-digest: no launcher/landlock-run.cpp in ${1:-.}" >&2; exit 1; }
cat launcher/* | sha256sum | cut -d' ' -f1
