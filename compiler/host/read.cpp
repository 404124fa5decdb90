#include "read.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace llp {

namespace {

const char *kind_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Reads fd to its end into text, at most limit bytes.
bool read_bounded(int fd, std::string &text, std::string &error, size_t limit) {
  text.clear();
  char buf[65536];
  while (true) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::strerror(errno);
      return false;
    }
    if (n == 0) return true;
    // Checked while reading, not from st_size: a file that grows meanwhile
    // (or one in /proc, whose size reads as 0) is still bounded.
    if (text.size() + static_cast<size_t>(n) > limit) {
      error = "larger than " + std::to_string(limit >> 20) + " MiB; a policy is a few KiB";
      return false;
    }
    text.append(buf, static_cast<size_t>(n));
  }
}

}  // namespace

bool read_policy_file(const std::string &path, std::string &text, std::string &error, size_t limit) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    error = std::strerror(errno);
    close(fd);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    error = std::string("not a regular file (") + kind_name(st.st_mode) + ")";
    close(fd);
    return false;
  }
  bool ok = read_bounded(fd, text, error, limit);
  close(fd);
  return ok;
}

bool read_policy_stdin(std::string &text, std::string &error, size_t limit) {
  // The caller chose what stdin is (a pipe, a file, a terminal): read to its
  // end, bounded, whatever its kind.
  return read_bounded(0, text, error, limit);
}

}  // namespace llp
