// What `landlock-policy exec` does with a compiled policy: runs it (the
// plain way), or, with --ask on a terminal, runs it watched and offers the
// escalation of what the sandbox denied for one re-run. docs/policy-format.md,
// "Command line" and "Asking once: exec --ask".
#pragma once
#include <functional>
#include <string>

#include "../compile.h"
#include "../host/terminal.h"
#include "../learn/learn.h"

namespace llp {

// Runs r's argv: on a terminal as the command's parent (then exits as the
// command did, after the failure hint), else by exec (same PID). Returns
// only when it could not run.
int exec_compiled(const CompileResult &r);

// What exec --ask needs of the command line (main.cpp builds it).
struct AskCalls {
  LearnOptions learn;  // as learn takes them: the escalation's rules are learn's
  // The call's policy compiled again from text (its own, with the
  // escalation's lists), with --set mode=MODE when mode is not "": a run
  // when prepare (outputs made), else a look.
  std::function<CompileResult(const std::string &text, const std::string &mode, bool prepare)> compile;
};

// exec --ask: the watched run, then at most one question and one re-run.
// The exit status is the command's, or the re-run's.
int exec_ask(const CompileResult &r, const AskCalls &calls, Terminal &tty);

}  // namespace llp
