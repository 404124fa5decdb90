// landlock-run: confine a command with Landlock, then exec it.
//
//   landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...
//
// The launcher sets no_new_privs, builds one Landlock ruleset from its flags,
// restricts itself and execs COMMAND in place (same PID). Rulesets are
// inherited across exec and fork, so COMMAND and all it spawns stay confined.
// Contract: docs/launcher-cli.md. Flag spellings: common/cli_flags.h.
//
// Rules of this file: freestanding-style C++ (no exceptions, RTTI, iostreams
// or heap: only libc calls), every syscall result checked, and fail closed:
// any error before exec exits 125 with one line `landlock-run: what: why`,
// and the command never runs unconfined.
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/cli_flags.h"

#ifndef LANDLOCK_RUN_VERSION
#define LANDLOCK_RUN_VERSION "0.0.0-dev"
#endif
#ifndef LANDLOCK_RUN_SOURCE_SHA256
#define LANDLOCK_RUN_SOURCE_SHA256 "unknown"
#endif

namespace llr {
using namespace llr_cli;

// ---- Landlock UAPI, spelled out: the build host's <linux/landlock.h> is older
// than the kernels we target. Values from include/uapi/linux/landlock.h.
constexpr long kSysCreateRuleset = 444, kSysAddRule = 445, kSysRestrictSelf = 446;
constexpr long kSysCloseRange = 436;
constexpr unsigned kCloseRangeCloexec = 1u << 2;
constexpr uint32_t kCreateRulesetVersion = 1u << 0;
constexpr int kRulePathBeneath = 1, kRuleNetPort = 2;  // NET_PORT: ABI 4
struct RulesetAttr { uint64_t handled_access_fs, handled_access_net, scoped; };
struct __attribute__((packed)) PathBeneathAttr { uint64_t allowed_access; int32_t parent_fd; };
struct NetPortAttr { uint64_t allowed_access, port; };

constexpr uint64_t kExecute = 1ull << 0, kWriteFile = 1ull << 1, kReadFile = 1ull << 2,
                   kReadDir = 1ull << 3;  // bits 4..12: remove and make-* rights (ABI 1)
constexpr uint64_t kRefer = 1ull << 13;        // ABI 2: rename/link across directories
constexpr uint64_t kTruncate = 1ull << 14;     // ABI 3
constexpr uint64_t kIoctlDev = 1ull << 15;     // ABI 5
constexpr uint64_t kResolveUnix = 1ull << 16;  // ABI 9: connect to pathname UNIX sockets
constexpr uint64_t kBindTcp = 1ull << 0, kConnectTcp = 1ull << 1;             // ABI 4
constexpr uint64_t kScopeAbstract = 1ull << 0, kScopeSignalBit = 1ull << 1;  // ABI 6
constexpr uint32_t kLogSameExecOff = 1u << 0, kLogNewExecOn = 1u << 1;       // ABI 7

// ---- openat2(2) for --no-symlinks, with the names of include/uapi/linux/openat2.h
// (openat2 exists since Linux 5.6, Landlock since 5.13).
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
struct open_how {
  uint64_t flags;
  uint64_t mode;
  uint64_t resolve;
};
constexpr uint64_t RESOLVE_NO_MAGICLINKS = 0x02;  // no procfs "magic link" (/proc/self/root)
constexpr uint64_t RESOLVE_NO_SYMLINKS = 0x04;    // no symbolic link in any component, the last included

// The only rights the kernel accepts on a rule for a non-directory (others: EINVAL).
constexpr uint64_t kFileRights = kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev | kResolveUnix;
constexpr uint64_t kReadRights = kExecute | kReadFile | kReadDir;

// Every filesystem right the given ABI governs; all of them are handled, so
// whatever no rule grants is denied.
constexpr uint64_t fs_rights_for_abi(int abi) {
  uint64_t rights = (1ull << 13) - 1;  // ABI 1: execute .. make_sym
  if (abi >= 2) rights |= kRefer;
  if (abi >= 3) rights |= kTruncate;
  if (abi >= 5) rights |= kIoctlDev;
  if (abi >= 9) rights |= kResolveUnix;
  return rights;
}

// What --ro/--rw allow beneath one path: --rw is every handled right; rights
// that only make sense on a directory are dropped for a file.
constexpr uint64_t grant_rights(bool writable, bool is_dir, int abi) {
  uint64_t rights = (writable ? fs_rights_for_abi(abi) : kReadRights) & fs_rights_for_abi(abi);
  return is_dir ? rights : rights & kFileRights;
}

// ABI 3 governs truncate and ABI 5 device ioctl; below that --ro/--rw promise
// more than the kernel enforces, which is reported as partial enforcement.
constexpr bool fs_enforcement_full(int abi) { return abi >= 5; }

// ---- Argument parsing: pure (no syscalls), shared with the unit tests and the fuzzer.
struct Error { const char *what = nullptr, *why = nullptr; };

struct Options {
  int command = 0;  // index in argv of COMMAND (just after "--"); 0: none
  bool probe = false, version = false, help = false, keep_fds = false, best_effort = false;
  bool restrict_tcp = false, log_denials = false, no_log = false;
  uint64_t scopes = 0;
  int require_abi = 0;
  const char *expect_version = nullptr;
};

inline const FlagSpec *find_flag(const char *arg) {
  for (const FlagSpec &spec : kFlags)
    if (strcmp(spec.spelling, arg) == 0) return &spec;
  return nullptr;
}

// Decimal in [0, max], digits only: "+1", " 1", "1k" and "" are refused.
inline bool parse_number(const char *s, long max, long *out) {
  long n = 0;
  for (const char *c = s; *c != '\0'; ++c) {
    if (*c < '0' || *c > '9') return false;
    n = n * 10 + (*c - '0');
    if (n > max) return false;
  }
  *out = n;
  return *s != '\0';
}

constexpr bool is_path_grant(Flag flag) {
  return flag == Flag::Ro || flag == Flag::Rw || flag == Flag::RoTry || flag == Flag::RwTry;
}

inline uint64_t scope_bit(const char *name) {
  return strcmp(name, kScopeAbstractUnix) == 0 ? kScopeAbstract : strcmp(name, kScopeSignal) == 0 ? kScopeSignalBit : 0;
}

// Validates the whole command line before anything is opened. Grant values
// are read again from argv when the ruleset is built (no copies, no heap).
inline Error parse_args(int argc, char *const *argv, Options &o) {
  bool action = false;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, kSeparator) == 0) {
      if (i + 1 >= argc) return {kSeparator, "no COMMAND after it"};
      o.command = i + 1;
      break;
    }
    const FlagSpec *spec = find_flag(arg);
    if (!spec)
      return {*arg ? arg : "''", arg[0] == '-' ? "unknown option (see landlock-run --help)"
                                 : "unexpected argument: the command must follow '--'"};
    if (spec->takes_value && (i + 1 >= argc || strcmp(argv[i + 1], kSeparator) == 0)) return {arg, "needs a value"};
    const char *value = spec->takes_value ? argv[++i] : "";
    long n = 0;
    switch (spec->flag) {
      case Flag::Ro: case Flag::Rw: case Flag::RoTry: case Flag::RwTry:
        if (*value == '\0') return {arg, "empty PATH"};
        break;
      case Flag::NoSymlinks:  // positional: for_each_grant reads it again
        break;
      case Flag::ConnectTcp: case Flag::BindTcp:
        if (!parse_number(value, 65535, &n)) return {arg, "PORT must be a number from 0 to 65535"};
        o.restrict_tcp = true;
        break;
      case Flag::RestrictTcp: o.restrict_tcp = true; break;
      case Flag::Scope:
        if (!scope_bit(value)) return {arg, "NAME must be abstract-unix or signal"};
        o.scopes |= scope_bit(value);
        break;
      case Flag::LogDenials: o.log_denials = true; break;
      case Flag::NoLog: o.no_log = true; break;
      case Flag::BestEffort: o.best_effort = true; break;
      case Flag::KeepFds: o.keep_fds = true; break;
      case Flag::RequireAbi:
        if (o.require_abi) return {arg, "given twice"};
        if (!parse_number(value, kNewestKnownAbi, &n) || n < 1)
          return {arg, "N must be a Landlock ABI from 1 to 9 (the newest this launcher knows)"};
        o.require_abi = static_cast<int>(n);
        break;
      case Flag::ExpectVersion:
        if (o.expect_version) return {arg, "given twice"};
        o.expect_version = value;
        break;
      case Flag::Probe: o.probe = action = true; break;
      case Flag::Version: o.version = action = true; break;
      case Flag::Help: o.help = action = true; break;
    }
  }
  if (action && (o.command || o.probe + o.version + o.help > 1))
    return {"--probe/--version/--help", "take no command and no other action"};
  if (!action && !o.command) return {"missing '--'", "usage: landlock-run [GRANT|OPTION]... -- COMMAND [ARG]..."};
  return {};
}

