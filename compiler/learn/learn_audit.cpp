#include "learn_audit.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <map>
#include <poll.h>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../launcher/cli_flags.h"
#include "learn_child.h"
#include "learn_trace.h"
#include "../host/exit_status.h"

namespace llp {

namespace {

constexpr int kLandlockAccess = 1423;  // AUDIT_LANDLOCK_ACCESS (Linux 6.15)
constexpr int kLandlockDomain = 1424;  // AUDIT_LANDLOCK_DOMAIN
constexpr int kAuditReadlogGroup = 1;  // AUDIT_NLGRP_READLOG
constexpr uint16_t kAuditTrustedApp = 1121;  // AUDIT_TRUSTED_APP: a user message, the end mark
constexpr int kCapAuditWrite = 29, kCapAuditControl = 30, kCapAuditRead = 37;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The token's bytes when it is an even run of hexadecimal digits.
bool unhex(const std::string &token, std::string &out) {
  if (token.empty() || token.size() % 2) return false;
  out.clear();
  for (size_t i = 0; i < token.size(); i += 2) {
    int hi = hex_digit(token[i]), lo = hex_digit(token[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

// The decimal number s, or fallback when s is not one.
long number(const std::string &s, long fallback = -1) {
  if (s.empty()) return fallback;
  char *end = nullptr;
  errno = 0;
  long v = std::strtol(s.c_str(), &end, 10);
  return errno || *end ? fallback : v;
}

bool has_cap(int cap) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("CapEff:", 0) == 0) {
      unsigned long long eff = std::strtoull(line.c_str() + 7, nullptr, 16);
      return (eff >> cap) & 1;
    }
  return false;
}

// ---- The audit netlink socket (AUDIT_GET, AUDIT_SET, a user message).

struct Request {
  nlmsghdr hdr;
  union {
    audit_status status;
    char text[256];
  };
};

int audit_socket() { return socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT); }

bool send_request(int fd, uint16_t type, uint16_t flags, const void *body, size_t len) {
  Request req{};
  len = std::min(len, sizeof req.text);
  req.hdr.nlmsg_len = static_cast<uint32_t>(NLMSG_LENGTH(len));
  req.hdr.nlmsg_type = type;
  req.hdr.nlmsg_flags = flags;
  req.hdr.nlmsg_seq = 1;
  if (body && len) std::memcpy(req.text, body, len);
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  return sendto(fd, &req, req.hdr.nlmsg_len, 0, reinterpret_cast<sockaddr *>(&kernel), sizeof kernel) >= 0;  // NOLINT
}

// The kernel's answer to a request: type AUDIT_GET (then *status is set), or
// an ack (true) or error (false, errno set).
bool answer(int fd, audit_status *status) {
  alignas(nlmsghdr) char buf[8192];
  for (int tries = 0; tries < 8; ++tries) {
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    auto *h = reinterpret_cast<nlmsghdr *>(buf);  // NOLINT
    for (int len = static_cast<int>(n); len > 0 && NLMSG_OK(h, static_cast<unsigned>(len)); h = NLMSG_NEXT(h, len)) {
      if (h->nlmsg_type == NLMSG_ERROR) {
        int err = reinterpret_cast<nlmsgerr *>(NLMSG_DATA(h))->error;  // NOLINT
        if (err == 0 && !status) return true;
        if (err != 0) {
          errno = -err;
          return false;
        }
      } else if (h->nlmsg_type == AUDIT_GET && status) {
        std::memcpy(status, NLMSG_DATA(h), std::min<size_t>(sizeof *status, h->nlmsg_len - NLMSG_HDRLEN));
        return true;
      }
    }
  }
  errno = EPROTO;
  return false;
}

bool get_status(int fd, audit_status &s) {
  s = {};
  return send_request(fd, AUDIT_GET, NLM_F_REQUEST, nullptr, 0) && answer(fd, &s);
}

bool set_enabled(int fd, uint32_t on) {
  audit_status s{};
  s.mask = AUDIT_STATUS_ENABLED;
  s.enabled = on;
  return send_request(fd, AUDIT_SET, NLM_F_REQUEST | NLM_F_ACK, &s, sizeof s) && answer(fd, nullptr);
}

// SIGTERM or SIGHUP while learning: the command is killed and learn ends
// the run as usual (audit switched back off if it is the last learn), then
// dies of the signal.
volatile sig_atomic_t g_stop_signal = 0;
volatile sig_atomic_t g_child = 0;

void stop_run(int sig) {
  g_stop_signal = sig;
  if (g_child > 0) (void)kill(static_cast<pid_t>(g_child), SIGKILL);
}

// ---- The learns sharing the audit switch (kAuditUsersFile, under flock):
// its first line is "switched" when a learn switched audit on, else "kept";
// then one line per learn running the audit way, its pid. The last one to
// end switches audit back off; a learn killed before its cleanup is pruned
// by the next (its pid is gone).
struct AuditUsers {
  bool switched = false;
  std::vector<pid_t> pids;
};

// The file, open and locked (LOCK_EX); -1 with why.
int lock_users(std::string &why) {
  int fd = open(kAuditUsersFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0) {
    why = std::string(kAuditUsersFile) + ": " + std::strerror(errno);
    if (fd >= 0) close(fd);
    return -1;
  }
  if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022) != 0) {
    why = std::string(kAuditUsersFile) + ": not a regular file of this user, writable by it alone";
    close(fd);
    return -1;
  }
  int rc = 0;
  do rc = flock(fd, LOCK_EX);
  while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    why = std::string(kAuditUsersFile) + ": flock: " + std::strerror(errno);
    close(fd);
    return -1;
  }
  return fd;
}

