// The audit way's run (learn_audit.h, audit_run), step by step: the audit
// sockets opened, audit switched on (or joined), the stop signals taken,
// the command started without capabilities, the log read until every record
// of its run has come, and everything undone in reverse.
#include "learn_audit.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <linux/netlink.h>
#include <poll.h>
#include <set>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../host/spawn.h"
#include "learn_audit_netlink.h"
#include "learn_child.h"
#include "learn_trace.h"

namespace llp {

namespace {

int status_of(int st) {
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  return 128 + WTERMSIG(st);
}

// The run's two audit sockets: log, bound to the read-only log group, and
// ctl, for requests. Closed with the object.
class AuditSockets {
 public:
  AuditSockets() = default;
  AuditSockets(const AuditSockets &) = delete;
  AuditSockets &operator=(const AuditSockets &) = delete;
  ~AuditSockets() {
    if (log_ >= 0) close(log_);
    if (ctl_ >= 0) close(ctl_);
  }
  int log() const { return log_; }
  int ctl() const { return ctl_; }

  // "" or why not.
  std::string open() {
    log_ = audit_socket();
    ctl_ = audit_socket();
    sockaddr_nl group{};
    group.nl_family = AF_NETLINK;
    group.nl_groups = 1U << (kAuditReadlogGroup - 1);
    audit_status was{};
    if (log_ < 0 || ctl_ < 0 || bind(log_, reinterpret_cast<sockaddr *>(&group), sizeof group) != 0 ||  // NOLINT
        !get_status(ctl_, was))
      return std::string("the audit log (AUDIT_NLGRP_READLOG): ") + std::strerror(errno);
    // A burst of denials must not overflow the socket while the loop sleeps.
    int size = 32 << 20;
    if (setsockopt(log_, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size) != 0)
      (void)setsockopt(log_, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    return {};
  }

 private:
  int log_ = -1;
  int ctl_ = -1;
};

// Does nothing: a stop signal is read from the signalfd. It is set so that
// a signal ignored before learn started (nohup) still stops the run.
void note_signal(int /*signal*/) {}

// SIGTERM or SIGHUP while learning: the command is killed and learn ends
// the run as usual (audit switched back off if it is the last learn), then
// dies of the signal. Both are blocked and read from a signalfd that the
// run polls: no handler shares state with the run.
class StopSignals {
 public:
  // false (errno set) when they cannot be taken.
  bool install() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGTERM);
    sigaddset(&set_, SIGHUP);
    struct sigaction note {};
    note.sa_handler = note_signal;
    (void)sigaction(SIGTERM, &note, &old_term_);
    (void)sigaction(SIGHUP, &note, &old_hup_);
    if (sigprocmask(SIG_BLOCK, &set_, &old_mask_) != 0) return false;
    blocked_ = true;
    fd_ = signalfd(-1, &set_, SFD_NONBLOCK | SFD_CLOEXEC);
    return fd_ >= 0;
  }

  int fd() const { return fd_; }

  // Whether a stop signal has come (read without blocking).
  bool caught() {
    signalfd_siginfo info{};
    if (signal_ == 0 && fd_ >= 0 && read(fd_, &info, sizeof info) == static_cast<ssize_t>(sizeof info))
      signal_ = static_cast<int>(info.ssi_signo);
    return signal_ != 0;
  }

  // In the child before exec: learn's signal mask as it was (a blocked
  // signal would stay blocked in the command). false with errno.
  bool unblock() const { return sigprocmask(SIG_SETMASK, &old_mask_, nullptr) == 0; }

  // The dispositions and the mask as they were (a signal still pending is
  // delivered then), and a caught signal sent again, to learn itself.
  void restore() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    (void)sigaction(SIGTERM, &old_term_, nullptr);
    (void)sigaction(SIGHUP, &old_hup_, nullptr);
    if (blocked_) (void)sigprocmask(SIG_SETMASK, &old_mask_, nullptr);
    blocked_ = false;
    if (signal_ != 0) (void)raise(signal_);
  }

 private:
  sigset_t set_{};
  sigset_t old_mask_{};
  struct sigaction old_term_ {};
  struct sigaction old_hup_ {};
  bool blocked_ = false;
  int fd_ = -1;
  int signal_ = 0;
};

