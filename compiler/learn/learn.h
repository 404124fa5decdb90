// `landlock-policy learn`: runs a compiled policy's argv and sees what the
// sandbox denied, the audit way (the kernel's Landlock records, learn_audit.h)
// where the kernel and the privileges allow it, else the ptrace way
// (learn_trace.h); sorts it into the sandbox's denials, refusals on purpose
// (hidden, protected, carved) and ordinary file permissions, prints a report
// with the smallest grants to add (learn_report.h), and can write them as a
// policy that extends the original. docs/policy-format.md, "Learning a policy".
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "../compile.h"
#include "../policy/parse.h"

namespace llp {

struct LearnOptions {
  std::string policy_file;           // absolute: what --write extends; "<stdin>" or "<--mode MODE>" when no file
  bool policy_is_file = true;        // false: standard input or --mode, nothing a policy can extend
  std::string format = "text";       // text (stderr) or json (--report FILE, --report-fd N, else stderr)
  std::string write_file;            // --write NEW.toml: created, never overwritten
  std::string report_file;           // --report FILE
  int report_fd = -1;                // --report-fd N: open, close-on-exec; written once the run is over, then closed
  std::string home;                  // $HOME, to print ~/ paths
  std::string way = "auto";          // --way: audit, ptrace, or auto (audit where available)
  std::vector<std::string> command;  // COMMAND [ARG]..., to build the audit way's argv
  // Compiles a policy text as the original was compiled (same options).
  std::function<CompileResult(const std::string &name, const std::string &text)> compile_text;
  // Compiles the run's own policy with --set mode=MODE (nothing prepared):
  // what that mode would allow. Null: no mode is offered as an escalation.
  std::function<CompileResult(const std::string &mode)> compile_in_mode;
};

// --report-fd N: "" when N is open for writing, then marked close-on-exec
// so that no program learn starts (the command least of all) inherits it:
// a report the command wrote would be an escalation it chose. Else why not.
std::string learn_claim_report_fd(int fd);

// Runs the command confined as compiled (the audit way adds --log-denials);
// returns its exit status (128+N when killed by signal N), 126 when it could
// not be watched (or --way audit is not available here), and 1 when the
// command succeeded but the report or --write could not be written.
int learn(const CompileResult &compiled, const LearnOptions &options);

// `exec --ask` (learn_ask.cpp): one run of the command, watched the ptrace
// way (one run names every entry; the audit way names only a new entry's
// folder, and would need a second run), or the audit way where ptrace is
// not permitted; every process of the run is stopped when the watch ends.
struct AskRun {
  std::string error;     // the run could not be watched: why (nothing ran)
  int status = 0;        // the command's exit status (128+N when killed by signal N)
  int stopped = 0;       // processes of the run stopped when the watch ended
  bool offered = false;  // the sandbox's denials have an escalation
  std::string mode;      // the escalation's mode ("workspace-write"), or "" when it keeps the policy's
  PolicyAdditions add;   // the escalation's lists
  std::string screen;    // what the terminal shows, escaped; "" when the sandbox denied nothing
  std::string summary;   // the retry's policy in a few words: "workspace-write with outputs build/"
};
AskRun learn_for_ask(const CompileResult &compiled, const LearnOptions &options);

}  // namespace llp
