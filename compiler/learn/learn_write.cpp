// Write: --write's policy (compiled first, created, never overwritten) and
// the leaf folders it needs, and the report file.
#include "learn_report.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

namespace {

// Creates path (flags: O_EXCL or O_TRUNC|O_NOFOLLOW) holding text; "" or why not.
// O_TRUNC: only a regular file is truncated and written (a FIFO would hang,
// a device act): it is opened without blocking and checked first.
std::string create_file(const std::string &path, int flags, const std::string &text) {
  bool truncate = (flags & O_TRUNC) != 0;
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (flags & ~O_TRUNC), 0644);
  if (fd < 0) return errno == ENXIO ? std::string("not a regular file") : std::strerror(errno);
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return "not a regular file";
  }
  if ((truncate && ftruncate(fd, 0) != 0) || fcntl(fd, F_SETFL, 0) != 0) {
    int e = errno;
    close(fd);
    return std::strerror(e);
  }
  FILE *f = fdopen(fd, "w");
  if (!f) {
    int e = errno;
    close(fd);
    return std::strerror(e);
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int e = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    e = errno;
  }
  return ok ? std::string() : std::strerror(e);
}

// Makes the leaf folder path (its folder must exist), relative to an fd of
// that folder, never following a symlink in the leaf's place.
std::string make_leaf(const std::string &path) {
  std::string parent = parent_path(path);
  int dir = open(parent.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) return std::strerror(errno);
  int rc = mkdirat(dir, base_name(path).c_str(), 0700);
  int e = errno;
  close(dir);
  return rc == 0 || e == EEXIST ? std::string() : std::strerror(e);
}

}  // namespace

std::string learn_create_file(const std::string &path, int flags, const std::string &text) {
  return create_file(path, flags, text);
}

std::string learn_make_below(const std::string &home, const std::string &path) {
  if (home.empty() || path == home || !is_within(path, home)) return "not below the home folder";
  for (size_t slash = path.find('/', home.size() + 1);; slash = path.find('/', slash + 1)) {
    if (std::string e = make_leaf(path.substr(0, slash)); !e.empty()) return e;
    if (slash == std::string::npos) return {};
  }
}

std::vector<std::string> Learner::shared_to_make() const {
  std::vector<std::string> out;
  for (const Finding &f : findings_)
    if (f.cause == LearnCause::OnPurpose && f.create_first && !exists(f.path)) out.push_back(f.path);
  return out;
}

std::string Learner::write_policy(const std::string &way) const {
  if (!unextendable_.empty())
    return "not written: a policy cannot extend " + o_.policy_file + " (" + unextendable_ +
           "); paste the suggested lines into it instead";
  std::string text = toml_file(pointers(), way);
  std::string name = o_.write_file;
  if (name.empty() || name[0] != '/') {
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return std::string("getcwd: ") + std::strerror(errno);
    name = join_path(cwd, name);
  }
  CompileResult c = o_.compile_text(name, text);
  if (!c.ok) return "the learned policy does not compile, not written:\n" + c.rendered();
  // O_EXCL: never overwrite (nor follow a planted symlink).
  std::string e = create_file(name, O_EXCL, text);
  if (!e.empty()) return o_.write_file + ": " + e;
  for (const Suggestion &s : suggestions_)
    if (s.create_first && !exists(s.path))
      if (std::string m = make_leaf(s.path); !m.empty())
        return "wrote " + o_.write_file + ", but mkdir " + s.path + ": " + m;
  return {};
}

std::string learn_write_fd(int fd, const std::string &text) {
  // A reader gone is an error to report, never a SIGPIPE that would end
  // learn with a status that is not the command's.
  struct sigaction ignore {};
  struct sigaction before {};
  ignore.sa_handler = SIG_IGN;
  (void)sigaction(SIGPIPE, &ignore, &before);
  size_t done = 0;
  std::string error;
  while (done < text.size() && error.empty()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd ready{fd, POLLOUT, 0};  // the caller's pipe may be non-blocking
      (void)poll(&ready, 1, -1);
    } else if (n == 0 || errno != EINTR) {
      error = n < 0 ? std::strerror(errno) : "nothing written";
    }
  }
  if (close(fd) != 0 && error.empty()) error = std::strerror(errno);
  (void)sigaction(SIGPIPE, &before, nullptr);
  return error;
}

}  // namespace llp
