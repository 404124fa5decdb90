// escape-proc ids | pid: process facts for the escape suite (tests/escape).
//   ids  prints "RUID EUID RGID EGID": a setuid binary under no_new_privs must
//        not raise the effective ids
//   pid  prints getpid(): the launcher execs in place, so it is the launcher's PID
#include "payload.h"

namespace {
void put_num(long v) {
  char digits[24];
  int k = 0;
  do digits[k++] = static_cast<char>('0' + v % 10); while ((v /= 10) && k < 23);
  char s[25];
  int n = 0;
  while (k) s[n++] = digits[--k];
  s[n] = '\0';
  payload::out(s);
}
}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  if (strcmp(argv[1], "ids") == 0) {
    put_num(getuid()), payload::out(" "), put_num(geteuid()), payload::out(" ");
    put_num(getgid()), payload::out(" "), put_num(getegid()), payload::out("\n");
    return 0;
  }
  if (strcmp(argv[1], "pid") == 0) {
    put_num(getpid()), payload::out("\n");
    return 0;
  }
  return 2;
}
