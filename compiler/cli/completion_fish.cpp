// The fish completion (completion.h): `complete` lines generated from the
// tables, conditioned on the subcommand and on whether -- came before the
// cursor. fish loads vendor_completions.d/COMMAND.fish by the command's
// name: the same script is installed under both names.
#include "completion.h"

namespace llp::completion {
namespace {

constexpr char kHelpers[] = R"(# fish completion for landlock-policy and landlock-run, generated from their
# tables by `landlock-policy completion fish`.

# Whether landlock-policy's subcommand is one of the arguments, with no -- yet.
function __landlock_policy_sub
    set -l tokens (commandline -opc)
    test (count $tokens) -ge 2; or return 1
    contains -- -- $tokens[3..-1]; and return 1
    contains -- $tokens[2] $argv
end

function __landlock_policy_first
    test (count (commandline -opc)) -eq 1
end

function __landlock_after_dashdash
    set -l tokens (commandline -opc)
    contains -- -- $tokens[2..-1]
end

# The completions of the command after --, as if it were typed alone.
function __landlock_command
    set -l tokens (commandline -opc)
    set -l at (contains -i -- -- $tokens[2..-1])
    set -l rest $tokens[(math $at + 2)..-1] (commandline -ct)
    complete -C (string join -- ' ' (string escape -- $rest))
end

# The policy files and the folders (to walk into) beneath the current word.
function __landlock_policy_files
    set -l word (commandline -ct)
    for path in $word*
        if test -d $path
            echo $path/
        else if string match -q -- '*.toml' $path
            echo $path
        end
    end
end

complete -c landlock-policy -f
complete -c landlock-run -f
complete -c landlock-policy -n __landlock_after_dashdash -x -a '(__landlock_command)'
complete -c landlock-run -n __landlock_after_dashdash -x -a '(__landlock_command)'
)";

// One fish word, single-quoted: fish escapes \ and ' inside.
std::string quoted(std::string_view word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string quoted_words(const std::vector<std::string> &words) {
  std::string text;
  for (const std::string &word : words) text += (text.empty() ? "" : " ") + word;
  return quoted(text);
}

// -l NAME or -s N, as fish spells an option.
std::string option_name(const std::string &spelling) {
  if (spelling.starts_with("--")) return "-l " + quoted(spelling.substr(2));
  return "-s " + quoted(spelling.substr(1));
}

// What the option's value completes to, as `complete`'s arguments.
std::string value_arguments(const Option &option) {
  if (option.values == 0) return "";
  switch (option.value) {
    case Complete::Nothing: return " -x";
    case Complete::Words:
    case Complete::KeyEquals: return " -x -a " + quoted_words(option.words);
    case Complete::Files: return " -r -F";
    case Complete::Policies: return " -x -a '(__landlock_policy_files)'";
    case Complete::Variables: return " -x -a '(set -nx)'";
  }
  return " -x";
}

std::string policy_lines(const std::vector<Sub> &subs) {
  std::string text;
  for (const std::string &option : top_level_options())
    text += "complete -c landlock-policy -n __landlock_policy_first " + option_name(option) + "\n";
  for (const Sub &sub : subs)
    text += "complete -c landlock-policy -n __landlock_policy_first -a " + quoted(sub.name) + " -d " +
            quoted(sub.description) + "\n";
  for (const Sub &sub : subs) {
    const std::string condition = " -n " + quoted("__landlock_policy_sub " + sub.name);
    for (const Option &option : sub.options)
      text += "complete -c landlock-policy" + condition + " " + option_name(option.spelling) + value_arguments(option) +
              "\n";
    if (sub.operands == Complete::Policies)
      text += "complete -c landlock-policy" + condition + " -a '(__landlock_policy_files)'\n";
    else text += "complete -c landlock-policy" + condition + " -a " + quoted_words(sub.operand_words) + "\n";
  }
  return text;
}

std::string launcher_lines(const std::vector<Option> &flags) {
  std::string text;
  for (const Option &flag : flags)
    text += "complete -c landlock-run -n 'not __landlock_after_dashdash' " + option_name(flag.spelling) +
            value_arguments(flag) + " -d " + quoted(flag.description) + "\n";
  return text;
}

}  // namespace

std::string fish_script(const std::vector<Sub> &subs, const std::vector<Option> &flags) {
  return kHelpers + policy_lines(subs) + launcher_lines(flags);
}

}  // namespace llp::completion
