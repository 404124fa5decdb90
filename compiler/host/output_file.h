// An output file as build tools want it (plan/outputs.h): created empty,
// never through a symlink, with the oldest timestamps so that `make` and
// `ninja` see it out of date and build it, and executable when the policy
// says so (executable_outputs) so that a binary built into it runs.
#pragma once
#include <string>
#include <vector>

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

// What looking at (or making) an output found; plan/outputs.cpp words it.
enum class OutputFound {
  File,
  Folder,
  Missing,        // something on the way is missing, and nothing was to be made
  Symlink,        // where: a symlink, never followed
  FileNotFolder,  // where: the output, declared a folder (its trailing /), is not one
  NotFolder,      // where: a component on the way is not a folder
  Neither,        // where: the output is neither a file nor a folder
  NoWorkspace,    // the workspace cannot be opened (error)
  CannotCreate,   // where: making it failed (error); a folder's where ends in /
  Failed,         // where: the system said no (error)
};

struct OutputWalk {
  OutputFound found = OutputFound::Missing;
  std::string where;  // relative to the workspace
  int error = 0;
  std::vector<std::string> created;  // what was made, outermost first: folders end in /
};

// Walks parts (the output's components) beneath the workspace with
// make_beneath (folders.h), never through a symlink; when create, makes the
// missing folders (0777 less the umask) and, for an output not declared a
// folder, its missing last entry with create_output_file.
OutputWalk walk_output(const std::string &workspace, const std::vector<std::string> &parts, bool declared_folder,
                       bool create, bool executable);

}  // namespace llp