bool alive(pid_t pid) { return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM); }

AuditUsers read_users(int fd) {
  AuditUsers u;
  std::string text;
  char buf[4096];
  off_t at = 0;
  for (ssize_t n; (n = pread(fd, buf, sizeof buf, at)) > 0 && text.size() < (1 << 20); at += n) text.append(buf, static_cast<size_t>(n));
  std::stringstream lines(text);
  std::string line;
  if (std::getline(lines, line)) u.switched = line == "switched";
  while (std::getline(lines, line)) {
    long pid = number(line);
    if (pid > 0 && alive(static_cast<pid_t>(pid))) u.pids.push_back(static_cast<pid_t>(pid));
  }
  return u;
}

bool write_users(int fd, const AuditUsers &u) {
  std::string text = u.switched ? "switched\n" : "kept\n";
  for (pid_t pid : u.pids) text += std::to_string(pid) + "\n";
  return ftruncate(fd, 0) == 0 && pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size());
}

// Joins the learns using audit, switching it on if it is off. "" or why
// not. Without the file (not root: CAP_AUDIT_READ alone), audit already on
// is used as is, never switched: joined stays false.
std::string join_users(int ctl, bool &joined) {
  std::string why;
  joined = false;
  int fd = lock_users(why);
  if (fd < 0) {
    audit_status now{};
    if (get_status(ctl, now) && now.enabled != 0) return {};
    return why;
  }
  joined = true;
  AuditUsers u = read_users(fd);
  audit_status now{};
  if (!get_status(ctl, now)) why = std::string("the audit status (AUDIT_GET): ") + std::strerror(errno);
  else if (now.enabled == 0 && !set_enabled(ctl, 1)) why = std::string("switching audit on (AUDIT_SET): ") + std::strerror(errno);
  else {
    if (now.enabled == 0) u.switched = true;
    u.pids.push_back(getpid());
    if (!write_users(fd, u)) why = std::string(kAuditUsersFile) + ": " + std::strerror(errno);
  }
  close(fd);  // the lock goes with it
  return why;
}

// Leaves them; the last one switches audit back off if a learn switched it on.
std::string leave_users(int ctl) {
  std::string why;
  int fd = lock_users(why);
  if (fd < 0) return "switching audit back off: " + why;
  AuditUsers u = read_users(fd);
  u.pids.erase(std::remove(u.pids.begin(), u.pids.end(), getpid()), u.pids.end());
  if (u.pids.empty() && u.switched) {
    if (set_enabled(ctl, 0)) u.switched = false;
    else why = std::string("switching audit back off (AUDIT_SET): ") + std::strerror(errno);
  }
  if (!write_users(fd, u) && why.empty()) why = std::string(kAuditUsersFile) + ": " + std::strerror(errno);
  close(fd);
  return why;
}

int status_of(int st) { return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st); }

}  // namespace

