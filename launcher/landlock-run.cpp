// landlock-run: confine a command with Landlock, then exec it.
//
//   landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...
//
// The launcher builds one Landlock ruleset from its flags, restricts itself
// with no_new_privs, sets the command's environment and execs COMMAND in place
// (same PID). Rulesets are inherited across exec and fork, so COMMAND and all
// it spawns stay confined. Contract: docs/launcher-cli.md. The flags, the ABI
// each needs and the exit codes: launcher/cli_flags.h and launcher/abi.h.
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
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "abi.h"
#include "cli_flags.h"
#include "cli_parse.h"
#include "tty_filter.h"
#include "utf8.h"

#ifndef LANDLOCK_RUN_VERSION
#define LANDLOCK_RUN_VERSION "0.0.0-dev"
#endif
#ifndef LANDLOCK_RUN_SOURCE_SHA256
#define LANDLOCK_RUN_SOURCE_SHA256 "unknown"
#endif

// ---- The kernel's interface: Landlock's in launcher/abi.h; the rest can be
// checked against openat2.h, close_range.h and capability.h (the system call
// numbers are in musl 1.2.3's and glibc's <sys/syscall.h>).
#ifndef CLOSE_RANGE_CLOEXEC  // glibc's <unistd.h> defines it, musl's does not
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

