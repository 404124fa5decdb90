// landlock-floor PROGRAM [ARG]...: the system calls `landlock-run --ro / --`
// makes, and nothing else (no argument parsing, no messages, no checks
// beyond what keeps it honest), then execs PROGRAM. Built like the launcher
// (static musl), it is the floor for a Landlock launcher on this kernel: the
// launcher's own work minus this is all that its code can still save.
#include <fcntl.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {
struct RulesetAttr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;
  uint64_t scoped;
};
struct __attribute__((packed)) PathBeneathAttr {
  uint64_t allowed_access;
  int32_t parent_fd;
};
constexpr long kCreateRuleset = 444;
constexpr long kAddRule = 445;
constexpr long kRestrictSelf = 446;
constexpr long kCloseRange = 436;
}  // namespace

int main(int, char **argv) {
  long abi = syscall(kCreateRuleset, nullptr, 0, 1U);  // LANDLOCK_CREATE_RULESET_VERSION
  if (abi < 1) return 125;
  uint64_t rights = (1ULL << 13) - 1;       // ABI 1: bits 0 to 12
  if (abi >= 5) rights = (1ULL << 16) - 1;  // ABI 5: bits 0 to 15, what the launcher handles there
  RulesetAttr attr{rights, 0, 0};
  long ruleset = syscall(kCreateRuleset, &attr, sizeof attr, 0);
  int fd = open("/", O_PATH | O_CLOEXEC);
  struct stat st {};
  if (ruleset < 0 || fd < 0 || fstat(fd, &st) != 0) return 125;
  PathBeneathAttr rule{7, fd};  // execute, write_file, read_file: what --ro grants, and one more
  if (syscall(kAddRule, ruleset, 1, &rule, 0) != 0 || close(fd) != 0) return 125;
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(kRestrictSelf, ruleset, 0) != 0) return 125;
  if (close(static_cast<int>(ruleset)) != 0 || syscall(kCloseRange, 3, ~0U, 4U) != 0) return 125;
  execv(argv[1], argv + 1);
  return 127;
}
