// Writable except: Landlock has no deny rule, so "the workspace is writable
// but .git is not" becomes a carve, the way hiding becomes a complement. A
// writable grant with read-only exceptions beneath it is replaced by a
// read-only grant on its root and on every folder on the way down to an
// exception, and writable grants on every other entry along the way. The
// exceptions stay readable through the read-only folders above them.
//
// In workspace-write the exceptions are, by default, the places that run
// code on the host: every .git (and the gitdir a .git file points at, when
// it lies under a writable grant), .envrc, and the editor folders .vscode,
// .idea and .zed. [protect] read_only adds exceptions, [protect]
// keep_writable opts out of a default one (with a warning on every compile).
#pragma once
#include <string>
#include <vector>

#include "context.h"
#include "plan.h"

namespace llp {

// The default exceptions at the root of each writable grant.
inline constexpr const char *kCarvedByDefault[] = {".git", ".envrc", ".vscode", ".idea", ".zed"};

struct CarveExceptions {
  std::vector<Carved> paths;  // sorted by path, unique
};

// The exceptions under the writable grants (host target; existing folders).
CarveExceptions collect_carve(Context &ctx, const std::vector<Grant> &grants, const Layer &trusted,
                              const Layer &untrusted, bool defaults);

struct CarveResult {
  std::vector<Grant> grants;             // the carve in place of each writable grant above an exception
  std::vector<Dropped> dropped;          // the grants it replaced
  std::vector<std::string> read_only;    // the folders on the way: nothing can be created or removed in them
};

CarveResult apply_carve(Context &ctx, const std::vector<Carved> &exceptions, std::vector<Grant> grants);

// The promise kept: no final writable grant is, contains or lies inside an exception.
void verify_carved(Context &ctx, const std::vector<Carved> &exceptions, const std::vector<Grant> &grants);

}  // namespace llp
