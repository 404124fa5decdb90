#include "mounts.h"

#include <algorithm>

#include "paths.h"
#include "read.h"

namespace llp {

namespace {

// mountinfo escapes space, tab, newline and backslash as \ooo.
std::string unescape(std::string_view field) {
  std::string out;
  for (size_t i = 0; i < field.size(); ++i) {
    bool octal = field[i] == '\\' && i + 3 < field.size();
    if (octal && field[i + 1] >= '0' && field[i + 1] <= '3' && field[i + 2] >= '0' && field[i + 2] <= '7' &&
        field[i + 3] >= '0' && field[i + 3] <= '7') {
      out += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 + (field[i + 3] - '0'));
      i += 3;
      continue;
    }
    out += field[i];
  }
  return out;
}

std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < line.size()) {
    size_t j = line.find(' ', i);
    if (j == std::string_view::npos) j = line.size();
    if (j > i) fields.push_back(line.substr(i, j - i));
    i = j + 1;
  }
  return fields;
}

// path relative to base ("" when equal); base must contain path.
std::string tail_after(const std::string &path, const std::string &base) {
  if (base == "/") return path == "/" ? std::string() : path;
  return path.substr(base.size());
}

}  // namespace

std::vector<MountEntry> parse_mountinfo(std::string_view text) {
  std::vector<MountEntry> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::vector<std::string_view> f = fields_of(text.substr(start, end - start));
    start = end + 1;
    // id parent major:minor root mount-point options ... - type source super-options
    if (f.size() < 5) continue;
    MountEntry e{std::string(f[2]), unescape(f[3]), unescape(f[4])};
    if (e.root.empty() || e.root[0] != '/' || e.mount_point.empty() || e.mount_point[0] != '/') continue;
    out.push_back(std::move(e));
  }
  return out;
}

const std::vector<MountEntry> &host_mounts() {
  static const std::vector<MountEntry> mounts = [] {
    std::string text;
    std::string error;
    if (!read_policy_file("/proc/self/mountinfo", text, error)) return std::vector<MountEntry>{};
    return parse_mountinfo(text);
  }();
  return mounts;
}

std::vector<std::string> mount_aliases(const std::vector<MountEntry> &mounts, const std::string &path) {
  // The mount path lives on: the last (topmost) one with the longest mount point containing it.
  const MountEntry *home = nullptr;
  for (const MountEntry &m : mounts)
    if (is_within(path, m.mount_point) && (!home || m.mount_point.size() >= home->mount_point.size())) home = &m;
  if (!home) return {};
  // The object's path inside its file system, then every mount of the same
  // file system whose root contains it.
  std::string inside = lexical_normalize(home->root + "/" + tail_after(path, home->mount_point));
  std::vector<std::string> out;
  for (const MountEntry &m : mounts) {
    if (m.device != home->device || !is_within(inside, m.root)) continue;
    std::string alias = lexical_normalize(m.mount_point + "/" + tail_after(inside, m.root));
    if (alias != path) out.push_back(alias);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace llp
