// Absolute paths as strings: lexical normalisation, containment, and the
// host's view of them (canonical form, existence). Nothing here reads a
// policy; everything is unit-tested on its own.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llp {

// "/a//b/./c/../d/" -> "/a/b/d". Lexical only: ".." drops the previous
// component even if it is a symlink, which is why host paths are then
// canonicalised by the kernel's rules (canonical()).
std::string lexical_normalize(std::string_view absolute);

// True when path is base or lies beneath it (component-wise: /a/bc is not in /a/b).
bool is_within(std::string_view path, std::string_view base);

// "/a/b" -> "/a", "/a" -> "/", "/" -> "".
std::string parent_path(std::string_view path);

// The folder of a file name as given ("dir/p.toml" -> "dir", "p.toml" -> ".").
std::string dir_name(std::string_view file);

// dir + "/" + rel, unless rel is already absolute.
std::string join_path(std::string_view dir, std::string_view rel);

// Why path cannot be granted (not absolute, control characters, not UTF-8,
// longer than PATH_MAX), or "" when it is acceptable.
std::string path_problem(std::string_view path);

// One symbolic link crossed while resolving a path: where the link is, and
// what it says. Trust and protection look at every hop, not only the end.
struct SymlinkHop {
  std::string link;    // the link's own path (its folder already resolved)
  std::string target;  // its contents, as written
};

// A file system object's identity: the kernel attaches Landlock rules to
// inodes, so two paths naming one object (a bind mount, a hard link) must
// compare equal here even though their strings differ.
struct ObjectId {
  unsigned long long dev = 0, ino = 0;
  bool operator==(const ObjectId &) const = default;
};

// How a path resolves on this machine, by the kernel's rules: every symlink
// followed to the end (any depth, dangling ones too, at most 40 as the
// kernel allows), `..` applied after the link before it is resolved.
struct HostPath {
  std::string path;  // canonical; what does not exist is appended lexically
  bool exists = false;
  int error = 0;                   // errno that stopped resolution (ENOENT, ELOOP, EACCES...), 0 when it exists
  std::vector<SymlinkHop> hops;    // in the order they were crossed
  std::optional<ObjectId> object;  // when it exists
  bool directory = false;
  bool regular = false;     // a regular file
  unsigned long links = 0;  // st_nlink, when it exists
};
HostPath resolve_host(std::string_view absolute);

// Every path the resolution went through: the path as given, each link
// crossed, and the result. A file reached through any of them can be
// swapped by whoever can write that one.
std::vector<std::string> chain_of(std::string_view absolute, const HostPath &resolved);

// The canonical path with every symlink resolved, or nullopt with the
// errno that stopped it in *error (realpath(3), but through resolve_host).
std::optional<std::string> canonical(const std::string &path, int *error);

// The canonical form of the longest existing prefix, then the rest
// lexically (dangling links followed): how a path that does not exist yet
// will resolve once it does.
std::string canonical_or_lexical(const std::string &path);

enum class Kind { Missing, Directory, File, Other };

// What lies at path itself, a final symlink not followed (lstat): the
// plan's one look at an entry (plan/ and out/ never call the disk).
struct HostEntry {
  ObjectId object;
  bool symlink = false;
  Kind kind = Kind::Other;  // Directory, File (a regular file) or Other (a symlink among them)
  unsigned long links = 0;  // st_nlink
};
std::optional<HostEntry> entry_at(const std::string &path);

// The object at path without following a final symlink (lstat).
std::optional<ObjectId> object_of(const std::string &path);

Kind kind_of(const std::string &path);  // follows symlinks
bool is_symlink(const std::string &path);
// Whether this process's effective user owns path (a final symlink not
// followed): false when it is missing or another user's.
bool owned_by_me(const std::string &path);
// Whether this process's effective user owns path and may write it: where
// a planted file would act as that user (check_git's .git).
bool mine_and_writable(const std::string &path);
// Whether this process may execute path, symlinks followed (access X_OK):
// the launcher the argv names must run.
bool executable_by_me(const std::string &path);

}  // namespace llp
