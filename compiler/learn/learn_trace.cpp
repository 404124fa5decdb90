#include "learn_trace.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <ctime>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <map>
#include <netinet/in.h>
#include <sched.h>
#include <set>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../host/paths.h"
#include "../host/spawn.h"
#include "learn_child.h"
#include "learn_filter.h"

namespace llp {

namespace {

using learn_arch::Call;

constexpr long kPage = 4096;

// Reads a NUL-terminated string of at most PATH_MAX bytes from the tracee,
// page by page so that a string ending just before an unmapped page reads.
bool read_string(pid_t pid, uint64_t addr, std::string &out) {
  out.clear();
  if (addr == 0) return false;
  char buf[kPage] = {};
  while (out.size() < PATH_MAX) {
    size_t chunk = static_cast<size_t>(kPage - static_cast<long>(addr % kPage));
    iovec local{buf, chunk};
    iovec remote{reinterpret_cast<void *>(addr), chunk};  // NOLINT(performance-no-int-to-ptr)
    ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
    if (n <= 0) return false;
    const char *end = static_cast<const char *>(std::memchr(buf, 0, static_cast<size_t>(n)));
    if (end) {
      out.append(buf, static_cast<size_t>(end - buf));
      return true;
    }
    out.append(buf, static_cast<size_t>(n));
    addr += static_cast<uint64_t>(n);
  }
  return false;  // longer than PATH_MAX: the call failed with ENAMETOOLONG anyway
}

bool read_bytes(pid_t pid, uint64_t addr, void *dst, size_t len) {
  iovec local{dst, len};
  iovec remote{reinterpret_cast<void *>(addr), len};  // NOLINT(performance-no-int-to-ptr)
  return addr != 0 && process_vm_readv(pid, &local, 1, &remote, 1, 0) == static_cast<ssize_t>(len);
}

std::string read_link(const std::string &link) {
  char buf[PATH_MAX];
  ssize_t n = readlink(link.c_str(), buf, sizeof buf);
  if (n <= 0 || n >= static_cast<ssize_t>(sizeof buf)) return {};
  return std::string(buf, static_cast<size_t>(n));
}

// The absolute path a (dirfd, path) pair names in the tracee: "" when the
// base cannot be read (the fd was closed, the process is gone).
std::string absolute_in(pid_t pid, uint64_t dirfd, const std::string &path) {
  if (!path.empty() && path[0] == '/') return lexical_normalize(path);
  int fd = static_cast<int>(dirfd);
  std::string base =
      read_link("/proc/" + std::to_string(pid) + (fd == AT_FDCWD ? std::string("/cwd") : "/fd/" + std::to_string(fd)));
  if (base.empty() || base[0] != '/') return {};
  return lexical_normalize(path.empty() ? base : base + "/" + path);
}

struct Entry {
  uint64_t nr = 0;
  uint64_t args[6] = {};
  bool native = false;     // the tracee's architecture is the one learn_arch.h knows
  bool described = false;  // at_entry holds the call's paths as they were at its entry
  TracedDenial at_entry;
};

// The path argument at index i, resolved against the dirfd at index d (-1: cwd).
std::string path_arg(pid_t pid, const Entry &e, int d, int i) {
  std::string p;
  if (!read_string(pid, e.args[i], p)) return {};
  return absolute_in(pid, d < 0 ? static_cast<uint64_t>(AT_FDCWD) : e.args[d], p);
}

long port_arg(pid_t pid, const Entry &e) {
  sockaddr_storage sa{};
  size_t len = std::min<size_t>(e.args[2], sizeof sa);
  if (len < sizeof(sockaddr_in) || !read_bytes(pid, e.args[1], &sa, len)) return -1;
  if (sa.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in *>(&sa)->sin_port);  // NOLINT
  if (sa.ss_family == AF_INET6 && len >= sizeof(sockaddr_in6))
    return ntohs(reinterpret_cast<const sockaddr_in6 *>(&sa)->sin6_port);  // NOLINT
  return -1;
}

// Fills d from the failed call; false when it is not one learn reports.
bool describe(pid_t pid, const Entry &e, TracedDenial &d) {
  d.call = learn_arch::call_of(e.nr);
  switch (d.call) {
    case Call::Other: return false;
    case Call::Open:
      d.path = path_arg(pid, e, -1, 0);
      d.flags = e.args[1];
      break;
    case Call::Creat:
      d.path = path_arg(pid, e, -1, 0);
      d.flags = O_CREAT | O_WRONLY | O_TRUNC;
      break;
    case Call::Openat:
      d.path = path_arg(pid, e, 0, 1);
      d.flags = e.args[2];
      break;
    case Call::Openat2: {
      uint64_t how_flags = 0;  // struct open_how starts with the flags
      if (!read_bytes(pid, e.args[2], &how_flags, sizeof how_flags)) return false;
      d.path = path_arg(pid, e, 0, 1);
      d.flags = how_flags;
      break;
    }
    case Call::Execve: d.path = path_arg(pid, e, -1, 0); break;
    case Call::Execveat: d.path = path_arg(pid, e, 0, 1); break;
    case Call::Mkdir:
    case Call::Mknod:
    case Call::Unlink:
    case Call::Rmdir:
    case Call::Truncate:
      d.path = path_arg(pid, e, -1, 0);
      d.flags = d.call == Call::Rmdir ? AT_REMOVEDIR : 0;
      break;
    case Call::Mkdirat:
    case Call::Mknodat: d.path = path_arg(pid, e, 0, 1); break;
    case Call::Unlinkat:
      d.path = path_arg(pid, e, 0, 1);
      d.flags = e.args[2] & AT_REMOVEDIR;
      break;
    case Call::Rename:
    case Call::Link:
      d.path = path_arg(pid, e, -1, 0);
      d.path2 = path_arg(pid, e, -1, 1);
      break;
    case Call::Renameat:
    case Call::Renameat2:
    case Call::Linkat:
      d.path = path_arg(pid, e, 0, 1);
      d.path2 = path_arg(pid, e, 2, 3);
      break;
    case Call::Symlink: d.path = path_arg(pid, e, -1, 1); break;
    case Call::Symlinkat: d.path = path_arg(pid, e, 1, 2); break;
    case Call::Connect:
    case Call::Bind: d.port = port_arg(pid, e); return d.port >= 0;
    case Call::Ioctl: {
      // The fd is still open at the call's exit: its path, if it is one.
      int fd = static_cast<int>(e.args[0]);
      if (fd < 0) return false;
      d.path = read_link("/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd));
      if (d.path.empty() || d.path[0] != '/') return false;
      d.flags = e.args[1];  // the request
      break;
    }
  }
  return !d.path.empty();
}

class Tracer {
 public:
  TraceResult result;
  bool filtered = false;  // the watch filter is in place: resume with PTRACE_CONT between watched calls

  // A syscall stop or a seccomp stop; returns the kernel's op (entry, exit, seccomp).
  uint8_t syscall_stop(pid_t pid) {
    learn_arch::SyscallInfo info{};
    if (ptrace(static_cast<__ptrace_request>(learn_arch::kGetSyscallInfo), pid, sizeof info, &info) <= 0) return 0;
    if (info.op == learn_arch::kInfoEntry || info.op == learn_arch::kInfoSeccomp) {
      Entry &e = entries_[pid];
      e.nr = info.op == learn_arch::kInfoEntry ? info.entry.nr : info.seccomp.nr;
      const uint64_t *args = info.op == learn_arch::kInfoEntry ? info.entry.args : info.seccomp.args;
      std::copy(args, args + 6, std::begin(e.args));
      e.native = info.arch == learn_arch::kAuditArch;
      // The paths as the call found them: read now, before the kernel
      // copies them, and compared at the exit (ioctl names its fd, read at
      // the exit).
      e.at_entry = TracedDenial{};
      e.described = e.native && learn_arch::call_of(e.nr) != Call::Ioctl && describe(pid, e, e.at_entry);
      return info.op;
    }
    if (info.op != learn_arch::kInfoExit) return info.op;
    exit_stop(pid, info);
    return info.op;
  }

  void exit_stop(pid_t pid, const learn_arch::SyscallInfo &info) {
    auto it = entries_.find(pid);
    if (it == entries_.end()) return;
    Entry e = it->second;
    entries_.erase(it);
    long err = info.exit.is_error ? -info.exit.rval : 0;
    if (!e.native || (err != EACCES && err != EPERM && err != EXDEV)) return;
    if (result.denials.size() >= kMaxTracedDenials) {
      ++result.not_recorded;
      return;
    }
    TracedDenial d;
    bool now = describe(pid, e, d);
    if (e.described) {
      bool same = now && d.path == e.at_entry.path && d.path2 == e.at_entry.path2 && d.port == e.at_entry.port &&
                  d.flags == e.at_entry.flags;
      d = e.at_entry;
      d.changed = !same;
    } else if (!now || learn_arch::call_of(e.nr) != Call::Ioctl) {
      return;  // unreadable at the entry: nothing to say what the call used
    }
    d.error = static_cast<int>(err);
    d.program = read_link("/proc/" + std::to_string(pid) + "/exe");
    result.denials.push_back(std::move(d));
  }

  // How a stopped tracee goes on: with the filter, untraced until the next
  // watched call, except right after a watched call's entry, to see its result.
  __ptrace_request resume_after(uint8_t op) const {
    if (!filtered) return PTRACE_SYSCALL;
    if (op == learn_arch::kInfoEntry || op == learn_arch::kInfoSeccomp) return PTRACE_SYSCALL;
    return PTRACE_CONT;
  }

  // Waits for every traced process; first is the one whose status counts.
  // Once it has exited, the others get kLeftRunningGraceSeconds.
  void loop(pid_t first) {
    bool first_done = false;
    time_t deadline = 0;
    for (;;) {
      int st = 0;
      pid_t pid = waitpid(-1, &st, first_done ? __WALL | WNOHANG : __WALL);
      if (pid < 0) {
        if (errno == EINTR) continue;
        return;  // ECHILD: nothing left to trace
      }
      if (pid == 0) {  // WNOHANG, nothing new: the grace is running
        if (time(nullptr) >= deadline) {
          result.left_running = static_cast<int>(live_.size());
          return;
        }
        usleep(20000);
        continue;
      }
      if (WIFEXITED(st) || WIFSIGNALED(st)) {
        if (pid == first) {
          result.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
          first_done = true;
          deadline = time(nullptr) + kLeftRunningGraceSeconds;
        }
        entries_.erase(pid);
        live_.erase(pid);
        continue;
      }
      live_.insert(pid);
      if (!WIFSTOPPED(st)) continue;
      int sig = WSTOPSIG(st);
      int inject = 0;
      bool fresh = seen_.insert(pid).second;
      uint8_t op = 0;
      if (sig == (SIGTRAP | 0x80) || st >> 16 == PTRACE_EVENT_SECCOMP) op = syscall_stop(pid);
      else if (st >> 16 != 0) {
        // fork, vfork, clone or exec event: the new tracee reports on its own
      } else if (!(fresh && sig == SIGSTOP)) {
        inject = sig;  // a real signal: delivered as it would be untraced
        siginfo_t si{};
        // A stop signal already delivered (a group-stop: no siginfo) is not
        // delivered again; the tracee resumes (TRACEME cannot keep it stopped).
        if ((sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU) &&
            ptrace(PTRACE_GETSIGINFO, pid, nullptr, &si) != 0)
          inject = 0;
      }
      // ESRCH: it died meanwhile; its exit is reported by waitpid.
      (void)ptrace(resume_after(op), pid, nullptr, reinterpret_cast<void *>(static_cast<long>(inject)));  // NOLINT
    }
  }

 private:
  std::map<pid_t, Entry> entries_;
  std::set<pid_t> seen_;
  std::set<pid_t> live_;  // traced and not yet exited
};

// Why the traced child stopped before the command (spawn.h's steps).
enum TraceStep : int { kTraceMe = 1, kStopSelf = 2, kDropCapabilities = 4, kWatchFilter = 5 };

// In the child: no capability reaches the command, even as root. The watch
// filter needs no_new_privs (the launcher sets it anyway); it is what
// refuses CLONE_UNTRACED, so without it nothing runs. Then traced, and
// stopped until the tracer has set its options.
ChildReport prepare_tracee(const sock_fprog &filter) {
  if (int e = learn_drop_capabilities(); e != 0) return {kDropCapabilities, e};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter) != 0)
    return {kWatchFilter, errno};
  if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0) return {kTraceMe, errno};
  if (raise(SIGSTOP) != 0) return {kStopSelf, errno};
  return {};
}

