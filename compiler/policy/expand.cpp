#include "expand.h"

#include <vector>

#include "../base/text.h"

namespace llp {

namespace {
const std::vector<std::string_view> kNames = {"HOME", "PWD", "WORKSPACE", "TMPDIR", "env.NAME"};

}  // namespace

std::string home_problem(const Variables &vars) {
  return vars.home_problem.empty() ? std::string("HOME is not set") : vars.home_problem;
}

Expansion expand_variables(std::string_view text, const Variables &vars) {
  Expansion out;
  size_t i = 0;
  if (text == "~" || text.substr(0, 2) == "~/") {
    if (!vars.home)
      return {{}, "`~` is used but " + home_problem(vars), "set HOME to your home directory, or write the path out", 0};
    out.value = *vars.home;
    i = 1;
  }
  while (i < text.size()) {
    char c = text[i];
    if (c != '$') {
      out.value += c;
      ++i;
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '$') {
      out.value += '$';
      i += 2;
      continue;
    }
    if (i + 1 >= text.size() || text[i + 1] != '{')
      return {{}, "a lone `$`", "write ${NAME} for a variable or $$ for a literal $", i};
    size_t close = text.find('}', i + 2);
    if (close == std::string_view::npos) return {{}, "`${` without a closing `}`", {}, i};
    std::string_view name = text.substr(i + 2, close - i - 2);
    const std::optional<std::string> *value = nullptr;
    std::optional<std::string> env_value;
    if (name == "HOME") value = &vars.home;
    else if (name == "PWD") value = &vars.pwd;
    else if (name == "WORKSPACE") value = &vars.workspace;
    else if (name == "TMPDIR") value = &vars.tmpdir;
    else if (name.substr(0, 4) == "env." && name.size() > 4) {
      std::string key(name.substr(4));
      if (vars.env_forbidden)
        return {{},
                "${env." + key + "} in a project policy: not expanded",
                "an environment variable can hold a secret, and diagnostics would print it; name the path "
                "in your own policy instead",
                i};
      if (vars.env) {
        auto it = vars.env->find(key);
        if (it != vars.env->end()) env_value = it->second;
      }
      if (!env_value)
        return {{},
                "environment variable " + key + " is not set",
                "an unset variable is an error, never an empty string; set it or use `optional = true` "
                "on a grant that may be absent",
                i};
      if (env_value->empty())
        return {{},
                "environment variable " + key + " is empty",
                "an empty variable would make the path start at /; set it to a path",
                i};
      value = &env_value;
    } else {
      std::string hint = suggestion(name, kNames);
      return {{}, "unknown variable ${" + std::string(name) + "}", hint, i};
    }
    if (!*value) {
      std::string why = "${" + std::string(name) + "} is not set";
      if (name == "HOME") why = "${HOME}: " + home_problem(vars);
      if (name == "TMPDIR" && !vars.tmpdir_problem.empty()) why = "${TMPDIR}: " + vars.tmpdir_problem;
      return {{}, why, {}, i};
    }
    out.value += **value;
    i = close + 1;
  }
  return out;
}

}  // namespace llp