// What the child reports when it stops before the command (spawn.h).
constexpr int kStepDropCapabilities = 1;
constexpr int kStepSignalMask = 2;

// In the child: no capability reaches the command, even as root, and the
// stop signals are not left blocked in it.
ChildReport prepare_command(const StopSignals &stop) {
  if (int e = learn_drop_capabilities(); e != 0) return {kStepDropCapabilities, e};
  if (!stop.unblock()) return {kStepSignalMask, errno};
  return {};
}

// Reads the log while the command runs, and after it until every record of
// its run has come: the end mark is back (or a short wait without one) and
// its domains are freed, or the grace for what it left running is over.
class RunWatch {
 public:
  RunWatch(const AuditSockets &sockets, StopSignals &stop, pid_t child, AuditRun &r)
      : log_(sockets.log()),
        ctl_(sockets.ctl()),
        stop_(stop),
        child_(child),
        r_(r),
        pidfd_(static_cast<int>(syscall(SYS_pidfd_open, child, 0))),
        mark_("landlock-policy learn: end of run " + std::to_string(getpid()) + "." + std::to_string(child)) {}
  RunWatch(const RunWatch &) = delete;
  RunWatch &operator=(const RunWatch &) = delete;
  ~RunWatch() {
    if (pidfd_ >= 0) close(pidfd_);
  }

  bool exited() const { return exited_; }

  void run() {
    r_.end_seen = false;
    for (;;) {
      if (!wait_for_input()) break;
      read_queued();
      if (!exited_) {
        check_exit();
        continue;
      }
      if (ended()) break;
    }
  }

 private:
  // false on a poll error or a stop signal.
  bool wait_for_input() {
    pollfd fds[3] = {{log_, POLLIN, 0}, {stop_.fd(), POLLIN, 0}, {pidfd_, POLLIN, 0}};
    nfds_t count = 2;
    if (pidfd_ >= 0 && !exited_) count = 3;
    int ready = poll(fds, count, timeout_ms());
    if (ready < 0 && errno != EINTR) return false;
    return !stop_.caught();
  }

  int timeout_ms() const {
    if (exited_) return 100;     // the end mark, the grace
    if (pidfd_ >= 0) return -1;  // the pidfd says when the command exits
    return 10;                   // no pidfd: waitpid every 10 ms
  }

  // Every record already queued.
  void read_queued() {
    for (;;) {
      ssize_t n = recv(log_, buf_, sizeof buf_, MSG_DONTWAIT);
      if (n < 0 && errno == ENOBUFS) {
        r_.overrun = true;
        continue;
      }
      if (n < 0) return;
      auto *h = reinterpret_cast<nlmsghdr *>(buf_);  // NOLINT
      for (int len = static_cast<int>(n); len > 0 && NLMSG_OK(h, static_cast<unsigned>(len)); h = NLMSG_NEXT(h, len))
        keep(h);
    }
  }

  void keep(nlmsghdr *h) {
    std::string text(static_cast<const char *>(NLMSG_DATA(h)), h->nlmsg_len - NLMSG_HDRLEN);
    while (!text.empty() && (text.back() == '\0' || text.back() == '\n')) text.pop_back();
    int type = h->nlmsg_type;
    if (type == kAuditTrustedApp && text.find(mark_) != std::string::npos) r_.end_seen = true;
    if (type != kLandlockAccess && type != kLandlockDomain && type != AUDIT_SYSCALL) return;
    unsigned long serial = audit_serial(text);
    if (type == kLandlockAccess) {
      if (r_.records.size() >= 4 * kMaxTracedDenials) {
        ++r_.not_recorded;
        return;
      }
      access_serials_.insert(serial);
    }
    // A SYSCALL record follows its event's Landlock records, if any.
    if (type == AUDIT_SYSCALL && !access_serials_.count(serial)) return;
    r_.records.push_back({type, std::move(text)});
  }

