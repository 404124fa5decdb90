// The one line a failing run gets: when the mode carves the workspace (its
// root stays read-only so that .git and the other exceptions cannot be
// planted or replaced), the most common reason an ordinary build fails is
// a new entry at that root, which the sandbox refuses. exec prints it after
// a failing command on a terminal, and `argv --format record` carries it as
// the failure_hint field for the npm package and the CI integrations.
#pragma once
#include <string>

#include "../plan/plan.h"

namespace llp {

// The hint for a run of plan that exits non-zero: "" when the workspace
// root is writable (nothing carved there, or no workspace grant at all).
// Fixed text: nothing in it comes from a file or the command line.
std::string failure_hint(const Plan &plan);

// argv --format record: one JSON object, newline-terminated, with "argv"
// (the array --format json prints) and "failure_hint" (failure_hint(), ""
// when there is none). false if an argument is not valid UTF-8.
bool format_record(const std::vector<std::string> &argv, const std::string &hint, std::string &out);

}  // namespace llp
