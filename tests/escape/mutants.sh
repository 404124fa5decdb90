#!/bin/bash
# Mutation check of the escape suite: builds copies of the launcher with one
# deliberate hole each (a step skipped, a right widened) and runs the suite
# against every copy. Each mutant must make the suite fail ("killed"); one
# that survives is a gap in the suite. launcher/landlock-run.cpp itself is
# never touched: the mutants live in a scratch directory.
#
#   make escape-mutants      (or: bash tests/escape/mutants.sh PAYLOAD_DIR;
#                             MUTANTS="no-tcp no-udp" runs only those)
#   bash tests/escape/mutants.sh --applies
#                            only checks that every mutation still changes
#                            launcher/landlock-run.cpp (seconds; suite 40),
#                            so that a rewrite of the launcher cannot leave a
#                            mutant that silently tests nothing
# Uses $MUSL_CXXFLAGS / $MUSL_LDFLAGS from the Makefile when set.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
payloads=${1:?usage: $0 PAYLOAD_DIR | --applies}
specs=/usr/lib/x86_64-linux-musl/musl-gcc.specs
cxxflags=${MUSL_CXXFLAGS:--std=c++20 -specs $specs -nostdinc++ -fno-exceptions -fno-rtti -Os}
ldflags=${MUSL_LDFLAGS:--specs $specs -static}

