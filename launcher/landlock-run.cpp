// landlock-run: confine a command with Landlock, then exec it.
//
//   landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...
//
// The launcher sets no_new_privs, builds one Landlock ruleset from its flags,
// restricts itself, sets the command's environment and execs COMMAND in place
// (same PID). Rulesets are inherited across exec and fork, so COMMAND and all
// it spawns stay confined. Contract: docs/launcher-cli.md. The flags, the ABI
// each needs and the exit codes: common/cli_flags.h.
//
// Rules of this file: freestanding-style C++ (no exceptions, RTTI, iostreams
// or heap: only libc calls), one statement per line, every syscall result
// checked, and fail closed: any error before exec exits 125 with one line
// `landlock-run: what: why`, and the command never runs unconfined.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/cli_flags.h"
#include "../common/cli_parse.h"
#include "../common/utf8.h"

#ifndef LANDLOCK_RUN_VERSION
#define LANDLOCK_RUN_VERSION "0.0.0-dev"
#endif
#ifndef LANDLOCK_RUN_SOURCE_SHA256
#define LANDLOCK_RUN_SOURCE_SHA256 "unknown"
#endif

// ---- The kernel's interface in its own names and values: each line can be
// checked against include/uapi/linux/landlock.h, openat2.h and close_range.h.
// Spelled out because the build host's headers are older than the kernels we
// target. Not used: ABI 8's LANDLOCK_RESTRICT_SELF_TSYNC (this launcher has one
// thread) and ABI 10's UDP port rights (docs/landlock-limits.md).
#ifndef SYS_landlock_create_ruleset  // one number on every architecture
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLOSE_RANGE_CLOEXEC  // glibc's <unistd.h> defines it, musl's does not
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

namespace llr {
using namespace llr_cli;

struct landlock_ruleset_attr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;  // ABI 4
  uint64_t scoped;              // ABI 6
};
constexpr uint32_t LANDLOCK_CREATE_RULESET_VERSION = 1U << 0;
constexpr int LANDLOCK_RULE_PATH_BENEATH = 1;
constexpr int LANDLOCK_RULE_NET_PORT = 2;  // ABI 4
struct landlock_path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));
struct landlock_net_port_attr {
  uint64_t allowed_access;
  uint64_t port;
};
constexpr uint64_t LANDLOCK_ACCESS_FS_EXECUTE = 1ULL << 0;  // ABI 1: bits 0 to 12
constexpr uint64_t LANDLOCK_ACCESS_FS_WRITE_FILE = 1ULL << 1;
constexpr uint64_t LANDLOCK_ACCESS_FS_READ_FILE = 1ULL << 2;
constexpr uint64_t LANDLOCK_ACCESS_FS_READ_DIR = 1ULL << 3;
constexpr uint64_t LANDLOCK_ACCESS_FS_REMOVE_DIR = 1ULL << 4;
constexpr uint64_t LANDLOCK_ACCESS_FS_REMOVE_FILE = 1ULL << 5;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_CHAR = 1ULL << 6;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_DIR = 1ULL << 7;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_REG = 1ULL << 8;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_SOCK = 1ULL << 9;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_FIFO = 1ULL << 10;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_BLOCK = 1ULL << 11;
constexpr uint64_t LANDLOCK_ACCESS_FS_MAKE_SYM = 1ULL << 12;
constexpr uint64_t LANDLOCK_ACCESS_FS_REFER = 1ULL << 13;         // ABI 2: rename/link across directories
constexpr uint64_t LANDLOCK_ACCESS_FS_TRUNCATE = 1ULL << 14;      // ABI 3
constexpr uint64_t LANDLOCK_ACCESS_FS_IOCTL_DEV = 1ULL << 15;     // ABI 5
constexpr uint64_t LANDLOCK_ACCESS_FS_RESOLVE_UNIX = 1ULL << 16;  // ABI 9: connect to pathname UNIX sockets
constexpr uint64_t LANDLOCK_ACCESS_NET_BIND_TCP = 1ULL << 0;      // ABI 4
constexpr uint64_t LANDLOCK_ACCESS_NET_CONNECT_TCP = 1ULL << 1;   // ABI 4
constexpr uint64_t LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET = 1ULL << 0;     // ABI 6
constexpr uint64_t LANDLOCK_SCOPE_SIGNAL = 1ULL << 1;                   // ABI 6
constexpr uint32_t LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF = 1U << 0;  // ABI 7
constexpr uint32_t LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON = 1U << 1;    // ABI 7

