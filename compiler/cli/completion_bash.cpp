// The bash completion (completion.h): two functions, one per command, made
// of `case` arms generated from the tables; plain bash, with
// bash-completion's _command_offset for the command after -- when loaded.
#include "completion.h"

#include <algorithm>
#include <iterator>

namespace llp::completion {
namespace {

// The helpers both functions call; fixed text.
constexpr char kHelpers[] = R"(# bash completion for landlock-policy and landlock-run, generated from their
# tables by `landlock-policy completion bash`.

# _landlock_reply CUR WORD...: the words that start with CUR.
_landlock_reply() {
  local cur=$1 word
  shift
  COMPREPLY=()
  for word in "$@"; do
    [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
  done
}

_landlock_files() {
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_landlock_policies() {
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -f -X '!*.toml' -- "$1"; compgen -d -- "$1")
}

_landlock_variables() {
  mapfile -t COMPREPLY < <(compgen -e -- "$1")
}

# _landlock_command FIRST: the command that starts at word FIRST (after --).
_landlock_command() {
  if declare -F _command_offset >/dev/null; then
    _command_offset "$1"
  elif ((COMP_CWORD == $1)); then
    mapfile -t COMPREPLY < <(compgen -c -- "${COMP_WORDS[COMP_CWORD]}")
  else
    _landlock_files "${COMP_WORDS[COMP_CWORD]}"
  fi
}
)";

// The reply for a value or an operand that completes as `complete` says.
std::string reply(Complete complete, const std::vector<std::string> &words) {
  switch (complete) {
    case Complete::Nothing: return "COMPREPLY=()";
    case Complete::Words: return "_landlock_reply \"$cur\" " + joined(words);
    case Complete::KeyEquals: return "compopt -o nospace 2>/dev/null; _landlock_reply \"$cur\" " + joined(words);
    case Complete::Files: return "_landlock_files \"$cur\"";
    case Complete::Policies: return "_landlock_policies \"$cur\"";
    case Complete::Variables: return "_landlock_variables \"$cur\"";
  }
  return "COMPREPLY=()";
}

// `case "$sub $prev"` arms: the value of each option that takes one.
std::string value_arms(const std::vector<Sub> &subs) {
  std::string text;
  for (const Sub &sub : subs)
    for (const Option &option : sub.options)
      if (option.values > 0)
        text += "    " + joined({sub.name + " " + option.spelling}) + ") " + reply(option.value, option.words) +
                "; return ;;\n";
  return text;
}

// `case $sub` arms: its options after a -, else its operands.
std::string subcommand_arms(const std::vector<Sub> &subs) {
  std::string text;
  for (const Sub &sub : subs) {
    std::vector<std::string> options = spellings(sub.options);
    if (sub.command) options.emplace_back("--");
    text += "    " + joined({sub.name}) + ")\n";
    text += "      if [[ $cur == -* ]]; then _landlock_reply \"$cur\" " + joined(options) + "\n";
    text += "      else " + reply(sub.operands, sub.operand_words) + "; fi ;;\n";
  }
  return text;
}

std::string policy_function(const std::vector<Sub> &subs) {
  std::vector<std::string> first;
  std::transform(subs.begin(), subs.end(), std::back_inserter(first), [](const Sub &sub) { return sub.name; });
  const std::vector<std::string> top = top_level_options();
  first.insert(first.end(), top.begin(), top.end());
  std::string text = "\n_landlock_policy() {\n";
  text += "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i\n";
  text += "  for ((i = 2; i < COMP_CWORD; i++)); do\n";
  text += "    [[ ${COMP_WORDS[i]} == -- ]] && { _landlock_command $((i + 1)); return; }\n  done\n";
  text += "  if ((COMP_CWORD == 1)); then _landlock_reply \"$cur\" " + joined(first) + "; return; fi\n";
  text += "  # --option=VALUE: COMP_WORDBREAKS makes the = a word of its own.\n";
  text += "  if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n";
  text += "  case \"${COMP_WORDS[1]} $prev\" in\n" + value_arms(subs) + "  esac\n";
  text += "  case ${COMP_WORDS[1]} in\n" + subcommand_arms(subs) + "  esac\n}\n";
  return text;
}

std::string launcher_function(const std::vector<Option> &flags) {
  std::vector<std::string> options = spellings(flags);
  options.emplace_back("--");
  std::string text = "\n_landlock_run() {\n";
  text += "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i\n";
  text += "  for ((i = 1; i < COMP_CWORD; i++)); do\n";
  text += "    [[ ${COMP_WORDS[i]} == -- ]] && { _landlock_command $((i + 1)); return; }\n  done\n";
  text += "  # The second value of a flag that takes two (--setenv NAME VALUE).\n";
  text += "  ((COMP_CWORD >= 3)) && case ${COMP_WORDS[COMP_CWORD-2]} in\n";
  for (const Option &flag : flags)
    if (flag.values > 1) text += "    " + joined({flag.spelling}) + ") COMPREPLY=(); return ;;\n";
  text += "  esac\n  case $prev in\n";
  for (const Option &flag : flags)
    if (flag.values > 0)
      text += "    " + joined({flag.spelling}) + ") " + reply(flag.value, flag.words) + "; return ;;\n";
  text += "  esac\n";
  text += "  _landlock_reply \"$cur\" " + joined(options) + "\n}\n";
  return text;
}

}  // namespace

std::string bash_script(const std::vector<Sub> &subs, const std::vector<Option> &flags) {
  std::string text = kHelpers + policy_function(subs) + launcher_function(flags);
  return text + "\ncomplete -F _landlock_policy landlock-policy\ncomplete -F _landlock_run landlock-run\n";
}

}  // namespace llp::completion
