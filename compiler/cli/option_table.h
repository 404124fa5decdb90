// landlock-policy's options, once: which subcommands take each, what its
// value is and, where the value is one of a few words, which. parse_cli
// (args.cpp) refuses an option that is not here for the subcommand, checks
// the words, and the shell completion (completion.cpp) offers the same.
#pragma once
#include <string_view>

namespace llp {

enum class OptionId { Help, Profile, Set, Target, Launcher, Unpinned, Diagnostics, Format, Mode, Short, WhyWrite, Way, Report, LearnWrite };

// What follows the option, for the parser and the completion.
enum class Value {
  None,        // a switch
  Word,        // any word (a profile's name)
  File,        // a path
  Words,       // one of OptionSpec::words
  Mode,        // a row of the mode table (plan/modes.h)
  StarterMode, // a mode `init` offers
  SetKey,      // KEY=VALUE, KEY one of kSettableKeys (policy/options.h)
  DiagFormat,  // a row of kDiagFormats (out/annotate.h)
};

struct OptionSpec {
  OptionId id;
  std::string_view spelling;
  std::string_view subcommands;  // the subcommands that take it, space-separated
  Value value;
  std::string_view words;        // Value::Words: the values, space-separated
  std::string_view operand;      // what --help calls the value of a Word or File: "NAME", "PATH"
};

// Most options apply to every subcommand that compiles a policy (and init).
inline constexpr OptionSpec kOptions[] = {
    {OptionId::Help, "--help", "argv exec check explain why init learn completion", Value::None, "", ""},
    {OptionId::Help, "-h", "argv exec check explain why init learn completion", Value::None, "", ""},
    {OptionId::Profile, "--profile", "argv exec check explain why init learn", Value::Word, "", "NAME"},
    {OptionId::Set, "--set", "argv exec check explain why init learn", Value::SetKey, "", ""},
    {OptionId::Target, "--target", "argv exec check explain why init learn", Value::Words, "host portable", ""},
    {OptionId::Launcher, "--launcher", "argv exec check explain why init learn", Value::File, "", "PATH"},
    {OptionId::Unpinned, "--unpinned", "argv exec check explain why init learn", Value::None, "", ""},
    {OptionId::Diagnostics, "--diagnostics", "argv exec check explain why init learn", Value::DiagFormat, "", ""},
    {OptionId::Format, "--format", "argv exec check explain why init", Value::Words, "shell json nul record", ""},
    {OptionId::Format, "--format", "learn", Value::Words, "text json", ""},
    {OptionId::Mode, "--mode", "argv exec explain", Value::Mode, "", ""},
    {OptionId::Mode, "--mode", "init", Value::StarterMode, "", ""},
    {OptionId::Short, "--short", "explain", Value::None, "", ""},
    {OptionId::WhyWrite, "--write", "why", Value::None, "", ""},
    {OptionId::LearnWrite, "--write", "learn", Value::File, "", "NEW.toml"},
    {OptionId::Way, "--way", "learn", Value::Words, "auto audit ptrace", ""},
    {OptionId::Report, "--report", "learn", Value::File, "", "FILE"},
};

// Whether the space-separated list names word.
constexpr bool names_word(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    const size_t space = list.find(' ');
    if (list.substr(0, space) == word) return true;
    if (space == std::string_view::npos) break;
    list.remove_prefix(space + 1);
  }
  return false;
}

// The row of spelling for the subcommand, or nullptr: not one of its options.
constexpr const OptionSpec *find_option(std::string_view subcommand, std::string_view spelling) {
  for (const OptionSpec &row : kOptions)
    if (row.spelling == spelling && names_word(row.subcommands, subcommand)) return &row;
  return nullptr;
}

}  // namespace llp
