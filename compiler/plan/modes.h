// The modes: one row each, read by everything that depends on the mode
// (grants, hide, env, carve, the capability drop, init's starter text, the
// hints), and printed for npm's policy.json and run.sh's mode check
// (compiler/tools/tables.cpp).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plan.h"

namespace llp {

// A grant a mode stands for, written as a policy would write it.
struct ModeGrant {
  std::string_view path;
  Access access;
  std::string_view why;  // shown by explain
};

struct Mode {
  std::string_view name;
  bool sandboxed;       // false: the command runs alone, without the launcher
  bool hide_secrets;    // ~/.ssh, ~/.aws... hidden unless hide_secrets = false
  bool unset_secrets;   // secret-looking variables unset unless [env] default_unset = false
  bool drop_caps;       // --drop-caps: a command run as root keeps no capability
  bool carve;           // the workspace's read-only exceptions (.git...) carved out of writable grants
  bool default_scopes;  // --scope-try abstract-unix and signal: no process or abstract socket outside is reached
  bool guard_terminal;  // --no-tty-inject: the command cannot type into the caller's terminal (TIOCSTI)
  bool detect_outputs;  // the builds' outputs at the workspace root declared by their marker files (detect.h)
  std::span<const ModeGrant> grants;
  std::string_view starter;  // `init --mode NAME`'s paragraph; "" when init does not offer the mode
};

std::span<const Mode> modes();

// The row of `name`, or nullptr for an unknown mode.
const Mode *find_mode(std::string_view name);

// Every mode's name, in the table's order (for hints).
std::vector<std::string_view> mode_names();

// The modes `init --mode` offers, in the table's order.
std::vector<std::string_view> starter_mode_names();

// `a`, `b` or `c` without the backquotes: "\"a\", \"b\" or \"c\"" when quote.
std::string join_names(const std::vector<std::string_view> &names, std::string_view separator, std::string_view last,
                       bool quote);

}  // namespace llp
