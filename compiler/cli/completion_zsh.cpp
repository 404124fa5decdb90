// The zsh completion (completion.h): one file for both commands, autoloaded
// from site-functions as _landlock-policy (#compdef names both) or sourced
// (it then registers itself with compdef). The same logic as bash's, with
// zsh's own helpers (_files, _describe, _parameters, _normal).
#include "completion.h"

#include <algorithm>
#include <iterator>

namespace llp::completion {
namespace {

constexpr char kHelpers[] = R"(#compdef landlock-policy landlock-run
# zsh completion for landlock-policy and landlock-run, generated from their
# tables by `landlock-policy completion zsh`.

# _landlock_command FIRST: the command that starts at word FIRST (after --).
_landlock_command() {
  words=("${(@)words[$1,-1]}")
  (( CURRENT = CURRENT - $1 + 1 ))
  _normal
}
)";

std::string reply(Complete complete, const std::vector<std::string> &words) {
  switch (complete) {
    case Complete::Nothing: return "return 1";
    case Complete::Words: return "compadd -- " + joined(words);
    case Complete::KeyEquals: return "compadd -S '' -- " + joined(words);
    case Complete::Files: return "_files";
    case Complete::Policies: return "_files -g '*.toml'";
    case Complete::Variables: return "_parameters -g '*export*'";
  }
  return "return 1";
}

std::string policy_function(const std::vector<Sub> &subs) {
  std::vector<std::string> described;
  std::transform(subs.begin(), subs.end(), std::back_inserter(described),
                 [](const Sub &sub) { return sub.name + ":" + sub.description; });
  std::string text = "\n_landlock_policy() {\n  local i prev=${words[CURRENT-1]}\n";
  text += "  for (( i = 3; i < CURRENT; i++ )); do\n";
  text += "    if [[ ${words[i]} == -- ]]; then _landlock_command $(( i + 1 )); return; fi\n  done\n";
  text += "  if (( CURRENT == 2 )); then\n    local -a subcommands=(" + joined(described) + ")\n";
  text += "    _describe -t subcommands 'landlock-policy subcommand' subcommands\n";
  text += "    compadd -- " + joined(top_level_options()) + "\n    return\n  fi\n";
  text += "  if [[ $PREFIX == --*=* ]]; then prev=${PREFIX%%=*}; compset -P '*='; fi\n";
  text += "  case \"${words[2]} $prev\" in\n";
  for (const Sub &sub : subs)
    for (const Option &option : sub.options)
      if (option.values > 0)
        text += "    (" + joined({sub.name + " " + option.spelling}) + ") " + reply(option.value, option.words) +
                "; return ;;\n";
  text += "  esac\n  case ${words[2]} in\n";
  for (const Sub &sub : subs) {
    std::vector<std::string> options = spellings(sub.options);
    if (sub.command) options.emplace_back("--");
    text += "    (" + joined({sub.name}) + ")\n";
    text += "      if [[ $PREFIX == -* ]]; then compadd -- " + joined(options) + "\n";
    text += "      else " + reply(sub.operands, sub.operand_words) + "; fi ;;\n";
  }
  return text + "  esac\n}\n";
}

std::string launcher_function(const std::vector<Option> &flags) {
  std::vector<std::string> options = spellings(flags);
  options.emplace_back("--");
  std::string text = "\n_landlock_run() {\n  local i\n";
  text += "  for (( i = 2; i < CURRENT; i++ )); do\n";
  text += "    if [[ ${words[i]} == -- ]]; then _landlock_command $(( i + 1 )); return; fi\n  done\n";
  text += "  # The second value of a flag that takes two (--setenv NAME VALUE).\n";
  text += "  (( CURRENT > 3 )) && case ${words[CURRENT-2]} in\n";
  for (const Option &flag : flags)
    if (flag.values > 1) text += "    (" + joined({flag.spelling}) + ") return 1 ;;\n";
  text += "  esac\n  case ${words[CURRENT-1]} in\n";
  for (const Option &flag : flags)
    if (flag.values > 0)
      text += "    (" + joined({flag.spelling}) + ") " + reply(flag.value, flag.words) + "; return ;;\n";
  text += "  esac\n  compadd -- " + joined(options) + "\n}\n";
  return text;
}

// Called by name when autoloaded from site-functions; sourced, it registers.
constexpr char kDispatch[] = R"(
_landlock-policy() {
  case $service in
    (landlock-run) _landlock_run ;;
    (*) _landlock_policy ;;
  esac
}

if [[ ${funcstack[1]} == _landlock-policy ]]; then
  _landlock-policy "$@"
else
  compdef _landlock-policy landlock-policy landlock-run
fi
)";

}  // namespace

std::string zsh_script(const std::vector<Sub> &subs, const std::vector<Option> &flags) {
  return kHelpers + policy_function(subs) + launcher_function(flags) + kDispatch;
}

}  // namespace llp::completion
