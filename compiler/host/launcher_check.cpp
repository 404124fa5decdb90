#include "launcher_check.h"

#include "../../launcher/cli_flags.h"
#include "spawn.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace llp {

namespace {

// Runs `launcher --version`, returns its stdout (or sets error).
bool run_version(const std::string &launcher, std::string &output, std::string &error) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    error = std::strerror(errno);
    return false;
  }
  const std::vector<std::string> argv = {launcher, launcher::spelling(launcher::Flag::Version)};
  ExecArgs args(argv);
  // In the child: its standard output is the pipe.
  Spawned spawned = spawn(args, false, [&pipe_fds] {
    if (dup2(pipe_fds[1], 1) < 0) return ChildReport{1, errno};
    return ChildReport{};
  });
  close(pipe_fds[1]);
  pid_t child = spawned.pid();
  if (child < 0) {
    error = spawned.error();
    close(pipe_fds[0]);
    return false;
  }
  char buf[512];
  ssize_t n = 0;
  while ((n = read(pipe_fds[0], buf, sizeof buf)) > 0 && output.size() < 4096)
    output.append(buf, static_cast<size_t>(n));
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  error = std::string("`") + launcher::spelling(launcher::Flag::Version) + "` failed";
  return false;
}

}  // namespace

std::string check_launcher_version(const std::string &launcher, const std::string &version,
                                   const std::string &source_sha256) {
  // compile() has checked that it is an absolute path to an executable
  // file outside the writable folders: the only program run unconfined.
  if (launcher.empty() || launcher[0] != '/') return "the launcher `" + launcher + "` is not an absolute path";
  std::string output;
  std::string error;
  if (!run_version(launcher, output, error)) return "cannot ask " + launcher + " for its version: " + error;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  // "landlock-run VERSION source-sha256=HEX"
  const std::string expected = "landlock-run " + version + " ";
  if (output.compare(0, expected.size(), expected) != 0)
    return launcher + " is `" + output + "`, but this compiler emits flags for landlock-run " + version;
  const std::string sha = "source-sha256=" + source_sha256;
  if (source_sha256 != "unknown" && output.find(sha) == std::string::npos)
    return launcher + " was built from other launcher source than this compiler (`" + output + "`, expected " + sha +
           ")";
  return {};
}

}  // namespace llp
