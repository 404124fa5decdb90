#include "paths.h"

#include <climits>
#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>
#include <utility>
#include <vector>

#include "text.h"

namespace llp {

std::string lexical_normalize(std::string_view absolute) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < absolute.size()) {
    size_t j = absolute.find('/', i);
    if (j == std::string_view::npos) j = absolute.size();
    std::string_view part = absolute.substr(i, j - i);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    i = j + 1;
  }
  std::string out;
  for (std::string_view p : parts) out += "/" + std::string(p);
  return out.empty() ? "/" : out;
}

bool is_within(std::string_view path, std::string_view base) {
  if (base == "/") return !path.empty() && path[0] == '/';
  if (path.size() < base.size() || path.compare(0, base.size(), base) != 0) return false;
  return path.size() == base.size() || path[base.size()] == '/';
}

std::string parent_path(std::string_view path) {
  if (path.empty() || path == "/") return {};
  size_t slash = path.rfind('/');
  if (slash == 0 || slash == std::string_view::npos) return "/";
  return std::string(path.substr(0, slash));
}

std::string dir_name(std::string_view file) {
  size_t slash = file.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(file.substr(0, slash));
}

std::string join_path(std::string_view dir, std::string_view rel) {
  if (!rel.empty() && rel[0] == '/') return std::string(rel);
  std::string out(dir);
  if (out.empty() || out.back() != '/') out += '/';
  return out + std::string(rel);
}

std::string path_problem(std::string_view path) {
  if (path.empty()) return "the path is empty";
  if (path[0] != '/') return "the path is not absolute";
  size_t control = find_control(path);
  if (control != std::string_view::npos)
    return "the path contains a control character (byte " +
           std::to_string(static_cast<unsigned char>(path[control])) + ")";
  if (!valid_utf8(path)) return "the path is not valid UTF-8";
  if (path.size() >= PATH_MAX) return "the path is longer than PATH_MAX (" + std::to_string(PATH_MAX - 1) + " bytes)";
  return {};
}

std::optional<std::string> canonical(const std::string &path, int *error) {
  char *resolved = realpath(path.c_str(), nullptr);
  if (!resolved) {
    if (error) *error = errno;
    return std::nullopt;
  }
  std::string out(resolved);
  free(resolved);  // NOLINT(cppcoreguidelines-no-malloc): realpath's own allocation
  return out;
}

std::string canonical_or_lexical(const std::string &path) {
  std::string normal = lexical_normalize(path);
  std::string head = normal, tail;
  // Walk up until something exists, at most one step per component.
  while (!head.empty()) {
    int error = 0;
    if (auto c = canonical(head, &error)) return tail.empty() ? *c : lexical_normalize(*c + "/" + tail);
    size_t slash = head.rfind('/');
    std::string last = head.substr(slash + 1);
    if (!tail.empty()) last.append("/").append(tail);
    tail = std::move(last);
    head = parent_path(head);
  }
  return normal;
}

Kind kind_of(const std::string &path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return Kind::Missing;
  if (S_ISDIR(st.st_mode)) return Kind::Directory;
  if (S_ISREG(st.st_mode)) return Kind::File;
  return Kind::Other;
}

bool is_symlink(const std::string &path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

}  // namespace llp
