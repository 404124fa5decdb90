// What the workspace root holds that tells which builds run there (read by
// plan/detect.h and by `init`): the names of its files, and the few texts
// that decide an output's name. Every name and text here is the
// repository's, so attacker-chosen: read relative to an fd of the root,
// never through a symlink (a planted go.mod -> ~/.ssh/config would otherwise
// be read), only regular files, each bounded.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace llp {

// How many root entries are looked at, and how much of a text is read.
inline constexpr size_t kMaxRootEntries = 100000;
inline constexpr size_t kMaxMarkerBytes = size_t{256} << 10;
inline constexpr size_t kMaxGoFilesRead = 64;

struct ProjectRoot {
  bool looked = false;  // false: the root could not be opened; nothing is detected
  // The names of the entries that are not folders (regular files, and
  // symlinks: a marker may be one), in the order the folder lists them.
  std::vector<std::string> files;
  std::string go_mod;        // go.mod's text: "" when absent, not a regular file or too large
  std::string package_json;  // package.json's text, likewise
  bool go_main = false;      // a .go file at the root (not a _test.go) is `package main`
};

ProjectRoot look_at_root(const std::string &workspace);

}  // namespace llp
