// learn-hostile OP ARG...: what a hostile command does to `landlock-policy
// learn` (tests/compiler/learn-guard.sh, the hostile suite).
//   race DENIED FORGED N  N times: opens a buffer holding DENIED while a
//                         second thread rewrites it to FORGED during the call
//                         (FORGED is never a path the kernel denies: its
//                         folder does not exist). Prints "done".
//   untraced PIDFILE      clone(CLONE_UNTRACED): the child writes its pid to
//                         PIDFILE and sleeps 60 s. Prints "ok" or the errno.
//   daemon PIDFILE        double fork and setsid: the grandchild writes its
//                         pid to PIDFILE and sleeps 60 s. Prints "ok".
//   caps                  "eff=N bnd=N": how many capabilities are effective
//                         and in the bounding set (no /proc needed).
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>

#include "payload.h"

namespace {

char g_buffer[4096];
const char *g_forged = "";
volatile int g_go = 0;  // 1: the main thread is about to open the buffer
volatile int g_delay = 0;

void *rewriter(void *) {
  for (;;) {
    while (__atomic_load_n(&g_go, __ATOMIC_ACQUIRE) == 0) {}
    // A delay that varies per round: the rewrite lands before, during or
    // after the call. The empty asm keeps the loop.
    for (int spin = 0; spin < g_delay; ++spin) asm volatile("");
    strcpy(g_buffer, g_forged);  // NOLINT: it fits, checked in race()
    __atomic_store_n(&g_go, 0, __ATOMIC_RELEASE);
  }
  return nullptr;
}

int race(const char *denied, const char *forged, long rounds) {
  // DENIED with "/." repeated before its last name: the kernel walks it
  // slowly after copying it, which widens the window the rewrite aims at.
  static char padded[4096];
  const char *slash = strrchr(denied, '/');
  size_t head = slash ? static_cast<size_t>(slash - denied) : 0;
  size_t tail = strlen(denied) - head;
  if (head + tail + 1 > sizeof padded || strlen(forged) >= sizeof g_buffer) return 2;
  size_t at = head;
  memcpy(padded, denied, head);
  while (at + 2 + tail + 1 < sizeof padded - 64) {
    padded[at++] = '/';
    padded[at++] = '.';
  }
  memcpy(padded + at, denied + head, tail + 1);
  g_forged = forged;
  pthread_t t;
  if (pthread_create(&t, nullptr, rewriter, nullptr) != 0) return 3;
  int delay = 0;
  for (long i = 0; i < rounds; ++i) {
    strcpy(g_buffer, padded);  // NOLINT: both fit, checked above
    g_delay = delay;
    __atomic_store_n(&g_go, 1, __ATOMIC_RELEASE);
    int fd = open(g_buffer, O_RDONLY | O_CLOEXEC);
    int error = fd < 0 ? errno : 0;
    // The kernel denied DENIED and the rewrite had landed by the return:
    // it landed during the call. Aim there again; else try another delay.
    bool during = error == EACCES && __atomic_load_n(&g_go, __ATOMIC_ACQUIRE) == 0;
    if (!during) delay = (delay + 7919) % 400000;
    if (fd >= 0) close(fd);
    while (__atomic_load_n(&g_go, __ATOMIC_ACQUIRE) != 0) {}
  }
  payload::out("done\n");
  return 0;
}

void write_pid(const char *file) {
  int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) _exit(4);
  char digits[24];
  int n = 0;
  for (unsigned long p = static_cast<unsigned long>(getpid()); p; p /= 10)
    digits[n++] = static_cast<char>('0' + p % 10);
  char text[24];
  for (int i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
  if (write(fd, text, static_cast<size_t>(n)) != n) _exit(5);
  close(fd);
}

void linger() {
  timespec ts{60, 0};
  while (nanosleep(&ts, &ts) != 0) {}
  _exit(0);
}

int untraced(const char *pidfile) {
  long child = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
  if (child < 0) {
    payload::out(payload::errno_name(errno));
    payload::out("\n");
    return 1;
  }
  if (child == 0) {
    close(1);  // the parent's report is the only one
    write_pid(pidfile);
    linger();
  }
  payload::out("ok\n");
  return 0;
}

int daemonize(const char *pidfile) {
  pid_t first = fork();
  if (first < 0) return 1;
  if (first == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    close(1);
    write_pid(pidfile);
    linger();
  }
  payload::out("ok\n");
  return 0;
}

// The kernel's capget structures (linux/capability.h, not in musl's headers).
struct CapHeader {
  unsigned version;
  int pid;
};
struct CapData {
  unsigned effective, permitted, inheritable;
};

int caps() {
  CapHeader header{0x20080522 /* _LINUX_CAPABILITY_VERSION_3 */, 0};
  CapData data[2] = {};
  if (syscall(SYS_capget, &header, data) != 0) return 1;
  unsigned long effective = 0, bounding = 0;
  for (int cap = 0; cap < 64; ++cap) {
    if ((data[cap / 32].effective >> (cap % 32)) & 1) ++effective;
    if (prctl(PR_CAPBSET_READ, cap, 0, 0, 0) == 1) ++bounding;
  }
  payload::out("eff=");
  payload::out_number(effective);
  payload::out(" bnd=");
  payload::out_number(bounding);
  payload::out("\n");
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc >= 5 && strcmp(argv[1], "race") == 0) return race(argv[2], argv[3], payload::number(argv[4]));
  if (argc >= 3 && strcmp(argv[1], "untraced") == 0) return untraced(argv[2]);
  if (argc >= 3 && strcmp(argv[1], "daemon") == 0) return daemonize(argv[2]);
  if (argc >= 2 && strcmp(argv[1], "caps") == 0) return caps();
  payload::out("usage: learn-hostile race|untraced|daemon|caps ARG...\n");
  return 2;
}