namespace launcher {

// openat2(2), Linux 5.6: --no-symlinks
struct open_how {
  uint64_t flags, mode, resolve;
};
constexpr uint64_t RESOLVE_NO_MAGICLINKS = 0x02;  // no procfs "magic link" (/proc/self/root)
constexpr uint64_t RESOLVE_NO_SYMLINKS = 0x04;    // no symbolic link in any component, the last included
// capset(2), _LINUX_CAPABILITY_VERSION_3: a header and two cap_data, 64 capabilities
struct cap_header {
  uint32_t version = 0x20080522;
  int pid = 0;
};
struct cap_data {
  uint32_t effective, permitted, inheritable;
};
constexpr int CAP_SETPCAP = 8;

// ---- What the launcher asks of the kernel.
// The only rights the kernel accepts on a rule for a non-directory (others: EINVAL).
constexpr uint64_t kFileRights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                                 LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_TRUNCATE |
                                 LANDLOCK_ACCESS_FS_IOCTL_DEV | LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
constexpr uint64_t kReadRights =  // what --ro allows
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

// Every filesystem right the given ABI governs (launcher/abi.h); all of them
// are handled, so whatever no rule grants is denied.
constexpr uint64_t fs_rights_for_abi(int abi) {
  uint64_t rights = 0;
  for (const AbiStep &step : kAbis)
    if (step.abi <= abi) rights |= step.fs;
  return rights;
}

// What a grant allows beneath one path: --ro reads and executes; --rw is every
// handled right but RESOLVE_UNIX, which only --connect-unix gives; rights that
// only make sense on a directory are dropped for a file.
constexpr uint64_t grant_rights(Flag flag, bool is_dir, int abi) {
  uint64_t rights = kReadRights;
  if (flag == Flag::Rw || flag == Flag::RwTry) rights = fs_rights_for_abi(abi) & ~LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
  if (flag == Flag::ConnectUnix) rights = LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
  if (!is_dir) rights &= kFileRights;
  return rights & fs_rights_for_abi(abi);
}

// Whether --ro/--rw are enforced as they promise on this ABI: not below
// the newest ABI with an `ungoverned` entry (truncate, device ioctl).
constexpr bool fs_enforcement_full(int abi) {
  for (const AbiStep &step : kAbis)
    if (step.abi > abi && *step.ungoverned) return false;
  return true;
}

// The size of landlock_ruleset_attr this ABI knows (launcher/abi.h): what is passed.
constexpr unsigned attr_size(int abi) {
  unsigned size = 0;
  for (const AbiStep &step : kAbis)
    if (step.abi <= abi && step.attr_size > 0) size = step.attr_size;
  return size;
}

// The port rights a flag grants, when its protocol is restricted. A first
// send from an unbound UDP socket autobinds, which the kernel checks as bind
// to port 0 (landlock.h): --connect-udp grants that too (add_port_rule).
constexpr uint64_t port_right(Flag flag) {
  if (flag == Flag::ConnectTcp) return LANDLOCK_ACCESS_NET_CONNECT_TCP;
  if (flag == Flag::BindTcp) return LANDLOCK_ACCESS_NET_BIND_TCP;
  if (flag == Flag::ConnectUdp) return LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP;
  if (flag == Flag::BindUdp) return LANDLOCK_ACCESS_NET_BIND_UDP;
  return 0;
}

// The landlock_restrict_self flags passed on this ABI whatever the options
// (launcher/abi.h): LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS from ABI 11.
constexpr uint32_t restrict_flags_for_abi(int abi) {
  uint32_t flags = 0;
  for (const AbiStep &step : kAbis)
    if (step.abi <= abi) flags |= step.restrict_flags;
  return flags;
}

// Enforces the ruleset on this process: nullptr, or the step that failed
// (errno says why). An unprivileged restriction needs no_new_privs: below
// ABI 11 prctl sets it first; from ABI 11 the flag has the kernel set it
// within landlock_restrict_self, only once the restriction holds, so that a
// failure leaves nothing half set.
constexpr char kStepNoNewPrivs[] = "no_new_privs";
constexpr char kStepRestrictSelf[] = "restrict_self";
const char *enforce(long ruleset, uint32_t flags) {
  bool nnp_by_prctl = (flags & LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS) == 0;
  if (nnp_by_prctl && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return kStepNoNewPrivs;
  if (syscall(SYS_landlock_restrict_self, ruleset, flags) != 0) return kStepRestrictSelf;
  return nullptr;
}

// Whether a kernel release (uname -r: "6.18.44-cloud-amd64") carries the fix
// of CVE-2026-72183, the SIGIO path around the signal scope (launcher/abi.h).
// What cannot be read counts as release 0: not fixed.
constexpr bool sigio_scope_fixed(const char *release) {
  unsigned running = 0;  // as kernel_release() spells it
  // major, minor, patch: digits, each after a '.'
  for (int shift = 16; shift >= 0; shift -= 8) {
    unsigned part = 0;
    while (*release >= '0' && *release <= '9') part = part * 10 + static_cast<unsigned>(*release++ - '0');
    running |= (part < 0xff ? part : 0xff) << shift;
    if (*release == '.') ++release;
  }
  for (const ReleaseRange &fixed : kSigioScopeFixed)
    if (running >= fixed.from && running < fixed.until) return true;
  return false;
}

// ---- Output without stdio: one line assembled on the stack, one write(2).
// Text from outside (arguments, paths) must not forge a second line or a
// terminal escape: C0 controls, DEL, C1 controls (U+0080..U+009F) and every
// byte that is not part of valid UTF-8 (a raw 0x9b is CSI on some terminals)
// are shown as '?', and so are bidi overrides (launcher/utf8.h). Valid UTF-8
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
  [[gnu::noinline]] Line &add(const char *s) { return add(s, sizeof buf); }  // one argument at ~80 calls: 256 bytes
  Line &add(const char *s, size_t max) {
    const unsigned char *bytes = reinterpret_cast<const unsigned char *>(s);
    size_t i = 0;
    while (bytes[i] != '\0') {
      if (i >= max) return add("...");
      unsigned code_point = 0;
      int length = utf8_sequence(bytes + i, 4, &code_point);
      if (length == 0) {
        put(s[i]);  // ASCII (masked by put when a control) or a stray byte: '?'
        i += 1;
      } else if (acts_on_terminal(code_point)) {
        put('?');
        i += static_cast<size_t>(length);
      } else {
        raw(s + i, static_cast<size_t>(length));
        i += static_cast<size_t>(length);
      }
    }
    return *this;
  }
  Line &num(long n) {  // n >= 0: the leading digits first, then the last
    if (n >= 10) num(n / 10);
    char digit = static_cast<char>('0' + n % 10);
    return raw(&digit, 1);
  }
  bool emit(int fd) {
    buf[len] = '\n';
    len += 1;
    return write(fd, buf, len) == static_cast<ssize_t>(len);
  }
};

// --probe's errata fields: " errata=MASK fixes=NAME,..." with the names of
// the bits launcher/abi.h's kErrata knows ("none" if it knows none); a kernel
// that predates the query (EINVAL: mask < 0) says "unknown", never 0.
Line &add_errata(Line &line, long mask) {
  if (mask < 0) return line.add(" errata=unknown fixes=unknown");
  line.add(" errata=").num(mask).add(" fixes");
  size_t first = line.len;  // each name comes after a ','; the first one becomes the '='
  for (const Erratum &erratum : kErrata)
    if ((mask >> (erratum.number - 1)) & 1) line.add(",").add(erratum.name);
  if (line.len == first) return line.add("=none");
  line.buf[first] = '=';
  return line;
}

#ifndef LANDLOCK_RUN_NO_MAIN
int status_fd = -1;  // --status-fd, once made close-on-exec: where die() and exec report

// One JSON line to --status-fd, when given: head, n, middle, then text
// inside a JSON string, then tail. Whether it was written.
bool report_status(const char *head, long n, const char *middle, const char *text, const char *tail) {
  if (status_fd < 0) return true;
  Line status;
  status.add(head).num(n).add(middle);
  status.json = true;
  status.add(text);
  status.json = false;
  return status.add(tail).emit(status_fd);
}

[[noreturn]] void die(const char *what, const char *why, const char *value) {
  Line message;
  message.add(what);
  if (value) message.add(" ").add(value, 256);  // clipped, so that the reason always shows
  message.add(": ").add(why);
  report_status("{\"confined\":false,\"exit\":", kExitLauncherFailed, ",\"error\":\"", message.buf, "\"}");
  Line().add("landlock-run: ").add(message.buf).emit(2);  // if stderr is gone: still 125
  _exit(kExitLauncherFailed);
}
[[noreturn, gnu::noinline]] void die(const char *what, const char *why) { die(what, why, nullptr); }  // 96 bytes less

// Whether a seccomp filter is on this process ("Seccomp:\t2" in /proc/self/status).
bool seccomp_filtered() {
  char status[8192];  // the whole file, in one read
  int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t got = read(fd, status, sizeof status);
  if (close(fd) != 0 || got <= 0) return false;
  constexpr char kFiltered[] = "\nSeccomp:\t2\n";  // a plain scan: musl's strstr costs 1 KiB of binary
  for (ssize_t at = 0; at + static_cast<ssize_t>(sizeof kFiltered) - 1 <= got; ++at)
    if (memcmp(status + at, kFiltered, sizeof kFiltered - 1) == 0) return true;
  return false;
}

// Why a Landlock system call failed. ENOSYS and EPERM are also what a seccomp
// filter (a container runtime's profile) answers: with one on, it is named.
const char *unavailable_reason(int error) {
  if (error == ENOSYS && seccomp_filtered())
    return "this process's seccomp filter may be hiding Landlock (ENOSYS; in a container, allow the Landlock "
           "system calls: man landlock-run, CONTAINERS)";
  if (error == ENOSYS) return "this kernel does not support it (ENOSYS)";
  if (error == EOPNOTSUPP) return "it is disabled at boot: lsm= lacks landlock (EOPNOTSUPP)";
  if (error == EPERM)  // the kernel's Landlock never answers EPERM here; seccomp does
    return "a seccomp filter probably blocks the Landlock system calls (EPERM; man landlock-run, CONTAINERS)";
  return strerror(error);
}

// Kernel Landlock ABI, clamped to the newest this launcher knows, or dies;
// for --probe, after writing probe_line with what kind of failure it was.
int query_abi(Line *probe_line = nullptr) {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi > kNewestKnownAbi) return kNewestKnownAbi;
  if (abi >= 1) return static_cast<int>(abi);
  int error = errno;
  const char *kind = "failed";
  if (error == ENOSYS) kind = "unsupported";
  if (error == EOPNOTSUPP) kind = "disabled";
  if (error == EPERM) kind = "blocked";
  if (probe_line) probe_line->num(0).add(" enforcement=none error=").add(kind).emit(1);
  die("Landlock is not available", unavailable_reason(error));
}

