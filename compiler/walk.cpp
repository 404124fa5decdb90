#include "walk.h"

#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>
#include <vector>

namespace llp {

bool list_dir(const std::string &dir, std::vector<std::string> &names) {
  DIR *d = opendir(dir.c_str());
  if (!d) return false;
  while (const dirent *e = readdir(d)) {  // NOLINT(concurrency-mt-unsafe): one walker per process
    std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(std::move(name));
  }
  closedir(d);
  std::sort(names.begin(), names.end());  // deterministic output, whatever the file system's order
  return true;
}

namespace {

bool walk_dir(const std::string &dir, int depth, const WalkLimits &limits, long &seen, WalkResult &result,
              const std::function<bool(const std::string &, bool, bool)> &visit) {
  std::vector<std::string> names;
  if (!list_dir(dir, names)) {
    result = {WalkStatus::Unreadable, dir};
    return false;
  }
  for (const std::string &name : names) {
    if (++seen > limits.max_entries) {
      result = {WalkStatus::TooLarge, dir};
      return false;
    }
    std::string path = (dir == "/" ? "" : dir) + "/" + name;
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) continue;  // vanished meanwhile
    bool link = S_ISLNK(st.st_mode), is_dir = S_ISDIR(st.st_mode);
    if (!visit(path, link, is_dir)) return false;
    if (is_dir) {
      if (depth + 1 > limits.max_depth) {
        if (!limits.deeper_is_error) continue;
        result = {WalkStatus::TooLarge, path};
        return false;
      }
      if (!walk_dir(path, depth + 1, limits, seen, result, visit)) return false;
    }
  }
  return true;
}

}  // namespace

WalkResult walk_tree(const std::string &root, const WalkLimits &limits,
                     const std::function<bool(const std::string &, bool, bool)> &visit) {
  WalkResult result;
  long seen = 0;
  walk_dir(root, 0, limits, seen, result, visit);
  return result;
}

}  // namespace llp