// Calls visit(flag, value) for every flag that takes a value, in argv order:
// how the ruleset is built, and how the tests read grants back.
template <class Visit>
void for_each_valued_flag(char *const *argv, const Options &o, Visit visit) {
  for (int i = 1; i < o.command - 1; ++i) {
    const FlagSpec *spec = find_flag(argv[i]);
    if (spec->takes_value) visit(spec->flag, argv[++i]);
  }
}

// One filesystem grant, as the ruleset is built from it.
struct Grant {
  Flag flag;
  const char *path;
  bool no_symlinks;  // --no-symlinks came before it: a symlink on its path is refused
};

// Calls visit(grant) for every --ro/--rw/--ro-try/--rw-try, in argv order.
template <class Visit>
void for_each_grant(char *const *argv, const Options &o, Visit visit) {
  bool no_symlinks = false;
  for (int i = 1; i < o.command - 1; ++i) {
    const FlagSpec *spec = find_flag(argv[i]);
    if (spec->flag == Flag::NoSymlinks) no_symlinks = true;
    if (!spec->takes_value) continue;
    ++i;  // the value
    if (is_path_grant(spec->flag)) visit(Grant{spec->flag, argv[i], no_symlinks});
  }
}

// ---- Output without stdio: one line assembled on the stack, one write(2).
// Text from outside (arguments, paths) must not forge a second line or a
// terminal escape: C0 controls, DEL, C1 controls (U+0080..U+009F) and every
// byte that is not part of valid UTF-8 (a raw 0x9b is CSI on some terminals)
// are shown as '?'. Valid UTF-8 text such as "é" or "€" is kept.

