#include "learn.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>

#include "../out/emit.h"
#include "learn_audit.h"
#include "learn_report.h"
#include "learn_trace.h"
#include "../base/text.h"
#include "../host/exit_status.h"

namespace llp {

namespace {

void say(const std::string &what) { std::fprintf(stderr, "landlock-policy: learn: %s\n", printable(what).c_str()); }

bool to_stderr(const std::string &text) {
  return std::fwrite(text.data(), 1, text.size(), stderr) == text.size() && std::fflush(stderr) == 0;
}

// The audit way: the launcher with --log-denials; "" or why it could not run.
std::string run_audit(const CompileResult &compiled, const LearnOptions &o, Learner &l, RunSummary &run) {
  Plan plan = compiled.plan;
  plan.log_denials = true;
  plan.drop_caps = true;  // what is learned is what the command needs without a capability
  AuditRun a = audit_run(build_argv(plan, o.command));
  if (!a.started) return a.error;
  if (!a.error.empty()) say(a.error);
  if (!a.restore_error.empty()) say(a.restore_error);
  AuditFindings found = audit_findings(a.records, a.launcher);
  for (const AuditDenial &d : found.denials) l.add(d);
  run.status = a.status;
  run.not_recorded = a.not_recorded;
  run.left_running = a.left_running ? 1 : 0;
  run.stopped = a.killed;
  auto received = static_cast<long>(found.denials.size()) + found.unmapped;
  if (a.overrun || !a.end_seen || (found.counted > 0 && found.counted > received && !a.not_recorded))
    run.notes.push_back("some audit records did not arrive (the kernel counted " + std::to_string(found.counted) +
                        " denials, " + std::to_string(received) + " were read" +
                        (a.overrun ? "; the socket overflowed" : "") + (a.end_seen ? "" : "; the end mark never came") +
                        "): run again, or use --way ptrace");
  if (found.unmapped > 0)
    run.notes.push_back(std::to_string(found.unmapped) +
                        " denial(s) named no path or TCP port (a scope: signals, abstract sockets)");
  return {};
}

// The audit way names only the folder an entry was created in. Where the
// fix is the entry itself (an output at the carved root, a tool's leaf in
// ~/.cache or ~/.local/state), a placeholder would leave the user guessing,
// and the kernel offers nothing more (its PATH records name the folder
// too): so the command runs a second time, the ptrace way, under the same
// sandbox, and its creations in those folders name the entries.
void name_entries(const CompileResult &compiled, Learner &l, RunSummary &run) {
  std::vector<std::string> folders = l.unnamed_folders();
  if (folders.empty()) return;
  std::string where;
  for (const std::string &folder : folders) where += (where.empty() ? "" : ", ") + folder;
  TraceResult t = trace_run(compiled.argv, false);
  if (!t.started) {
    run.notes.push_back("the audit way names only the folder of a new entry (" + where +
                        "), and the second run the ptrace way that names it could not start: " + t.error);
    return;
  }
  int named = l.add_names(t.denials);
  run.notes.push_back("the audit way names only the folder of a new entry (" + where +
                      "): learn ran the command a second time, the ptrace way, which named " + std::to_string(named) +
                      " entr" + (named == 1 ? "y" : "ies") + " there");
}

// --write: the shared folders a tool could not make (made, never granted),
// then the policy, unless nothing was learned: a policy that only extends
// the original would change nothing. False when something failed.
bool write_learned(const Learner &l, const LearnOptions &o, const std::string &way) {
  std::vector<std::string> made = l.shared_to_make();
  for (const std::string &folder : made) {
    if (std::string e = learn_make_below(l.home(), folder); !e.empty()) {
      std::string why_not = "--write: mkdir -p " + folder;
      why_not += ": " + e;
      say(why_not);
      return false;
    }
    say("made " + folder + " (a folder every tool shares; never granted): learn again to name the tool's own folder");
  }
  if (l.nothing_learned() && made.empty()) {
    say("--write " + o.write_file + ": nothing learned, nothing written");
    return true;
  }
  if (l.nothing_learned()) {
    say("--write " + o.write_file + ": no grant or output learned, no policy written; learn again");
    return true;
  }
  if (std::string e = l.write_policy(way); !e.empty()) {
    std::fprintf(stderr, "landlock-policy: learn: --write %s\n", printable_lines(e).c_str());
    return false;
  }
  say("wrote " + o.write_file);
  return true;
}

}  // namespace

std::string learn_watch(const CompileResult &compiled, const LearnOptions &o, bool second_run, Learner &l,
                        RunSummary &run) {
  if (run.way == "audit") {
    if (std::string e = run_audit(compiled, o, l, run); !e.empty()) return e;
    if (second_run) name_entries(compiled, l, run);
    return {};
  }
  TraceResult t = trace_run(compiled.argv, !compiled.plan.sandboxed);
  if (!t.started) return t.error;
  if (!t.error.empty()) say(t.error);
  for (const TracedDenial &d : t.denials) l.add(d);
  run.status = t.status;
  run.left_running = t.left_running;
  run.not_recorded = t.not_recorded;
  run.stopped = t.killed;
  return {};
}

std::string learn_claim_report_fd(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0) return "not an open descriptor";
  if ((flags & O_ACCMODE) == O_RDONLY) return "not open for writing";
  const int fd_flags = fcntl(fd, F_GETFD);
  if (fd_flags < 0 || fcntl(fd, F_SETFD, fd_flags | FD_CLOEXEC) != 0) return std::strerror(errno);
  return {};
}

int learn(const CompileResult &compiled, const LearnOptions &o) {
  // A FIFO, a device or a socket would block or act on the write: refused
  // before anything runs (and again when the report is written).
  if (struct stat st{}; !o.report_file.empty() && lstat(o.report_file.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    say("--report " + o.report_file + ": not a regular file");
    return 2;
  }
  RunSummary run;
  std::string why_not;
  if (o.way != "ptrace") {
    why_not = compiled.plan.sandboxed ? audit_unavailable() : "danger-full-access has no sandbox to audit";
    if (o.way == "audit" && !why_not.empty()) {
      say("--way audit: " + why_not);
      return launcher::kExitCannotExecute;
    }
  }
  Learner l(compiled, o);
  run.way = o.way != "ptrace" && why_not.empty() ? "audit" : "ptrace";
  if (std::string e = learn_watch(compiled, o, true, l, run); !e.empty()) {
    say(e);
    return launcher::kExitCannotExecute;
  }
  l.suggest();
  bool ok = true;
  if (o.format == "json") {
    std::string report = l.json_report(run);
    if (o.report_fd >= 0) {
      if (std::string e = learn_write_fd(o.report_fd, report); !e.empty()) {
        say("--report-fd " + std::to_string(o.report_fd) + ": " + e);
        ok = false;
      }
    } else if (o.report_file.empty()) ok = to_stderr(report);
    else if (std::string e = learn_create_file(o.report_file, O_TRUNC | O_NOFOLLOW, report); !e.empty()) {
      say("--report " + o.report_file + ": " + e);
      ok = false;
    }
  } else {
    ok = to_stderr(printable_lines(l.text_report(run)));
  }
  if (!o.write_file.empty()) ok = write_learned(l, o, run.way) && ok;
  return !ok && run.status == 0 ? 1 : run.status;
}

}  // namespace llp