// ---- The plan: the rights the ruleset handles and the flags passed to
// landlock_restrict_self, for these options on this kernel's ABI.
struct Plan {
  landlock_ruleset_attr attr{};
  uint32_t restrict_flags = 0;
  Line notice;  // said right before exec: what is not enforced is never hidden
};

// Whether the kernel enforces a request (TCP, UDP, a scope, audit): from its flag's ABI on (launcher/abi.h).
// If not, it is refused (exit 125), since the command would run less confined than asked; --best-effort
// runs without it instead and adds it to `dropped`, which the notice names.
bool enforceable(const Options &o, int abi, Flag flag, const char *request, Line &dropped) {
  int needed_abi = min_abi(flag);
  if (abi >= needed_abi) return true;
  if (!o.has(Flag::BestEffort)) {
    Line why;
    why.add("needs Landlock ABI ").num(needed_abi).add(", the kernel has ").num(abi);
    die(request, why.add(" (--best-effort runs without it)").buf);
  }
  if (dropped.len > 0) dropped.add(", ");
  dropped.add(request);
  return false;
}

// Starts one more clause of the notice: the clauses are separated by "; ".
Line &next_clause(Line &notice) {
  if (notice.len > 0) notice.add("; ");
  return notice;
}

// What --ro and --rw promise that this ABI does not govern (launcher/abi.h), as "partial enforcement on
// Landlock ABI 2: truncate and device ioctl are not governed"; nothing from ABI 5 on.
void add_ungoverned(Line &notice, int abi) {
  int ungoverned = 0;
  for (const AbiStep &step : kAbis) {
    if (step.abi <= abi || *step.ungoverned == '\0') continue;
    if (ungoverned == 0) next_clause(notice).add("partial enforcement on Landlock ABI ").num(abi).add(": ");
    if (ungoverned > 0) notice.add(" and ");
    notice.add(step.ungoverned);
    ungoverned += 1;
  }
  if (ungoverned == 1) notice.add(" is not governed");
  if (ungoverned > 1) notice.add(" are not governed");
}