// Length (2 to 4) of the valid UTF-8 sequence that starts at s, or 0: a lone
// continuation byte, an overlong form, a surrogate, a code point above
// U+10FFFF or a sequence cut short. Never reads past a NUL.
inline int utf8_length(const unsigned char *s) {
  unsigned char lead = s[0];
  int length = 0;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  if (lead >= 0xe0 && lead <= 0xef) length = 3;
  if (lead >= 0xf0 && lead <= 0xf4) length = 4;
  unsigned char second_min = 0x80;
  unsigned char second_max = 0xbf;
  if (lead == 0xe0) second_min = 0xa0;  // below: an overlong form
  if (lead == 0xed) second_max = 0x9f;  // above: a UTF-16 surrogate
  if (lead == 0xf0) second_min = 0x90;  // below: an overlong form
  if (lead == 0xf4) second_max = 0x8f;  // above: beyond U+10FFFF
  if (length == 0 || s[1] < second_min || s[1] > second_max) return 0;
  for (int i = 2; i < length; ++i)
    if (s[i] < 0x80 || s[i] > 0xbf) return 0;
  return length;
}

// buf stays NUL-terminated (usable as a string) with room left for the '\n'.
struct Line {
  char buf[4352];
  size_t len = 0;
  Line() { *buf = '\0'; }
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
    bool printable = byte >= 0x20 && byte < 0x7f;
    char shown = '?';
    if (printable) shown = c;
    return raw(&shown, 1);
  }
  // s, masked as said above, clipped with "..." after max bytes (a UTF-8
  // sequence is never split).
  Line &add(const char *s, size_t max = sizeof buf) {
    const unsigned char *bytes = reinterpret_cast<const unsigned char *>(s);
    size_t i = 0;
    while (bytes[i] != '\0') {
      if (i >= max) return add("...");
      int length = utf8_length(bytes + i);
      bool c1_control = bytes[i] == 0xc2 && length == 2 && bytes[i + 1] <= 0x9f;
      if (length == 0) {
        put(s[i]);  // ASCII (masked by put when a control) or a stray byte: '?'
        i += 1;
      } else if (c1_control) {
        put('?');
        i += 2;
      } else {
        raw(s + i, static_cast<size_t>(length));
        i += static_cast<size_t>(length);
      }
    }
    return *this;
  }
  Line &num(long n) {  // n >= 0; written from the last digit back
    char digits[20];
    size_t first = sizeof digits;
    do {
      first -= 1;
      digits[first] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n > 0);
    return raw(digits + first, sizeof digits - first);
  }
  bool emit(int fd) {
    buf[len++] = '\n';
    return write(fd, buf, len) == static_cast<ssize_t>(len);
  }
};

