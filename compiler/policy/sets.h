// `--set KEY=VALUE`: the command line's overrides of the user's layer.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "../base/diag.h"
#include "policy.h"

namespace llp {

// --set overrides the scalars it names (workspace is applied while loading).
void apply_sets(const std::vector<std::pair<std::string, std::string>> &sets, Diagnostics &diags, Layer &trusted);

}  // namespace llp
