// Presets on a fresh HOME: a preset grants its tool's cache folders only
// where they exist (optional grants), so on a new CI runner `go build`
// failed with and without preset:go, and nothing said why. Before a run
// (argv, exec, learn) the compiler creates each missing cache folder of the
// presets extended (presets.h, preset_caches()): the leaf, with the plain
// folders above it that are missing (~/.cache, ~/go/pkg), which stay
// read-only: the grant is on the leaf alone, never on ~/.cache or ~. One it
// cannot create is named in a note with the `mkdir -p` to run.
#pragma once
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

// Looks at (and on a run creates) the missing cache folders of every preset
// loaded; what was missing goes to the plan (explain), what failed to a note.
std::vector<CacheFolder> prepare_caches(const Context &ctx);

}  // namespace llp
