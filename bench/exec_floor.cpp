// exec-floor PROGRAM [ARG]...: execs PROGRAM and nothing else. Built like the
// launcher (static musl), it is the floor for any exec-based launcher: what
// one extra execve costs, with no Landlock at all.
#include <unistd.h>

int main(int, char **argv) {
  execv(argv[1], argv + 1);
  return 127;
}
