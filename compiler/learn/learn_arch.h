// The only architecture-specific part of `landlock-policy learn`: which
// system call numbers it watches, and the kernel's PTRACE_GET_SYSCALL_INFO
// record (arch-neutral: no register layout is read anywhere). x86_64 and
// aarch64 only; another architecture fails to build here, not at run time.
#pragma once
#include <cstdint>
#include <linux/audit.h>
#include <sys/syscall.h>

namespace llp::learn_arch {

// The compat ABI the kernel also runs (i386 on x86_64, arm on aarch64) and
// its clone numbers, which learn's filter guards (learn_trace.cpp).
#if defined(__x86_64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_X86_64;
constexpr uint32_t kCompatArch = AUDIT_ARCH_I386;
constexpr uint32_t kCompatClone = 120, kCompatClone3 = 435;
#elif defined(__aarch64__)
constexpr uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
constexpr uint32_t kCompatArch = AUDIT_ARCH_ARM;
constexpr uint32_t kCompatClone = 120, kCompatClone3 = 435;
#else
#error "landlock-policy learn: only x86_64 and aarch64 are supported (compiler/learn_arch.h)"
#endif

// The system calls learn records when they fail with EACCES, EPERM or EXDEV.
enum class Call {
  Other,
  Open,
  Openat,
  Openat2,
  Creat,
  Execve,
  Execveat,
  Mkdir,
  Mkdirat,
  Mknod,
  Mknodat,
  Unlink,
  Unlinkat,
  Rmdir,
  Rename,
  Renameat,
  Renameat2,
  Link,
  Linkat,
  Symlink,
  Symlinkat,
  Truncate,
  Connect,
  Bind,
  Ioctl,
};

inline Call call_of(uint64_t nr) {
  switch (nr) {
#if defined(__x86_64__)
    case SYS_open: return Call::Open;
    case SYS_creat: return Call::Creat;
    case SYS_mkdir: return Call::Mkdir;
    case SYS_mknod: return Call::Mknod;
    case SYS_unlink: return Call::Unlink;
    case SYS_rmdir: return Call::Rmdir;
    case SYS_rename: return Call::Rename;
    case SYS_link: return Call::Link;
    case SYS_symlink: return Call::Symlink;
#endif
    case SYS_openat: return Call::Openat;
    case SYS_openat2: return Call::Openat2;
    case SYS_execve: return Call::Execve;
    case SYS_execveat: return Call::Execveat;
    case SYS_mkdirat: return Call::Mkdirat;
    case SYS_mknodat: return Call::Mknodat;
    case SYS_unlinkat: return Call::Unlinkat;
    case SYS_renameat: return Call::Renameat;
    case SYS_renameat2: return Call::Renameat2;
    case SYS_linkat: return Call::Linkat;
    case SYS_symlinkat: return Call::Symlinkat;
    case SYS_truncate: return Call::Truncate;
    case SYS_connect: return Call::Connect;
    case SYS_bind: return Call::Bind;
    case SYS_ioctl: return Call::Ioctl;
    default: return Call::Other;
  }
}

// The kernel's struct ptrace_syscall_info (linux/ptrace.h, Linux 5.3), kept
// here because glibc's <sys/ptrace.h> and <linux/ptrace.h> conflict.
constexpr int kGetSyscallInfo = 0x420e;
constexpr uint8_t kInfoEntry = 1, kInfoExit = 2, kInfoSeccomp = 3;
struct SyscallInfo {
  uint8_t op;
  uint8_t pad[3];
  uint32_t arch;
  uint64_t instruction_pointer;
  uint64_t stack_pointer;
  union {
    struct {
      uint64_t nr;
      uint64_t args[6];
    } entry;
    struct {
      int64_t rval;
      uint8_t is_error;
    } exit;
    struct {
      uint64_t nr;
      uint64_t args[6];
      uint32_t ret_data;
    } seccomp;
  };
};

}  // namespace llp::learn_arch
