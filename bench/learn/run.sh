#!/bin/sh
# The learn benchmark of issue 14: the cost of `landlock-policy learn` over
# `landlock-policy exec` on a small real build (make compiling N C files:
# a few hundred process starts and a few thousand file opens), as a ratio
# within one run, for each way this machine has. Bar: under 3 times.
# Usage: run.sh PATH/TO/landlock-policy   (make bench-learn)
set -eu
policy_bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
launcher=$(dirname "$policy_bin")/landlock-run
files=${BENCH_LEARN_FILES:-60}
cc=$(command -v cc || command -v gcc) || { echo "bench-learn: SKIP no C compiler"; exit 0; }
# Beside the binaries, not in /tmp: a policy file where a confined run could write is refused.
T=$(mktemp -d "$(dirname "$policy_bin")/llp-bench-learn.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home" "$T/tmp" "$T/ws/src"
i=0
while [ "$i" -lt "$files" ]; do
  printf '#include <stdio.h>\n#include <string.h>\nint f%d(const char *s) { return (int)strlen(s) + %d; }\n' \
    "$i" "$i" >"$T/ws/src/f$i.c"
  i=$((i + 1))
done
printf 'SRCS := $(wildcard src/*.c)\nlib.a: $(SRCS:.c=.o)\n\tar rcs $@ $^\n%%.o: %%.c\n\t%s -O0 -c -o $@ $<\n' "$cc" \
  >"$T/ws/Makefile"
printf '%s\n' 'version = 1' 'mode = "custom"' 'ro = ["/usr", "/etc"]' 'rw = ["${WORKSPACE}", "${TMPDIR}"]' >"$T/p.toml"

# One clean build, in microseconds (the command's arguments: exec, or learn --way W).
once_us() {
  rm -f "$T/ws/src/"*.o "$T/ws/lib.a"
  start=$(date +%s%N)
  (cd "$T/ws" && HOME="$T/home" TMPDIR="$T/tmp" "$policy_bin" "$@" --launcher "$launcher" --set workspace="$T/ws" \
    "$T/p.toml" -- make -s -j1 >/dev/null 2>"$T/err") || return 1
  echo $((($(date +%s%N) - start) / 1000))
}

# The ways this machine has; the audit way says why not, and runs nothing.
ways="exec ptrace"
best_exec='' t=''
if HOME="$T/home" TMPDIR="$T/tmp" "$policy_bin" learn --way audit --launcher "$launcher" --set workspace="$T/ws" "$T/p.toml" -- "$(command -v true)" 2>"$T/err"; then
  ways="$ways audit"
else echo "bench-learn: SKIP the audit way: $(sed -n 's/.*--way audit: //p' "$T/err" | head -1)"; fi
# Best of 3, the ways interleaved in each round (the machine is shared).
for round in 1 2 3; do
  for way in $ways; do
    if [ "$way" = exec ]; then us=$(once_us exec) || { echo "bench-learn: FAIL exec: $(head -c 300 "$T/err")"; exit 1; }
    else us=$(once_us learn --way "$way") || { echo "bench-learn: FAIL learn --way $way: $(head -c 300 "$T/err")"; exit 1; }; fi
    eval "prev=\${best_$way:-}"
    if [ -z "$prev" ] || [ "$us" -lt "$prev" ]; then eval "best_$way=$us"; fi
  done
  : "$round"
done
t_exec=$best_exec
echo "bench-learn: make of $files C files (best of 3): exec $((t_exec / 1000)) ms"
status=0
for way in $ways; do
  [ "$way" = exec ] && continue
  eval "t=\$best_$way"
  ratio=$(awk -v a="$t_exec" -v b="$t" 'BEGIN { printf "%.2f", b / a }')
  echo "bench-learn: learn --way $way: $((t / 1000)) ms, ${ratio}x exec (bar: under 3x)"
  if awk -v r="$ratio" 'BEGIN { exit !(r >= 3.0) }'; then
    echo "bench-learn: FAIL learn --way $way costs ${ratio}x exec (bar: under 3x)"
    status=1
  fi
done
[ "$status" = 0 ] && echo "bench-learn: OK"
exit "$status"
