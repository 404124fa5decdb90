#!/bin/sh
# The launcher's static footprint: binary size, linkage, source lines.
#   sh bench/size.sh LAUNCHER SOURCE
set -u
size=$(wc -c <"$1")
printf 'launcher binary: %d bytes (budget 32768, %.0f%% used), %s\n' "$size" "$(echo "$size" | awk '{ print $1 * 100 / 32768 }')" \
  "$(file -b "$1" | grep -o 'statically linked' || echo 'NOT statically linked')"
printf 'launcher source: %d lines in launcher/ (budget 1300)\n' "$(cat "$(dirname "$2")"/* | wc -l)"