  void check_exit() {
    int st = 0;
    if (waitpid(child_, &st, WNOHANG) != child_) return;
    exited_ = true;
    r_.status = status_of(st);
    end_deadline_ = time(nullptr) + kLeftRunningGraceSeconds;
    // A mark through the same queue: once it is back, so is every
    // record written before it. Without CAP_AUDIT_WRITE, a short wait.
    mark_sent_ = has_cap(kCapAuditWrite) &&
                 send_request(ctl_, kAuditTrustedApp, NLM_F_REQUEST | NLM_F_ACK, mark_.c_str(), mark_.size() + 1) &&
                 answer(ctl_, nullptr);
    if (!mark_sent_) end_deadline_ = time(nullptr) + 1;
  }

  // After the command's exit: whether the watch is over.
  bool ended() {
    time_t now = time(nullptr);
    if (!r_.end_seen) {
      if (now < end_deadline_) return false;  // the mark (or the short wait) is not over
      if (mark_sent_) return true;            // the mark was lost: end_seen stays false
      r_.end_seen = true;
    }
    // Processes the command left running keep its domain: their denials
    // are read for the same grace the ptrace way gives them.
    if (audit_findings(r_.records, child_).all_freed) return true;
    if (freed_deadline_ == 0) freed_deadline_ = now + kLeftRunningGraceSeconds;
    if (now < freed_deadline_) return false;
    r_.left_running = true;
    return true;
  }

  int log_;
  int ctl_;
  StopSignals &stop_;
  pid_t child_;
  AuditRun &r_;
  int pidfd_;
  std::string mark_;
  std::set<unsigned long> access_serials_;
  bool exited_ = false;
  bool mark_sent_ = false;
  time_t end_deadline_ = 0;
  time_t freed_deadline_ = 0;
  alignas(nlmsghdr) char buf_[65536] = {};
};

// After the watch: what the child said if it stopped before the command,
// whatever the run left (a daemon, its orphans) killed and reaped, and the
// command's status if the watch ended before its exit.
void finish_run(Spawned &child, const std::string &program, bool exited, AuditRun &r) {
  ChildReport why;
  if (child.report(why)) {
    if (why.step == kStepDropCapabilities)
      r.error = std::string("dropping the command's capabilities: ") + std::strerror(why.error);
    else if (why.step == kStepSignalMask)
      r.error = std::string("restoring the signal mask for the command: ") + std::strerror(why.error);
    else r.error = "exec " + program + ": " + std::strerror(why.error);
  }
  r.killed = learn_kill_descendants();
  if (exited) return;
  int st = 0;
  if (waitpid(child.pid(), &st, 0) == child.pid()) r.status = status_of(st);
}

// Starts the command and watches it; every process of the run stays
// learn's descendant (a subreaper), killed at the end.
void run_command(const std::vector<std::string> &argv, const AuditSockets &sockets, StopSignals &stop, AuditRun &r) {
  if (!learn_become_subreaper()) {
    r.error = std::string("PR_SET_CHILD_SUBREAPER: ") + std::strerror(errno);
    return;
  }
  ExecArgs args(argv);
  Spawned child = spawn(args, false, [&stop] { return prepare_command(stop); });
  if (child.pid() < 0) {
    r.error = child.error();
    return;
  }
  r.started = true;
  r.launcher = child.pid();
  bool exited = false;
  {
    LearnIgnoresInterrupts interrupts;
    RunWatch watch(sockets, stop, child.pid(), r);
    watch.run();
    exited = watch.exited();
  }
  finish_run(child, argv[0], exited, r);
}

}  // namespace

AuditRun audit_run(const std::vector<std::string> &argv) {
  AuditRun r;
  if (argv.empty()) {
    r.error = "nothing to run";
    return r;
  }
  AuditSockets sockets;
  if (std::string why = sockets.open(); !why.empty()) {
    r.error = why;
    return r;
  }
  bool joined = false;
  if (std::string why = join_users(sockets.ctl(), joined); !why.empty()) {
    r.error = why;
    return r;
  }
  StopSignals stop;
  if (stop.install()) run_command(argv, sockets, stop, r);
  else r.error = std::string("the stop signals (signalfd): ") + std::strerror(errno);
  if (joined) r.restore_error = leave_users(sockets.ctl());
  stop.restore();
  return r;
}

}  // namespace llp
