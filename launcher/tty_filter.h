// --no-tty-inject: a seccomp filter refusing the ioctls by which a command
// types into the terminal it inherited: TIOCSTI pushes bytes into its input
// queue, which the caller's shell reads once the command ends; TIOCLINUX can
// paste on a virtual console. Landlock's IOCTL_DEV right does not cover a
// terminal opened before the sandbox (docs/threat-model.md). Every other
// call is allowed. Names from include/uapi/linux/{seccomp,filter,bpf_common,
// audit}.h and asm-generic/ioctls.h. No includes: pure data, unit-tested.
#pragma once

namespace launcher {
using u8 = unsigned char;
using u16 = unsigned short;
using u32 = unsigned int;

// linux/filter.h: an instruction, and a program
struct sock_filter {
  u16 code;
  u8 jt, jf;
  u32 k;
};
struct sock_fprog {
  unsigned short len;
  const sock_filter *filter;
};
constexpr u32 SECCOMP_SET_MODE_FILTER = 1;  // seccomp(2)'s operation
constexpr u16 BPF_LD = 0x00, BPF_W = 0x00, BPF_ABS = 0x20, BPF_JMP = 0x05, BPF_JEQ = 0x10, BPF_K = 0x00, BPF_RET = 0x06;
constexpr u32 SECCOMP_RET_ALLOW = 0x7fff0000U, SECCOMP_RET_ERRNO = 0x00050000U;  // ERRNO | errno
constexpr u32 TIOCSTI = 0x5412, TIOCLINUX = 0x541C;                              // the same numbers on x86 and arm
constexpr u32 kEPERM = 1, kENOSYS = 38;

// struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6].
// The ioctl's request is args[1]. The kernel reads it as an unsigned int, so
// only its low 32 bits are compared: a request with high bits set is the same
// ioctl to the kernel (Flatpak's CVE-2019-10063): the first word, little-endian.
constexpr u32 kNrOffset = 0, kArchOffset = 4;
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "big-endian: the low word is at 16 + 8 + 4");
constexpr u32 kRequestOffset = 16 + 8;

// The system call ABIs a process can enter: its own, and the 32-bit one (i386 on x86_64, AArch32
// on arm64), whose ioctl has another number; x32 enters as x86_64 with bit 30 set in the number
// and has its own ioctl. Any other arch is refused.
constexpr u32 AUDIT_ARCH_X86_64 = 0xC000003EU, AUDIT_ARCH_I386 = 0x40000003U;
constexpr u32 AUDIT_ARCH_AARCH64 = 0xC00000B7U, AUDIT_ARCH_ARM = 0x40000028U;
constexpr u32 kCompatIoctl = 54;  // i386's and ARM EABI's __NR_ioctl
#if defined(__x86_64__)
constexpr u32 kNativeArch = AUDIT_ARCH_X86_64, kCompatArch = AUDIT_ARCH_I386;
constexpr u32 kNativeIoctl = 16, kX32Ioctl = 0x40000000U | 514;  // __X32_SYSCALL_BIT | 514
#elif defined(__aarch64__)
constexpr u32 kNativeArch = AUDIT_ARCH_AARCH64, kCompatArch = AUDIT_ARCH_ARM;
constexpr u32 kNativeIoctl = 29, kX32Ioctl = kNativeIoctl;  // no x32 here: the same test twice
#else
#error "--no-tty-inject: add this architecture's AUDIT_ARCH and ioctl numbers"
#endif

// The program, one instruction a line; each jump names where it lands.
enum Step : u8 {
  kLoadArch,
  kIfNativeArch,
  kIfCompatArch,
  kLoadNativeNr,
  kIfNativeIoctl,
  kIfX32Ioctl,
  kLoadCompatNr,
  kIfCompatIoctl,
  kLoadRequest,
  kIfTiocsti,
  kIfTioclinux,
  kAllow,
  kRefuse,
  kRefuseArch,
  kSteps
};
constexpr sock_filter load(u32 offset) { return {BPF_LD | BPF_W | BPF_ABS, 0, 0, offset}; }
constexpr sock_filter give(u32 verdict) { return {BPF_RET | BPF_K, 0, 0, verdict}; }
constexpr sock_filter jump_if_equal(Step at, u32 value, Step if_equal, Step otherwise) {  // jumps count from at + 1
  return {BPF_JMP | BPF_JEQ | BPF_K, static_cast<u8>(if_equal - at - 1), static_cast<u8>(otherwise - at - 1), value};
}

inline constexpr sock_filter kTtyFilter[kSteps] = {
    load(kArchOffset),
    jump_if_equal(kIfNativeArch, kNativeArch, kLoadNativeNr, kIfCompatArch),
    jump_if_equal(kIfCompatArch, kCompatArch, kLoadCompatNr, kRefuseArch),
    load(kNrOffset),
    jump_if_equal(kIfNativeIoctl, kNativeIoctl, kLoadRequest, kIfX32Ioctl),
    jump_if_equal(kIfX32Ioctl, kX32Ioctl, kLoadRequest, kAllow),
    load(kNrOffset),
    jump_if_equal(kIfCompatIoctl, kCompatIoctl, kLoadRequest, kAllow),
    load(kRequestOffset),
    jump_if_equal(kIfTiocsti, TIOCSTI, kRefuse, kIfTioclinux),
    jump_if_equal(kIfTioclinux, TIOCLINUX, kRefuse, kAllow),
    give(SECCOMP_RET_ALLOW),
    give(SECCOMP_RET_ERRNO | kEPERM),
    give(SECCOMP_RET_ERRNO | kENOSYS),
};

}  // namespace launcher
