// Shared by the static test payloads: tiny programs, linked like the launcher
// (static musl, no libstdc++), that run inside the sandbox, the minimal chroot
// and the qemu initramfs, where there may be no libc, loader or coreutils.
#pragma once
#include <errno.h>
#include <string.h>
#include <unistd.h>

namespace payload {

inline void out(const char *s) {
  size_t n = strlen(s);
  while (n) {
    ssize_t w = write(1, s, n);
    if (w <= 0) _exit(99);  // a payload whose report is lost must not look like success
    s += w, n -= static_cast<size_t>(w);
  }
}

// Writes n in decimal, without a newline.
inline void out_number(unsigned long n) {
  char digits[24];
  int k = 0;
  do digits[k++] = static_cast<char>('0' + n % 10);
  while (n /= 10);
  char buf[24];
  int i = 0;
  while (k) buf[i++] = digits[--k];
  buf[i] = '\0';
  out(buf);
}

inline const char *errno_name(int e) {
  switch (e) {
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case ENOENT: return "ENOENT";
    case EXDEV: return "EXDEV";
    case EINVAL: return "EINVAL";
    case EEXIST: return "EEXIST";
    case EBADF: return "EBADF";
    case ENOTDIR: return "ENOTDIR";
    case ECONNREFUSED: return "ECONNREFUSED";
    case EADDRINUSE: return "EADDRINUSE";
    case ENOTTY: return "ENOTTY";
    case ESRCH: return "ESRCH";
    case ENOSYS: return "ENOSYS";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    default: return "EOTHER";
  }
}

// Prints "ok" or the errno's name, one line; exit 0 only for "ok".
inline int report(bool ok) {
  const char *name = ok ? "ok" : errno_name(errno);
  out(name);
  out("\n");
  return ok ? 0 : 1;
}

inline long number(const char *s) {
  long n = 0;
  for (; *s >= '0' && *s <= '9'; ++s) n = n * 10 + (*s - '0');
  return n;
}

}  // namespace payload

// ---- Classic BPF and seccomp UAPI, spelled out: musl ships no <linux/filter.h>.
// Shared by the payloads that make chosen syscalls fail (no-landlock,
// escape-failsys).
#include <stdint.h>
#include <sys/prctl.h>

namespace payload {

struct SockFilter {
  uint16_t code;
  uint8_t jt, jf;
  uint32_t k;
};
struct SockFprog {
  unsigned short len;
  const SockFilter *filter;
};
constexpr uint16_t kLoadWordAbs = 0x20;                             // BPF_LD | BPF_W | BPF_ABS
constexpr uint16_t kJumpEq = 0x15, kJumpGe = 0x35, kJumpGt = 0x25;  // BPF_JMP | BPF_JEQ/JGE/JGT | BPF_K
constexpr uint16_t kReturn = 0x06;                                  // BPF_RET | BPF_K
constexpr uint32_t kRetErrno = 0x00050000u, kRetAllow = 0x7fff0000u;
constexpr uint32_t kOffsetNr = 0, kOffsetArg0Low = 16;  // struct seccomp_data, little endian

// Installs the filter (after no_new_privs, which seccomp requires of the
// unprivileged) and execs argv[0]; returns only on failure, with its report.
template <unsigned N>
int filter_and_exec(const SockFilter (&code)[N], char **argv) {
  const SockFprog prog = {N, code};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return report(false);
  if (prctl(PR_SET_SECCOMP, 2 /* SECCOMP_MODE_FILTER */, &prog, 0, 0) != 0) return report(false);
  execv(argv[0], argv);
  return report(false);
}

}  // namespace payload
