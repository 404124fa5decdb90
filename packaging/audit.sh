#!/bin/sh
# audit.sh TARBALL SOURCE: what an auditor checks before trusting the launcher
# (and, briefly, the compiler that emits its argv), on the binaries as shipped
# in the release TARBALL (make dist). SOURCE is launcher/landlock-run.cpp; the
# headers beside it in launcher/ (the ABI table, the flag table, the argv
# grammar, the environment rules, UTF-8) are the other files the launcher is
# compiled from: the folder is the audit unit.
# The syscall list is measured (strace -f of a probe and of a confined run,
# counted up to the exec of the command) when strace works here, each with
# the reason the launcher makes it; and it is always also read from the
# source (every libc call that is a syscall).
set -eu
tarball=$1 src=$2
[ -f "$tarball" ] || { echo "audit: $tarball is not built (make dist)" >&2; exit 1; }
shipped=$(mktemp -d)
trap 'rm -rf "$shipped"' EXIT
tar -xzf "$tarball" -C "$shipped"
top=$(find "$shipped" -mindepth 1 -maxdepth 1 -type d | head -n 1)
bin=$top/bin/landlock-run compiler=$top/bin/landlock-policy
[ -x "$bin" ] || { echo "audit: $tarball holds no bin/landlock-run" >&2; exit 1; }
echo "release:        $tarball (sha256 $(sha256sum "$tarball" | cut -d' ' -f1))"
root=$(cd "$(dirname "$src")/.." && pwd)
headers=$(cd "$root" && LC_ALL=C ls launcher/*.h | tr '\n' ' ')
# The source digest of --version (docs/launcher-cli.md).
src_sha=$(sh "$root/packaging/launcher-digest.sh" "$root")

echo "landlock-run audit"
echo "version:        $("$bin" --version)"
echo "source:         $src, $headers"
echo "source lines:   $(cd "$root" && cat launcher/* | wc -l) (launcher/: $(wc -l <"$src") in $(basename "$src"))"
echo "source sha256:  $src_sha (cat launcher/* | sha256sum)"
embedded=$("$bin" --version | sed -n 's/.*source-sha256=\([0-9a-f]*\).*/\1/p')
if [ "$embedded" = "$src_sha" ]; then
  echo "source digest:  matches the one built into the binary"
else
  echo "source digest:  MISMATCH: the binary was built from another source ($embedded)"
fi
echo "binary:         bin/landlock-run (as shipped)"
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

# Why the launcher makes each syscall (strace's names). A syscall the launcher
# makes that is not listed here is printed as UNEXPECTED: a finding.
reason() {
  case $1 in
    execve) echo "starts the launcher itself; then replaces it with the command (same PID)" ;;
    landlock_create_ruleset) echo "asks the kernel's Landlock ABI version; creates the ruleset" ;;
    landlock_add_rule) echo "adds one rule per --ro/--rw grant and per TCP port" ;;
    landlock_restrict_self) echo "enforces the ruleset on the launcher, inherited by the command" ;;
    prctl) echo "PR_SET_NO_NEW_PRIVS, which landlock_restrict_self requires" ;;
    open | openat) echo "opens each grant's path with O_PATH (the rule's parent_fd); --probe's test file" ;;
    openat2) echo "opens a grant's path refusing symlinks (--no-symlinks)" ;;
    fstat | newfstatat | statx) echo "tells a file grant from a folder grant (a file takes file rights only)" ;;
    close) echo "closes each grant's O_PATH fd once its rule is added; the ruleset fd" ;;
    close_range) echo "marks inherited fds above 2 close-on-exec (unless --keep-fds)" ;;
    write | writev) echo "the one error line, --probe's line, --version, --help; --status-fd's JSON line" ;;
    fork | clone | clone3 | vfork) echo "--probe: a child restricts itself and tries a denied read" ;;
    wait4 | waitid) echo "--probe: waits for that child" ;;
    exit_group | exit) echo "exits (125 on failure; the probe child's verdict)" ;;
    rt_sigaction | rt_sigprocmask) echo "--probe: SIGCHLD back to its default (an ignored one breaks waitpid); musl's fork" ;;
    set_tid_address | arch_prctl | brk | set_robust_list | rseq | prlimit64 | getrandom | mmap | mprotect | munmap)
      echo "the static C runtime's start-up (musl), before main" ;;
    ioctl) echo "musl's isatty on stdout (TIOCGWINSZ) before a write" ;;
    fcntl) echo "--status-fd N made close-on-exec; musl's open with O_CLOEXEC sets FD_CLOEXEC once more" ;;
    getpid | gettid) echo "musl internals (fork, raise)" ;;
    *) ;;
  esac
}

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
    measure "$bin" --ro / --rw "$tmp" --clearenv --setenv PATH /bin --status-fd 3 -- /bin/true 3>/dev/null
  } | LC_ALL=C sort | uniq -c >"$tmp/counts"
  echo "syscalls made (strace -f: --probe, then --ro / --rw DIR with the environment and status flags -- /bin/true, up to the exec), each with why:"
  unexplained=0
  while read -r count name; do
    why=$(reason "$name")
    [ -n "$why" ] || { why="UNEXPECTED: no reason on file in packaging/audit.sh"; unexplained=$((unexplained + 1)); }
    printf '  %-24s %3s  %s\n' "$name" "$count" "$why"
  done <"$tmp/counts"
  rm -rf "$tmp"
  [ "$unexplained" -eq 0 ] || echo "syscalls without a reason: $unexplained (each is a finding)"
else
  echo "syscalls made: strace is unavailable here (see the source list below)"
fi

# Syscalls named in the source: raw syscall(kSys...) numbers and the libc
# wrappers the launcher calls (each is one syscall, or a few, in musl).
echo "syscall sites in the source:"
{
  grep -o -E '\bsyscall\(SYS_[a-z_0-9]+' "$src" | sed 's/^syscall(SYS_/raw:/'
  grep -o -E '(^|[^A-Za-z_.>:])(open|openat|close|fcntl|fstat|prctl|execve|execvp|fork|_Fork|waitpid|dup2|write|read|_exit|getcwd|stat|lstat|ioctl|dup|pipe|kill|signal)\(' "$src" |
    sed -E 's/^[^A-Za-z_]*//; s/\($//'
} | LC_ALL=C sort | uniq -c | awk '{ printf "  %-26s %s site(s)\n", $2, $1 }'

if [ -x "$compiler" ]; then
  echo "compiler:       bin/landlock-policy (as shipped)"
  echo "  version:      $("$compiler" --version)"
  case $("$compiler" --version) in
    *"$src_sha"*) echo "  pinned to:    this launcher source (same digest)" ;;
    *) echo "  pinned to:    ANOTHER launcher source" ;;
  esac
  echo "  size:         $(stat -c %s "$compiler") bytes, sha256 $(sha256sum "$compiler" | cut -d' ' -f1)"
  echo "  file:         $(file -b "$compiler")"
fi
