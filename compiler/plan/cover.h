// What a plan says about one path, as data: which grant of each launcher
// layer covers it, or why none does, and for a refused write the carve's
// facts around it. A plan query: `why` (out/why.cpp) words it, learn reads it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "plan.h"

namespace llp {

// What a plan says about one path, as data. kind: the answer `why` gives.
enum class Covered {
  Unsandboxed,  // danger-full-access: no sandbox
  Hidden,       // hidden: no grant covers it
  Granted,      // every launcher layer grants the access asked
  ReadOnly,     // write asked, and a layer grants it only read-only
  NoGrant,      // a layer grants nothing there
};

struct Coverage {
  Covered kind = Covered::NoGrant;
  std::vector<const Grant *> grants;  // Granted: the grant of each layer, the outer first
  const Grant *read_only = nullptr;   // ReadOnly: the read-only grant that covers it
  bool in_project_layer = false;      // ReadOnly, NoGrant: the layer that falls short is the project's (nest)
  // Whatever the kind: the first of each list that the path is or lies inside.
  const Hidden *hidden = nullptr;
  const Carved *carved = nullptr;
  const Protected *protection = nullptr;
  // Write refused (ReadOnly, NoGrant); filled by find_carve_facts:
  // an outputs entry the path is or lies in, missing (not a run: created
  // before one, then writable)...
  const Output *pending_output = nullptr;
  // ...the default carve name (kCarveList) the path is, holds or lies
  // inside below a carved folder, when no carved path covers it yet...
  std::string_view carve_name;
  // ...and the carved folder (one the carve keeps read-only on the way to
  // its exceptions: the workspace root of a git repository) that the path
  // is (new_entry empty) or lies in, with the entry directly in it that the
  // path is or lies in when that entry was not there at compile time.
  const std::string *carved_folder = nullptr;
  std::string new_entry;
};

// What covers path (taken as given: canonical or not, nothing is resolved)
// for the access asked.
Coverage cover(const Plan &plan, const std::string &path, Access access);

// Fills c's carve facts (pending_output, carve_name, carved_folder,
// new_entry) for a refused write at path (as cover() takes it).
void find_carve_facts(const Plan &plan, const std::string &path, Coverage &c);

// path relative to base ("a/b"), "" when it is base or lies outside.
std::string relative_to(const std::string &base, const std::string &path);
// "a" of "a/b/c".
std::string first_component(const std::string &relative);
// The default carve name that "a/b", relative to folder, is, holds or lies
// inside, where those names apply (the workspace, a nested repository's
// top); "" when none.
std::string_view carve_name_in(const Plan &p, const std::string &folder, const std::string &relative);

}  // namespace llp