struct open_how {  // openat2(2), Linux 5.6: --no-symlinks
  uint64_t flags;
  uint64_t mode;
  uint64_t resolve;
};
constexpr uint64_t RESOLVE_NO_MAGICLINKS = 0x02;  // no procfs "magic link" (/proc/self/root)
constexpr uint64_t RESOLVE_NO_SYMLINKS = 0x04;    // no symbolic link in any component, the last included

// ---- What the launcher asks of the kernel.
constexpr uint64_t kAbi1Rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
    LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR |
    LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR |
    LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
    LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
// The only rights the kernel accepts on a rule for a non-directory (others: EINVAL).
constexpr uint64_t kFileRights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                                 LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_TRUNCATE |
                                 LANDLOCK_ACCESS_FS_IOCTL_DEV | LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
constexpr uint64_t kReadRights =  // what --ro allows
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

// Every filesystem right the given ABI governs; all of them are handled, so
// whatever no rule grants is denied.
constexpr uint64_t fs_rights_for_abi(int abi) {
  uint64_t rights = kAbi1Rights;
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
  if (abi >= 5) rights |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
  if (abi >= 9) rights |= LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
  return rights;
}

// What --ro/--rw allow beneath one path: --rw is every handled right; rights
// that only make sense on a directory are dropped for a file.
constexpr uint64_t grant_rights(bool writable, bool is_dir, int abi) {
  uint64_t rights = kReadRights;
  if (writable) rights = fs_rights_for_abi(abi);
  if (!is_dir) rights &= kFileRights;
  return rights;
}

// Truncate (ABI 3) and device ioctl (ABI 5) are governed only from ABI 5 on;
// below it --ro/--rw promise more than the kernel enforces: "partial".
constexpr bool fs_enforcement_full(int abi) { return abi >= 5; }
static_assert(kScopeAbstract == LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET && kScopeSignalBit == LANDLOCK_SCOPE_SIGNAL);

// ---- Output without stdio: one line assembled on the stack, one write(2).
// Text from outside (arguments, paths) must not forge a second line or a
// terminal escape: C0 controls, DEL, C1 controls (U+0080..U+009F) and every
// byte that is not part of valid UTF-8 (a raw 0x9b is CSI on some terminals)
// are shown as '?', and so are bidi overrides (common/utf8.h). Valid UTF-8
// text such as "é" or "€" is kept.

// buf stays NUL-terminated (usable as a string) with room left for the '\n'.
struct Line {
  char buf[4352];
  size_t len = 0;
  bool json = false;  // inside a JSON string: '"' and '\' are escaped too
  Line() { buf[0] = '\0'; }
  // Appends n bytes as they are, or nothing when they do not all fit.
  Line &raw(const char *bytes, size_t n) {
    if (len + n > sizeof buf - 2) return *this;
    memcpy(buf + len, bytes, n);
    len += n;
    buf[len] = '\0';
    return *this;
  }
  // One byte of ASCII text; anything else shows as '?'.
  Line &put(char c) {
    unsigned char byte = static_cast<unsigned char>(c);
    char shown = '?';
    if (byte >= 0x20 && byte < 0x7f) shown = c;
    if (json && (shown == '"' || shown == '\\')) raw("\\", 1);
    return raw(&shown, 1);
  }
  // s, masked as said above, clipped with "..." after max bytes (a UTF-8
  // sequence is never split).
  Line &add(const char *s, size_t max = sizeof buf) {
    const unsigned char *bytes = reinterpret_cast<const unsigned char *>(s);
    size_t i = 0;
    while (bytes[i] != '\0') {
      if (i >= max) return add("...");
      unsigned code_point = 0;
      int length = llr_text::utf8_sequence(bytes + i, 4, &code_point);
      if (length == 0) {
        put(s[i]);  // ASCII (masked by put when a control) or a stray byte: '?'
        i += 1;
      } else if (llr_text::acts_on_terminal(code_point)) {
        put('?');
        i += static_cast<size_t>(length);
      } else {
        raw(s + i, static_cast<size_t>(length));
        i += static_cast<size_t>(length);
      }
    }
    return *this;
  }
  Line &num(long n) {  // n >= 0; written from the last digit back
    char digits[20];
    size_t first = sizeof digits - 1;
    digits[first] = static_cast<char>('0' + n % 10);
    for (n /= 10; n > 0; n /= 10) {
      first -= 1;
      digits[first] = static_cast<char>('0' + n % 10);
    }
    return raw(digits + first, sizeof digits - first);
  }
  bool emit(int fd) {
    buf[len] = '\n';
    len += 1;
    return write(fd, buf, len) == static_cast<ssize_t>(len);
  }
};

