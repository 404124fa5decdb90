// What the report's files ask the file system about a path, and the
// helpers they share (learn_findings, learn_classify, learn_suggest,
// learn_render, learn_write).
#include "learn_fs.h"

#include <sys/stat.h>

#include "../base/quote.h"
#include "../host/paths.h"

namespace llp {

bool exists(const std::string &p) {
  struct stat st {};
  return lstat(p.c_str(), &st) == 0;
}

bool is_dir(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_regular(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_device(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode));
}

// The folder an entry is created in or removed from.
std::string folder_of(const Finding &f) { return f.folder ? f.path : parent_path(f.path); }

std::string base_name(const std::string &p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string policy_literal(const std::string &p) {
  std::string out;
  for (char c : p) {
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

// A path for a shell: ~/'rest' or 'path', every ' closed and escaped.
std::string shell_quoted(const std::string &home, const std::string &p) {
  if (!home.empty() && home != "/" && is_within(p, home) && p != home)
    return "~/" + single_quote(p.substr(home.size() + 1));
  return single_quote(p);
}

}  // namespace llp