// Waits for the child's first stop (its SIGSTOP, traced); false with
// r.error when it stopped before, as it told on its report pipe.
bool first_stop(Spawned &child, TraceResult &r) {
  int st = 0;
  pid_t w = 0;
  do w = waitpid(child.pid(), &st, 0);
  while (w < 0 && errno == EINTR);
  if (w == child.pid() && WIFSTOPPED(st)) return true;
  ChildReport why;
  bool told = child.report(why);
  if (told && why.step == kTraceMe)
    r.error = std::string("ptrace is not permitted here (PTRACE_TRACEME: ") + std::strerror(why.error) +
              "; see kernel.yama.ptrace_scope)";
  else if (told && why.step == kDropCapabilities)
    r.error = std::string("dropping the command's capabilities: ") + std::strerror(why.error);
  else if (told && why.step == kWatchFilter)
    r.error =
        std::string("learn's seccomp filter (no_new_privs, SECCOMP_SET_MODE_FILTER): ") + std::strerror(why.error);
  else r.error = "the traced child did not start";
  if (w == child.pid() && WIFEXITED(st)) r.status = WEXITSTATUS(st);
  return false;
}

// Follows forks, clones and exec, and the watch filter's stops; false
// with r.error (the child killed) when the kernel refuses.
bool set_options(pid_t child, TraceResult &r) {
  long opts = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |
              PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL | PTRACE_O_TRACESECCOMP;
  if (ptrace(PTRACE_SETOPTIONS, child, nullptr, reinterpret_cast<void *>(opts)) == 0) return true;  // NOLINT
  r.error = std::string("PTRACE_SETOPTIONS: ") + std::strerror(errno);
  int st = 0;
  kill(child, SIGKILL);
  waitpid(child, &st, 0);
  return false;
}