#ifndef LANDLOCK_RUN_NO_MAIN
int status_fd = -1;  // --status-fd, once made close-on-exec: where die() and exec report

[[noreturn]] void die(const char *what, const char *why, const char *value = nullptr) {
  Line message;
  message.add(what);
  if (value) message.add(" ").add(value, 256);  // clipped, so that the reason always shows
  message.add(": ").add(why);
  if (status_fd >= 0) {
    Line status;
    status.add("{\"confined\":false,\"exit\":").num(kExitLauncherFailed).add(",\"error\":\"");
    status.json = true;
    status.add(message.buf).raw("\"}", 2).emit(status_fd);
  }
  Line().add("landlock-run: ").add(message.buf).emit(2);  // if stderr is gone: still 125
  _exit(kExitLauncherFailed);
}

const char *unavailable_reason(int error) {
  if (error == ENOSYS) return "this kernel does not support it (ENOSYS)";
  if (error == EOPNOTSUPP) return "it is disabled at boot: lsm= lacks landlock (EOPNOTSUPP)";
  if (error == EPERM)  // the kernel's Landlock never answers EPERM here; seccomp does
    return "a seccomp filter probably blocks the Landlock system calls (EPERM; man landlock-run, CONTAINERS)";
  return strerror(error);
}

// Kernel Landlock ABI, clamped to the newest this launcher knows, or dies.
int query_abi() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) die("Landlock is not available", unavailable_reason(errno));
  if (abi > kNewestKnownAbi) return kNewestKnownAbi;
  return static_cast<int>(abi);
}

// The handled rights and restrict_self flags for these options on this ABI.
// A TCP/scope/audit request the kernel cannot enforce is fatal unless
// --best-effort, which drops it and says so in the notice.
struct Plan {
  landlock_ruleset_attr attr{};
  uint32_t restrict_flags = 0;
  Line notice;  // said right before exec: what is not enforced is never hidden
};

// Whether a request that needs min_abi is enforced on abi: a request it
// cannot enforce dies, or with --best-effort is added to dropped.
bool enforced(const Options &o, int abi, Line &dropped, bool wanted, Flag flag, const char *what) {
  if (!wanted || abi >= min_abi(flag)) return wanted;
  if (!o.has(Flag::BestEffort)) {
    Line why;
    why.add("needs Landlock ABI ").num(min_abi(flag)).add(", the kernel has ").num(abi);
    die(what, why.add(" (--best-effort runs without it)").buf);
  }
  if (dropped.len > 0) dropped.add(", ");
  dropped.add(what);
  return false;
}

Plan plan_for(const Options &o, int abi) {
  Plan plan;
  Line dropped;  // what --best-effort left out
  plan.attr.handled_access_fs = fs_rights_for_abi(abi);
  uint64_t tcp = LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
  uint64_t abstract = o.scopes & LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;
  uint64_t signal = o.scopes & LANDLOCK_SCOPE_SIGNAL;
  if (enforced(o, abi, dropped, o.restricts_tcp(), Flag::RestrictTcp, "tcp")) plan.attr.handled_access_net = tcp;
  if (enforced(o, abi, dropped, abstract, Flag::Scope, "--scope abstract-unix")) plan.attr.scoped |= abstract;
  if (enforced(o, abi, dropped, signal, Flag::Scope, "--scope signal")) plan.attr.scoped |= signal;
  if (enforced(o, abi, dropped, o.has(Flag::LogDenials), Flag::LogDenials, "--log-denials"))
    plan.restrict_flags |= LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON;
  if (enforced(o, abi, dropped, o.has(Flag::NoLog), Flag::NoLog, "--no-log"))
    plan.restrict_flags |= LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF;
  if (dropped.len > 0) plan.notice.add("--best-effort: not enforced on Landlock ABI ").num(abi).add(": ");
  plan.notice.add(dropped.buf);
  if (dropped.len > 0 && !fs_enforcement_full(abi)) plan.notice.add("; ");
  if (!fs_enforcement_full(abi)) plan.notice.add("partial enforcement on Landlock ABI ").num(abi);
  if (abi < 3) plan.notice.add(": truncate and device ioctl are not governed");
  if (abi == 3 || abi == 4) plan.notice.add(": device ioctl is not governed");
  return plan;
}

