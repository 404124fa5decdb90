// The one report of what the project policies tried that would widen the
// user's: every stage's widenings (policy/widening.h), loading's first,
// reported when every stage has run.
#pragma once
#include <vector>

#include "../policy/context.h"

namespace llp {

// Emits the widenings as warnings (errors under strict), sorted and unique
// by value: the same widening found twice (by two stages, or in the outer
// and the inner launcher's layer) is said once.
void report_widenings(const Context &ctx, std::vector<Widening> widenings);

}  // namespace llp
