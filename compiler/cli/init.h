// `landlock-policy init --mode MODE [NAME|FILE]`: the starter policy
// (out/starter.h) and where it is written.
#pragma once
#include <string>

#include "args.h"

namespace llp {

struct Init {
  std::string usage_error;  // not "": the usage error, nothing to write
  std::string text;         // the starter policy
  std::string target;       // where to write it; "": print it
};

// What init does for cli, run where base says (the cwd, the environment,
// as a compile would see them).
Init prepare_init(const Cli &cli, const CompileOptions &base);

// Where `init` writes: a NAME (no slash) goes to
// ~/.config/landlock-policy/NAME.toml (HOME read and checked as a compile
// reads it: policy/load.h's host_variables), made 0700 beneath HOME, never
// through a symlink; a FILE (with a slash) where it says, unless it lies in
// a folder every confined run may write (run_writable_areas, the compile's
// own query: the workspace, the current folder or --set workspace,
// ${TMPDIR}, /tmp, /dev/shm), where the compile would refuse it.
// "" with why set when it is refused.
std::string init_target(const CompileOptions &base, const std::string &arg, std::string &why);

}  // namespace llp
