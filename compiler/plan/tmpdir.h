// workspace-write grants ${TMPDIR} writable. When ${TMPDIR} holds the
// workspace (a checkout under /tmp), the carve that keeps the workspace's
// .git read-only would make TMPDIR's root read-only too, and `mktemp` would
// fail for every command. So the mode's ${TMPDIR} grant is replaced by the
// run's own temp folder, ${TMPDIR}/landlock-run.UID.HASH (one per user and
// workspace, created 0700 outside the workspace), and the command gets
// TMPDIR set to it (--setenv). The rest of ${TMPDIR} is not writable then:
// a narrowing, never a widening.
#pragma once
#include <string>
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

// Replaces the mode's ${TMPDIR} grant in grants when it holds the workspace
// (host target); creates the folder on a run (ctx.opt.prepare_run). Sets
// plan.private_tmp_needed and, once the folder exists, plan.private_tmp.
void replace_tmpdir(const Context &ctx, std::vector<Grant> &grants, Plan &plan);

// Adds TMPDIR=plan.private_tmp to the command's environment, unless the
// policy's [env] set names TMPDIR itself.
void set_private_tmpdir(const Plan &plan, EnvPlan &env);

}  // namespace llp