std::string audit_field(const std::string &text, const std::string &key) {
  std::string needle = " " + key + "=";
  size_t at = text.find(needle);
  if (at == std::string::npos) {
    // The first field follows "audit(...): ".
    size_t colon = text.find("): ");
    if (colon == std::string::npos || text.compare(colon + 3, key.size() + 1, key + "=") != 0) return {};
    at = colon + 2;
  }
  size_t start = at + needle.size();
  if (start < text.size() && text[start] == '"') {
    size_t end = text.find('"', start + 1);
    return text.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1);
  }
  std::string token = text.substr(start, text.find(' ', start) == std::string::npos ? std::string::npos
                                                                                    : text.find(' ', start) - start);
  std::string bytes;
  // Untrusted strings (path=, exe=, comm=) are hexadecimal when not quoted.
  if ((key == "path" || key == "exe" || key == "comm" || key == "name") && unhex(token, bytes)) return bytes;
  return token;
}

unsigned long audit_serial(const std::string &text) {
  if (text.rfind("audit(", 0) != 0) return 0;
  size_t colon = text.find(':'), close = text.find(')');
  if (colon == std::string::npos || close == std::string::npos || colon > close) return 0;
  return std::strtoul(text.c_str() + colon + 1, nullptr, 10);
}

AuditFindings audit_findings(const std::vector<AuditRecord> &records, pid_t launcher) {
  AuditFindings out;
  // The command's domains: allocated by the launcher's process.
  std::set<std::string> ours, freed;
  for (const AuditRecord &r : records) {
    if (r.type != kLandlockDomain) continue;
    std::string domain = audit_field(r.text, "domain"), status = audit_field(r.text, "status");
    if (status == "allocated" && number(audit_field(r.text, "pid")) == launcher) ours.insert(domain);
    if (status == "deallocated" && ours.count(domain)) {
      freed.insert(domain);
      long n = number(audit_field(r.text, "denials"));
      if (n > 0) out.counted += n;
    }
  }
  out.all_freed = freed.size() == ours.size();
  // Each event (serial): its SYSCALL record's errno and program.
  struct Event {
    int error = 0;
    std::string program;
    int fs_records = 0;
  };
  std::map<unsigned long, Event> events;
  for (const AuditRecord &r : records) {
    unsigned long serial = audit_serial(r.text);
    if (r.type == AUDIT_SYSCALL) {
      Event &e = events[serial];
      long exit = number(audit_field(r.text, "exit"), 0);
      if (audit_field(r.text, "success") == "no" && exit < 0 && exit > -4096) e.error = static_cast<int>(-exit);
      e.program = audit_field(r.text, "exe");
    } else if (r.type == kLandlockAccess && ours.count(audit_field(r.text, "domain")) &&
               audit_field(r.text, "blockers").rfind("fs.", 0) == 0) {
      ++events[serial].fs_records;
    }
  }
  for (const AuditRecord &r : records) {
    if (r.type != kLandlockAccess || !ours.count(audit_field(r.text, "domain"))) continue;
    AuditDenial d;
    std::stringstream list(audit_field(r.text, "blockers"));
    for (std::string b; std::getline(list, b, ',');) d.blockers.push_back(b);
    const Event &e = events[audit_serial(r.text)];
    d.error = e.error;
    d.program = e.program;
    auto has = [&](const char *b) { return std::find(d.blockers.begin(), d.blockers.end(), b) != d.blockers.end(); };
    if (has("net.connect_tcp")) d.port = number(audit_field(r.text, "dest"));
    else if (has("net.bind_tcp")) d.port = number(audit_field(r.text, "src"));
    else d.path = audit_field(r.text, "path");
    if (d.port < 0 && (d.path.empty() || d.path[0] != '/')) {
      ++out.unmapped;  // a scope, or an object learn cannot name
      continue;
    }
    // A rename or link refused with EXDEV: one record, on the source's
    // folder, listing what it lacks that the destination has (fs.refer
    // among them). Without the SYSCALL record, that shape says it.
    bool file_rights = has("fs.write_file") || has("fs.truncate") || has("fs.read_file") || has("fs.execute");
    d.across = has("fs.refer") && (e.error == EXDEV || (e.error == 0 && e.fs_records == 1 && file_rights));
    out.denials.push_back(std::move(d));
  }
  return out;
}

