// The words for host/folders.h's verdict on who else can change a policy
// file, an `extends` file or the launcher: which folder, why, and the fix.
#pragma once
#include <string>

#include "../host/folders.h"

namespace llp {

// "" when check is Safe; else why someone other than you or root could
// change the file named what (e.g. "the policy file p.toml"), naming the folder.
std::string ownership_problem(const std::string &what, const OwnershipCheck &check);

// The fix: chmod or chown, or move the file.
std::string ownership_hint(const OwnershipCheck &check);

}  // namespace llp
