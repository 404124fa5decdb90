// What `landlock-policy learn` makes of the denials either way saw: each
// denied object and access once (a Finding), sorted into the sandbox's
// denials, refusals on purpose (hidden, protected, carved, or a grant the
// compiler refuses) and ordinary file permissions; the smallest grants to
// add (a folder, not its files; optional when missing; a device alone); the
// text and JSON reports and the --write policy. No system call is traced
// here: tests/unit/compiler_learn_test.cpp feeds it denials directly.
// One job a file: learn_findings.cpp (records to findings), learn_classify.cpp
// (whose denial), learn_suggest.cpp (grouped into grants), learn_render.cpp
// (the reports), learn_write.cpp (--write and the report file).
#pragma once
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "../compile.h"
#include "learn.h"
#include "learn_audit.h"
#include "learn_refuse.h"
#include "learn_trace.h"

namespace llp {

enum class LearnKind { Read, List, Write, Execute, Create, Remove, Across, Truncate, Ioctl, Connect, Bind };
enum class LearnCause { Sandbox, OnPurpose, Permissions };
// What a denied creation was making: a folder (mkdir), a file (open with
// O_CREAT, mknod, symlink, link), or unknown (the audit way; a rename whose
// source is gone).
enum class LearnMade { Unknown, File, Folder };

const char *kind_name(LearnKind k);    // "read", ..., "device ioctl", "TCP connect"
const char *cause_name(LearnCause c);  // "sandbox", "on-purpose", "file-permissions"

// One denied object and access, however many times it was denied.
struct Finding {
  LearnKind kind = LearnKind::Read;
  std::string path, path2;
  // The audit way names the folder an entry was created in or removed from
  // (and a rename's source folder), not the entry: path is that folder.
  bool folder = false;
  bool kernel = false;                  // the kernel said Landlock denied it (the audit way)
  LearnMade made = LearnMade::Unknown;  // a creation: what it made (a folder's leaf can be made before the rerun)
  // A new entry in a carved folder of the workspace (the read-only root): the
  // `outputs` entry that allows it, relative to the workspace, "NAME/" for a
  // folder (suggested in the section "outputs", never a grant).
  std::string output;
  bool changed = false;  // the ptrace way: the path changed between the call's entry and exit
  long port = -1;
  LearnCause cause = LearnCause::Sandbox;
  std::string reason;                       // on purpose or file permissions: why
  RefusalKind refusal = RefusalKind::None;  // on purpose: which rule
  int count = 0;
  std::set<std::string> programs;
  std::string grant;  // the folder (or device) to grant, for the sandbox's file denials
  Access access = Access::Ro;
  bool create_first = false;  // grant is a leaf folder to create before the rerun
};

// The findings one failed call or one audit record stands for.
std::vector<Finding> findings_of(const TracedDenial &d);
std::vector<Finding> findings_of(const AuditDenial &d);
// Sorts one finding (error: the call's errno; 0 when the kernel's audit
// record said Landlock denied it) and, for the sandbox's, sets its grant.
void classify(const CompileResult &r, Finding &f, int error);

// How the run went, for the report's first lines.
struct RunSummary {
  std::string way = "ptrace";  // "ptrace" or "audit"
  int status = 0;
  int left_running = 0;            // processes (ptrace) or 1 (audit: the domain) still alive after the grace
  int stopped = 0;                 // processes of the run killed when the watch ended
  long not_recorded = 0;           // denials past the bound, counted only
  std::vector<std::string> notes;  // said as "note: ..."
};

struct Suggestion {
  std::string section;  // "rw", "ro", "outputs", "connect", "bind"
  std::string path;     // canonical folder; for outputs, the entry relative to the workspace
  long port = -1;
  bool optional = false;
  std::set<std::string> reasons;  // "op write"
  std::vector<Finding *> findings;
  std::string toml;           // the line to paste
  bool create_first = false;  // a leaf folder that does not exist yet: made before the rerun
};

// What, added to the run's policy, would have allowed the sandbox's
// denials (learn_escalate.cpp): the JSON report's "escalation". Only the
// kernel's denials go in; never a protected, hidden, carved or secret path.
struct Escalation {
  std::string mode;                          // "workspace-write" when a read-only run needs it, else ""
  std::vector<std::string> outputs, rw, ro;  // outputs relative to the workspace; grants canonical
  std::vector<long> connect, bind;
  std::vector<size_t> covers;  // the denials it allows, indices into Learner::findings()
};

// Creates path (flags: O_EXCL, or O_TRUNC|O_NOFOLLOW) holding text; "" or why not.
std::string learn_create_file(const std::string &path, int flags, const std::string &text);
// Writes text to the open descriptor fd, then closes it; "" or why not.
std::string learn_write_fd(int fd, const std::string &text);
// mkdir -p of path below home, one leaf at a time, never through a symlink; "" or why not.
std::string learn_make_below(const std::string &home, const std::string &path);

class Learner;

// Runs the command watched run.way ("audit" or "ptrace"), feeding what the
// kernel denied to l; the audit way runs it a second time, the ptrace way,
// to name new entries when second_run. "" once the command was started,
// else why not (nothing ran).
std::string learn_watch(const CompileResult &compiled, const LearnOptions &o, bool second_run, Learner &l,
                        RunSummary &run);

class Learner {
 public:
  Learner(const CompileResult &r, const LearnOptions &o);
  void add(const TracedDenial &d);
  void add(const AuditDenial &d);
  // The folders the audit way named instead of an entry created in them,
  // where the suggestion needs the entry (a carved folder of the workspace,
  // a folder every tool shares).
  std::vector<std::string> unnamed_folders() const;
  // Names them from a second run, the ptrace way: its creations in those
  // folders replace the audit way's unnamed ones. How many were named.
  int add_names(const std::vector<TracedDenial> &traced);
  // Whether nothing was learned: no grant, output or leaf to add.
  bool nothing_learned() const { return suggestions_.empty(); }
  // The folders every tool shares that a tool tried to make and could not
  // (a fresh home): --write makes them, never grants them, so that the
  // next run names the tool's own leaf in them.
  std::vector<std::string> shared_to_make() const;
  const std::string &home() const { return home_; }
  // Groups the sandbox's denials into the fewest grants, then drops (as
  // refused on purpose) any grant the compiler would refuse.
  void suggest();
  std::string text_report(const RunSummary &run) const;
  std::string json_report(const RunSummary &run) const;
  // The escalation; covers empty when there is none.
  Escalation escalation() const;
  // Its JSON object ("null" when there is none) and its TOML lines.
  static std::string escalation_json(const Escalation &e);
  static std::string escalation_toml(const Escalation &e);
  // exec --ask (learn_ask.cpp): the screen before its question (or, with
  // no escalation, what stays refused), every name escaped; "" when the
  // sandbox denied nothing.
  std::string ask_screen(const RunSummary &run, const Escalation &e) const;
  // --write: compiled first; created, never overwritten. "" or the error.
  std::string write_policy(const std::string &way) const;

