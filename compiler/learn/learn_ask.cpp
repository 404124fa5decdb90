// Ask: what `exec --ask` shows after a failed run, built from learn's own
// findings and escalation (learn_escalate.cpp holds the rules; nothing here
// decides what is offered): the denials the escalation covers, the
// escalation as TOML lines, what stays refused and why, and how many
// processes of the run were stopped. Every name the command chose is
// escaped; nothing comes from the command's output.
#include "learn_report.h"

#include <algorithm>
#include <iterator>

#include "../base/text.h"

namespace llp {

namespace {

// "N process(es)": the screen's one plural.
std::string processes(int n) { return std::to_string(n) + (n == 1 ? " process" : " processes"); }

// "outputs build/, dist/": one list of the summary, "" when empty.
std::string summary_part(const char *name, const std::vector<std::string> &items) {
  if (items.empty()) return {};
  std::string out = name;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : " ") + printable(items[i]);
  return out;
}

std::string port_part(const char *name, const std::vector<long> &ports) {
  std::vector<std::string> items;
  std::transform(ports.begin(), ports.end(), std::back_inserter(items), [](long p) { return std::to_string(p); });
  return summary_part(name, items);
}

// "workspace-write with outputs build/; rw /home/me/.cache/tool".
std::string summary(const Escalation &e, const std::string &mode) {
  std::string lists;
  for (const std::string &part : {summary_part("outputs", e.outputs), summary_part("rw", e.rw),
                                  summary_part("ro", e.ro), port_part("connect", e.connect), port_part("bind", e.bind)})
    if (!part.empty()) lists += (lists.empty() ? "" : "; ") + part;
  const std::string shown_mode = printable(e.mode.empty() ? mode : e.mode);
  return lists.empty() ? shown_mode : shown_mode + " with " + lists;
}

}  // namespace

std::string Learner::ask_screen(const RunSummary &run, const Escalation &e) const {
  std::string covered;
  std::string uncovered;
  std::string refused;
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding &f = findings_[i];
    const std::string line =
        "  " + std::string(kind_name(f.kind)) + " " + printable(object(f)) + "  (by " + printable(programs(f)) + ")\n";
    const bool covers = std::find(e.covers.begin(), e.covers.end(), i) != e.covers.end();
    if (f.cause == LearnCause::Sandbox) (covers ? covered : uncovered) += line;
    else if (f.cause == LearnCause::OnPurpose) refused += line + "    " + printable(f.reason) + "\n";
  }
  if (covered.empty() && uncovered.empty() && refused.empty()) return {};
  std::string out = "landlock-policy: the command exited " + std::to_string(run.status) + " under " +
                    printable(r_.plan.mode) + "; the kernel's denials (seen the " + run.way + " way):\n";
  if (!covered.empty()) {
    out += "denied by the sandbox:\n" + covered + "one re-run may add, for that run only (never saved):\n";
    const std::string toml = printable_lines(escalation_toml(e));
    size_t end = 0;
    for (size_t start = 0; start < toml.size(); start = end + 1) {
      end = std::min(toml.find('\n', start), toml.size());
      out += "  " + toml.substr(start, end - start) + "\n";
    }
  }
  if (!uncovered.empty()) out += "denied by the sandbox, and no narrower grant is offered for them:\n" + uncovered;
  if (!refused.empty()) out += "stays refused (on purpose, final: never offered):\n" + refused;
  for (const std::string &note : run.notes) out += "note: " + printable(note) + "\n";
  if (run.stopped > 0)
    out += processes(run.stopped) + " of the run left running stopped when the watch ended (none is left)\n";
  if (e.covers.empty()) out += "nothing to ask: no escalation covers these denials\n";
  return out;
}

AskRun learn_for_ask(const CompileResult &compiled, const LearnOptions &o) {
  AskRun a;
  Learner l(compiled, o);
  RunSummary run;
  // The ptrace way first: the audit way names only the folder of a new
  // entry, and naming it would run the command a second time.
  run.way = "ptrace";
  std::string error = learn_watch(compiled, o, false, l, run);
  if (!error.empty() && compiled.plan.sandboxed && audit_unavailable().empty()) {
    run.way = "audit";
    error = learn_watch(compiled, o, false, l, run);
  }
  if (!error.empty()) {
    a.error = error;
    return a;
  }
  l.suggest();
  const Escalation e = l.escalation();
  a.status = run.status;
  a.stopped = run.stopped;
  a.offered = !e.covers.empty();
  a.mode = e.mode;
  a.add = {e.outputs, e.rw, e.ro, e.connect, e.bind};
  a.screen = l.ask_screen(run, e);
  a.summary = summary(e, compiled.plan.mode);
  return a;
}

}  // namespace llp
