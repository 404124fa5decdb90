// The exit status of a command the compiler (exec, learn) could not run,
// named once, with the launcher's own values and rule (launcher/cli_flags.h,
// the launcher's exec failure): 127 not found, 126 anything else.
#pragma once
#include <cerrno>

#include "../../launcher/cli_flags.h"

namespace llp {

inline int exec_failure_status(int error) {
  if (error == ENOENT || error == ENOTDIR) return launcher::kExitNotFound;
  return launcher::kExitCannotExecute;
}

}  // namespace llp