  const std::vector<Finding> &findings() const { return findings_; }
  const std::vector<Suggestion> &suggestions() const { return suggestions_; }

 private:
  bool add_finding(Finding f, int error);  // true: a finding of its own, not one seen before
  void narrow(Finding &f) const;
  void shape_outputs();
  std::string toml_file(const std::vector<const Suggestion *> &list, const std::string &way) const;
  static std::string toml_body(const std::vector<const Suggestion *> &list);
  std::vector<const Suggestion *> pointers() const;
  bool writable(const std::string &folder) const;
  std::string shown(const std::string &p) const;
  static std::string object(const Finding &f);
  static std::string programs(const Finding &f);
  static std::string why_text(const Suggestion &s);
  bool render(Suggestion &s) const;
  std::string alone_refusal(const Suggestion &s) const;
  std::string compiler_refusal(const std::string &text) const;
  const Suggestion *suggestion_for(const Finding &f) const;
  std::string refused_json() const;
  bool offered(const Suggestion &s, const std::vector<std::string> &carve) const;

  const CompileResult &r_;
  const LearnOptions &o_;
  std::string home_;
  RefusalTable table_;
  std::vector<Finding> findings_;
  std::map<std::tuple<int, std::string, std::string, long>, size_t> index_;
  std::vector<Suggestion> suggestions_;
  std::string unextendable_;  // why no policy can extend the original, or ""
};

}  // namespace llp
