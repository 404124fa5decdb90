// workspace-write grants ${TMPDIR} writable. When ${TMPDIR} holds the
// workspace (a checkout under /tmp), the carve that keeps the workspace's
// .git read-only would make TMPDIR's root read-only too, and `mktemp` would
// fail for every command. So the mode's ${TMPDIR} grant is replaced by the
// run's own temp folder, one per user and workspace (ws-HASH, reused by
// later runs of the same workspace), and the command gets TMPDIR set to it
// (--setenv). The rest of ${TMPDIR} is not writable then: a narrowing,
// never a widening.
//
// That folder lies outside ${TMPDIR} and /tmp: rules are fixed when a
// sandbox starts, so whatever lies under another run's writable ${TMPDIR}
// stays writable to that run (it could rewrite this workspace's scripts, or
// plant a FIFO where the folder would be). It lives under
// $XDG_RUNTIME_DIR/landlock-policy/ when that is an absolute folder of the
// user's alone (0700), else under ~/.local/state/landlock-policy/tmp/; both
// roots are on the protection table (protect.h), so no grant covers them
// but this one folder. Made 0700, one component at a time beneath an open
// folder, never through a symlink (host/folders.h).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

// The private temp folders' roots below $XDG_RUNTIME_DIR and below HOME.
inline constexpr std::string_view kRuntimeTmpRoot = "landlock-policy";
inline constexpr std::string_view kStateTmpRoot = ".local/state/landlock-policy/tmp";

// Replaces the mode's ${TMPDIR} grant in grants when it holds the workspace
// (host target); creates the folder on a run (ctx.opt.prepare_run). Sets
// plan.private_tmp_needed and, once the folder exists, plan.private_tmp.
void replace_tmpdir(const Context &ctx, std::vector<Grant> &grants, Plan &plan);

// Adds TMPDIR=plan.private_tmp to the command's environment, unless the
// policy's [env] set names TMPDIR itself.
void set_private_tmpdir(const Plan &plan, EnvPlan &env);

// The roots that hold every workspace's private temp folder on this host
// (canonical): the protection walk does not look inside them (what a run
// leaves in its temp folder is no secret's symlink, and it may be large).
std::vector<std::string> private_tmp_roots(const Context &ctx);

}  // namespace llp
