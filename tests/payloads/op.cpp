// op NAME ARG...: performs one operation and prints "ok" or the errno's name
// (EACCES, EXDEV, ...), so tests check outcomes by errno, not by exit code.
// Exit status 0 for "ok", 1 for an error, 2 for a usage error.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <termios.h>

#include "payload.h"

namespace {

using payload::report;

bool write_file(const char *path, int flags) {
  int fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0644);
  return fd >= 0 && write(fd, "x", 1) == 1 && close(fd) == 0;
}

bool open_ok(const char *path, int flags) {
  int fd = open(path, flags | O_CLOEXEC);
  return fd >= 0 && close(fd) == 0;
}

int tcp_socket(long port, sockaddr_in *addr) {
  *addr = {};
  addr->sin_family = AF_INET;
  addr->sin_port = htons(static_cast<uint16_t>(port));
  addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
}

// Abstract UNIX address: sun_path[0] == '\0', then NAME.
socklen_t abstract_addr(const char *name, sockaddr_un *addr) {
  *addr = {};
  addr->sun_family = AF_UNIX;
  size_t n = strlen(name);
  if (n > sizeof addr->sun_path - 2) n = sizeof addr->sun_path - 2;
  memcpy(addr->sun_path + 1, name, n);
  return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + n);
}

socklen_t path_addr(const char *path, sockaddr_un *addr) {
  *addr = {};
  addr->sun_family = AF_UNIX;
  strncpy(addr->sun_path, path, sizeof addr->sun_path - 1);
  return sizeof *addr;
}

// Serves until killed: accepts and closes connections. Prints "ready" once
// listening, so a test can wait for it.
[[noreturn]] void serve(int fd, const sockaddr *addr, socklen_t len) {
  if (bind(fd, addr, len) != 0 || listen(fd, 16) != 0) _exit(report(false));
  payload::out("ready\n");
  for (;;) {
    int c = accept4(fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (c >= 0) close(c);
  }
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  const char *op = argv[1], *a = argc > 2 ? argv[2] : "", *b = argc > 3 ? argv[3] : "";
  auto is = [op](const char *name) { return strcmp(op, name) == 0; };
  if (is("write")) return report(write_file(a, O_CREAT | O_TRUNC));
  if (is("append")) return report(write_file(a, O_APPEND));
  if (is("read")) return report(open_ok(a, O_RDONLY));
  if (is("readdir")) return report(open_ok(a, O_RDONLY | O_DIRECTORY));
  if (is("otrunc")) return report(open_ok(a, O_WRONLY | O_TRUNC));
  if (is("truncate")) return report(truncate(a, 0) == 0);
  if (is("mkdir")) return report(mkdir(a, 0755) == 0);
  if (is("rmdir")) return report(rmdir(a) == 0);
  if (is("unlink")) return report(unlink(a) == 0);
  if (is("mkfifo")) return report(mkfifo(a, 0644) == 0);
  if (is("symlink")) return report(symlink(a, b) == 0);
  if (is("rename")) return report(rename(a, b) == 0);
  if (is("link")) return report(link(a, b) == 0);
  if (is("exchange")) return report(syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */) == 0);
  if (is("chmod")) return report(chmod(a, 0600) == 0);
  if (is("exec")) {
    execv(a, argv + 2);
    return report(false);
  }
  if (is("ioctl-dev")) {  // TCGETS on a non-tty device: ENOTTY when allowed, EACCES when denied
    int fd = open(a, O_RDONLY | O_CLOEXEC);
    termios t;
    if (fd < 0) return report(false);
    if (ioctl(fd, TCGETS, &t) == 0 || errno == ENOTTY) return report(true);
    return report(false);
  }
  if (is("nnp")) {
    payload::out(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? "1\n" : "0\n");
    return 0;
  }
  if (is("kill")) return report(kill(static_cast<pid_t>(payload::number(a)), SIGCONT) == 0);
  if (is("connect") || is("bind") || is("listen")) {
    sockaddr_in addr;
    int fd = tcp_socket(payload::number(a), &addr);
    if (fd < 0) return report(false);
    const sockaddr *sa = reinterpret_cast<const sockaddr *>(&addr);
    if (is("listen")) serve(fd, sa, sizeof addr);
    return report((is("connect") ? connect(fd, sa, sizeof addr) : bind(fd, sa, sizeof addr)) == 0);
  }
  if (is("abstract-listen") || is("abstract-connect") || is("unix-listen") || is("unix-connect") ||
      is("mksock")) {
    sockaddr_un addr;
    bool abstract = strncmp(op, "abstract", 8) == 0;
    socklen_t len = abstract ? abstract_addr(a, &addr) : path_addr(a, &addr);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return report(false);
    const sockaddr *sa = reinterpret_cast<const sockaddr *>(&addr);
    if (strstr(op, "listen")) serve(fd, sa, len);
    return report((is("mksock") ? bind(fd, sa, len) : connect(fd, sa, len)) == 0);
  }
  payload::out("op: unknown operation\n");
  return 2;
}
