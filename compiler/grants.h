// From written entries to concrete paths: variables, relative resolution,
// validation and canonicalisation; and the grants each mode stands for.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "context.h"
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
};

// Resolves one entry of file loc.file, reporting problems at its line.
std::optional<ResolvedPath> resolve_entry(Context &ctx, const PathEntry &entry, Existence existence,
                                          const char *what);

// Turns the ro/rw lists into grants (resolved; unresolvable ones reported).
void list_grants(Context &ctx, const std::vector<PathEntry> &entries, Access access, std::vector<Grant> &out);

inline constexpr std::string_view kModes[] = {"read-only", "workspace-write", "danger-full-access", "custom"};

// The grants a mode stands for; false when the mode name is not one of kModes.
bool mode_grants(Context &ctx, const std::string &mode, Loc loc, std::vector<Grant> &out);

// A mode that hides the protected secrets unless hide_secrets = false.
bool mode_hides_secrets(const std::string &mode);

}  // namespace llp
