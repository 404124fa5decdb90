// Prose for humans: `explain` (every grant, its resolved path, rights and
// origin; what is hidden and what that costs; what was dropped and why) and
// `why PATH` (which grant covers PATH, or why none does).
#pragma once
#include <string>

#include "result.h"

namespace llp {

std::string explain(const CompileResult &result);
// `explain --short`: a few lines, one each for the mode, what is writable,
// the outputs, what is hidden, the network and the scopes (explain_short.cpp).
std::string explain_short(const CompileResult &result);

std::string why(const CompileResult &result, const std::string &path, bool write);

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
  // Write refused (ReadOnly, NoGrant); filled by find_carve_facts (why.h):
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

// "443, 8000-8010" for a sorted port list.
std::string port_ranges(const std::vector<long> &ports);

}  // namespace llp
