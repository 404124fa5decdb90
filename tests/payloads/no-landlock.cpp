// no-landlock ERRNO COMMAND [ARG]...: makes the three Landlock syscalls fail
// with ERRNO (a seccomp filter), then execs COMMAND. Used to prove the
// launcher fails closed when Landlock is missing (ENOSYS), disabled at boot
// (EOPNOTSUPP) or refused (EPERM).
#include <stdint.h>
#include <sys/prctl.h>

#include "payload.h"

namespace {
// Classic BPF and seccomp UAPI, spelled out: musl ships no <linux/filter.h>.
struct SockFilter { uint16_t code; uint8_t jt, jf; uint32_t k; };
struct SockFprog { unsigned short len; const SockFilter *filter; };
constexpr uint16_t kLoadWordAbs = 0x20;              // BPF_LD | BPF_W | BPF_ABS
constexpr uint16_t kJumpGe = 0x35, kJumpGt = 0x25;  // BPF_JMP | BPF_JGE / BPF_JGT | BPF_K
constexpr uint16_t kReturn = 0x06;                  // BPF_RET | BPF_K
constexpr uint32_t kRetErrno = 0x00050000u, kRetAllow = 0x7fff0000u, kSeccompModeFilter = 2;
constexpr uint32_t kNrLandlockFirst = 444, kNrLandlockLast = 446;  // create_ruleset .. restrict_self
}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  uint32_t err = static_cast<uint32_t>(payload::number(argv[1])) & 0xffffu;
  const SockFilter code[] = {
      {kLoadWordAbs, 0, 0, 0},                   // A = seccomp_data.nr
      {kJumpGe, 0, 2, kNrLandlockFirst},         // nr < 444: allow
      {kJumpGt, 1, 0, kNrLandlockLast},          // nr > 446: allow
      {kReturn, 0, 0, kRetErrno | err},
      {kReturn, 0, 0, kRetAllow},
  };
  const SockFprog prog = {sizeof code / sizeof code[0], code};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return payload::report(false);
  if (prctl(PR_SET_SECCOMP, kSeccompModeFilter, &prog, 0, 0) != 0) return payload::report(false);
  execv(argv[2], argv + 2);
  return payload::report(false);
}
