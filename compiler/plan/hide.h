// Hiding: Landlock only has allow rules, so "read everything except ~/.ssh"
// becomes the complement: every grant that covers a hidden path is replaced
// by grants on the siblings along the way down to it, so no rule covers the
// hidden path. The ancestors on the way become unlistable, and an entry
// created in them after the compile is not granted (explain says so).
#pragma once
#include <vector>

#include "../policy/context.h"
#include "plan.h"
#include "protect.h"

namespace llp {

// The hidden paths: the `hide` lists, the protected secrets when the mode
// hides them, and the symlink targets found inside each of those folders.
std::vector<Hidden> collect_hidden(const Context &ctx, const std::vector<PathEntry> &hide, const Protection &protection,
                                   bool hide_secrets, Loc mode_loc);

struct HidingResult {
  std::vector<Grant> grants;            // the complement in place of each covering grant
  std::vector<Dropped> dropped;         // the grants replaced or inside a hidden path
  std::vector<std::string> unlistable;  // folders on the way: only their entries are granted
};

// Replaces grants that cover a hidden path by their complement.
HidingResult apply_hiding(const Context &ctx, const std::vector<Hidden> &hidden, std::vector<Grant> grants);

// The promise kept: no final grant is, contains or lies inside a hidden path.
void verify_hidden(const Context &ctx, const std::vector<Hidden> &hidden, const std::vector<Grant> &grants);

}  // namespace llp
