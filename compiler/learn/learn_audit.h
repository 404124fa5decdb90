// The audit half of `landlock-policy learn`: where the kernel can say it
// (Landlock ABI 7, the audit log readable), the launcher runs with
// --log-denials and the kernel's own Landlock records are read from the
// audit netlink socket's read-only log group (AUDIT_NLGRP_READLOG, which
// works alongside an audit daemon). Audit is switched on only if it was off,
// and back afterwards. Records are mapped back to the domains the launcher
// created (AUDIT_LANDLOCK_DOMAIN status=allocated pid=<the launcher>), then
// to paths and ports. docs/policy-format.md, "Learning a policy".
// learn_audit.cpp reads the records, learn_audit_netlink.cpp talks to the
// kernel, learn_audit_run.cpp runs the command.
#pragma once
#include <string>
#include <sys/types.h>
#include <vector>

namespace llp {

// One record as the kernel sent it: its type (1423 AUDIT_LANDLOCK_ACCESS,
// 1424 AUDIT_LANDLOCK_DOMAIN, 1300 AUDIT_SYSCALL...) and its text,
// "audit(SECONDS.MS:SERIAL): field=value ...".
struct AuditRecord {
  int type = 0;
  std::string text;
};

// One AUDIT_LANDLOCK_ACCESS record of the command's domain.
struct AuditDenial {
  std::vector<std::string> blockers;  // "fs.make_reg", "net.connect_tcp"...
  std::string path;                   // fs: the object, or for creating and removing, its folder
  long port = -1;                     // net: the TCP port (dest= for connect, src= for bind)
  int error = 0;                      // the call's errno from the event's SYSCALL record; 0 when unknown
  bool across = false;                // a rename or link refused with EXDEV: path is the source's folder
  std::string program;                // exe= of the event's SYSCALL record; "" when unknown
};

// What the records say about the command's domains.
struct AuditFindings {
  std::vector<AuditDenial> denials;
  long counted = 0;       // the kernel's own count (denials= of the deallocated domains)
  long unmapped = 0;      // records of the command with no path or port learn can use
  bool all_freed = true;  // every domain of the command was deallocated (no process left)
};

// The value of key in a record ("" when absent), an audit "untrusted
// string" decoded: "quoted" as is, else hexadecimal bytes, else the token.
std::string audit_field(const std::string &text, const std::string &key);
// SERIAL of "audit(SECONDS.MS:SERIAL): ...", 0 when there is none.
unsigned long audit_serial(const std::string &text);
// The denials of the domains created by process `launcher` (and their count).
AuditFindings audit_findings(const std::vector<AuditRecord> &records, pid_t launcher);

// "" when the audit way can be used here, else why not.
std::string audit_unavailable();

struct AuditRun {
  bool started = false;  // false: the audit socket or fork failed; error says why
  std::string error;
  int status = 0;  // the command's exit status (128+N when killed by signal N)
  pid_t launcher = 0;
  std::vector<AuditRecord> records;
  long not_recorded = 0;      // records past the bound, counted only
  bool overrun = false;       // the socket dropped records (ENOBUFS)
  bool end_seen = true;       // the end-of-run mark came back (every record before it was read)
  bool left_running = false;  // the command's domain outlived the grace after its exit
  int killed = 0;             // processes of the run killed when the watch ended
  std::string restore_error;  // switching audit back off failed
};

// Where the learns running the audit way at once count themselves, so that
// the last one, not the first, switches audit back off (root-only: the
// audit way needs CAP_AUDIT_CONTROL to switch it).
inline constexpr const char *kAuditUsersFile = "/run/landlock-policy-learn-audit";

// Runs argv (argv[0] an absolute path) with audit on, reading the records
// until the command has exited and every record of its run has come.
AuditRun audit_run(const std::vector<std::string> &argv);

}  // namespace llp
