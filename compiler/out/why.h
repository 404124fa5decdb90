// What `why --write` says about a write the carve refuses, beyond the grant
// that falls short: the carve's exception or protected path it is in (no
// output can open those), the output that is not created yet, or the new
// entry of a carved folder (the workspace root of a git repository) and the
// `outputs` entry that would make it. The facts are found in the plan
// (Coverage, plan/cover.h), so that learn can read them too.
#pragma once
#include <string>

#include "explain.h"

namespace llp {

// The sentence that says why the carve refuses the write and what fixes it,
// "" when none of c's facts applies.
std::string carve_refusal_text(const CompileResult &r, const Coverage &c, const std::string &path);

}  // namespace llp
