// landlock-policy's subcommands, once: what main.cpp dispatches to (by id),
// the names a typo is matched against, the usage lines of `--help` and
// `SUBCOMMAND --help`, and the shell completion (completion.cpp).
#pragma once
#include <string_view>

namespace llp {

enum class SubcommandId { Argv, Exec, Check, Explain, Why, Init, Learn, Completion };

// What the words that are not options are, for the completion.
enum class Operands {
  Policies,  // POLICY.toml files (and PATH after it, for why)
  Shells,    // a shell's name: kCompletionShells
};

struct Subcommand {
  SubcommandId id;
  std::string_view name;
  // After "landlock-policy NAME"; continuation lines indented as --help shows
  // them. {--OPTION} is the option table's row for the subcommand, as
  // option_usage writes it; {shells} the shells of kCompletionShells (help.cpp).
  std::string_view usage;
  std::string_view about;  // SUBCOMMAND --help: what it does, in a few lines
  Operands operands;
  bool command;  // takes -- COMMAND [ARG]...
};

inline constexpr Subcommand kSubcommands[] = {
    {SubcommandId::Argv, "argv", "[{--format}] [OPTION]... POLICY.toml|--mode MODE [-- COMMAND [ARG]...]",
     "Prints the launcher's argv for the policy, with the command when one follows --.", Operands::Policies, true},
    {SubcommandId::Exec, "exec", "[{--ask}] [OPTION]... POLICY.toml|--mode MODE -- COMMAND [ARG]...",
     "Compiles the policy, then runs the command confined by it. --mode MODE alone is a policy file\n"
     "holding only mode = \"MODE\". --ask (on a terminal): after a failure the sandbox caused, shows\n"
     "the narrowest escalation of the kernel's denials and asks once to re-run with it (default no).",
     Operands::Policies, true},
    {SubcommandId::Check, "check", "POLICY.toml...", "Validates each policy; one line on stderr for each valid one.",
     Operands::Policies, false},
    {SubcommandId::Explain, "explain", "[--short] [OPTION]... POLICY.toml|--mode MODE",
     "Shows every grant with where it came from, the hidden, protected and dropped paths, network, scopes;\n"
     "--short: one line each for the mode, what is writable, outputs, hidden, network and scopes.",
     Operands::Policies, false},
    {SubcommandId::Why, "why", "[--write] [OPTION]... POLICY.toml PATH",
     "Says which grant covers PATH, or why none does.", Operands::Policies, false},
    {SubcommandId::Init, "init", "{--mode} [NAME|FILE]", "Writes a commented starter policy.", Operands::Policies,
     false},
    {SubcommandId::Learn, "learn",
     "[{--way}] [{--format}] [--report FILE|--report-fd N]\n"
     "                               [--write NEW.toml] [OPTION]...\n"
     "                               POLICY.toml|-|--mode MODE -- COMMAND [ARG]...",
     "Runs the command as exec does and reports what the sandbox denied and the grants to add;\n"
     "--format json adds the escalation (what one retry would need) and the refused denials.",
     Operands::Policies, true},
    {SubcommandId::Completion, "completion", "{shells}",
     "Prints the shell completion of this command and of landlock-run for the shell named, generated\n"
     "from the tables of subcommands, options, modes and launcher flags: source it, or let\n"
     "`make install` and the packages install it (where each shell looks: FILES in the man page).",
     Operands::Shells, false},
};

// The shells `completion` writes for.
inline constexpr std::string_view kCompletionShells[] = {"bash", "zsh", "fish"};

}  // namespace llp
