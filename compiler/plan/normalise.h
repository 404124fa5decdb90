// Normalising a grant set: exact duplicates merge, ro and rw on one path
// become rw, a child covered by an equal or wider parent is dropped, and a
// written ro grant under an rw grant is an error (rules in one Landlock layer
// add up: it would still be writable). The result is sorted and does not
// depend on the order of files or entries. O(grants x depth): no pairwise step.
#pragma once
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

// Normalises grants in place; returns what it dropped, and why.
std::vector<Dropped> normalise_grants(const Context &ctx, std::vector<Grant> &grants);

// The grant (of at least `access`) that covers path, or nullptr.
const Grant *covering_grant(const std::vector<Grant> &grants, const std::string &path, Access access);

}  // namespace llp