#ifndef LANDLOCK_RUN_NO_MAIN
[[noreturn]] void die(const char *what, const char *why, const char *value = nullptr) {
  Line line;
  line.add("landlock-run: ").add(what);
  if (value) line.add(" ").add(value, 256);  // clipped, so that the reason always shows
  line.add(": ").add(why).emit(2);  // if stderr is gone there is nothing better to do: still 125
  _exit(kExitLauncherFailed);
}

// Kernel Landlock ABI, clamped to the newest this launcher knows, or dies.
int query_abi() {
  long abi = syscall(kSysCreateRuleset, nullptr, 0, kCreateRulesetVersion);
  if (abi >= 1) return abi < kNewestKnownAbi ? static_cast<int>(abi) : kNewestKnownAbi;
  if (errno == ENOSYS) die("Landlock is not available", "this kernel does not support it (ENOSYS)");
  if (errno == EOPNOTSUPP)
    die("Landlock is not available", "it is disabled at boot: lsm= lacks landlock (EOPNOTSUPP)");
  die("Landlock is not available", strerror(errno));
}

// The handled rights and restrict_self flags for these options on this ABI.
// A TCP/scope/audit request the kernel cannot enforce is fatal unless
// --best-effort, which drops it with a notice.
struct Plan { RulesetAttr attr{}; uint32_t restrict_flags = 0; Line notice; bool tell = false; };
Plan plan_for(const Options &o, int abi) {
  Plan plan;
  plan.attr.handled_access_fs = fs_rights_for_abi(abi);
  Line dropped;
  auto need = [&](bool wanted, int min_abi, const char *what) {
    if (!wanted || abi >= min_abi) return wanted;
    if (!o.best_effort)
      die(what, Line().add("needs Landlock ABI ").num(min_abi).add(", the kernel has ").num(abi)
                    .add(" (--best-effort runs without it)").buf);
    dropped.add(dropped.len ? ", " : "").add(what);
    return false;
  };
  if (need(o.restrict_tcp, min_abi(Flag::RestrictTcp), "tcp")) plan.attr.handled_access_net = kBindTcp | kConnectTcp;
  if (need(o.scopes & kScopeAbstract, min_abi(Flag::Scope), "--scope abstract-unix")) plan.attr.scoped |= kScopeAbstract;
  if (need(o.scopes & kScopeSignalBit, min_abi(Flag::Scope), "--scope signal")) plan.attr.scoped |= kScopeSignalBit;
  if (need(o.log_denials, min_abi(Flag::LogDenials), "--log-denials")) plan.restrict_flags |= kLogNewExecOn;
  if (need(o.no_log, min_abi(Flag::NoLog), "--no-log")) plan.restrict_flags |= kLogSameExecOff;
  Line &notice = plan.notice;  // what is not enforced is said, never hidden (right before exec)
  notice.add("landlock-run: notice: ");
  if (dropped.len) notice.add("--best-effort: not enforced on Landlock ABI ").num(abi).add(": ").add(dropped.buf);
  if (dropped.len && !fs_enforcement_full(abi)) notice.add("; ");
  if (!fs_enforcement_full(abi))
    notice.add("partial enforcement on Landlock ABI ").num(abi).add(": ")
        .add(abi < 3 ? "truncate and device ioctl are" : "device ioctl is").add(" not governed");
  plan.tell = dropped.len || !fs_enforcement_full(abi);
  return plan;
}

