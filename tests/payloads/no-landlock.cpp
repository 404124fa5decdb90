// no-landlock ERRNO COMMAND [ARG]...: makes the three Landlock syscalls fail
// with ERRNO (a seccomp filter), then execs COMMAND. Used to prove the
// launcher fails closed when Landlock is missing (ENOSYS), disabled at boot
// (EOPNOTSUPP) or refused (EPERM).
#include "payload.h"

namespace {
using namespace payload;
constexpr uint32_t kNrLandlockFirst = 444, kNrLandlockLast = 446;  // create_ruleset .. restrict_self
}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  uint32_t err = static_cast<uint32_t>(payload::number(argv[1])) & 0xffffu;
  const SockFilter code[] = {
      {kLoadWordAbs, 0, 0, kOffsetNr},    // A = seccomp_data.nr
      {kJumpGe, 0, 2, kNrLandlockFirst},  // nr < 444: allow
      {kJumpGt, 1, 0, kNrLandlockLast},   // nr > 446: allow
      {kReturn, 0, 0, kRetErrno | err},  {kReturn, 0, 0, kRetAllow},
  };
  return filter_and_exec(code, argv + 2);
}
