// Reads or sets the kernel's audit switch over the audit netlink socket, so
// the audit suite can see Landlock's denial records in the kernel log without
// an audit daemon or auditctl (neither is on the machine or in CI):
//   audit status        prints "enabled=E pid=P" (P: the audit daemon, 0 if none)
//   audit enable 0|1    prints "ok" or the errno's name
// The netlink and audit UAPI are spelled out: musl ships no <linux/*.h>.
#include <stdint.h>
#include <sys/socket.h>

#include "payload.h"

namespace {

constexpr int kNetlinkAudit = 9;        // NETLINK_AUDIT
constexpr uint16_t kAuditGet = 1000;    // AUDIT_GET
constexpr uint16_t kAuditSet = 1001;    // AUDIT_SET
constexpr uint16_t kNlmsgError = 2;     // NLMSG_ERROR
constexpr uint16_t kNlmRequest = 1;     // NLM_F_REQUEST
constexpr uint16_t kNlmAck = 4;         // NLM_F_ACK
constexpr uint32_t kStatusEnabled = 1;  // AUDIT_STATUS_ENABLED

struct SockaddrNl {
  sa_family_t family;
  unsigned short pad;
  uint32_t pid;
  uint32_t groups;
};

struct Nlmsghdr {
  uint32_t len;
  uint16_t type;
  uint16_t flags;
  uint32_t seq;
  uint32_t pid;
};

// struct audit_status up to backlog; the kernel accepts a shorter one.
struct AuditStatus {
  uint32_t mask, enabled, failure, pid, rate_limit, backlog_limit, lost, backlog;
};

struct Request {
  Nlmsghdr hdr;
  AuditStatus status;
};

// Sends one request and returns the reply's length, or -1 with errno set.
long ask(int fd, uint16_t type, uint16_t flags, const AuditStatus &status, char *reply, size_t size) {
  Request req{};
  req.hdr.len = type == kAuditGet ? sizeof(Nlmsghdr) : sizeof(Request);
  req.hdr.type = type;
  req.hdr.flags = flags;
  req.hdr.seq = 1;
  req.status = status;
  SockaddrNl kernel{};
  kernel.family = AF_NETLINK;
  if (sendto(fd, &req, req.hdr.len, 0, reinterpret_cast<sockaddr *>(&kernel), sizeof(kernel)) < 0) return -1;
  return recv(fd, reply, size, 0);
}

// A reply of type NLMSG_ERROR (an ack, when its code is 0): sets errno to
// its code and returns true.
bool netlink_error(const char *reply, long n) {
  Nlmsghdr hdr;
  memcpy(&hdr, reply, sizeof(hdr));
  if (hdr.type != kNlmsgError || n < static_cast<long>(sizeof(Nlmsghdr) + sizeof(int))) return false;
  int err;
  memcpy(&err, reply + sizeof(Nlmsghdr), sizeof(err));
  errno = -err;
  return true;
}

}  // namespace

int main(int argc, char **argv) {
  const bool status_only = argc == 2 && strcmp(argv[1], "status") == 0;
  const bool set =
      argc == 3 && strcmp(argv[1], "enable") == 0 && (argv[2][0] == '0' || argv[2][0] == '1') && !argv[2][1];
  if (!status_only && !set) {
    payload::out("usage: audit status | audit enable 0|1\n");
    return 2;
  }
  int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, kNetlinkAudit);
  if (fd < 0) return payload::report(false);
  alignas(Nlmsghdr) char reply[512];
  if (status_only) {
    long n = ask(fd, kAuditGet, kNlmRequest, AuditStatus{}, reply, sizeof(reply));
    if (n < 0 || netlink_error(reply, n)) return payload::report(false);
    Nlmsghdr hdr;
    memcpy(&hdr, reply, sizeof(hdr));
    if (hdr.type != kAuditGet || n < static_cast<long>(sizeof(Nlmsghdr) + sizeof(AuditStatus))) {
      errno = EINVAL;
      return payload::report(false);
    }
    AuditStatus s;
    memcpy(&s, reply + sizeof(Nlmsghdr), sizeof(s));
    payload::out("enabled=");
    payload::out_number(s.enabled);
    payload::out(" pid=");
    payload::out_number(s.pid);
    payload::out("\n");
    return 0;
  }
  AuditStatus s{};
  s.mask = kStatusEnabled;
  s.enabled = argv[2][0] == '1' ? 1 : 0;
  long n = ask(fd, kAuditSet, kNlmRequest | kNlmAck, s, reply, sizeof(reply));
  if (n < 0) return payload::report(false);
  if (!netlink_error(reply, n)) {  // AUDIT_SET with NLM_F_ACK answers with an ack only
    errno = EINVAL;
    return payload::report(false);
  }
  return payload::report(errno == 0);
}
