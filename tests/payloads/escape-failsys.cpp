// escape-failsys NR ERRNO ARG0|any COMMAND [ARG]...: a seccomp filter makes the
// one syscall NR fail with ERRNO (only when its first argument is ARG0, unless
// "any"), then execs COMMAND. The escape suite uses it to break each step of
// the launcher in turn (create_ruleset, add_rule, restrict_self, close_range,
// prctl(PR_SET_NO_NEW_PRIVS)) and check that it fails closed: exit 125, and
// the command never runs.
#include "payload.h"

using namespace payload;

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  uint32_t nr = static_cast<uint32_t>(payload::number(argv[1]));
  uint32_t err = static_cast<uint32_t>(payload::number(argv[2])) & 0xffffu;
  bool any = strcmp(argv[3], "any") == 0;
  uint32_t arg0 = static_cast<uint32_t>(payload::number(argv[3]));
  const SockFilter code[] = {
      {kLoadWordAbs, 0, 0, kOffsetNr},
      {kJumpEq, 0, 2, nr},  // another syscall: allow
      {kLoadWordAbs, 0, 0, kOffsetArg0Low},
      {kJumpEq, 1, static_cast<uint8_t>(any ? 1 : 0), arg0},  // ARG0 (or "any"): fail
      {kReturn, 0, 0, kRetAllow},
      {kReturn, 0, 0, kRetErrno | err},
  };
  return filter_and_exec(code, argv + 4);
}