int create_ruleset(const RulesetAttr &attr) {
  long fd = syscall(kSysCreateRuleset, &attr, sizeof attr, 0);
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

// Why a grant's path could not be opened, in words.
const char *open_error(const Grant &grant, int error) {
  if (grant.no_symlinks && error == ELOOP) return "a symbolic link on the path (refused by --no-symlinks)";
  if (grant.no_symlinks && error == ENOSYS) return "openat2 is not available: --no-symlinks needs Linux 5.6";
  return strerror(error);
}

void add_path_rule(int ruleset, const Grant &grant, int abi) {
  const char *flag = spelling(grant.flag);
  const char *path = grant.path;
  bool writable = grant.flag == Flag::Rw || grant.flag == Flag::RwTry;
  bool optional = grant.flag == Flag::RoTry || grant.flag == Flag::RwTry;
  int fd = open_grant(grant);
  if (fd < 0 && optional && errno == ENOENT) return;  // -try: a missing path is skipped
  if (fd < 0) die(flag, open_error(grant, errno), path);
  struct stat st;
  if (fstat(fd, &st) != 0) die(flag, strerror(errno), path);
  PathBeneathAttr rule{grant_rights(writable, S_ISDIR(st.st_mode), abi), fd};
  if (syscall(kSysAddRule, ruleset, kRulePathBeneath, &rule, 0) != 0)
    die(flag, errno == EBADFD ? "cannot carry a Landlock rule (pipe, socket or kernel-internal file)"
                              : strerror(errno), path);
  if (close(fd) != 0) die("close", strerror(errno));  // as it goes: 10 000 grants need no fd limit
}

void add_port_rule(int ruleset, Flag kind, const char *port) {
  long n = 0;
  parse_number(port, 65535, &n);  // already validated by parse_args
  NetPortAttr rule{kind == Flag::ConnectTcp ? kConnectTcp : kBindTcp, static_cast<uint64_t>(n)};
  if (syscall(kSysAddRule, ruleset, kRuleNetPort, &rule, 0) != 0) die(spelling(kind), strerror(errno), port);
}

void restrict_self(int ruleset, uint32_t flags) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("prctl(PR_SET_NO_NEW_PRIVS)", strerror(errno));
  if (syscall(kSysRestrictSelf, ruleset, flags) != 0) {
    if (errno == E2BIG) die("landlock_restrict_self", "too many nested Landlock layers (the kernel allows 16)");
    die("landlock_restrict_self", strerror(errno));
  }
  if (close(ruleset) != 0) die("close", strerror(errno));
}

// --probe: restrict a short-lived child with every right this ABI handles and
// no rule, and check that reading "/" is really refused.
int probe() {
  Line line;
  line.add("landlock-run " LANDLOCK_RUN_VERSION " abi=");
  long abi = syscall(kSysCreateRuleset, nullptr, 0, kCreateRulesetVersion);
  int error = abi < 1 ? errno : 0;
  if (abi > kNewestKnownAbi) abi = kNewestKnownAbi;
  pid_t child = error ? -1 : fork();
  if (child == 0) {
    Options all;
    all.restrict_tcp = all.best_effort = true;
    all.scopes = kScopeAbstract | kScopeSignalBit;
    int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);  // its errors are not the probe's to tell
    if (devnull < 0 || dup2(devnull, 2) < 0) _exit(3);
    restrict_self(create_ruleset(plan_for(all, static_cast<int>(abi)).attr), 0);
    int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    _exit(fd < 0 && errno == EACCES ? 0 : 1);
  }
  int status = 0;
  if (!error && (child < 0 || waitpid(child, &status, 0) != child)) error = errno;
  int verdict = error ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : -1;  // 0: denied as it must be
  if (verdict != 0) {
    line.num(0).add(" enforcement=none error=").add(error == ENOSYS ? "unsupported" : error == EOPNOTSUPP ? "disabled"
                                                     : verdict == 1 ? "not-enforced" : "failed").emit(1);
    if (error == ENOSYS || error == EOPNOTSUPP) query_abi();  // dies with the explanation
    die("probe", error ? strerror(error) : verdict == 1 ? "a restricted child could still read /: not enforced"
                                                        : "the probe child could not restrict itself");
  }
  bool full = fs_enforcement_full(static_cast<int>(abi));
  line.num(abi).add(full ? " enforcement=full fs=full" : " enforcement=partial fs=partial");
  line.add(abi >= 4 ? " tcp=yes" : " tcp=no").add(abi >= 6 ? " scopes=abstract-unix,signal" : " scopes=none");
  line.add(abi >= 7 ? " audit=yes" : " audit=no").add(abi >= 9 ? " pathname-unix=yes" : " pathname-unix=no");
  if (!line.emit(1)) die("probe: cannot write the report", strerror(errno));
  return 0;
}

