// op NAME ARG...: performs one operation and prints "ok" or the errno's name
// (EACCES, EXDEV, ...), so tests check outcomes by errno, not by exit code.
// Exit status 0 for "ok", 1 for an error, 2 for a usage error.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <termios.h>
// For the escape suite's ops (tests/escape), below the original ones.
#include <sched.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

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

// Pushes text into the terminal's input queue, a byte at a time (TIOCSTI),
// as if typed: the caller's shell reads it once the command ends.
bool push_input(int fd, const char *text, unsigned long request) {
  for (const char *c = text; *c != '\0'; ++c)
    if (ioctl(fd, request, c) != 0) return false;
  return true;
}

// A new pty's terminal side, or -1 with errno.
int pty_terminal() {
  int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) return -1;
  return open(ptsname(master), O_RDWR | O_NOCTTY | O_CLOEXEC);
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
  if (is("abstract-listen") || is("abstract-connect") || is("unix-listen") || is("unix-connect") || is("mksock")) {
    sockaddr_un addr;
    bool abstract = strncmp(op, "abstract", 8) == 0;
    socklen_t len = abstract ? abstract_addr(a, &addr) : path_addr(a, &addr);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return report(false);
    const sockaddr *sa = reinterpret_cast<const sockaddr *>(&addr);
    if (strstr(op, "listen")) serve(fd, sa, len);
    return report((is("mksock") ? bind(fd, sa, len) : connect(fd, sa, len)) == 0);
  }
  // ---- Escape-suite ops (tests/escape): known Landlock limits and escape attempts.
  long n = payload::number(a);  // an fd, PID or port
  struct stat st;
  char buf[256];
  if (is("stat")) return report(stat(a, &st) == 0);
  if (is("readlink")) return report(readlink(a, buf, sizeof buf) >= 0);
  if (is("opath")) return report(open_ok(a, O_PATH));
  if (is("chown")) return report(chown(a, getuid(), getgid()) == 0);
  if (is("utime")) return report(utimensat(AT_FDCWD, a, nullptr, 0) == 0);
  if (is("setxattr")) return report(setxattr(a, "user.llr", "1", 1, 0) == 0);
  if (is("mknod-char")) return report(mknod(a, S_IFCHR | 0600, makedev(1, 3)) == 0);
  if (is("write-fd")) return report(write(static_cast<int>(n), "x", 1) == 1);
  if (is("read-fd")) return report(read(static_cast<int>(n), buf, 1) >= 0);
  if (is("ftruncate-fd")) return report(ftruncate(static_cast<int>(n), 0) == 0);
  if (is("openat-write")) {  // create NAME relative to the inherited directory fd DIRFD
    int fd = openat(static_cast<int>(n), b, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    return report(fd >= 0 && close(fd) == 0);
  }
  if (is("ioctl-fd")) {  // TCGETS on an inherited fd: ok means the ioctl reached the driver
    termios t;
    return report(ioctl(static_cast<int>(n), TCGETS, &t) == 0 || errno == ENOTTY);
  }
  if (is("ptrace")) {  // seize PID, the way to steal an outside process; exiting lets it go
    // PTRACE_SEIZE makes the same permission checks as PTRACE_ATTACH but does not
    // stop the tracee, so no process is ever left stopped behind the test.
    return report(ptrace(PTRACE_SEIZE, static_cast<pid_t>(n), nullptr, nullptr) == 0);
  }
  if (is("udp-bind") || is("udp-send") || is("udp-connect") || is("udp-bound-send")) {
    sockaddr_in addr;
    tcp_socket(n, &addr);
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return report(false);
    const sockaddr *sa = reinterpret_cast<const sockaddr *>(&addr);
    if (is("udp-bind")) return report(bind(fd, sa, sizeof addr) == 0);
    if (is("udp-connect")) return report(connect(fd, sa, sizeof addr) == 0);
    if (is("udp-bound-send")) {  // udp-bound-send PORT FROM: bind to FROM first, so no autobind is needed
      sockaddr_in from;
      tcp_socket(payload::number(b), &from);
      if (bind(fd, reinterpret_cast<const sockaddr *>(&from), sizeof from) != 0) return report(false);
    }
    return report(sendto(fd, "x", 1, 0, sa, sizeof addr) == 1);  // unbound: the first send autobinds
  }
  if (is("nobody-pause")) {  // a process of another user (65534) and session to signal: prints "ready", waits
    // Its own session: SIGCONT (op kill) may be sent to any process of the sender's session.
    if (setsid() < 0 || setgid(65534) != 0 || setuid(65534) != 0) return report(false);
    payload::out("ready\n");
    for (;;) pause();
  }
  if (is("bindmount")) {  // new user+mount namespace, then bind A over B: remap the grants?
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return report(false);
    return report(mount(a, b, nullptr, MS_BIND, nullptr) == 0);
  }
  if (is("chroot-write")) {  // chroot into A (in a new user namespace), then create B there
    if (unshare(CLONE_NEWUSER) != 0 || chroot(a) != 0 || chdir("/") != 0) return report(false);
    return report(write_file(b, O_CREAT | O_TRUNC));
  }
  if (is("getxattr")) return report(getxattr(a, "user.llr", buf, sizeof buf) == 1 && buf[0] == '1');
  if (is("fd-serve")) {  // fd-serve SOCKET FILE: hands every client an O_RDWR|O_APPEND fd of FILE
    sockaddr_un addr;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    socklen_t len = path_addr(a, &addr);
    if (fd < 0 || bind(fd, reinterpret_cast<const sockaddr *>(&addr), len) != 0 || listen(fd, 16) != 0)
      return report(false);
    payload::out("ready\n");
    for (;;) {
      int c = accept4(fd, nullptr, nullptr, SOCK_CLOEXEC);
      int file = open(b, O_RDWR | O_APPEND | O_CLOEXEC);
      if (c < 0 || file < 0) continue;
      char cbuf[CMSG_SPACE(sizeof(int))] = {};
      iovec iov = {const_cast<char *>("f"), 1};
      msghdr msg = {};
      msg.msg_iov = &iov;
      msg.msg_iovlen = 1;
      msg.msg_control = cbuf;
      msg.msg_controllen = sizeof cbuf;
      cmsghdr *cm = CMSG_FIRSTHDR(&msg);
      cm->cmsg_level = SOL_SOCKET;
      cm->cmsg_type = SCM_RIGHTS;
      cm->cmsg_len = CMSG_LEN(sizeof(int));
      memcpy(CMSG_DATA(cm), &file, sizeof file);
      sendmsg(c, &msg, 0);
      close(file);
      close(c);
    }
  }
  if (is("fd-recv-write")) {  // fd-recv-write SOCKET: receives an fd from fd-serve and writes to it
    sockaddr_un addr;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    socklen_t len = path_addr(a, &addr);
    if (fd < 0 || connect(fd, reinterpret_cast<const sockaddr *>(&addr), len) != 0) return report(false);
    char cbuf[CMSG_SPACE(sizeof(int))] = {}, byte;
    iovec iov = {&byte, 1};
    msghdr msg = {};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cbuf;
    msg.msg_controllen = sizeof cbuf;
    if (recvmsg(fd, &msg, MSG_CMSG_CLOEXEC) != 1) return report(false);
    cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    if (!cm || cm->cmsg_type != SCM_RIGHTS) return report(false);
    int file;
    memcpy(&file, CMSG_DATA(cm), sizeof file);
    return report(write(file, "x", 1) == 1);
  }
  if (is("by-handle")) {  // name_to_handle_at(A), then open_by_handle_at() it for appending ("shocker")
    alignas(file_handle) unsigned char storage[sizeof(file_handle) + 128] = {};
    file_handle *fh = reinterpret_cast<file_handle *>(storage);
    fh->handle_bytes = 128;
    int mount_id = 0, mount_fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);  // not O_PATH: EBADF
    if (mount_fd < 0 || name_to_handle_at(AT_FDCWD, a, fh, &mount_id, 0) != 0) return report(false);
    int fd = open_by_handle_at(mount_fd, fh, O_WRONLY | O_APPEND | O_CLOEXEC);
    return report(fd >= 0 && write(fd, "x", 1) == 1);
  }
  if (is("memfd-exec")) {  // copy the program A into a memfd and execute that: no path at all
    int src = open(a, O_RDONLY | O_CLOEXEC), mem = static_cast<int>(syscall(SYS_memfd_create, "llr", 0u));
    if (src < 0 || mem < 0) return report(false);
    for (ssize_t got; (got = read(src, buf, sizeof buf)) > 0;)
      if (write(mem, buf, static_cast<size_t>(got)) != got) return report(false);
    syscall(SYS_execveat, mem, "", argv + 2, environ, AT_EMPTY_PATH);
    return report(false);
  }
  // tiocsti FD TEXT: types TEXT into the terminal on FD (the caller's, inherited).
  if (is("tiocsti")) return report(push_input(static_cast<int>(payload::number(a)), b, TIOCSTI));
  // The same on the terminal side of a new pty (grant --rw /dev/ptmx and /dev/pts), through each entry point
  // a seccomp filter must cover: plain, with high bits set in the request, TIOCLINUX, and the other ABIs.
  if (is("tiocsti-pty")) return report(push_input(pty_terminal(), "x", TIOCSTI));
  if (is("tiocsti-pty-high")) return report(push_input(pty_terminal(), "x", TIOCSTI | (1UL << 32)));
  if (is("tioclinux-pty")) {  // the paste subcode: ENOTTY or EINVAL on a pty when it reaches the driver
    char subcode = 3;
    int terminal = pty_terminal();
    if (terminal >= 0 && ioctl(terminal, TIOCLINUX, &subcode) == 0) return report(true);
    return report(terminal >= 0 && errno != EPERM);
  }
#if defined(__x86_64__)
  if (is("tiocsti-pty-i386")) {  // i386's ioctl (54) through int $0x80: SIGSEGV where the kernel has no IA32 emulation
    static char pushed = 'x';    // static: a non-PIE binary's data lies below 4 GiB, where 32-bit pointers reach
    long result = 54;
    long terminal = pty_terminal();
    asm volatile("int $0x80" : "+a"(result) : "b"(terminal), "c"(TIOCSTI), "d"(&pushed) : "memory");
    if (result < 0) errno = static_cast<int>(-result);
    return report(result == 0);
  }
  if (is("tiocsti-pty-x32")) {  // x32's ioctl (514 | __X32_SYSCALL_BIT): ENOSYS where the kernel has no x32
    char pushed = 'x';
    return report(syscall(0x40000000L | 514, pty_terminal(), TIOCSTI, &pushed) == 0);
  }
#endif
  payload::out("op: unknown operation\n");
  return 2;
}
