// State shared by the compile stages (load, resolve, protect, hide, ...):
// one struct passed by reference instead of a dozen parameters.
#pragma once
#include <string>
#include <vector>

#include "compile.h"
#include "expand.h"
#include "policy.h"

namespace llp {

// A widening that a project policy attempted; reported once `strict` is known.
struct Widening {
  Loc loc;
  std::string message;
};

struct Context {
  const CompileOptions &opt;
  Sources &sources;
  Diagnostics &diags;
  Plan &plan;
  Variables vars;
  bool host = true;
  bool strict = false;
  std::string workspace_written;         // before expansion, for explain
  std::vector<std::string> policy_files;  // resolved paths of every loaded file: protected
  std::vector<Widening> widenings;

  Context(const CompileOptions &o, Sources &s, Diagnostics &d, Plan &p)
      : opt(o), sources(s), diags(d), plan(p), host(o.target == Target::Host) {}
};

// Loads the main policy, its extends and its project policy; merges them
// into what the user's own files say (trusted) and what the project's say
// (untrusted: only narrowing survives). Fills ctx.vars. False: cannot go on.
bool load_policy(Context &ctx, Layer &trusted, Layer &untrusted);

// Where a relative path in file `file` is resolved: the file's folder.
std::string file_folder(const Context &ctx, int file);

}  // namespace llp