std::string audit_unavailable() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
  const int audit_abi = llr_cli::min_abi(llr_cli::Flag::LogDenials);  // from the launcher's ABI table
  if (abi < audit_abi)
    return abi < 0 ? std::string("Landlock is not enabled (") + std::strerror(errno) + ")"
                   : "Landlock ABI " + std::to_string(abi) + " has no audit records (ABI " + std::to_string(audit_abi) +
                         ", Linux " + llr_abi::kAbis[audit_abi - 1].linux_release + ")";
  if (!has_cap(kCapAuditRead)) return "reading the audit log needs CAP_AUDIT_READ (root)";
  // Records are sent to the initial network namespace's audit socket only.
  char self[64] = {}, init[64] = {};
  if (readlink("/proc/self/ns/net", self, sizeof self - 1) > 0 && readlink("/proc/1/ns/net", init, sizeof init - 1) > 0 &&
      std::strcmp(self, init) != 0)
    return "the audit log is read in the initial network namespace only, and this is another";
  int fd = audit_socket();
  if (fd < 0) return std::string("the audit netlink socket: ") + std::strerror(errno);
  audit_status s{};
  bool ok = get_status(fd, s);
  int e = errno;
  close(fd);
  if (!ok) return std::string("the audit status (AUDIT_GET): ") + std::strerror(e);
  if (s.enabled == 0 && !has_cap(kCapAuditControl))
    return "audit is off, and switching it on needs CAP_AUDIT_CONTROL (root)";
  return {};
}

