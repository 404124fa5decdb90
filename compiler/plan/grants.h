// From written entries to concrete paths: variables, relative resolution,
// validation and canonicalisation; and the grants each mode stands for.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "../policy/context.h"
#include "../host/paths.h"
#include "modes.h"
#include "plan.h"

namespace llp {

enum class Existence {
  Required,  // a grant that is not optional: missing is an error naming its line
  Optional,  // may be missing (optional grants, hide, protect)
};

struct ResolvedPath {
  std::string path;      // emitted / compared form
  std::string expanded;  // after variables and relative resolution
  bool relative = false;
  bool exists = false;
  std::vector<SymlinkHop> hops;    // host target: the symlinks crossed
  std::optional<ObjectId> object;  // host target: the object, when it exists
};

// Resolves one entry of file loc.file, reporting problems at its line.
std::optional<ResolvedPath> resolve_entry(const Context &ctx, const PathEntry &entry, Existence existence,
                                          const char *what);

// Turns the ro/rw lists into grants (resolved; unresolvable ones reported).
void list_grants(const Context &ctx, const std::vector<PathEntry> &entries, Access access, std::vector<Grant> &out);

// The grants a sandboxing mode stands for (its row of modes.h), at the
// mode line loc.
std::vector<Grant> mode_grants(const Context &ctx, const Mode &mode, Loc loc);

// Where a confined command may have written: the workspace, ${TMPDIR} and
// your rw grants (canonical).
std::vector<std::string> writable_areas(const Context &ctx, const std::vector<Grant> &grants);

// A grant whose resolution crosses a symlink in a writable area and ends
// outside that area is an error naming the chain: the repository (or an
// earlier run) chose where it points (`target -> ~/.bashrc`).
void check_redirects(const Context &ctx, const std::vector<Grant> &grants, const std::vector<std::string> &areas);

}  // namespace llp