constexpr char kHelp[] =
    "usage: landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...\n"
    "       landlock-run --probe | --version | --help\n\n"
    "Confines COMMAND with Landlock and execs it (same PID). What is not granted\n"
    "is denied: no grant at all denies every file access.\n\n"
    "  --ro PATH          read and execute beneath PATH (a file: read, execute it)\n"
    "  --rw PATH          --ro plus every write right the kernel governs: write,\n"
    "                     truncate, create/remove, rename/link across, device ioctl\n"
    "  --ro-try/--rw-try PATH  the same, skipped when PATH does not exist\n"
    "  PATH is literal, relative to the working directory; a grant on a symlink\n"
    "  grants its target; directory-only rights are dropped for a file.\n"
    "  --no-symlinks      the grants after it refuse (exit 125) a symlink anywhere\n"
    "                     on PATH: a saved argv cannot be redirected by one\n"
    "  --connect-tcp PORT, --bind-tcp PORT  allow one TCP port; --restrict-tcp\n"
    "                     allows none. Without these, TCP is not restricted.\n"
    "  --scope abstract-unix|signal  deny abstract UNIX connect / signals out\n"
    "  --log-denials      audit-log COMMAND's denials; --no-log: not the launcher's\n"
    "  --best-effort      run without the TCP/scope/audit the kernel cannot enforce\n"
    "                     (by default that is refused with 125)\n"
    "  --keep-fds         keep inherited fds > 2 (jobserver, socket activation);\n"
    "                     by default closed at exec: they bypass the sandbox\n"
    "  --require-abi N    refuse a kernel older than Landlock ABI N\n"
    "  --expect-version V refuse unless this launcher is version V\n"
    "  --probe            check the kernel enforces; print one report line\n\n"
    "Exit: 125 launcher failed (COMMAND never ran), 126 COMMAND not executable\n"
    "(also: execute denied), 127 not found, else COMMAND's own status.\n";

int run(int argc, char **argv) {
  Options o;
  Error e = parse_args(argc, argv, o);
  if (e.what) die(e.what, e.why);
  if (o.help) return write(1, kHelp, sizeof kHelp - 1) == ssize_t{sizeof kHelp - 1} ? 0 : kExitLauncherFailed;
  if (o.version)
    return Line().add("landlock-run " LANDLOCK_RUN_VERSION " source-sha256=" LANDLOCK_RUN_SOURCE_SHA256).emit(1)
               ? 0 : kExitLauncherFailed;
  if (o.expect_version && strcmp(o.expect_version, LANDLOCK_RUN_VERSION) != 0)
    die("--expect-version", "this argv was generated for another launcher; this is landlock-run " LANDLOCK_RUN_VERSION,
        o.expect_version);
  if (o.probe) return probe();
  int abi = query_abi();
  if (abi < o.require_abi)
    die("--require-abi", Line().add("the kernel has Landlock ABI ").num(abi).add(", ABI ").num(o.require_abi)
                             .add(" is required").buf);
  Plan plan = plan_for(o, abi);
  int ruleset = create_ruleset(plan.attr);
  for_each_grant(argv, o, [&](const Grant &grant) { add_path_rule(ruleset, grant, abi); });
  for_each_valued_flag(argv, o, [&](Flag flag, const char *value) {
    if ((flag == Flag::ConnectTcp || flag == Flag::BindTcp) && plan.attr.handled_access_net)
      add_port_rule(ruleset, flag, value);
  });
  restrict_self(ruleset, plan.restrict_flags);
  // Landlock checks at open time: an inherited fd would carry outside rights in.
  if (!o.keep_fds && syscall(kSysCloseRange, 3, ~0u, kCloseRangeCloexec) != 0)
    die("close_range", strerror(errno));
  if (plan.tell) plan.notice.emit(2);  // only once confined: a launcher that fails prints one line
  execvp(argv[o.command], argv + o.command);
  int exit_code = errno == ENOENT || errno == ENOTDIR ? kExitNotFound : kExitCannotExecute;
  Line().add("landlock-run: ").add(argv[o.command]).add(": ").add(strerror(errno)).emit(2);
  return exit_code;
}
#endif  // LANDLOCK_RUN_NO_MAIN

}  // namespace llr

#ifndef LANDLOCK_RUN_NO_MAIN
int main(int argc, char **argv) { return llr::run(argc, argv); }
#endif
