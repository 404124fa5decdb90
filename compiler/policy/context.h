// What every compile stage reads: the options, the files read, the
// variables, the target and strictness. Built once in compile.cpp, after
// loading and --set, and never changed: every stage takes it as const.
// Diagnostics are the one thing each stage adds to: a sink the Context
// points at, not part of its value. Stages return what they compute as
// values; the plan is assembled from them in compile.cpp.
#pragma once
#include <string>
#include <vector>

#include "../base/diag.h"
#include "expand.h"
#include "options.h"
#include "policy.h"
#include "widening.h"

namespace llp {

// The policy's two layers after loading and --set: the user's (from the
// user's own files), the project's (from the project policies, stripped of
// what widens), and the two merged once by the one rule (lists append, scalars
// override). A stage that reads a list whatever its provenance reads
// `both`; one that tells them apart reads the two.
struct Layers {
  const Layer &user;
  const Layer &project;
  const Layer both;
};

struct Context {
  const CompileOptions &opt;
  const Sources &sources;
  Diagnostics &diags;    // where every stage reports
  const Variables vars;  // the host's, with the workspace loading decided
  const bool host;       // --target host: paths are resolved on this machine
  const bool strict;     // the policies' `strict`, after --set

  // The same context reporting to other: a check run quietly, whose
  // findings the caller reads (or drops) instead of the user seeing them.
  Context reporting_to(Diagnostics &other) const { return {opt, sources, other, vars, host, strict}; }
};

}  // namespace llp
