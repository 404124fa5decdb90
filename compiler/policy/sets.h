// `--set KEY=VALUE`: the command line's overrides of the user's layer.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "../base/diag.h"
#include "policy.h"

namespace llp {

// --set KEY=VALUE sets the value of the schema's settable row KEY (policy/
// schema.cpp), typed by its field: one generic apply for every key. The
// workspace is also read while loading (load.cpp), where it is needed first.
void apply_sets(const std::vector<std::pair<std::string, std::string>> &sets, Diagnostics &diags, Layer &user);

}  // namespace llp
