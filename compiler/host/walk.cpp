#include "walk.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <iterator>
#include <sys/stat.h>
#include <vector>

namespace llp {

namespace {

struct Entry {
  std::string name;
  unsigned char type = DT_UNKNOWN;  // from readdir: most file systems fill it in, which saves an lstat
};

bool list_entries(const std::string &dir, std::vector<Entry> &entries) {
  DIR *d = opendir(dir.c_str());
  if (!d) return false;
  while (const dirent *e = readdir(d)) {  // NOLINT(concurrency-mt-unsafe): one walker per process
    std::string name = e->d_name;
    if (name != "." && name != "..") entries.push_back({std::move(name), e->d_type});
  }
  closedir(d);
  // Deterministic output, whatever the file system's order.
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.name < b.name; });
  return true;
}

}  // namespace

bool list_dir(const std::string &dir, std::vector<std::string> &names) {
  std::vector<Entry> entries;
  if (!list_entries(dir, entries)) return false;
  std::transform(entries.begin(), entries.end(), std::back_inserter(names), [](Entry &e) { return std::move(e.name); });
  return true;
}

namespace {

class Walker {
 public:
  Walker(const WalkLimits &limits, const std::function<bool(const std::string &, bool, bool)> &visit,
         const std::function<bool(const std::string &)> &descend)
      : limits_(limits), visit_(visit), descend_(descend) {}

  bool walk(const std::string &dir, int depth) {
    std::vector<Entry> entries;
    if (!list_entries(dir, entries)) return stop(WalkStatus::Unreadable, dir);
    for (const Entry &e : entries) {
      if (++seen_ > limits_.max_entries) return stop(WalkStatus::TooLarge, dir);
      std::string path = (dir == "/" ? "" : dir) + "/" + e.name;
      bool link = e.type == DT_LNK;
      bool is_dir = e.type == DT_DIR;
      if (e.type == DT_UNKNOWN) {
        struct stat st {};
        if (lstat(path.c_str(), &st) != 0) {
          if (errno == ENOENT) continue;              // vanished meanwhile
          return stop(WalkStatus::Unreadable, path);  // too long a path, say: never skipped in silence
        }
        link = S_ISLNK(st.st_mode);
        is_dir = S_ISDIR(st.st_mode);
      }
      if (!visit_(path, link, is_dir)) return false;
      if (!is_dir || (descend_ && !descend_(path))) continue;
      if (depth + 1 > limits_.max_depth) {
        if (!limits_.deeper_is_error) continue;
        return stop(WalkStatus::TooLarge, path);
      }
      if (!walk(path, depth + 1)) return false;
    }
    return true;
  }

  WalkResult result;

 private:
  bool stop(WalkStatus status, const std::string &where) {
    result = {status, where};
    return false;
  }

  const WalkLimits &limits_;
  const std::function<bool(const std::string &, bool, bool)> &visit_;
  const std::function<bool(const std::string &)> &descend_;
  long seen_ = 0;
};

}  // namespace

WalkResult walk_tree(const std::string &root, const WalkLimits &limits,
                     const std::function<bool(const std::string &, bool, bool)> &visit,
                     const std::function<bool(const std::string &)> &descend) {
  Walker walker(limits, visit, descend);
  walker.walk(root, 0);
  return walker.result;
}

}  // namespace llp
