// What a repository says about where git runs code, read without running
// git: a repository's config is written by whoever made the repository
// (the attacker, in the threat model), and `git config` or any other git
// command run in it could start the programs that config names. Files are
// read with read_policy_file: regular files only, bounded, never blocking.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llp {

// key ("section.subsection.name": section and name lowercased, the
// subsection as written) and value, in file order. Stops at the first line
// git itself would reject; complete says whether it got to the end.
struct GitConfigText {
  std::vector<std::pair<std::string, std::string>> entries;
  bool complete = true;
};
GitConfigText parse_git_config(std::string_view text);

// What a config file and everything it includes say.
struct GitConfigFacts {
  std::vector<std::string> hooks_paths;  // core.hooksPath, ~ expanded; relative ones stay relative
  std::vector<std::string> includes;     // every file included, whatever the condition: absolute
  bool sha256 = false;                   // extensions.objectFormat = sha256
  // Files read so far, against a bound for the whole compile: includes can
  // fan out, repositories can be many, and files written by the repository
  // must not make the compile read for ever. Set it before a read to carry
  // the count over from the previous one.
  int files_read = 0;
  bool too_many = false;  // the bound was hit: what the rest says is unknown
  // "file: why" for each config that exists but could not be read whole
  // (unreadable, too large, not a regular file, a line git's syntax does not
  // allow as read here): what it says is unknown, so the compile fails.
  std::vector<std::string> failures;
};
inline constexpr int kMaxGitConfigFiles = 4096;
// Reads file (a missing one says nothing) and, to git's depth of 10, the
// files it includes; home expands "~/" ("" leaves such paths out).
void read_git_config(const std::string &file, const std::string &home, GitConfigFacts &facts);

// The submodule paths a .gitmodules file names (submodule.*.path), as
// written, appended to paths. False with why when the file exists but could
// not be read whole (unreadable, too large, not a regular file, a line git's
// syntax does not allow as read here): a missing file names none.
bool gitmodules_paths(const std::string &file, std::vector<std::string> &paths, std::string &why);

// The paths of the index's gitlinks (mode 160000: submodules), as written
// in it. False with why when the file exists but is not an index git
// writes (versions 2 to 4), or is larger than budget bytes; a missing index
// names no submodule. budget shrinks by what was read: the compile reads at
// most kMaxIndexBytes of indexes, however many repositories it finds.
inline constexpr size_t kMaxIndexBytes = size_t{1} << 30;
bool index_gitlinks(const std::string &file, bool sha256, std::vector<std::string> &paths, std::string &why,
                    size_t &budget);

}  // namespace llp