Plan plan_for(const Options &o, int abi, const char *release) {
  Plan plan;
  Line dropped;  // the requests --best-effort runs without
  // Every right this ABI knows is handled: what no rule grants is denied.
  plan.attr.handled_access_fs = fs_rights_for_abi(abi);
  plan.restrict_flags = restrict_flags_for_abi(abi);
  // Any TCP flag handles both TCP rights, so that only the ports granted are allowed; UDP alike.
  if (o.restricts_tcp() && enforceable(o, abi, Flag::RestrictTcp, "tcp", dropped))
    plan.attr.handled_access_net |= LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
  if (o.restricts_udp() && enforceable(o, abi, Flag::RestrictUdp, "udp", dropped))
    plan.attr.handled_access_net |= LANDLOCK_ACCESS_NET_BIND_UDP | LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP;
  bool abstract_unix = (o.scopes & LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET) != 0;
  bool signal = (o.scopes & LANDLOCK_SCOPE_SIGNAL) != 0;
  if (abstract_unix && enforceable(o, abi, Flag::Scope, "--scope abstract-unix", dropped))
    plan.attr.scoped |= LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;
  if (signal && enforceable(o, abi, Flag::Scope, "--scope signal", dropped)) plan.attr.scoped |= LANDLOCK_SCOPE_SIGNAL;
  if (abi >= enforced_from(Flag::ScopeTry)) plan.attr.scoped |= o.try_scopes;  // --scope-try: skipped below
  // Audit: log the command's denials, or not the launcher's own (the kernel's default logs those).
  if (o.has(Flag::LogDenials) && enforceable(o, abi, Flag::LogDenials, "--log-denials", dropped))
    plan.restrict_flags |= LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON;
  if (o.has(Flag::NoLog) && enforceable(o, abi, Flag::NoLog, "--no-log", dropped))
    plan.restrict_flags |= LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF;
  // The notice: what --best-effort dropped, then what this ABI does not govern.
  if (dropped.len > 0) plan.notice.add("--best-effort: not enforced on Landlock ABI ").num(abi).add(": ");
  plan.notice.add(dropped.buf);
  add_ungoverned(plan.notice, abi);
  // CVE-2026-72183: where SIGIO crosses the signal scope, a strict --scope
  // signal is refused; --best-effort and --scope-try run and say so.
  if ((plan.attr.scoped & LANDLOCK_SCOPE_SIGNAL) == 0 || sigio_scope_fixed(release)) return plan;
  const char *sigio = "SIGIO can cross the signal scope on this kernel release (CVE-2026-72183)";
  if (signal && !o.has(Flag::BestEffort)) die("--scope signal", sigio);
  next_clause(plan.notice).add(sigio);
  return plan;
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

// A failed landlock_add_rule: "add_rule --ro PATH: why", the step named like the others.
[[noreturn]] void die_adding_rule(const char *flag, const char *why, const char *value) {
  die(Line().add("add_rule ").add(flag).buf, why, value);
}

void add_path_rule(int ruleset, const Grant &grant, int abi) {
  const char *flag = spelling(grant.flag);
  if (grant_rights(grant.flag, true, abi) == 0) return;  // --connect-unix below ABI 9: no socket is denied
  bool optional = grant.flag == Flag::RoTry || grant.flag == Flag::RwTry;
  int fd = open_grant(grant);
  if (fd < 0 && optional && errno == ENOENT) return;  // -try: a missing path is skipped
  if (fd < 0) die(flag, open_error(grant, errno), grant.path);
  struct stat st;
  if (fstat(fd, &st) != 0) die(flag, strerror(errno), grant.path);
  landlock_path_beneath_attr rule{grant_rights(grant.flag, S_ISDIR(st.st_mode), abi), fd};
  if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
    if (errno == EBADFD)
      die_adding_rule(flag, "cannot carry a Landlock rule (pipe, socket or kernel-internal file)", grant.path);
    die_adding_rule(flag, unavailable_reason(errno), grant.path);
  }
  if (close(fd) != 0) die("close", strerror(errno));  // as it goes: 10 000 grants need no fd limit
}

