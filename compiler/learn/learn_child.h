// What both ways of `landlock-policy learn` do around the command: learn
// becomes a subreaper before it starts it, so that every process of the run
// (a daemon that double-forks included) stays its descendant, and kills and
// reaps them all before it returns; and the command starts without any
// capability, even when learn runs as root (docs/policy-format.md,
// "Learning a policy").
#pragma once
#include <csignal>

namespace llp {

// PR_SET_CHILD_SUBREAPER on learn itself: orphans of the run come back to it.
// false (errno set) when the kernel refused.
bool learn_become_subreaper();

// Kills every descendant still alive (SIGKILL) and reaps it, round after
// round as orphans come back, until learn has no child left. Returns how
// many were killed. For the parent, after the command's run.
int learn_kill_descendants();

// In the child before exec: drops every capability (bounding, ambient,
// inheritable, permitted, effective). 0, or the errno of what failed while
// capabilities were held (the child must not exec then).
int learn_drop_capabilities();

// Like a shell waiting for its job: ^C and ^\ reach the command (same
// process group) while learn ignores them, and stays to end the run and
// report. For the parent, around the run; restored with the object.
class LearnIgnoresInterrupts {
 public:
  LearnIgnoresInterrupts();
  LearnIgnoresInterrupts(const LearnIgnoresInterrupts &) = delete;
  LearnIgnoresInterrupts &operator=(const LearnIgnoresInterrupts &) = delete;
  ~LearnIgnoresInterrupts();

 private:
  struct sigaction old_int_ {};
  struct sigaction old_quit_ {};
  bool ignored_ = false;
};

}  // namespace llp
