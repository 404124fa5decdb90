// A project policy (the file named by `project`, or an extended file that
// lies inside the workspace) is untrusted: it may only narrow what the
// user's own policy grants. compose = "merge" drops its widening grants
// (with a warning naming the line; an error under strict); compose = "nest"
// also emits a second launcher so the kernel itself enforces the narrowing.
#pragma once
#include <vector>

#include "context.h"
#include "plan.h"

namespace llp {

// user: the user's grants (already checked); project: the project's. Fills
// ctx.plan.inner when nesting. Widening attempts land in ctx.widenings.
void apply_trust(Context &ctx, const std::vector<Grant> &user, std::vector<Grant> &project, bool nest,
                 std::vector<Grant> &inner);

// Emits the collected widenings as warnings (errors under strict).
void report_widenings(Context &ctx);

}  // namespace llp
