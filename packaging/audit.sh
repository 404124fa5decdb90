#!/bin/sh
# audit.sh LAUNCHER SOURCE [COMPILER]: what an auditor checks before trusting
# the launcher (and, briefly, the compiler that emits its argv). SOURCE is
# launcher/landlock-run.cpp; the header it includes, ../common/cli_flags.h
# beside it, is the other file the launcher is compiled from.
# The syscall list is measured (strace -f of a probe and of a confined run,
# counted up to the exec of the command) when strace works here, and is
# always also read from the source (every libc call that is a syscall).
set -eu
bin=$1 src=$2 compiler=${3:-}
[ -x "$bin" ] || { echo "audit: $bin is not built" >&2; exit 1; }
header=$(dirname "$src")/../common/cli_flags.h
[ -f "$header" ] || { echo "audit: $header (included by $src) is missing" >&2; exit 1; }
# The source digest of --version: both files concatenated, in this order
# (docs/launcher-cli.md).
src_sha=$(cat "$src" "$header" | sha256sum | cut -d' ' -f1)

echo "landlock-run audit"
echo "version:        $("$bin" --version)"
echo "source:         $src, $header"
echo "source lines:   $(wc -l <"$src") + $(wc -l <"$header")"
echo "source sha256:  $src_sha (cat $src $header | sha256sum)"
embedded=$("$bin" --version | sed -n 's/.*source-sha256=\([0-9a-f]*\).*/\1/p')
if [ "$embedded" = "$src_sha" ]; then
  echo "source digest:  matches the one built into the binary"
else
  echo "source digest:  MISMATCH: the binary was built from another source ($embedded)"
fi
echo "binary:         $bin"
echo "binary size:    $(stat -c %s "$bin") bytes"
echo "binary sha256:  $(sha256sum "$bin" | cut -d' ' -f1)"
echo "file:           $(file -b "$bin")"
if file -b "$bin" | grep -q 'statically linked'; then
  echo "static:         yes"
else
  echo "static:         NO"
fi
if command -v readelf >/dev/null; then
  interp=$(readelf -l "$bin" 2>/dev/null | grep -c 'Requesting program interpreter' || true)
  needed=$(readelf -d "$bin" 2>/dev/null | grep -c '(NEEDED)' || true)
  echo "interpreter:    $([ "$interp" -eq 0 ] && echo none || echo present) ; shared libraries needed: $needed"
fi

# Syscalls measured: every line of every pid, until that pid execs the
# command (its second execve), so the command's own syscalls are not counted.
measure() {
  log=$(mktemp)
  strace -f -qq -o "$log" "$@" >/dev/null 2>&1 || true
  awk '{ pid = $1; line = $0; sub(/^[0-9]+ +/, "", line)
         if (line !~ /^[a-z_0-9]+\(/) next
         name = line; sub(/\(.*/, "", name)
         if (name == "execve" && ++execs[pid] > 1) done[pid] = 1
         if (!done[pid]) print name }' "$log"
  rm -f "$log"
}
if command -v strace >/dev/null && strace -qq -o /dev/null true 2>/dev/null; then
  tmp=$(mktemp -d)
  {
    measure "$bin" --probe
    measure "$bin" --ro / --rw "$tmp" -- /bin/true
  } | LC_ALL=C sort | uniq -c | awk '{ printf "  %-26s %s\n", $2, $1 }' >"$tmp/list"
  echo "syscalls made (strace -f: --probe, then --ro / --rw DIR -- /bin/true, up to the exec):"
  cat "$tmp/list"
  rm -rf "$tmp"
else
  echo "syscalls made: strace is unavailable here (see the source list below)"
fi

# Syscalls named in the source: raw syscall(kSys...) numbers and the libc
# wrappers the launcher calls (each is one syscall, or a few, in musl).
echo "syscall sites in the source:"
{
  grep -o -E '\bsyscall\(kSys[A-Za-z]+' "$src" | sed 's/^syscall(kSys/raw:/'
  grep -o -E '(^|[^A-Za-z_.>:])(open|openat|close|fcntl|fstat|prctl|execve|execvp|fork|waitpid|dup2|write|read|_exit|getcwd|stat|lstat|ioctl|dup|pipe|kill)\(' "$src" |
    sed -E 's/^[^A-Za-z_]*//; s/\($//'
} | LC_ALL=C sort | uniq -c | awk '{ printf "  %-26s %s site(s)\n", $2, $1 }'

if [ -n "$compiler" ] && [ -x "$compiler" ]; then
  echo "compiler:       $compiler"
  echo "  version:      $("$compiler" --version)"
  case $("$compiler" --version) in
    *"$src_sha"*) echo "  pinned to:    this launcher source (same digest)" ;;
    *) echo "  pinned to:    ANOTHER launcher source" ;;
  esac
  echo "  size:         $(stat -c %s "$compiler") bytes, sha256 $(sha256sum "$compiler" | cut -d' ' -f1)"
  echo "  file:         $(file -b "$compiler")"
fi
