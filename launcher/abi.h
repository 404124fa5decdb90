// Landlock's interface as include/uapi/linux/landlock.h names it (the build
// host's copy is older than the kernels we target), and the one table of what
// each ABI adds: the launcher plans from it; the compiler, the npm package
// (flags.json, compiler/tools/tables.cpp) and the docs derive from it. No includes.
#pragma once

namespace launcher {
using u64 = unsigned long long;

struct landlock_ruleset_attr {
  u64 handled_access_fs;
  u64 handled_access_net;  // ABI 4
  u64 scoped;              // ABI 6
  // ABI 10, with LANDLOCK_ADD_RULE_QUIET: not used
  u64 quiet_access_fs, quiet_access_net, quiet_scoped;
};
constexpr unsigned LANDLOCK_CREATE_RULESET_VERSION = 1U << 0;
constexpr unsigned LANDLOCK_CREATE_RULESET_ERRATA = 1U << 1;  // the fixes this kernel carries (kErrata)
constexpr int LANDLOCK_RULE_PATH_BENEATH = 1;
constexpr int LANDLOCK_RULE_NET_PORT = 2;  // ABI 4
struct landlock_path_beneath_attr {
  u64 allowed_access;
  int parent_fd;
} __attribute__((packed));
struct landlock_net_port_attr {
  u64 allowed_access, port;
};
constexpr u64 LANDLOCK_ACCESS_FS_EXECUTE = 1ULL << 0;  // ABI 1: bits 0 to 12
constexpr u64 LANDLOCK_ACCESS_FS_WRITE_FILE = 1ULL << 1;
constexpr u64 LANDLOCK_ACCESS_FS_READ_FILE = 1ULL << 2;
constexpr u64 LANDLOCK_ACCESS_FS_READ_DIR = 1ULL << 3;
constexpr u64 LANDLOCK_ACCESS_FS_REMOVE_DIR = 1ULL << 4;
constexpr u64 LANDLOCK_ACCESS_FS_REMOVE_FILE = 1ULL << 5;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_CHAR = 1ULL << 6;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_DIR = 1ULL << 7;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_REG = 1ULL << 8;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_SOCK = 1ULL << 9;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_FIFO = 1ULL << 10;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_BLOCK = 1ULL << 11;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_SYM = 1ULL << 12;
constexpr u64 LANDLOCK_ACCESS_FS_REFER = 1ULL << 13;         // ABI 2: rename/link across directories
constexpr u64 LANDLOCK_ACCESS_FS_TRUNCATE = 1ULL << 14;      // ABI 3
constexpr u64 LANDLOCK_ACCESS_FS_IOCTL_DEV = 1ULL << 15;     // ABI 5
constexpr u64 LANDLOCK_ACCESS_FS_RESOLVE_UNIX = 1ULL << 16;  // ABI 9: connect/send to a pathname UNIX socket
constexpr u64 LANDLOCK_ACCESS_NET_BIND_TCP = 1ULL << 0;      // ABI 4
constexpr u64 LANDLOCK_ACCESS_NET_CONNECT_TCP = 1ULL << 1;
constexpr u64 LANDLOCK_ACCESS_NET_BIND_UDP = 1ULL << 2;          // ABI 10
constexpr u64 LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP = 1ULL << 3;  // ABI 10
constexpr u64 LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET = 1ULL << 0;   // ABI 6
constexpr u64 LANDLOCK_SCOPE_SIGNAL = 1ULL << 1;
constexpr unsigned LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF = 1U << 0;  // ABI 7
constexpr unsigned LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON = 1U << 1;
constexpr unsigned LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS = 1U << 4;  // ABI 11: set only once enforced
constexpr u64 kAbi1Rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
                            LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                            LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                            LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                            LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
constexpr u64 kTcp = LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
constexpr u64 kUdp = LANDLOCK_ACCESS_NET_BIND_UDP | LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP;
constexpr u64 kScopes = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;

// One row per ABI: the size of landlock_ruleset_attr it knows, the size
// passed (0: unchanged); the first Linux with it; the handled rights and
// scopes it adds (all are handled: what no rule grants is denied); the
// landlock_restrict_self flags passed from it on; its field in the --probe
// line on a kernel with it, and without; what --ro/--rw promise that older
// kernels do not govern (the partial notice); the flags it brings, which exit
// 125 below it unless --best-effort.
struct AbiStep {  // each value fits its type (one that does not fails to compile): 48 bytes a row, not 80
  unsigned char abi, attr_size;
  char linux_release[5];
  unsigned fs;
  unsigned char net, scoped;
  unsigned short restrict_flags;
  const char *probe_yes, *probe_no, *ungoverned, *flags;
};
inline constexpr AbiStep kAbis[] = {
    {1, 8, "5.13", kAbi1Rights, 0, 0, 0, "", "", "", "--ro --rw --ro-try --rw-try"},
    {2, 0, "5.19", LANDLOCK_ACCESS_FS_REFER, 0, 0, 0, "", "", "", ""},
    {3, 0, "6.2", LANDLOCK_ACCESS_FS_TRUNCATE, 0, 0, 0, "", "", "truncate", ""},
    {4, 16, "6.7", 0, kTcp, 0, 0, " tcp=yes", " tcp=no", "", "--connect-tcp --bind-tcp --restrict-tcp"},
    {5, 0, "6.10", LANDLOCK_ACCESS_FS_IOCTL_DEV, 0, 0, 0, "", "", "device ioctl", ""},
    {6, 24, "6.12", 0, 0, kScopes, 0, " scopes=abstract-unix,signal", " scopes=none", "", "--scope"},
    {7, 0, "6.15", 0, 0, 0, 0, " audit=yes", " audit=no", "", "--log-denials --no-log"},
    {8, 0, "7.0", 0, 0, 0, 0, "", "", "", ""},  // RESTRICT_SELF_TSYNC: not needed, the launcher has one thread
    {9, 0, "7.1", LANDLOCK_ACCESS_FS_RESOLVE_UNIX, 0, 0, 0, " pathname-unix=yes", " pathname-unix=no", "", ""},
    {10, 48, "7.2", 0, kUdp, 0, 0, " udp=yes", " udp=no", "", "--connect-udp --bind-udp --restrict-udp"},
    {11, 0, "7.3", 0, 0, 0, LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS, " atomic-nnp=yes", " atomic-nnp=no", "", ""},
};
// The flags an ABI brings that older kernels skip rather than refuse (the
// *-try forms, --connect-unix): a column of kAbis kept apart, so that its rows
// stay small; read by cli_flags.h's enforced_from (--help, the compiler).
struct SkippedFlags {
  unsigned char abi;
  const char *flags;
};
inline constexpr SkippedFlags kSkippedFlags[] = {
    {6, "--scope-try"},
    {9, "--connect-unix"},
};
inline constexpr int kNewestKnownAbi = sizeof kAbis / sizeof kAbis[0];  // a newer kernel is clamped to it

// The kernel's errata (security/landlock/errata/abi-N.h): fixes of a released
// behaviour that landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_ERRATA)
// reports as bit number - 1 (Linux 6.15 on, and stable kernels that took it);
// the ABI whose behaviour each corrects; the name --probe prints. What each
// changes for a user of the launcher: docs/kernel-matrix.md.
struct Erratum {
  int number, abi;
  const char *name;
};
inline constexpr Erratum kErrata[] = {
    {1, 4, "tcp-sockets"},           // only TCP sockets are restricted by the TCP rights, not SMC, MPTCP, SCTP
    {2, 6, "same-process-signals"},  // the signal scope lets the threads of one process signal each other
    {3, 1, "disconnected-dirs"},     // rights of a directory moved out of a bind mount cannot widen by rename
    {4, 1, "whiteouts"},             // an OverlayFS whiteout needs MAKE_REG, no longer MAKE_CHAR (7.3, and stable)
};

// CVE-2026-72183: a --scope signal sandbox could signal outside through SIGIO
// (F_SETOWN to its process group, then an I/O event). No erratum bit says
// whether a kernel has the fix; its release does, as the CVE record gives it:
// fixed from 6.12.101, 6.18.40 and 7.1.5 on their stable branches, and in 7.2.
constexpr unsigned kernel_release(unsigned major, unsigned minor, unsigned patch) {
  return major << 16 | (minor < 0xff ? minor : 0xff) << 8 | (patch < 0xff ? patch : 0xff);
}
struct ReleaseRange {
  unsigned from, until;  // kernel_release() values: from <= release < until
};
inline constexpr ReleaseRange kSigioScopeFixed[] = {
    {kernel_release(6, 12, 101), kernel_release(6, 13, 0)},
    {kernel_release(6, 18, 40), kernel_release(6, 19, 0)},
    {kernel_release(7, 1, 5), kernel_release(7, 2, 0)},
    {kernel_release(7, 2, 0), ~0U},
};

}  // namespace launcher