int create_ruleset(const landlock_ruleset_attr &attr) {
  long fd = syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (fd < 0) die("landlock_create_ruleset", strerror(errno));
  return static_cast<int>(fd);
}

// The grant's O_PATH fd, or -1 with errno. A plain grant follows symlinks (it
// names the target); under --no-symlinks openat2 refuses a symlink or a magic
// link in any component, so a path swapped for a symlink cannot move the grant.
int open_grant(const Grant &grant) {
  if (!grant.no_symlinks) return open(grant.path, O_PATH | O_CLOEXEC);
  open_how how{};
  how.flags = O_PATH | O_CLOEXEC;
  how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  return static_cast<int>(syscall(SYS_openat2, AT_FDCWD, grant.path, &how, sizeof how));
}

// Why a grant's path could not be opened, in words, with the likely mistake.
const char *open_error(const Grant &grant, int error) {
  if (grant.no_symlinks && error == ELOOP) return "a symbolic link on the path (refused by --no-symlinks)";
  if (grant.no_symlinks && error == ENOSYS) return "openat2 is not available: --no-symlinks needs Linux 5.6";
  if (error == ENOENT && strpbrk(grant.path, ",:"))
    return "No such file or directory (PATH is one literal path: repeat the flag for each path)";
  return strerror(error);
}

void add_path_rule(int ruleset, const Grant &grant, int abi) {
  const char *flag = spelling(grant.flag);
  bool writable = grant.flag == Flag::Rw || grant.flag == Flag::RwTry;
  bool optional = grant.flag == Flag::RoTry || grant.flag == Flag::RwTry;
  int fd = open_grant(grant);
  if (fd < 0 && optional && errno == ENOENT) return;  // -try: a missing path is skipped
  if (fd < 0) die(flag, open_error(grant, errno), grant.path);
  struct stat st;
  if (fstat(fd, &st) != 0) die(flag, strerror(errno), grant.path);
  landlock_path_beneath_attr rule{grant_rights(writable, S_ISDIR(st.st_mode), abi), fd};
  if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
    if (errno == EBADFD) die(flag, "cannot carry a Landlock rule (pipe, socket or kernel-internal file)", grant.path);
    die(flag, strerror(errno), grant.path);
  }
  if (close(fd) != 0) die("close", strerror(errno));  // as it goes: 10 000 grants need no fd limit
}

void add_port_rule(int ruleset, Flag kind, const char *port) {
  long n = 0;
  parse_number(port, 65535, &n);  // already validated by parse_args
  uint64_t right = LANDLOCK_ACCESS_NET_BIND_TCP;
  if (kind == Flag::ConnectTcp) right = LANDLOCK_ACCESS_NET_CONNECT_TCP;
  landlock_net_port_attr rule{right, static_cast<uint64_t>(n)};
  if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_NET_PORT, &rule, 0) != 0)
    die(spelling(kind), strerror(errno), port);
}

void restrict_self(int ruleset, uint32_t flags) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("prctl(PR_SET_NO_NEW_PRIVS)", strerror(errno));
  if (syscall(SYS_landlock_restrict_self, ruleset, flags) != 0) {
    if (errno == E2BIG) die("landlock_restrict_self", "too many nested Landlock layers (the kernel allows 16)");
    die("landlock_restrict_self", strerror(errno));
  }
  if (close(ruleset) != 0) die("close", strerror(errno));
}

// --probe: a short-lived child restricts itself with every right this ABI
// handles and no rule; reading "/" must then be refused. The child opens no
// file (a bare container root may have no /dev/null) and prints nothing: its
// exit status is its report.
enum ProbeVerdict { kProbeDenied, kProbeNotDenied, kProbeCannotRestrict };  // the child's exit status

