// Landlock's interface as include/uapi/linux/landlock.h names it (the build
// host's copy is older than the kernels we target), and the one table of what
// each ABI adds: the launcher plans from it; the compiler, the npm package
// (packaging/npm/gen-flags.cjs) and the docs derive from it. No includes.
#pragma once

namespace llr_abi {
using u64 = unsigned long long;

struct landlock_ruleset_attr {
  u64 handled_access_fs;
  u64 handled_access_net;  // ABI 4
  u64 scoped;              // ABI 6
  u64 quiet_access_fs, quiet_access_net, quiet_scoped;  // ABI 10, with LANDLOCK_ADD_RULE_QUIET: not used
};
constexpr unsigned LANDLOCK_CREATE_RULESET_VERSION = 1U << 0;
constexpr int LANDLOCK_RULE_PATH_BENEATH = 1;
constexpr int LANDLOCK_RULE_NET_PORT = 2;  // ABI 4
struct landlock_path_beneath_attr {
  u64 allowed_access;
  int parent_fd;
} __attribute__((packed));
struct landlock_net_port_attr {
  u64 allowed_access, port;
};
constexpr u64 LANDLOCK_ACCESS_FS_EXECUTE = 1ULL << 0;  // ABI 1: bits 0 to 12, the others unnamed here
constexpr u64 LANDLOCK_ACCESS_FS_WRITE_FILE = 1ULL << 1;
constexpr u64 LANDLOCK_ACCESS_FS_READ_FILE = 1ULL << 2;
constexpr u64 LANDLOCK_ACCESS_FS_READ_DIR = 1ULL << 3;
constexpr u64 LANDLOCK_ACCESS_FS_MAKE_SYM = 1ULL << 12;  // ABI 1's last
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
constexpr u64 kAbi1Rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;
constexpr u64 kTcp = LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
constexpr u64 kUdp = LANDLOCK_ACCESS_NET_BIND_UDP | LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP;
constexpr u64 kScopes = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;

// One row per ABI: the size of landlock_ruleset_attr it knows, the size
// passed (0: unchanged); the first Linux with it; the handled rights and
// scopes it adds (all are handled: what no rule grants is denied); its field in
// the --probe line on a kernel with it, and without; what --ro/--rw promise
// that older kernels do not govern (the partial notice); the flags it brings,
// which exit 125 below it unless --best-effort.
struct AbiStep {
  int abi;
  unsigned attr_size;
  const char *linux_release;
  u64 fs, net, scoped;
  const char *probe_yes, *probe_no, *ungoverned, *flags;
};
inline constexpr AbiStep kAbis[] = {
    {1, 8, "5.13", kAbi1Rights, 0, 0, "", "", "", "--ro --rw --ro-try --rw-try"},
    {2, 0, "5.19", LANDLOCK_ACCESS_FS_REFER, 0, 0, "", "", "", ""},
    {3, 0, "6.2", LANDLOCK_ACCESS_FS_TRUNCATE, 0, 0, "", "", "truncate", ""},
    {4, 16, "6.7", 0, kTcp, 0, " tcp=yes", " tcp=no", "", "--connect-tcp --bind-tcp --restrict-tcp"},
    {5, 0, "6.10", LANDLOCK_ACCESS_FS_IOCTL_DEV, 0, 0, "", "", "device ioctl", ""},
    {6, 24, "6.12", 0, 0, kScopes, " scopes=abstract-unix,signal", " scopes=none", "", "--scope"},
    {7, 0, "6.15", 0, 0, 0, " audit=yes", " audit=no", "", "--log-denials --no-log"},
    {8, 0, "7.0", 0, 0, 0, "", "", "", ""},  // RESTRICT_SELF_TSYNC: not needed, the launcher has one thread
    {9, 0, "7.1", LANDLOCK_ACCESS_FS_RESOLVE_UNIX, 0, 0, " pathname-unix=yes", " pathname-unix=no", "", ""},
    {10, 48, "7.2", 0, kUdp, 0, " udp=yes", " udp=no", "", "--connect-udp --bind-udp --restrict-udp"},
};
inline constexpr int kNewestKnownAbi = sizeof kAbis / sizeof kAbis[0];  // a newer kernel is clamped to it

}  // namespace llr_abi
