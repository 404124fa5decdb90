// Outputs: what a build creates in the workspace. In workspace-write the
// carve that keeps .git read-only makes the workspace root read-only (Landlock
// cannot keep a child read-only under a writable parent), so `target/`,
// `node_modules/` or `Cargo.lock` cannot be created there by the command.
// `outputs = ["target/", "Cargo.lock"]` names them: before a run (argv, exec,
// learn) the compiler creates each missing one, relative to an fd of the
// workspace and never through a symlink, and grants it writable.
//
// An output never widens anything: it must lie inside a writable grant of
// the user's policy (a project policy's output that does not is a dropped
// widening), must not be, hold or lie inside a carve exception (.git, .envrc,
// [protect] read_only, a ro grant inside a writable one), nor be, hold or lie
// inside a protected path, and is granted only what the carve would give the
// same entry had it existed before the compile.
//
// Checked first, created after: plan_outputs checks what is written and
// looks at the disk, check_outputs checks against the carve's exceptions
// (the default names in a nested repository too) and the protection, and
// only then, when no error was reported, create_outputs creates what is
// missing. A refused compile creates nothing.
#pragma once
#include <vector>

#include "../policy/context.h"
#include "carve.h"
#include "detect.h"
#include "plan.h"
#include "protect.h"

namespace llp {

// Checks every outputs entry (an error or a widening at its line) and looks
// at what is in the workspace (state "there", "missing" or "portable");
// creates nothing. `writable`: the user's grants (after trust), which must
// cover each output; `all_grants`: every listed grant of both layers
// (before trust), whose ro grants inside a writable one no output may be,
// hold or lie inside.
// `detected`: the outputs the mode declares (detect.h), checked the same
// way but silently: one that would be refused, or that is already declared,
// is left out.
std::vector<Output> plan_outputs(const Context &ctx, const Layers &layers, const std::vector<Grant> &all_grants,
                                 const std::vector<Grant> &writable, const std::vector<DetectedOutput> &detected,
                                 std::vector<Widening> &widenings);

// executable_outputs: marks the outputs it names executable (created 0777
// less the umask). Each entry must name a file entry of outputs, else an
// error at its line; a project policy's entry marks only the project's own
// outputs (one naming an output of your policy is a dropped widening).
void mark_executable(const Context &ctx, const Layers &layers, std::vector<Output> &outputs,
                     std::vector<Widening> &widenings);

// Removes every output that is or lies inside one of the carve's exceptions
// or a default name where the carve carves them (vendor/sub/.envrc in a
// nested repository: an error at its line; a project policy's is a dropped
// widening), or that would expose a protected path (an error). A detected
// output is removed silently.
void check_outputs(const Context &ctx, const CarveExceptions &carve, const Protection &protection,
                   std::vector<Output> &outputs, std::vector<Widening> &widenings);

// Creates the missing outputs (state "created") when ctx.opt.prepare_run
// is set on the host target and no error was reported before: relative to
// an fd of the workspace, never through a symlink.
void create_outputs(const Context &ctx, std::vector<Output> &outputs);

// One writable grant per output that exists (origin Output), for each layer
// whose writable grants cover it; appended to layer.
void add_output_grants(const std::vector<Output> &outputs, std::vector<Grant> &layer);

}  // namespace llp
