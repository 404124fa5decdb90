// [env]: the command's environment, planned into the launcher's --clearenv,
// --keepenv, --unsetenv and --setenv (docs/policy-format.md, "The
// environment"). Patterns and names are checked with the launcher's own
// grammar (launcher/cli_parse.h), so the compiler refuses exactly what
// landlock-run would. An untrusted file may only narrow: add unset
// patterns, or narrow inherit (all -> core -> none); anything that would
// widen is an error.
#pragma once
#include <string>
#include <string_view>

#include "context.h"
#include "plan.h"

namespace llp {

// inherit = "core": what a command needs to behave as in your shell.
inline constexpr std::string_view kCoreVariables[] = {"PATH", "HOME", "USER", "LOGNAME", "SHELL",
                                                      "LANG", "LC_*",  "TERM", "TZ",      "TMPDIR"};

// Unset by default in read-only and workspace-write ([env] default_unset = false opts out).
inline constexpr std::string_view kDefaultUnset[] = {"*TOKEN*", "*SECRET*", "*PASSWORD*", "*_KEY", "SSH_AUTH_SOCK"};

inline constexpr std::string_view kInheritValues[] = {"all", "core", "none"};

// A mode whose environment loses kDefaultUnset unless opted out: the two agent modes.
bool mode_unsets_secrets(const std::string &mode);

// Whether a table asks for any change to the environment (danger-full-access cannot apply one).
bool env_changes(const EnvTable &env);

// The plan, from your files (trusted) and the untrusted ones; every problem is
// a diagnostic. unseen is computed from ctx.opt.env, the compiler's own.
EnvPlan plan_env(Context &ctx, const Layer &trusted, const Layer &untrusted, const std::string &mode, Loc mode_loc);

}  // namespace llp
