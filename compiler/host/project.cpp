#include "project.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace llp {

namespace {

// Reads the regular file `name` in the folder dirfd, at most limit bytes:
// "" when it is missing, a symlink (O_NOFOLLOW), not a regular file, larger,
// or unreadable. O_NONBLOCK: a FIFO planted under the name never blocks.
std::string read_at(int dirfd, const std::string &name, size_t limit) {
  int fd = openat(dirfd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return {};
  struct stat st {};
  std::string text;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    char buf[16384];
    while (text.size() <= limit) {
      ssize_t n = read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      text.append(buf, static_cast<size_t>(n));
    }
  }
  close(fd);
  return text.size() > limit ? std::string() : text;
}

// The first bytes of a .go file, for its package clause (which comes after
// comments and build constraints only).
bool declares_package_main(int dirfd, const std::string &name) {
  int fd = openat(dirfd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  std::string head(8192, '\0');
  ssize_t n = 0;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) n = read(fd, head.data(), head.size());
  close(fd);
  head.resize(n > 0 ? static_cast<size_t>(n) : 0);
  size_t start = 0;
  while (start < head.size()) {
    size_t end = head.find('\n', start);
    if (end == std::string::npos) end = head.size();
    std::string_view line(head.data() + start, end - start);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.starts_with("package ")) {
      line.remove_prefix(8);
      return line.starts_with("main") && (line.size() == 4 || line[4] == ' ' || line[4] == '\t' || line[4] == '\r' ||
                                          line[4] == '/' || line[4] == ';');
    }
    start = end + 1;
  }
  return false;
}

}  // namespace

ProjectRoot look_at_root(const std::string &workspace) {
  ProjectRoot root;
  int dirfd = open(workspace.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirfd < 0) return root;
  int listfd = dup(dirfd);
  DIR *dir = listfd < 0 ? nullptr : fdopendir(listfd);
  if (!dir) {
    if (listfd >= 0) close(listfd);
    close(dirfd);
    return root;
  }
  root.looked = true;
  size_t go_files_read = 0;
  for (size_t seen = 0; seen < kMaxRootEntries; ++seen) {
    const dirent *entry = readdir(dir);  // NOLINT(concurrency-mt-unsafe): one stream, one thread
    if (!entry) break;
    const std::string name = entry->d_name;
    struct stat st {};
    if (fstatat(dirfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || S_ISDIR(st.st_mode)) continue;
    root.files.push_back(name);
    const bool go_source = name.ends_with(".go") && !name.ends_with("_test.go");
    if (go_source && !root.go_main && S_ISREG(st.st_mode) && go_files_read < kMaxGoFilesRead) {
      ++go_files_read;
      root.go_main = declares_package_main(dirfd, name);
    }
  }
  root.go_mod = read_at(dirfd, "go.mod", kMaxMarkerBytes);
  root.package_json = read_at(dirfd, "package.json", kMaxMarkerBytes);
  closedir(dir);
  close(dirfd);
  return root;
}

}  // namespace llp
