// Absolute paths as strings: lexical normalisation, containment, and the
// host's view of them (canonical form, existence). Nothing here reads a
// policy; everything is unit-tested on its own.
#pragma once
#include <optional>
#include <string>
#include <string_view>

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

// realpath(3): the canonical path with every symlink resolved, or nullopt
// with errno's value in *error.
std::optional<std::string> canonical(const std::string &path, int *error);

// The canonical form of the longest existing prefix, then the rest
// lexically: how a path that does not exist yet will resolve once it does.
std::string canonical_or_lexical(const std::string &path);

enum class Kind { Missing, Directory, File, Other };
Kind kind_of(const std::string &path);  // follows symlinks
bool is_symlink(const std::string &path);

}  // namespace llp
