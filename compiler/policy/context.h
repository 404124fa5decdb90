// What every compile stage reads: the options, the variables, the target,
// and where diagnostics go. Stages return what they compute as values;
// the plan is assembled from them in compile.cpp.
#pragma once
#include <string>
#include <vector>

#include "../base/diag.h"
#include "expand.h"
#include "options.h"
#include "policy.h"

namespace llp {

// A widening that a project policy attempted; reported once `strict` is known.
struct Widening {
  Loc loc;
  std::string message;
};

struct Context {
  const CompileOptions &opt;
  Sources &sources;
  Diagnostics &diags;
  Variables vars;
  bool host = true;
  bool strict = false;
  std::string workspace_written;  // before expansion, for explain

  Context(const CompileOptions &o, Sources &s, Diagnostics &d)
      : opt(o), sources(s), diags(d), host(o.target == Target::Host) {}
};

}  // namespace llp
