// Variables in paths: ~, ${HOME}, ${PWD}, ${WORKSPACE}, ${TMPDIR},
// ${env.NAME}, and $$ for a literal $. An unknown variable, or an unset or
// empty environment variable, is an error, never an empty string: an empty
// expansion would turn "${env.CACHE}/x" into "/x".
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace llp {

struct Variables {
  std::optional<std::string> home, pwd, workspace, tmpdir;
  // Why home or tmpdir is unusable although set ("HOME is empty"): an empty
  // HOME would turn ~/.ssh into /.ssh, a relative one into a path under /.
  std::string home_problem, tmpdir_problem;
  const std::map<std::string, std::string> *env = nullptr;
  // A project policy may not read the environment: a variable can
  // hold a secret (a CI token), and a diagnostic would print its value.
  bool env_forbidden = false;
};

struct Expansion {
  std::string value;
  std::string error;  // empty on success
  std::string hint;
  size_t offset = 0;  // where in the text the problem starts
};

Expansion expand_variables(std::string_view text, const Variables &vars);

// Why vars.home is unset: "HOME is not set", or its problem ("HOME is not an
// absolute path (`x`)"), for every message that needs HOME.
std::string home_problem(const Variables &vars);

}  // namespace llp
