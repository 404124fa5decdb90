// Prints the kernel's Landlock ABI as the kernel reports it (not clamped, not
// through the launcher's code), or "none ERRNO": the e2e suite's independent
// reference for what --probe must say.
#include <sys/syscall.h>

#include "payload.h"

int main() {
  long abi = syscall(444, nullptr, 0, 1u);  // landlock_create_ruleset(NULL, 0, VERSION)
  if (abi < 0) {
    payload::out("none ");
    return payload::report(false);
  }
  char buf[24];
  int k = 0;
  char digits[24];
  do digits[k++] = static_cast<char>('0' + abi % 10); while (abi /= 10);
  int n = 0;
  while (k) buf[n++] = digits[--k];
  buf[n++] = '\n';
  buf[n] = '\0';
  payload::out(buf);
  return 0;
}