# name, sed expression on launcher/landlock-run.cpp, what the hole is, and the
# Landlock ABI the suite needs to notice it (1 when omitted): on an older
# kernel the hole cannot be observed, and the mutant is a SKIP with the reason.
mutants=()
mutant() { mutants+=("$1" "$2" "$3" "${4:-1}"); }
mutant no-restrict 's/if (syscall(SYS_landlock_restrict_self, ruleset, flags) != 0) return/if (0) return/' "landlock_restrict_self never called"
mutant ignore-restrict-error 's/  if (failed) die(failed, unavailable_reason(errno));/  ;/' "a failing restrict_self ignored"
mutant no-cloexec-fds 's/if (!o.has(Flag::KeepFds) \&\& syscall(SYS_close_range/if (0 \&\& syscall(SYS_close_range/' "inherited fds left open"
mutant no-nnp 's/if (nnp_by_prctl \&\& prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return/if (0) return/' "no_new_privs not set (below ABI 11)"
mutant leak-opath 's/  if (close(fd) != 0) die("close", strerror(errno));.*//;s/O_PATH | O_CLOEXEC/O_PATH/' "grant fds leaked"
handled='    if (step.abi <= abi) rights |= step.fs'  # fs_rights_for_abi: the table's rights, ABI by ABI
mutant no-refer "s/$handled;/$handled \& ~LANDLOCK_ACCESS_FS_REFER;/" "REFER not handled"
mutant no-truncate "s/$handled;/$handled \& ~LANDLOCK_ACCESS_FS_TRUNCATE;/" "TRUNCATE not handled"
mutant no-ioctl "s/$handled;/$handled \& ~LANDLOCK_ACCESS_FS_IOCTL_DEV;/" "IOCTL_DEV not handled"
mutant ro-writes 's/^  uint64_t rights = kReadRights;/  uint64_t rights = kReadRights | LANDLOCK_ACCESS_FS_WRITE_FILE;/' "--ro grants write"
mutant ro-makes 's/^  uint64_t rights = kReadRights;/  uint64_t rights = kReadRights | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_DIR;/' "--ro grants creating files"
mutant no-symlinks-ignored 's/how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;/how.resolve = 0;/' "--no-symlinks follows symlinks"
mutant try-skips-all 's/if (fd < 0 \&\& optional \&\& errno == ENOENT) return;/if (fd < 0) return;/' "every bad grant silently skipped"
mutant no-tcp 's/handled_access_net |= LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;/handled_access_net |= 0;/' "TCP never restricted" 4
mutant no-scopes 's/) plan.attr.scoped |= LANDLOCK_SCOPE_SIGNAL;/) plan.attr.scoped |= 0;/' "--scope signal dropped" 6
mutant no-landlock-runs 's/^  int abi = query_abi();/  if (syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION) < 0) execvp(argv[o.command], argv + o.command);\n  int abi = query_abi();/' "no Landlock: the command runs unconfined"
mutant status-fd-inherited 's/if (o.status_fd >= 0 \&\& fcntl(o.status_fd, F_SETFD, FD_CLOEXEC) != 0)/if (0)/' "the command holds the status fd"
mutant environment-ignored 's/^  environ = envp;.*//' "--unsetenv and --clearenv ignored"
mutant exec-before-confined 's/^  restrict_self(ruleset, plan.restrict_flags);/  if (o.has(Flag::KeepFds)) execvp(argv[o.command], argv + o.command);\n  restrict_self(ruleset, plan.restrict_flags);/' "--keep-fds runs unconfined"
mutant connect-unix-grants-write 's/  if (flag == Flag::ConnectUnix) rights = LANDLOCK_ACCESS_FS_RESOLVE_UNIX;/  if (flag == Flag::ConnectUnix) rights = LANDLOCK_ACCESS_FS_RESOLVE_UNIX | fs_rights_for_abi(abi);/' "--connect-unix grants what --rw does"
mutant rw-carries-resolve-unix 's/ \& ~LANDLOCK_ACCESS_FS_RESOLVE_UNIX;/;/' "--rw reaches pathname sockets created outside" 9
mutant udp-silently-dropped 's/if (o.restricts_udp() \&\& enforceable(/if (o.restricts_udp() \&\& abi >= 10 \&\& enforceable(/' "below ABI 10 a UDP flag is dropped without --best-effort"
mutant no-udp 's/handled_access_net |= LANDLOCK_ACCESS_NET_BIND_UDP | LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP;/handled_access_net |= 0;/' "UDP never restricted" 10
# Whether sed expression $2 changes the launcher's source; a FAIL naming
# mutant $1 when it no longer does.
applies() {
  if sed "$2" "$root/launcher/landlock-run.cpp" | cmp -s "$root/launcher/landlock-run.cpp" -; then
    fail "mutant.$1" "the mutation no longer applies to launcher/landlock-run.cpp ($3): update tests/escape/mutants.sh"
    return 1
  fi
  return 0
}
if [ "$payloads" = --applies ]; then
  stale=0
  for ((i = 0; i < ${#mutants[@]}; i += 4)); do
    if applies "${mutants[i]}" "${mutants[i + 1]}" "${mutants[i + 2]}"; then pass "mutant.${mutants[i]} applies"
    else stale=$((stale + 1)); fi
  done
  [ "$stale" -eq 0 ]
  exit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/launcher"
cp "$root"/launcher/*.h "$work/launcher/"
kabi=$("$payloads/abi" 2>/dev/null || echo 0)
killed=0 survived=0
skipped=0
for ((i = 0; i < ${#mutants[@]}; i += 4)); do
  name=${mutants[i]} expr=${mutants[i + 1]} what=${mutants[i + 2]} needs=${mutants[i + 3]}
  case " ${MUTANTS:-$name} " in *" $name "*) ;; *) continue ;; esac  # MUTANTS="a b": only those
  src=$work/launcher/$name.cpp
  if ! applies "$name" "$expr" "$what"; then survived=$((survived + 1)); continue; fi
  sed "$expr" "$root/launcher/landlock-run.cpp" >"$src"
  if [ "$kabi" -lt "$needs" ]; then
    skip "mutant.$name" "$what can only be observed on Landlock ABI $needs, this kernel has ABI $kabi"
    skipped=$((skipped + 1)); continue
  fi
  # shellcheck disable=SC2086 # flag lists
  if ! g++ $cxxflags -w -c -o "$work/$name.o" "$src" || ! gcc $ldflags -o "$work/landlock-run" "$work/$name.o"; then
    fail "mutant.$name" "does not build"; survived=$((survived + 1)); continue
  fi
  log=$(bash "$root/tests/escape/escape.sh" "$work/landlock-run" "$payloads" 2>&1)
  rc=$?
  caught=$(printf '%s\n' "$log" | grep '^FAIL' | head -3 | cut -d: -f1 | sed 's/^FAIL //' | tr '\n' ' ')
  if [ "$rc" -ne 0 ]; then
    pass "mutant.$name killed ($what): $caught"
    killed=$((killed + 1))
  else
    fail "mutant.$name survived ($what)" "the escape suite does not notice"
    survived=$((survived + 1))
  fi
done
echo "# mutants: $((${#mutants[@]} / 4)) in all, $killed killed, $survived survived, $skipped skipped (kernel ABI $kabi)"
[ "$survived" -eq 0 ]