[[noreturn]] void probe_child(int abi) {
  Options everything;
  everything.given = ~0U;  // every request, --best-effort included: nothing dies
  everything.scopes = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;
  landlock_ruleset_attr attr = plan_for(everything, abi).attr;
  long ruleset = syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (ruleset < 0) _exit(kProbeCannotRestrict);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) _exit(kProbeCannotRestrict);
  if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) _exit(kProbeCannotRestrict);
  int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0 && errno == EACCES) _exit(kProbeDenied);
  _exit(kProbeNotDenied);
}

int probe() {
  Line line;
  line.add("landlock-run " LANDLOCK_RUN_VERSION " abi=");
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) {
    int error = errno;
    const char *kind = "failed";
    if (error == ENOSYS) kind = "unsupported";
    if (error == EOPNOTSUPP) kind = "disabled";
    if (error == EPERM) kind = "blocked";
    line.num(0).add(" enforcement=none error=").add(kind).emit(1);
    die("Landlock is not available", unavailable_reason(error));
  }
  if (abi > kNewestKnownAbi) abi = kNewestKnownAbi;
  // An inherited "ignore SIGCHLD" makes the kernel reap the child on its own,
  // and waitpid fail with ECHILD: the probe waits with the default action.
  if (signal(SIGCHLD, SIG_DFL) == SIG_ERR) die("probe: signal(SIGCHLD)", strerror(errno));
  pid_t child = fork();
  if (child < 0) die("probe: fork", strerror(errno));
  if (child == 0) probe_child(static_cast<int>(abi));
  int status = 0;
  if (waitpid(child, &status, 0) != child) die("probe: waitpid", strerror(errno));
  int verdict = kProbeCannotRestrict;
  if (WIFEXITED(status)) verdict = WEXITSTATUS(status);
  if (verdict == kProbeNotDenied) {
    line.num(0).add(" enforcement=none error=not-enforced").emit(1);
    die("probe", "a restricted child could still read /: not enforced");
  }
  if (verdict != kProbeDenied) {
    line.num(0).add(" enforcement=none error=failed").emit(1);
    die("probe", "the probe child could not restrict itself");
  }
  bool full = fs_enforcement_full(static_cast<int>(abi));
  line.num(abi).add(full ? " enforcement=full fs=full" : " enforcement=partial fs=partial");
  bool tcp = abi >= min_abi(Flag::RestrictTcp);
  bool scopes = abi >= min_abi(Flag::Scope);
  bool audit = abi >= min_abi(Flag::LogDenials);
  line.add(tcp ? " tcp=yes" : " tcp=no").add(scopes ? " scopes=abstract-unix,signal" : " scopes=none");
  line.add(audit ? " audit=yes" : " audit=no").add(abi >= 9 ? " pathname-unix=yes" : " pathname-unix=no");
  if (!line.emit(1)) die("probe: cannot write the report", strerror(errno));
  return 0;
}

// --help: the usage, then one line per flag of common/cli_flags.h.
bool print_help() {
  bool written = true;
  for (const char *text : kUsage) written = Line().add(text).emit(1) && written;
  for (const FlagSpec &spec : kFlags) {
    Line line;
    line.add("  ").add(spec.spelling).add(" ").add(spec.operand);
    while (line.len < 28) line.add(" ");
    line.add(spec.means);
    if (spec.min_abi > 1) line.add(" (ABI ").num(spec.min_abi).add(")");
    written = line.emit(1) && written;
  }
  Line exits;
  exits.add("Exit: ").num(kExitLauncherFailed).add(" the launcher failed (COMMAND never ran), ");
  exits.num(kExitCannotExecute).add(" COMMAND could not be executed, ").num(kExitNotFound).add(" not found,");
  return exits.add(" else COMMAND's own status.").emit(1) && written;
}

// The status line of a confined command, written right before exec.
void report_confined(const Plan &plan, int abi) {
  Line status;
  status.add("{\"confined\":true,\"abi\":").num(abi).add(",\"enforcement\":\"");
  status.add(plan.notice.len > 0 ? "partial\",\"notice\":\"" : "full\",\"notice\":\"");
  status.json = true;
  status.add(plan.notice.buf);
  status.json = false;
  status.add("\",\"version\":\"" LANDLOCK_RUN_VERSION "\"}");
  if (!status.emit(status_fd)) die("--status-fd", strerror(errno));
}

