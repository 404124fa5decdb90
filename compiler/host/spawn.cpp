#include "spawn.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "exit_status.h"

namespace llp {

namespace {

// The child's side: setup, exec, and on failure the report and exit. Never
// returns; the report pipe's write end is closed by the exec.
[[noreturn]] void run_child(const ExecArgs &args, bool search, const ChildSetup &setup, int report_fd) {
  ChildReport why;
  if (setup) why = setup();
  int status = llr_cli::kExitCannotExecute;
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
  std::transform(argv.begin(), argv.end(), pointers_.begin(),
                 [](const std::string &a) { return const_cast<char *>(a.c_str()); });  // NOLINT(cppcoreguidelines-pro-type-const-cast)
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

}  // namespace llp
