// sigchld-ignored COMMAND [ARG]...: execs COMMAND with SIGCHLD ignored, as a
// parent that set SIG_IGN leaves it (dash resets it at exec; this does not).
// With SIGCHLD ignored the kernel reaps children itself and waitpid fails
// with ECHILD: the launcher's --probe must still report the truth.
#include <signal.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  if (signal(SIGCHLD, SIG_IGN) == SIG_ERR) return 3;
  execv(argv[1], argv + 1);
  return 127;
}
