// escape-failsys NR ERRNO ARG0|any COMMAND [ARG]...: a seccomp filter makes the
// one syscall NR fail with ERRNO (only when its first argument is ARG0, unless
// "any"), then execs COMMAND. The escape suite uses it to break each step of
// the launcher in turn (create_ruleset, add_rule, restrict_self, close_range,
// prctl(PR_SET_NO_NEW_PRIVS)) and check that it fails closed: exit 125, and
// the command never runs.
#include <stdint.h>
#include <sys/prctl.h>

#include "payload.h"

namespace {
// Classic BPF and seccomp UAPI, spelled out: musl ships no <linux/filter.h>.
struct SockFilter { uint16_t code; uint8_t jt, jf; uint32_t k; };
struct SockFprog { unsigned short len; const SockFilter *filter; };
constexpr uint16_t kLoadWordAbs = 0x20 /* BPF_LD|BPF_W|BPF_ABS */, kJumpEq = 0x15 /* BPF_JMP|BPF_JEQ */,
                   kReturn = 0x06 /* BPF_RET */;
constexpr uint32_t kRetErrno = 0x00050000u, kRetAllow = 0x7fff0000u, kSeccompModeFilter = 2;
constexpr uint32_t kOffsetNr = 0, kOffsetArg0Low = 16;  // struct seccomp_data, little endian
}  // namespace

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  uint32_t nr = static_cast<uint32_t>(payload::number(argv[1]));
  uint32_t err = static_cast<uint32_t>(payload::number(argv[2])) & 0xffffu;
  bool any = strcmp(argv[3], "any") == 0;
  uint32_t arg0 = static_cast<uint32_t>(payload::number(argv[3]));
  const SockFilter code[] = {
      {kLoadWordAbs, 0, 0, kOffsetNr},
      {kJumpEq, 0, 2, nr},                                    // another syscall: allow
      {kLoadWordAbs, 0, 0, kOffsetArg0Low},
      {kJumpEq, 1, static_cast<uint8_t>(any ? 1 : 0), arg0},  // ARG0 (or "any"): fail
      {kReturn, 0, 0, kRetAllow},
      {kReturn, 0, 0, kRetErrno | err},
  };
  const SockFprog prog = {sizeof code / sizeof code[0], code};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return payload::report(false);
  if (prctl(PR_SET_SECCOMP, kSeccompModeFilter, &prog, 0, 0) != 0) return payload::report(false);
  execv(argv[4], argv + 4);
  return payload::report(false);
}
