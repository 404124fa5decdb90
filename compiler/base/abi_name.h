// How the compiler names a Landlock ABI in its notes and explanations, read
// from the launcher's per-ABI table (launcher/abi.h), so that no message
// restates which Linux release brought which ABI.
#pragma once
#include <string>

#include "../../launcher/cli_flags.h"

namespace llp {

// "Landlock ABI 9 (Linux 7.1)" for abi_with_release(9); abi is 1 up to kNewestKnownAbi.
inline std::string abi_with_release(int abi) {
  return "Landlock ABI " + std::to_string(abi) + " (Linux " + launcher::kAbis[abi - 1].linux_release + ")";
}

}  // namespace llp
