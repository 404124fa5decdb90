// The audit way's records (learn_audit.h): their fields decoded, mapped to
// the command's domains and denials; and whether the way can be used here.
// The run is learn_audit_run.cpp; the socket, learn_audit_netlink.cpp.
#include "learn_audit.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../launcher/cli_flags.h"
#include "learn_audit_netlink.h"

namespace llp {

namespace {

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
    int hi = hex_digit(token[i]);
    int lo = hex_digit(token[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

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
  std::string token = text.substr(
      start, text.find(' ', start) == std::string::npos ? std::string::npos : text.find(' ', start) - start);
  std::string bytes;
  // Untrusted strings (path=, exe=, comm=) are hexadecimal when not quoted.
  if ((key == "path" || key == "exe" || key == "comm" || key == "name") && unhex(token, bytes)) return bytes;
  return token;
}

unsigned long audit_serial(const std::string &text) {
  if (text.rfind("audit(", 0) != 0) return 0;
  size_t colon = text.find(':');
  size_t close = text.find(')');
  if (colon == std::string::npos || close == std::string::npos || colon > close) return 0;
  return std::strtoul(text.c_str() + colon + 1, nullptr, 10);
}

AuditFindings audit_findings(const std::vector<AuditRecord> &records, pid_t launcher) {
  AuditFindings out;
  // The command's domains: allocated by the launcher's process.
  std::set<std::string> ours;
  std::set<std::string> freed;
  for (const AuditRecord &r : records) {
    if (r.type != kLandlockDomain) continue;
    std::string domain = audit_field(r.text, "domain");
    std::string status = audit_field(r.text, "status");
    if (status == "allocated" && audit_number(audit_field(r.text, "pid")) == launcher) ours.insert(domain);
    if (status == "deallocated" && ours.count(domain)) {
      freed.insert(domain);
      long n = audit_number(audit_field(r.text, "denials"));
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
      long exit = audit_number(audit_field(r.text, "exit"), 0);
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
    if (has("net.connect_tcp")) d.port = audit_number(audit_field(r.text, "dest"));
    else if (has("net.bind_tcp")) d.port = audit_number(audit_field(r.text, "src"));
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
  const int audit_abi = launcher::min_abi(launcher::Flag::LogDenials);  // from the launcher's ABI table
  if (abi < audit_abi)
    return abi < 0 ? std::string("Landlock is not enabled (") + std::strerror(errno) + ")"
                   : "Landlock ABI " + std::to_string(abi) + " has no audit records (ABI " + std::to_string(audit_abi) +
                         ", Linux " + launcher::kAbis[audit_abi - 1].linux_release + ")";
  if (!has_cap(kCapAuditRead)) return "reading the audit log needs CAP_AUDIT_READ (root)";
  // Records are sent to the initial network namespace's audit socket only.
  char self[64] = {};
  char init[64] = {};
  if (readlink("/proc/self/ns/net", self, sizeof self - 1) > 0 &&
      readlink("/proc/1/ns/net", init, sizeof init - 1) > 0 && std::strcmp(self, init) != 0)
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

}  // namespace llp
