// An output file as build tools want it (plan/outputs.h): created empty,
// never through a symlink, with the oldest timestamps so that `make` and
// `ninja` see it out of date and build it, and executable when the policy
// says so (executable_outputs) so that a binary built into it runs.
#pragma once
#include <string>

namespace llp {

// The time a new output file is given (atime and mtime): the epoch, older
// than any source file, so a build tool rebuilds it.
inline constexpr long kOutputFileTime = 0;

// Creates name in the open folder dir (openat with O_CREAT | O_EXCL |
// O_NOFOLLOW): mode 0777 when executable, else 0666, less the umask either
// way, then stamped kOutputFileTime through its fd (futimens). 0 when made;
// else errno (EEXIST: something is there, left as it is). A file that cannot
// be stamped is removed again: a new-looking empty file would make `make`
// skip the build.
int create_output_file(int dir, const std::string &name, bool executable);

}  // namespace llp
