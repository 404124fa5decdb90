// Writable except: Landlock has no deny rule, so "the workspace is writable
// but .git is not" becomes a carve, the way hiding becomes a complement. A
// writable grant with read-only exceptions beneath it is replaced by a
// read-only grant on its root and on every folder on the way down to an
// exception, and writable grants on every other entry along the way. The
// exceptions stay readable through the read-only folders above them. An
// exception that does not exist yet is carved too where a write could plant
// it: the folders on the way down to it are read-only, so it cannot appear.
//
// In workspace-write the exceptions are, by default, the places that run
// code on the host later: the table in carve_list.h. A `ro` grant inside a
// writable one is an exception in every mode (a read-only request is never
// widened); [protect] read_only adds exceptions, [protect] keep_writable
// opts out of a default one (with a warning on every compile).
#pragma once
#include <string>
#include <vector>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

struct CarveExceptions {
  std::vector<Carved> paths;  // sorted by path, unique
  // The folders the default names are carved in (each writable root and
  // nested repository, workspace-write): there a name is carved once it
  // exists, so an output may not create one (outputs.h).
  std::vector<std::string> name_folders;
};

// The exceptions under the writable grants (host target). grants: every
// grant, yours or the project's (the writable roots are yours; a `ro`
// grant of either kind inside one is an exception).
CarveExceptions collect_carve(const Context &ctx, const std::vector<Grant> &grants, const Layers &layers,
                              bool defaults);

struct CarveResult {
  std::vector<Grant> grants;           // the carve in place of each writable grant above an exception
  std::vector<Dropped> dropped;        // the grants it replaced
  std::vector<std::string> read_only;  // the folders on the way: nothing can be created or removed in them
};

CarveResult apply_carve(const Context &ctx, const std::vector<Carved> &exceptions, std::vector<Grant> grants);

// The promise kept: no final writable grant is, contains or lies inside an exception.
void verify_carved(const Context &ctx, const std::vector<Carved> &exceptions, const std::vector<Grant> &grants);

}  // namespace llp
