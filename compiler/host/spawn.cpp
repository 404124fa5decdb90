#include "spawn.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exit_status.h"

namespace llp {

namespace {

// The child's side: setup, exec, and on failure the report and exit. Never
// returns; the report pipe's write end is closed by the exec.
[[noreturn]] void run_child(const ExecArgs &args, bool search, const ChildSetup &setup, int report_fd) {
  ChildReport why;
  if (setup) why = setup();
  int status = launcher::kExitCannotExecute;
  if (why.step == 0) {
    exec_args(args, search);
    why.step = kExecStep;
    why.error = errno;
    status = exec_failure_status(why.error);
  }
  (void)!write(report_fd, &why, sizeof why);
  _exit(status);
}

}  // namespace

ExecArgs::ExecArgs(const std::vector<std::string> &argv) : pointers_(argv.size() + 1, nullptr) {
  // execv takes char *const[] but changes nothing through it.
  std::transform(argv.begin(), argv.end(), pointers_.begin(), [](const std::string &a) {
    return const_cast<char *>(a.c_str());
  });  // NOLINT(cppcoreguidelines-pro-type-const-cast)
}

void exec_args(const ExecArgs &args, bool search) {
  if (search) execvp(args.program(), args.get());
  else execv(args.program(), args.get());
}

Spawned::Spawned(Spawned &&other) noexcept
    : pid_(other.pid_), report_fd_(other.report_fd_), error_(std::move(other.error_)) {
  other.pid_ = -1;
  other.report_fd_ = -1;
}

Spawned::~Spawned() {
  if (report_fd_ >= 0) close(report_fd_);
}

bool Spawned::report(ChildReport &out) {
  if (report_fd_ < 0) return false;
  ChildReport got;
  ssize_t n = 0;
  do n = read(report_fd_, &got, sizeof got);
  while (n < 0 && errno == EINTR);
  close(report_fd_);
  report_fd_ = -1;
  if (n != static_cast<ssize_t>(sizeof got)) return false;
  out = got;
  return true;
}

Spawned spawn(const ExecArgs &args, bool search, const ChildSetup &setup) {
  Spawned s;
  int report[2] = {-1, -1};
  if (pipe2(report, O_CLOEXEC) != 0) {
    s.error_ = std::string("pipe: ") + std::strerror(errno);
    return s;
  }
  pid_t pid = fork();
  if (pid < 0) {
    s.error_ = std::string("fork: ") + std::strerror(errno);
    close(report[0]);
    close(report[1]);
    return s;
  }
  if (pid == 0) run_child(args, search, setup, report[1]);
  close(report[1]);
  s.pid_ = pid;
  s.report_fd_ = report[0];
  return s;
}

namespace {

// The child a forwarded signal goes to: a signal handler can reach nothing
// but a global.
volatile sig_atomic_t g_forward_to = 0;

void forward_signal(int signal_number) {
  if (g_forward_to > 0) kill(static_cast<pid_t>(g_forward_to), signal_number);
}

constexpr int kTerminalSignals[] = {SIGINT, SIGQUIT};   // sent by the terminal to the whole group
constexpr int kForwardedSignals[] = {SIGTERM, SIGHUP};  // sent to this process alone, often

// In the child, before its exec: an ignored signal stays ignored across
// exec, so the terminal's signals get their default action back.
ChildReport restore_terminal_signals() {
  for (int signal_number : kTerminalSignals) signal(signal_number, SIG_DFL);
  return {};
}

}  // namespace

ChildEnd run_in_foreground(const ExecArgs &args, bool search) {
  for (int signal_number : kTerminalSignals) signal(signal_number, SIG_IGN);
  struct sigaction forward {};
  forward.sa_handler = forward_signal;
  sigemptyset(&forward.sa_mask);
  for (int signal_number : kForwardedSignals) sigaction(signal_number, &forward, nullptr);
  ChildEnd end;
  Spawned child = spawn(args, search, restore_terminal_signals);
  if (child.pid() < 0) {
    end.error = child.error();
    return end;
  }
  g_forward_to = child.pid();
  ChildReport report;
  if (child.report(report)) end.error = std::string("exec: ") + std::strerror(report.error);
  int status = 0;
  pid_t waited = 0;
  do waited = waitpid(child.pid(), &status, 0);
  while (waited < 0 && errno == EINTR);
  g_forward_to = 0;
  if (waited < 0) {
    end.error = std::string("waitpid: ") + std::strerror(errno);
    end.status = launcher::kExitCannotExecute;
    return end;
  }
  end.signaled = WIFSIGNALED(status);
  end.status = end.signaled ? WTERMSIG(status) : WEXITSTATUS(status);
  return end;
}

void exit_as(const ChildEnd &end) {
  if (!end.signaled) std::exit(end.status);
  const struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  signal(end.status, SIG_DFL);
  sigset_t just_this;
  sigemptyset(&just_this);
  sigaddset(&just_this, end.status);
  sigprocmask(SIG_UNBLOCK, &just_this, nullptr);
  kill(getpid(), end.status);   // raise(3), which cppcheck takes for noreturn
  std::exit(128 + end.status);  // a signal whose default is not to end (SIGCHLD...)
}

}  // namespace llp
