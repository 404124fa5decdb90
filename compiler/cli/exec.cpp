#include "exec.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "../base/text.h"
#include "../host/exit_status.h"
#include "../host/spawn.h"
#include "../out/hint.h"
#include "../policy/parse.h"

namespace llp {

namespace {

// One line of exec --ask; what is already escaped.
void say(const std::string &escaped) { std::fprintf(stderr, "landlock-policy: exec --ask: %s\n", escaped.c_str()); }

// A run the user stopped (Ctrl-C, Ctrl-\): no question after it.
bool interrupted(int status) { return status == 128 + SIGINT || status == 128 + SIGQUIT; }

// Whether the question may be put: "" or why not (one line, escaped).
std::string why_not_ask(const CompileResult &retry_look, Terminal &tty) {
  if (!retry_look.ok) {
    std::fputs(retry_look.rendered().c_str(), stderr);
    return "not asking: the policy with the escalation does not compile (above)";
  }
  // The run's subreaper: every process of it came back here and was
  // stopped when the watch ended; one still here could draw on the screen.
  if (children_left()) return "not asking: a process of the run is still running";
  if (std::string e = tty.take_back(); !e.empty()) return "not asking: " + e;
  return {};
}

}  // namespace

int exec_compiled(const CompileResult &r) {
  ExecArgs args(r.argv);
  // The launcher is an absolute path checked at compile time: never looked
  // up in PATH. Only danger-full-access runs the command itself, as asked.
  // On a terminal, stay the parent so that a failure can be explained
  // after the command; in scripts and CI, exec (same PID, nothing after).
  if (is_terminal(2)) {
    const ChildEnd end = run_in_foreground(args, !r.plan.sandboxed);
    if (!end.error.empty()) {
      std::fprintf(stderr, "landlock-policy: %s: %s\n", printable(args.program()).c_str(), end.error.c_str());
      return end.status != 0 ? end.status : launcher::kExitCannotExecute;  // the child's 126 or 127, else fork failed
    }
    const std::string hint = failure_hint(r.plan);
    if (!end.signaled && end.status != 0 && !hint.empty())
      std::fprintf(stderr, "landlock-policy: the command exited %d; %s\n", end.status, printable(hint).c_str());
    exit_as(end);
  }
  exec_args(args, !r.plan.sandboxed);
  int e = errno;
  std::fprintf(stderr, "landlock-policy: exec %s: %s\n", printable(args.program()).c_str(), std::strerror(e));
  return exec_failure_status(e);
}

int exec_ask(const CompileResult &r, const AskCalls &calls, Terminal &tty) {
  const AskRun run = learn_for_ask(r, calls.learn);
  if (!run.error.empty()) {
    say("cannot watch the run, nothing ran: " + printable(run.error));
    return launcher::kExitCannotExecute;
  }
  if (run.status == 0 || interrupted(run.status)) return run.status;
  if (run.screen.empty()) {
    say("the command exited " + std::to_string(run.status) + "; the sandbox denied nothing: nothing to ask");
    return run.status;
  }
  if (!run.offered) {
    std::fputs(run.screen.c_str(), stderr);
    return run.status;
  }
  std::string why;
  const std::string text = policy_with(r.sources.file(0).text, run.add, why);
  if (text.empty()) {
    std::fputs(run.screen.c_str(), stderr);
    say("not asking: the policy cannot take the escalation: " + printable(why));
    return run.status;
  }
  if (std::string no = why_not_ask(calls.compile(text, run.mode, false), tty); !no.empty()) {
    std::fputs(run.screen.c_str(), stderr);
    say(no);
    return run.status;
  }
  const Answer answer =
      tty.show(run.screen) ? tty.ask("re-run the command once under " + run.summary + "? [y/N] ") : Answer::No;
  if (answer != Answer::Yes) {
    say(answer == Answer::Interrupted ? "interrupted: nothing re-run" : "nothing re-run");
    return run.status;
  }
  const CompileResult retry = calls.compile(text, run.mode, true);
  if (!retry.ok) {
    std::fputs(retry.rendered().c_str(), stderr);
    return 1;
  }
  std::fprintf(stderr, "landlock-policy: re-running under %s\n", run.summary.c_str());
  return exec_compiled(retry);
}

}  // namespace llp
