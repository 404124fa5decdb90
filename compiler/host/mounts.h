// Bind mounts: one object can be visible at several paths, and Landlock
// rules attach to the object. A protected or hidden path is therefore
// protected or hidden at every path the mount table shows it at; this file
// finds those paths (the "aliases") from /proc/self/mountinfo.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace llp {

struct MountEntry {
  std::string device;       // "major:minor"
  std::string root;         // the mounted folder, inside its file system
  std::string mount_point;  // where it is visible
};

// The entries of a mountinfo text (proc(5)); octal escapes decoded.
std::vector<MountEntry> parse_mountinfo(std::string_view text);

// This process's mount table; empty when it cannot be read.
const std::vector<MountEntry> &host_mounts();

// The other paths at which the canonical path `path` is visible through
// the mounts (a bind mount of ~/.ssh at /mnt/keys gives /mnt/keys), sorted.
std::vector<std::string> mount_aliases(const std::vector<MountEntry> &mounts, const std::string &path);

}  // namespace llp
