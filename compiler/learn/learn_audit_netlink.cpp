#include "learn_audit_netlink.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <linux/netlink.h>
#include <signal.h>
#include <sstream>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "learn_audit.h"

namespace llp {

long audit_number(const std::string &s, long fallback) {
  if (s.empty()) return fallback;
  char *end = nullptr;
  errno = 0;
  long v = std::strtol(s.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return fallback;
  return v;
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

namespace {

struct Request {
  nlmsghdr hdr;
  union {
    audit_status status;
    char text[256];
  };
};

}  // namespace

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

namespace {

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
  for (ssize_t n; (n = pread(fd, buf, sizeof buf, at)) > 0 && text.size() < (1 << 20); at += n)
    text.append(buf, static_cast<size_t>(n));
  std::stringstream lines(text);
  std::string line;
  if (std::getline(lines, line)) u.switched = line == "switched";
  while (std::getline(lines, line)) {
    long pid = audit_number(line);
    if (pid > 0 && alive(static_cast<pid_t>(pid))) u.pids.push_back(static_cast<pid_t>(pid));
  }
  return u;
}

bool write_users(int fd, const AuditUsers &u) {
  std::string text = u.switched ? "switched\n" : "kept\n";
  for (pid_t pid : u.pids) text += std::to_string(pid) + "\n";
  return ftruncate(fd, 0) == 0 && pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size());
}

}  // namespace

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
  else if (now.enabled == 0 && !set_enabled(ctl, 1))
    why = std::string("switching audit on (AUDIT_SET): ") + std::strerror(errno);
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

}  // namespace llp