void add_port_rule(int ruleset, uint64_t right, long port, const char *flag) {
  landlock_net_port_attr rule{right, static_cast<uint64_t>(port)};
  if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_NET_PORT, &rule, 0) != 0)
    die_adding_rule(flag, unavailable_reason(errno), Line().num(port).buf);
}

void restrict_self(int ruleset, uint32_t flags) {
  const char *failed = enforce(ruleset, flags);
  if (failed == kStepNoNewPrivs) die(failed, strerror(errno));
  if (failed && errno == E2BIG) die(failed, "too many nested Landlock layers (the kernel allows 16)");
  if (failed) die(failed, unavailable_reason(errno));
  if (close(ruleset) != 0) die("close", strerror(errno));
}

// --drop-caps: the command starts with no capability, even as root. Clearing the bounding set needs
// CAP_SETPCAP; without it, no_new_privs already keeps exec from granting any (docs/landlock-limits.md).
void drop_capabilities() {
  cap_header header;
  cap_data caps[2] = {};
  if (syscall(SYS_capget, &header, caps) != 0) die("--drop-caps: capget", strerror(errno));
  bool may_drop_bounding = (caps[0].effective >> CAP_SETPCAP) & 1U;
  for (int cap = 0; may_drop_bounding && prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; ++cap)  // up to the kernel's last
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) die("--drop-caps: PR_CAPBSET_DROP", strerror(errno));
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0) die("--drop-caps: ambient", strerror(errno));
  cap_data none[2] = {};
  if (syscall(SYS_capset, &header, none) != 0) die("--drop-caps: capset", strerror(errno));
}

