#include "learn_child.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace llp {

namespace {

// The parent pid in /proc/PID/stat (the field after the state, after the
// last ')': a process's name may hold ')' and spaces). -1 when unreadable.
pid_t parent_of(const char *pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%s/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buf[512];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = '\0';
  const char *close_paren = std::strrchr(buf, ')');
  if (!close_paren) return -1;
  char state = '\0';
  int ppid = -1;
  if (std::sscanf(close_paren + 1, " %c %d", &state, &ppid) != 2) return -1;
  return ppid;
}

// SIGKILL to every child of learn; how many were sent.
int kill_children() {
  DIR *proc = opendir("/proc");
  if (!proc) return 0;
  int killed = 0;
  const pid_t self = getpid();
  while (const dirent *e = readdir(proc)) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
    if (parent_of(e->d_name) != self) continue;
    if (kill(static_cast<pid_t>(std::atoi(e->d_name)), SIGKILL) == 0) ++killed;
  }
  closedir(proc);
  return killed;
}

// The capability mask of one /proc/self/status line ("CapEff:"), or ~0 when unreadable.
unsigned long long status_caps(const char *key) {
  FILE *f = std::fopen("/proc/self/status", "re");
  if (!f) return ~0ULL;
  char line[256];
  unsigned long long value = ~0ULL;
  size_t len = std::strlen(key);
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, key, len) == 0) value = std::strtoull(line + len, nullptr, 16);
  std::fclose(f);
  return value;
}

}  // namespace

bool learn_become_subreaper() { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

int learn_kill_descendants() {
  int killed = 0;
  // Bounded: each round kills every child; their children come back to
  // learn (the subreaper) when they die, for the next round.
  for (int round = 0; round < 10000; ++round) {
    killed += kill_children();
    int status = 0;
    pid_t reaped = 0;
    do reaped = waitpid(-1, &status, __WALL | WNOHANG);
    while (reaped > 0);
    if (reaped < 0 && errno == ECHILD) break;
    usleep(1000);
  }
  return killed;
}

int learn_drop_capabilities() {
  // Nothing held, nothing to drop (an unprivileged user cannot drop the
  // bounding set, and needs not: no_new_privs keeps exec from adding any).
  bool holds =
      geteuid() == 0 || status_caps("CapEff:") != 0 || status_caps("CapPrm:") != 0 || status_caps("CapAmb:") != 0;
  if (!holds) return 0;
  for (unsigned long cap = 0; cap < 64; ++cap) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0) continue;
    if (errno == EINVAL) break;  // past the kernel's last capability
    return errno;
  }
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) return errno;
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
  if (syscall(SYS_capset, &header, data) != 0) return errno;
  // Checked, not assumed: a root that keeps a capability fails closed.
  if (status_caps("CapEff:") != 0 || status_caps("CapPrm:") != 0 || status_caps("CapBnd:") != 0) return EPERM;
  return 0;
}

LearnIgnoresInterrupts::LearnIgnoresInterrupts() {
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ignored_ = sigaction(SIGINT, &ignore, &old_int_) == 0 && sigaction(SIGQUIT, &ignore, &old_quit_) == 0;
}

LearnIgnoresInterrupts::~LearnIgnoresInterrupts() {
  if (!ignored_) return;
  (void)sigaction(SIGINT, &old_int_, nullptr);
  (void)sigaction(SIGQUIT, &old_quit_, nullptr);
}

}  // namespace llp
