#include "paths.h"

#include <climits>
#include <cerrno>
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <unistd.h>
#include <sys/stat.h>
#include <utility>
#include <vector>

#include "../base/text.h"

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
    return "the path contains a control character (byte " + std::to_string(static_cast<unsigned char>(path[control])) +
           ")";
  if (!valid_utf8(path)) return "the path is not valid UTF-8";
  if (path.size() >= PATH_MAX) return "the path is longer than PATH_MAX (" + std::to_string(PATH_MAX - 1) + " bytes)";
  return {};
}

namespace {

// The kernel gives up after 40 links in one lookup (MAXSYMLINKS); so do we.
constexpr int kMaxSymlinks = 40;

std::string read_link(const std::string &link, int *error) {
  std::string buf(PATH_MAX, '\0');
  ssize_t n = readlink(link.c_str(), buf.data(), buf.size());
  if (n < 0) {
    *error = errno;
    return {};
  }
  buf.resize(static_cast<size_t>(n));
  return buf;
}

// Pushes the components of path onto a stack so that the first is on top.
void push_components(std::string_view path, std::vector<std::string> &stack) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    if (j > i) parts.emplace_back(path.substr(i, j - i));
    i = j + 1;
  }
  stack.insert(stack.end(), parts.rbegin(), parts.rend());
}

}  // namespace

HostPath resolve_host(std::string_view absolute) {
  HostPath out;
  std::vector<std::string> pending;
  push_components(absolute, pending);
  std::string done;  // "" is the root
  int links = 0;
  bool missing = false;
  while (!pending.empty()) {
    std::string part = std::move(pending.back());
    pending.pop_back();
    if (part == ".") continue;
    if (part == "..") {
      done = parent_path(done.empty() ? "/" : done);
      if (done == "/") done.clear();
      continue;
    }
    done += '/';
    done += part;
    const std::string &next = done;
    if (missing) continue;  // below something missing, the rest is lexical
    struct stat st {};
    if (lstat(next.c_str(), &st) != 0) {
      out.error = errno;
      missing = true;
      continue;
    }
    if (!S_ISLNK(st.st_mode)) continue;
    int error = 0;
    std::string target = read_link(next, &error);
    if (++links > kMaxSymlinks || error != 0) {
      out.error = error != 0 ? error : ELOOP;
      missing = true;
      continue;
    }
    out.hops.push_back({next, target});
    done = target.starts_with('/') ? std::string() : parent_path(next);
    if (done == "/") done.clear();
    push_components(target, pending);
  }
  out.path = done.empty() ? "/" : done;
  if (missing) return out;
  struct stat st {};
  if (stat(out.path.c_str(), &st) != 0) {
    out.error = errno;
    return out;
  }
  out.exists = true;
  out.object = ObjectId{static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino)};
  out.directory = S_ISDIR(st.st_mode);
  out.regular = S_ISREG(st.st_mode);
  out.links = static_cast<unsigned long>(st.st_nlink);
  return out;
}

std::vector<std::string> chain_of(std::string_view absolute, const HostPath &resolved) {
  std::vector<std::string> chain{lexical_normalize(absolute)};
  std::transform(resolved.hops.begin(), resolved.hops.end(), std::back_inserter(chain),
                 [](const SymlinkHop &hop) { return hop.link; });
  chain.push_back(resolved.path);
  std::sort(chain.begin(), chain.end());
  chain.erase(std::unique(chain.begin(), chain.end()), chain.end());
  return chain;
}

std::optional<std::string> canonical(const std::string &path, int *error) {
  HostPath r = resolve_host(path);
  if (r.exists) return r.path;
  if (error) *error = r.error;
  return std::nullopt;
}

std::string canonical_or_lexical(const std::string &path) { return resolve_host(path).path; }

std::optional<HostEntry> entry_at(const std::string &path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return std::nullopt;
  HostEntry entry;
  entry.object = ObjectId{static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino)};
  entry.symlink = S_ISLNK(st.st_mode);
  if (S_ISDIR(st.st_mode)) entry.kind = Kind::Directory;
  else if (S_ISREG(st.st_mode)) entry.kind = Kind::File;
  entry.links = static_cast<unsigned long>(st.st_nlink);
  return entry;
}

std::optional<ObjectId> object_of(const std::string &path) {
  const std::optional<HostEntry> entry = entry_at(path);
  if (!entry) return std::nullopt;
  return entry->object;
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

bool owned_by_me(const std::string &path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0 && st.st_uid == geteuid();
}

bool mine_and_writable(const std::string &path) { return owned_by_me(path) && access(path.c_str(), W_OK) == 0; }

bool executable_by_me(const std::string &path) { return access(path.c_str(), X_OK) == 0; }

}  // namespace llp
