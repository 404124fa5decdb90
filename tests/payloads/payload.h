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