// Confines this process as the flags say and execs COMMAND with envp; returns
// only when the exec failed (126, 127).
int confine_and_exec(char **argv, const Options &o, char **envp) {
  int abi = query_abi();
  if (abi < o.require_abi)
    die("--require-abi", Line().add("the kernel has Landlock ABI ").num(abi).add(", ABI ").num(o.require_abi)
                             .add(" is required").buf);
  Plan plan = plan_for(o, abi);
  int ruleset = create_ruleset(plan.attr);
  for_each_grant(argv, o, [&](const Grant &grant) { add_path_rule(ruleset, grant, abi); });
  for_each_valued_flag(argv, o, [&](Flag flag, const char *port, const char *) {
    bool port_rule = flag == Flag::ConnectTcp || flag == Flag::BindTcp;
    if (port_rule && plan.attr.handled_access_net) add_port_rule(ruleset, flag, port);
  });
  restrict_self(ruleset, plan.restrict_flags);
  // Landlock checks at open time: an inherited fd would carry outside rights in.
  if (!o.has(Flag::KeepFds) && syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
    die("close_range", strerror(errno));
  environ = envp;  // execvp then searches the PATH COMMAND gets
  if (status_fd >= 0) report_confined(plan, abi);
  if (plan.notice.len > 0) Line().add("landlock-run: notice: ").add(plan.notice.buf).emit(2);
  execvp(argv[o.command], argv + o.command);
  int exit_code = kExitCannotExecute;
  if (errno == ENOENT || errno == ENOTDIR) exit_code = kExitNotFound;
  Line why;
  why.add("cannot run ").add(argv[o.command], 256).add(": ").add(strerror(errno));
  if (errno == EACCES && o.grants == 0) why.add(" (no grant at all: nothing is executable; grant its directory)");
  if (status_fd >= 0) {
    Line status;
    status.add("{\"exec_failed\":true,\"exit\":").num(exit_code).add(",\"error\":\"");
    status.json = true;
    status.add(why.buf).raw("\"}", 2).emit(status_fd);
  }
  Line().add("landlock-run: ").add(why.buf).emit(2);
  return exit_code;
}

// Only with environment flags: their 128 KiB in run()'s frame (or .bss) cost every exec page faults.
[[noreturn, gnu::noinline]] void exec_in_new_environment(char **argv, const Options &o) {
  llr_env::Environment environment;
  Error error = build_environment(argv, o, environ, environment);
  if (error.what) die(error.what, error.why);
  _exit(confine_and_exec(argv, o, environment.vars));  // never returns: environ points into this frame
}

int run(int argc, char **argv) {
  Options o;
  Error e = parse_args(argc, argv, o);
  if (o.status_fd >= 0 && fcntl(o.status_fd, F_SETFD, FD_CLOEXEC) != 0) die("--status-fd", strerror(errno));
  status_fd = o.status_fd;
  if (e.what && e.detail) die(e.what, Line().add(e.why).add(" ").add(e.detail).buf);
  if (e.what) die(e.what, e.why);
  if (o.has(Flag::Help)) return print_help() ? 0 : kExitLauncherFailed;
  if (o.has(Flag::Version)) {
    const char *version = "landlock-run " LANDLOCK_RUN_VERSION " source-sha256=" LANDLOCK_RUN_SOURCE_SHA256;
    return Line().add(version).emit(1) ? 0 : kExitLauncherFailed;
  }
  if (o.expect_version && strcmp(o.expect_version, LANDLOCK_RUN_VERSION) != 0)
    die("--expect-version", "this argv was generated for another launcher; this is landlock-run " LANDLOCK_RUN_VERSION,
        o.expect_version);
  if (o.has(Flag::Probe)) return probe();
  if (o.changes_environment()) exec_in_new_environment(argv, o);
  return confine_and_exec(argv, o, environ);
}
#endif  // LANDLOCK_RUN_NO_MAIN

}  // namespace llr

#ifndef LANDLOCK_RUN_NO_MAIN
int main(int argc, char **argv) { return llr::run(argc, argv); }
#endif
