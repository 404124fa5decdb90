// The pipeline's first stage: loading. The main file, its `extends`
// (depth-first, relative to the including file), the selected profile and
// the project policy, each read safely (read.h) and marked with its
// provenance: the user's, or the project's and why. Provenance follows every
// path a file was reached through, not only where it ends: a file reached
// through the workspace or ${TMPDIR} (which a confined command can write) is
// the project's even when a planted symlink makes it end somewhere else.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "context.h"
#include "policy.h"

namespace llp {

// One of the user's policy files and every path it was reached through: each is
// protected from writable grants, so no run can rewrite the next one's policy.
struct PolicyFile {
  std::string path;                // canonical
  std::vector<std::string> chain;  // the name as resolved, each symlink crossed, the canonical path
};

struct Loaded {
  Layer user;                            // what the user's own files say
  Layer project;                         // what project policies say, already stripped of settings that widen
  std::vector<PolicyFile> policy_files;  // the user's
  std::vector<Widening> widenings;       // what project policies tried and was dropped
  Variables vars;                        // the host's, with the workspace set
};

// The variables of this host (HOME, TMPDIR, PWD, env), checked: an empty
// or relative HOME or TMPDIR is recorded as a problem, never used.
Variables host_variables(const CompileOptions &options);

// Loads everything, the workspace among the variables; nullopt when the
// main file is not TOML (nothing else can be said). Adds every file read
// to sources.
std::optional<Loaded> load_policy(const CompileOptions &opt, Sources &sources, Diagnostics &diags);

// Where a relative path in file `file` is resolved: the file's folder.
std::string file_folder(const CompileOptions &opt, const Sources &sources, int file);
inline std::string file_folder(const Context &ctx, int file) { return file_folder(ctx.opt, ctx.sources, file); }

// The folders every confined run may write whatever the policy grants: the
// workspace, ${TMPDIR}, /tmp (every run whose TMPDIR was unset could write
// it, whatever TMPDIR says now) and /dev/shm, canonical. A file reached
// through them is the repository's, or an earlier run's.
std::vector<std::string> run_writable_areas(const Variables &vars);

// One of those areas as a message names it: "the workspace /w", "${TMPDIR} /t"...
std::string writable_area_name(const Variables &vars, const std::string &area);

}  // namespace llp
