// Prints the kernel's Landlock ABI as the kernel reports it (not clamped, not
// through the launcher's code), or "none ERRNO": the e2e suite's independent
// reference for what --probe must say. `abi errata`: the kernel's errata mask
// (landlock_create_ruleset(NULL, 0, ERRATA)), or "unknown" when it refuses the query.
#include <sys/syscall.h>

#include "payload.h"

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "errata") == 0) {
    long mask = syscall(444, nullptr, 0, 2u);
    if (mask < 0) payload::out("unknown\n");
    else {
      payload::out_number(static_cast<unsigned long>(mask));
      payload::out("\n");
    }
    return 0;
  }
  long abi = syscall(444, nullptr, 0, 1u);  // landlock_create_ruleset(NULL, 0, VERSION)
  if (abi < 0) {
    payload::out("none ");
    return payload::report(false);
  }
  payload::out_number(static_cast<unsigned long>(abi));
  payload::out("\n");
  return 0;
}