// Traces the run to its end; whatever is left (processes in the grace,
// their orphans) is killed and reaped then: nothing of the run outlives learn.
TraceResult follow(pid_t child, TraceResult r) {
  Tracer t;
  t.result = std::move(r);
  t.filtered = true;  // the child runs only with the watch filter in place
  {
    LearnIgnoresInterrupts interrupts;
    (void)ptrace(t.resume_after(0), child, nullptr, nullptr);
    t.loop(child);
    t.result.killed = learn_kill_descendants();
  }
  return std::move(t.result);
}

}  // namespace

TraceResult trace_run(const std::vector<std::string> &argv, bool search) {
  TraceResult r;
  if (argv.empty()) {
    r.error = "nothing to run";
    return r;
  }
  std::vector<sock_filter> filter = watch_filter();  // built before the fork: the child only installs it
  sock_fprog program{static_cast<unsigned short>(filter.size()), filter.data()};
  // Every process of the run stays learn's descendant (a daemon's orphans
  // come back to it), so that all are gone when learn returns.
  if (!learn_become_subreaper()) {
    r.error = std::string("PR_SET_CHILD_SUBREAPER: ") + std::strerror(errno);
    return r;
  }
  ExecArgs args(argv);
  Spawned child = spawn(args, search, [&program] { return prepare_tracee(program); });
  if (child.pid() < 0) {
    r.error = child.error();
    return r;
  }
  if (!first_stop(child, r) || !set_options(child.pid(), r)) return r;
  r.started = true;
  r = follow(child.pid(), std::move(r));
  // The child reports an exec failure (after the SIGSTOP) on the pipe.
  ChildReport why;
  if (child.report(why) && why.step == kExecStep) r.error = "exec " + argv[0] + ": " + std::strerror(why.error);
  return r;
}

}  // namespace llp
