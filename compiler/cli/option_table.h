// landlock-policy's options, once: which subcommands take each, what its
// value is and, where the value is one of a few words, which. parse_cli
// (args.cpp) refuses an option that is not here for the subcommand, checks
// the words, and the shell completion (completion.cpp) offers the same.
#pragma once
#include <algorithm>
#include <iterator>
#include <string_view>

namespace llp {

enum class OptionId {
  Help,
  Version,
  Profile,
  Set,
  Target,
  Launcher,
  Unpinned,
  Diagnostics,
  Format,
  Mode,
  Short,
  WhyWrite,
  Way,
  Report,
  ReportFd,
  LearnWrite,
  Ask,
};

// What follows the option, for the parser and the completion.
enum class Value {
  None,         // a switch
  Word,         // any word (a profile's name)
  Fd,           // a descriptor number the caller opened (3 or more)
  File,         // a path
  Words,        // one of OptionSpec::words
  Mode,         // a row of the mode table (plan/modes.h)
  StarterMode,  // a mode `init` offers
  SetKey,       // KEY=VALUE, KEY a settable key of the schema (policy/schema.cpp)
  DiagFormat,   // a row of kDiagFormats (out/annotate.h)
};

struct OptionSpec {
  OptionId id;
  Value value;
  std::string_view spelling;
  std::string_view subcommands;  // the subcommands that take it, space-separated
  std::string_view words;        // Value::Words: the values, space-separated
  std::string_view operand;      // what --help calls the value of a Word or File: "NAME", "PATH"
  // What it does, for --help and SUBCOMMAND --help (help.cpp wraps it to
  // 80 columns; {settable} becomes the schema's settable keys). --help puts
  // the subcommands that take it first when not all of them do, so the
  // summary need not name them.
  std::string_view summary;
};

// The word that stands in a row's subcommands for landlock-policy itself:
// the options it takes instead of a subcommand (--help, --version).
inline constexpr std::string_view kTopLevel = "landlock-policy";

// Most options apply to every subcommand that compiles a policy (and init).
// An option a subcommand does not take is a usage error naming it (args.cpp).
inline constexpr OptionSpec kOptions[] = {
    {OptionId::Help, Value::None, "--help", "landlock-policy argv exec check explain why init learn completion", "", "",
     "print this help"},
    {OptionId::Help, Value::None, "-h", "landlock-policy argv exec check explain why init learn completion", "", "",
     "the same as --help"},
    {OptionId::Version, Value::None, "--version", "landlock-policy", "", "", "print the version"},
    {OptionId::Profile, Value::Word, "--profile", "argv exec check explain why init learn", "", "NAME",
     "apply [profiles.NAME] of the policy"},
    {OptionId::Set, Value::SetKey, "--set", "argv exec check explain why init learn", "", "",
     "override {settable} (the command line wins)"},
    {OptionId::Target, Value::Words, "--target", "argv exec check explain why init learn", "host portable", "",
     "host (default): canonicalise on this machine; portable: paths as written, no existence checks"},
    {OptionId::Launcher, Value::File, "--launcher", "argv exec check explain why init learn", "", "PATH",
     "the landlock-run to emit (default: [launcher] path, else the one installed beside landlock-policy)"},
    {OptionId::Unpinned, Value::None, "--unpinned", "argv exec check explain why init learn", "", "",
     "omit --expect-version from the argv"},
    {OptionId::Diagnostics, Value::DiagFormat, "--diagnostics", "argv exec check explain why init learn", "", "",
     "errors as text (default: source line, caret, hint), gcc (one line each) or github (workflow annotations)"},
    {OptionId::Format, Value::Words, "--format", "argv", "shell json nul record", "",
     "shell is one eval-safe line, json an array, nul NUL-separated, record JSON {\"argv\", \"failure_hint\"}; "
     "required when stdout is not a terminal"},
    {OptionId::Format, Value::Words, "--format", "learn", "text json", "", "the report's form, text by default"},
    {OptionId::Mode, Value::Mode, "--mode", "argv exec explain learn", "", "",
     "no POLICY.toml: the policy of a file of your own holding only mode = \"MODE\""},
    {OptionId::Mode, Value::StarterMode, "--mode", "init", "", "", "the mode the starter policy sets"},
    {OptionId::Short, Value::None, "--short", "explain", "", "",
     "one line each for the mode, writable, outputs, hidden, network and scopes"},
    {OptionId::WhyWrite, Value::None, "--write", "why", "", "", "ask about writing PATH rather than reading it"},
    {OptionId::LearnWrite, Value::File, "--write", "learn", "", "NEW.toml",
     "write the grants to add as a policy extending POLICY.toml"},
    {OptionId::Way, Value::Words, "--way", "learn", "auto audit ptrace", "",
     "watch through the kernel's audit records or ptrace (auto: audit where it can)"},
    {OptionId::Report, Value::File, "--report", "learn", "", "FILE", "write the report to FILE (default: stderr)"},
    {OptionId::ReportFd, Value::Fd, "--report-fd", "learn", "", "N",
     "write the report to the open descriptor N, closed before the command starts"},
    {OptionId::Ask, Value::None, "--ask", "exec", "", "",
     "on a terminal, after a failure the sandbox caused: offer the escalation once"},
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
  const auto *row = std::find_if(std::begin(kOptions), std::end(kOptions), [&](const OptionSpec &option) {
    return option.spelling == spelling && names_word(option.subcommands, subcommand);
  });
  return row == std::end(kOptions) ? nullptr : row;
}

}  // namespace llp