// --no-tty-inject (tty_filter.h): after restrict_self, whose no_new_privs (set by prctl before it, or
// by the kernel within it from ABI 11) an unprivileged filter needs.
void refuse_tty_injection() {
  sock_fprog program{kSteps, kTtyFilter};
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) == 0) return;
  const char *no_filter = "this kernel has no seccomp filter (CONFIG_SECCOMP_FILTER)";
  die("--no-tty-inject: seccomp", errno == EINVAL ? no_filter : strerror(errno));
}

// The scopes in force, as the status line names them: "abstract-unix,signal", or "none".
Line &add_scope_names(Line &line, uint64_t scoped) {
  if (scoped == 0) line.add("none");
  if (scoped & LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET) line.add(kScopeAbstractUnix);
  if (scoped == kScopes) line.add(",");
  if (scoped & LANDLOCK_SCOPE_SIGNAL) line.add(kScopeSignal);
  return line;
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
  landlock_ruleset_attr attr = plan_for(everything, abi, "").attr;  // its notice is not used
  long ruleset = syscall(SYS_landlock_create_ruleset, &attr, attr_size(abi), 0);
  if (ruleset < 0) _exit(kProbeCannotRestrict);
  if (enforce(ruleset, restrict_flags_for_abi(abi)) != nullptr) _exit(kProbeCannotRestrict);  // as the launcher does
  int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0 && errno == EACCES) _exit(kProbeDenied);
  _exit(kProbeNotDenied);
}

int probe() {
  Line line;
  line.add("landlock-run " LANDLOCK_RUN_VERSION " abi=");
  int abi = query_abi(&line);
  // An inherited "ignore SIGCHLD" makes the kernel reap the child on its own,
  // and waitpid fail with ECHILD: the probe waits with the default action.
  if (signal(SIGCHLD, SIG_DFL) == SIG_ERR) die("probe: signal(SIGCHLD)", strerror(errno));
  pid_t child = _Fork();  // musl's fork without atfork handlers: no threads here, and 2 KiB less
  if (child < 0) die("probe: fork", strerror(errno));
  if (child == 0) probe_child(abi);
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
  bool full = fs_enforcement_full(abi);
  line.num(abi).add(full ? " enforcement=full fs=full" : " enforcement=partial fs=partial");
  for (const AbiStep &step : kAbis) line.add(step.abi <= abi ? step.probe_yes : step.probe_no);
  add_errata(line, syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_ERRATA));
  if (!line.emit(1)) die("probe: cannot write the report", strerror(errno));
  return 0;
}

// --help: the usage, then a line per flag of launcher/cli_flags.h with the ABI from which it is
// enforced (launcher/abi.h; below it, the flag is refused or skipped, as its text says).
bool print_help() {
  bool written = true;
  for (const char *text : kUsage) written = Line().add(text).emit(1) && written;
  for (const FlagSpec &spec : kFlags) {
    Line line;
    line.add("  ").add(spec.spelling).add(" ").add(spec.operand);
    while (line.len < 28) line.add(" ");
    line.add(spec.means);
    int abi = enforced_from(spec.flag);
    if (abi > 1) line.add(" (ABI ").num(abi).add(")");  // ABI 1: any Landlock
    written = line.emit(1) && written;
  }
  Line exits;
  exits.add("Exit: ").num(kExitLauncherFailed).add(" the launcher failed (COMMAND never ran), ");
  exits.num(kExitCannotExecute).add(" COMMAND could not be executed, ").num(kExitNotFound).add(" not found,");
  return exits.add(" else COMMAND's own status.").emit(1) && written;
}