AuditRun audit_run(const std::vector<std::string> &argv) {
  AuditRun r;
  if (argv.empty()) {
    r.error = "nothing to run";
    return r;
  }
  int log = audit_socket(), ctl = audit_socket();
  sockaddr_nl group{};
  group.nl_family = AF_NETLINK;
  group.nl_groups = 1U << (kAuditReadlogGroup - 1);
  audit_status was{};
  if (log < 0 || ctl < 0 || bind(log, reinterpret_cast<sockaddr *>(&group), sizeof group) != 0 ||  // NOLINT
      !get_status(ctl, was)) {
    r.error = std::string("the audit log (AUDIT_NLGRP_READLOG): ") + std::strerror(errno);
    if (log >= 0) close(log);
    if (ctl >= 0) close(ctl);
    return r;
  }
  // A burst of denials must not overflow the socket while the loop sleeps.
  int size = 32 << 20;
  if (setsockopt(log, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size) != 0)
    (void)setsockopt(log, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  bool joined = false;
  if (std::string why = join_users(ctl, joined); !why.empty()) {
    r.error = why;
    close(log);
    close(ctl);
    return r;
  }
  g_stop_signal = 0;
  struct sigaction stop {}, old_term {}, old_hup {};
  stop.sa_handler = stop_run;
  (void)sigaction(SIGTERM, &stop, &old_term);
  (void)sigaction(SIGHUP, &stop, &old_hup);
  // Every process of the run stays learn's descendant, killed at the end.
  bool reaper = learn_become_subreaper();
  std::vector<char *> args(argv.size() + 1, nullptr);
  std::transform(argv.begin(), argv.end(), args.begin(),
                 [](const std::string &a) { return const_cast<char *>(a.c_str()); });  // NOLINT(cppcoreguidelines-pro-type-const-cast)
  int report[2] = {-1, -1};
  pid_t child = reaper && pipe2(report, O_CLOEXEC) == 0 ? fork() : -1;
  if (child == 0) {
    // No capability reaches the command, even as root (a negative errno says so).
    int e = learn_drop_capabilities();
    if (e != 0) e = -e;
    else {
      execv(args[0], args.data());
      e = errno;
    }
    (void)!write(report[1], &e, sizeof e);
    _exit(exec_failure_status(e));
  }
  if (child > 0) {
    g_child = child;
    r.started = true;
    r.launcher = child;
    close(report[1]);
    struct sigaction ignore {}, old_int {}, old_quit {};
    ignore.sa_handler = SIG_IGN;
    bool ignored = sigaction(SIGINT, &ignore, &old_int) == 0 && sigaction(SIGQUIT, &ignore, &old_quit) == 0;
    int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    std::set<unsigned long> access_serials;
    const std::string mark = "landlock-policy learn: end of run " + std::to_string(getpid()) + "." + std::to_string(child);
    bool exited = false, mark_sent = false;
    r.end_seen = false;
    time_t end_deadline = 0;
    time_t freed_deadline = 0;
    alignas(nlmsghdr) char buf[65536];
    for (;;) {
      pollfd fds[2] = {{log, POLLIN, 0}, {pidfd, POLLIN, 0}};
      int ready = poll(fds, pidfd >= 0 && !exited ? 2 : 1, exited ? 100 : pidfd >= 0 ? -1 : 10);
      if (ready < 0 && errno != EINTR) break;
      if (g_stop_signal != 0) break;
      for (;;) {  // every record already queued
        ssize_t n = recv(log, buf, sizeof buf, MSG_DONTWAIT);
        if (n < 0) {
          if (errno == ENOBUFS) {
            r.overrun = true;
            continue;
          }
          break;
        }
        auto *h = reinterpret_cast<nlmsghdr *>(buf);  // NOLINT
        for (int len = static_cast<int>(n); len > 0 && NLMSG_OK(h, static_cast<unsigned>(len)); h = NLMSG_NEXT(h, len)) {
          std::string text(static_cast<const char *>(NLMSG_DATA(h)), h->nlmsg_len - NLMSG_HDRLEN);
          while (!text.empty() && (text.back() == '\0' || text.back() == '\n')) text.pop_back();
          int type = h->nlmsg_type;
          if (type == kAuditTrustedApp && text.find(mark) != std::string::npos) r.end_seen = true;
          if (type != kLandlockAccess && type != kLandlockDomain && type != AUDIT_SYSCALL) continue;
          unsigned long serial = audit_serial(text);
          if (type == kLandlockAccess) {
            if (r.records.size() >= 4 * kMaxTracedDenials) {
              ++r.not_recorded;
              continue;
            }
            access_serials.insert(serial);
          }
          // A SYSCALL record follows its event's Landlock records, if any.
          if (type == AUDIT_SYSCALL && !access_serials.count(serial)) continue;
          r.records.push_back({type, std::move(text)});
        }
      }
      if (!exited) {
        int st = 0;
        pid_t w = waitpid(child, &st, WNOHANG);
        if (w == child) {
          exited = true;
          r.status = status_of(st);
          end_deadline = time(nullptr) + kLeftRunningGraceSeconds;
          // A mark through the same queue: once it is back, so is every
          // record written before it. Without CAP_AUDIT_WRITE, a short wait.
          mark_sent = has_cap(kCapAuditWrite) &&
                      send_request(ctl, kAuditTrustedApp, NLM_F_REQUEST | NLM_F_ACK, mark.c_str(), mark.size() + 1) &&
                      answer(ctl, nullptr);
          if (!mark_sent) end_deadline = time(nullptr) + 1;
        }
        continue;
      }
      time_t now = time(nullptr);
      if (!r.end_seen) {
        if (now < end_deadline) continue;  // the mark (or the short wait) is not over
        if (mark_sent) break;              // the mark was lost: end_seen stays false
        r.end_seen = true;
      }
      // Processes the command left running keep its domain: their denials
      // are read for the same grace the ptrace way gives them.
      if (audit_findings(r.records, child).all_freed) break;
      if (freed_deadline == 0) freed_deadline = now + kLeftRunningGraceSeconds;
      if (now >= freed_deadline) {
        r.left_running = true;
        break;
      }
    }
    if (pidfd >= 0) close(pidfd);
    if (ignored) {
      (void)sigaction(SIGINT, &old_int, nullptr);
      (void)sigaction(SIGQUIT, &old_quit, nullptr);
    }
    int e = 0;
    if (read(report[0], &e, sizeof e) == static_cast<ssize_t>(sizeof e))
      r.error = e < 0 ? std::string("dropping the command's capabilities: ") + std::strerror(-e)
                      : std::string("exec ") + argv[0] + ": " + std::strerror(e);
    close(report[0]);
    // Whatever the run left (a daemon, its orphans) is killed and reaped now.
    (void)learn_kill_descendants();
    if (!exited) {
      int st = 0;
      if (waitpid(child, &st, 0) == child) r.status = status_of(st);
    }
    g_child = 0;
  } else {
    r.error = std::string(reaper ? "fork: " : "PR_SET_CHILD_SUBREAPER: ") + std::strerror(errno);
    if (report[0] >= 0) close(report[0]), close(report[1]);
  }
  if (joined) r.restore_error = leave_users(ctl);
  (void)sigaction(SIGTERM, &old_term, nullptr);
  (void)sigaction(SIGHUP, &old_hup, nullptr);
  if (g_stop_signal != 0) (void)raise(g_stop_signal);
  close(log);
  close(ctl);
  return r;
}

}  // namespace llp
