// Reading a policy file safely. A policy file may be named by the
// repository (a project policy, or a file reached through the workspace),
// so the name can lead to a FIFO (which would block forever),
// a device (/dev/zero never ends), or a huge file: only a regular file of
// bounded size is read, and the open never blocks.
#pragma once
#include <string>

namespace llp {

// A file another policy names (extends, project): policies are a few KiB.
inline constexpr size_t kMaxPolicyBytes = size_t{1} << 20;
// The file named on the command line: generated policies (one grant per
// file of a tree) can be larger, and the user chose it.
inline constexpr size_t kMaxMainPolicyBytes = size_t{16} << 20;

// Reads the regular file at path into text; false with a human reason in
// error ("not a regular file (a FIFO)", "larger than 1 MiB", strerror).
bool read_policy_file(const std::string &path, std::string &text, std::string &error, size_t limit = kMaxPolicyBytes);

// Reads standard input to its end (`landlock-policy argv -`): the caller's
// own policy text, bounded by limit like a file.
bool read_policy_stdin(std::string &text, std::string &error, size_t limit = kMaxMainPolicyBytes);

}  // namespace llp
