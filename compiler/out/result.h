// What a compile gives back: the plan, the launcher's argv and every
// diagnostic. explain and why read it; compile.cpp builds it.
#pragma once
#include <string>
#include <vector>

#include "../base/diag.h"
#include "../plan/plan.h"

namespace llp {

struct CompileResult {
  bool ok = false;
  std::vector<std::string> argv;  // only meaningful when ok
  Plan plan;
  Sources sources;
  Diagnostics diags;
  std::string rendered() const { return diags.render(sources); }
};

}  // namespace llp
