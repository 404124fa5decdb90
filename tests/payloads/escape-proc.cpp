// escape-proc ids | pid: process facts for the escape suite (tests/escape).
//   ids  prints "RUID EUID RGID EGID": a setuid binary under no_new_privs must
//        not raise the effective ids
//   pid  prints getpid(): the launcher execs in place, so it is the launcher's PID
//   withfds FILE N... -- CMD ARG...  closes every fd above 2, opens FILE read-only
//        as each fd N, then execs CMD: it starts with exactly those fds
#include <fcntl.h>
#include <sys/syscall.h>

#include "payload.h"

namespace {
void put_num(long v) {
  char digits[24];
  int k = 0;
  do digits[k++] = static_cast<char>('0' + v % 10);
  while ((v /= 10) && k < 23);
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
    put_num(getuid());
    payload::out(" ");
    put_num(geteuid());
    payload::out(" ");
    put_num(getgid());
    payload::out(" ");
    put_num(getegid());
    payload::out("\n");
    return 0;
  }
  if (strcmp(argv[1], "pid") == 0) {
    put_num(getpid());
    payload::out("\n");
    return 0;
  }
  if (strcmp(argv[1], "withfds") == 0 && argc > 3) {
    if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0) return payload::report(false);
    int i = 3;
    for (; i < argc && strcmp(argv[i], "--") != 0; ++i) {
      int fd = open(argv[2], O_RDONLY);
      int want = static_cast<int>(payload::number(argv[i]));
      if (fd < 0 || (fd != want && (dup2(fd, want) != want || close(fd) != 0))) return payload::report(false);
    }
    if (i + 1 >= argc) return 2;
    execv(argv[i + 1], argv + i + 1);
    return payload::report(false);
  }
  return 2;
}