// Confines this process as the flags say and execs COMMAND with envp; returns
// only when the exec failed (126, 127).
int confine_and_exec(char **argv, const Options &o, char **envp) {
  int abi = query_abi();
  if (abi < o.require_abi)
    die("--require-abi",
        Line().add("the kernel has Landlock ABI ").num(abi).add(", ABI ").num(o.require_abi).add(" is required").buf);
  utsname kernel{};  // its release, read only for a signal scope (CVE-2026-72183): one system call less
  bool signal_scope = ((o.scopes | o.try_scopes) & LANDLOCK_SCOPE_SIGNAL) != 0;
  if (signal_scope && uname(&kernel) != 0) die("uname", strerror(errno));
  Plan plan = plan_for(o, abi, kernel.release);
  int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &plan.attr, attr_size(abi), 0));
  if (ruleset < 0) die("create_ruleset", unavailable_reason(errno));
  for_each_grant(argv, o, [&](const Grant &grant) { add_path_rule(ruleset, grant, abi); });
  for_each_valued_flag(argv, o, [&](Flag flag, const char *value, const char *) {
    long port = 0;
    uint64_t right = port_right(flag) & plan.attr.handled_access_net;  // none when --best-effort dropped it
    if (right == 0 || !parse_number(value, 65535, &port)) return;      // parse_args validated it
    add_port_rule(ruleset, right, port, spelling(flag));
    if (flag == Flag::ConnectUdp) add_port_rule(ruleset, LANDLOCK_ACCESS_NET_BIND_UDP, 0, spelling(flag));
  });
  restrict_self(ruleset, plan.restrict_flags);
  if (o.has(Flag::DropCaps)) drop_capabilities();
  if (o.has(Flag::NoTtyInject)) refuse_tty_injection();
  // Landlock checks at open time: an inherited fd would carry outside rights in.
  if (!o.has(Flag::KeepFds) && syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
    die("close_range", strerror(errno));
  environ = envp;  // execvp then searches the PATH COMMAND gets
  // The status line, right before exec.
  const char *enforcement = ",\"enforcement\":\"full\",\"notice\":\"";
  if (plan.notice.len > 0) enforcement = ",\"enforcement\":\"partial\",\"notice\":\"";
  Line tail;  // after the notice: the scopes in force (--scope-try skips them below ABI 6), the version
  add_scope_names(tail.add("\",\"scopes\":\""), plan.attr.scoped).add("\",\"version\":\"" LANDLOCK_RUN_VERSION "\"}");
  if (!report_status("{\"confined\":true,\"abi\":", abi, enforcement, plan.notice.buf, tail.buf))
    die("--status-fd", strerror(errno));
  if (plan.notice.len > 0) Line().add("landlock-run: notice: ").add(plan.notice.buf).emit(2);
  execvp(argv[o.command], argv + o.command);
  int exit_code = kExitCannotExecute;
  if (errno == ENOENT || errno == ENOTDIR) exit_code = kExitNotFound;
  Line why;
  why.add("cannot run ").add(argv[o.command], 256).add(": ").add(strerror(errno));
  if (errno == EACCES && !o.grants_a_path()) why.add(" (no grant at all: nothing is executable; grant its directory)");
  report_status("{\"exec_failed\":true,\"exit\":", exit_code, ",\"error\":\"", why.buf, "\"}");
  Line().add("landlock-run: ").add(why.buf).emit(2);
  return exit_code;
}

// Only with environment flags: their 128 KiB in run()'s frame (or .bss) cost every exec page faults.
[[noreturn, gnu::noinline]] void exec_in_new_environment(char **argv, const Options &o) {
  Environment environment;
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

}  // namespace launcher

#ifndef LANDLOCK_RUN_NO_MAIN
int main(int argc, char **argv) { return launcher::run(argc, argv); }
#endif
