// Starting a program, in one place: execv's argument array over strings
// (ExecArgs), and a child started with fork and exec whose report pipe
// (close-on-exec) says why it stopped before the program ran (spawn). The
// pipe's end of file means the exec happened. learn's two ways and the
// launcher's version check start their children here; `exec` runs
// ExecArgs in its own process.
#pragma once
#include <functional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace llp {

// execv's char *const argv[], nullptr-terminated, over argv's strings: they
// must outlive it.
class ExecArgs {
 public:
  explicit ExecArgs(const std::vector<std::string> &argv);
  char *const *get() const { return pointers_.data(); }
  const char *program() const { return pointers_[0]; }

 private:
  std::vector<char *> pointers_;
};

// execv (search false: program() is a path) or execvp (looked up in PATH).
// Returns only when the exec failed, errno set.
void exec_args(const ExecArgs &args, bool search);

// Why a child stopped before its program ran: the step that failed (the
// caller's own number, or kExecStep) and its errno.
struct ChildReport {
  int step = 0;  // 0: nothing failed
  int error = 0;
};
inline constexpr int kExecStep = -1;

// Runs in the child between fork and exec: ChildReport{} to go on to the
// exec, else the step that failed (the child then exits 126 without
// running the program). Only async-signal-safe calls belong here.
using ChildSetup = std::function<ChildReport()>;

// A started child and the read end of its report pipe (closed with it).
class Spawned {
 public:
  Spawned() = default;
  Spawned(Spawned &&other) noexcept;
  Spawned(const Spawned &) = delete;
  Spawned &operator=(const Spawned &) = delete;
  Spawned &operator=(Spawned &&) = delete;
  ~Spawned();

  pid_t pid() const { return pid_; }
  // When pid() < 0: "pipe: why" or "fork: why".
  const std::string &error() const { return error_; }
  // Reads the report once: true with *out when the child stopped before
  // its program; false once the exec happened (end of file). Blocks until
  // the child execs or exits.
  bool report(ChildReport &out);

 private:
  friend Spawned spawn(const ExecArgs &args, bool search, const ChildSetup &setup);
  pid_t pid_ = -1;
  int report_fd_ = -1;
  std::string error_;
};

// Forks; the child runs setup (if any), then execs args (search as in
// exec_args). A failed exec exits 127 when the program was not found, else
// 126, as the launcher does (exit_status.h).
Spawned spawn(const ExecArgs &args, bool search, const ChildSetup &setup);

// How a child run to its end ended, or why it never ran.
struct ChildEnd {
  bool signaled = false;  // killed by signal (the number in status)
  int status = 0;         // its exit status, or the signal
  std::string error;      // the fork or exec failed: why ("" when it ran)
};

// Runs args (search as in exec_args) in a child of this process, which
// stays its parent until it ends. The child is in this process group, so
// the terminal's SIGINT and SIGQUIT (Ctrl-C, Ctrl-\) reach it directly: this
// process ignores them while it waits (as system(3) does), so they are never
// delivered twice; SIGTERM and SIGHUP sent to this process are passed on.
ChildEnd run_in_foreground(const ExecArgs &args, bool search);

// Ends this process as the child ended: the same exit status, or the same
// signal raised on itself (no core file: the child wrote its own), else
// 128 + the signal, as shells report it.
[[noreturn]] void exit_as(const ChildEnd &end);

}  // namespace llp
