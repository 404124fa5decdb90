// Protected paths: a writable grant is refused when it is, lies inside or
// contains one of them, and when it is / or the home directory or one of its
// ancestors. The built-in list only shrinks through an explicit `unprotect`.
#pragma once
#include <string>
#include <vector>

#include "context.h"
#include "plan.h"

namespace llp {

struct Protected {
  std::string path;     // resolved
  std::string written;  // "~/.ssh", or the policy file / launcher path
  std::string origin;   // "built-in", "[protect] paths", "symlink inside ~/.ssh", ...
  Loc loc;
  bool secret = false;  // hidden by default in read-only and workspace-write
};

struct Protection {
  std::vector<Protected> paths;
  bool incomplete = false;  // a walk of a protected folder did not finish
  std::string incomplete_why;
};

// The secrets under ~ that are protected and, in the two sandboxing modes, hidden.
inline constexpr const char *kBuiltinSecrets[] = {"~/.ssh", "~/.gnupg", "~/.aws", "~/.kube", "~/.docker",
                                                  "~/.netrc", "~/.git-credentials"};

Protection build_protection(Context &ctx, const Layer &policy, const std::string &launcher);

// Reports every writable grant that would expose a protected path; returns,
// per grant, whether it was refused.
std::vector<bool> check_writable(Context &ctx, const Protection &protection, const std::vector<Grant> &grants);

// A writable grant containing a .git folder: its hooks run unconfined at the
// user's next commit. A warning, an error under strict. Grants already
// refused are skipped: a second message on them is noise, and walking `/`
// would make the output depend on what else lives on the host.
void check_git(Context &ctx, const std::vector<Grant> &grants, const std::vector<bool> &refused);

// The symlinks inside folder, resolved (also dangling ones: a target created
// later would be written through the link); false when the walk did not finish.
bool symlink_targets(const std::string &folder, std::vector<std::string> &targets, std::string &why);

}  // namespace llp
