// The shell completion of landlock-policy and landlock-run, generated from
// the tables (subcommands.h, option_table.h, the mode table, the schema's settable keys,
// kDiagFormats, the launcher's kFlags and scopes): a row added to one is
// completed without touching this code. Printed by `landlock-policy
// completion SHELL`, and by the build's generator for `make install` and
// the packages (packaging/completion-gen.cpp), through completion_script().
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace llp {

// The script for shell (a row of kCompletionShells), covering both
// commands; "" for any other shell.
std::string completion_script(std::string_view shell);

namespace completion {

// What the word after an option, or an operand, completes to.
enum class Complete {
  Nothing,    // a free word (a profile's name, a port): nothing to offer
  Words,      // one of the words
  Files,      // any path
  Policies,   // *.toml files (and folders, to walk into)
  Variables,  // an environment variable's name
  KeyEquals,  // KEY= (the words end with `=`; no space after)
};

// An option as one subcommand (or the launcher) takes it.
struct Option {
  std::string spelling;
  Complete value = Complete::Nothing;  // what its first value completes to (Nothing: a free word)
  int values = 0;                      // how many values follow it (--setenv NAME VALUE: 2)
  std::vector<std::string> words;      // Complete::Words and KeyEquals
  std::string description;
};

struct Sub {
  std::string name;
  std::string description;  // the first line of its about
  std::vector<Option> options;
  Complete operands = Complete::Policies;
  std::vector<std::string> operand_words;
  bool command = false;  // takes -- COMMAND [ARG]...
};

// landlock-policy's subcommands with their options, in the tables' order.
std::vector<Sub> policy_subcommands();
// landlock-run's flags, in kFlags's order.
std::vector<Option> launcher_flags();

// The shells' writers (completion_bash.cpp, completion_zsh.cpp, completion_fish.cpp).
std::string bash_script(const std::vector<Sub> &subs, const std::vector<Option> &flags);
std::string zsh_script(const std::vector<Sub> &subs, const std::vector<Option> &flags);
std::string fish_script(const std::vector<Sub> &subs, const std::vector<Option> &flags);

// Every word joined by a space, each single-quoted for bash and zsh.
std::string joined(const std::vector<std::string> &words);
// The options' spellings, then the top level's or `--` where they apply.
std::vector<std::string> spellings(const std::vector<Option> &options);
// What the top level takes besides a subcommand (--help, --version).
std::vector<std::string> top_level_options();

}  // namespace completion
}  // namespace llp
