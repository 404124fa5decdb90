// A project policy (the file named by `project`, or an extended file
// reached through the workspace or another folder a confined run can
// write) may only narrow what the user's own policy grants. compose =
// "merge" drops its widening grants (with a warning naming the line; an
// error under strict); compose = "nest" also emits a second launcher so
// the kernel itself enforces the narrowing.
// What covers a path is the user's nearest grant at or above it: a ro of
// theirs inside a writable folder is a carve exception and covers only ro,
// so a project's rw there or beneath it is a widening (their own ro and rw
// on one path merge into rw, as normalise merges them).
#pragma once
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

struct TrustResult {
  // The outer layer (the user's grants) and, when nest was asked and there
  // is a project layer to emit, the inner: the user's grants narrowed by
  // the project's.
  std::vector<GrantLayer> layers;
  std::vector<Dropped> dropped;
  std::vector<Widening> widenings;
  bool nested() const { return layers.size() > 1; }
};

// grants: one list, the user's and the project's marked by provenance.
TrustResult apply_trust(const std::vector<Grant> &grants, bool nest);

}  // namespace llp
