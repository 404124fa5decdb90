// landlock-policy's --help and SUBCOMMAND --help, from the tables: the
// subcommands' usage lines (subcommands.h, each {--OPTION} filled with the
// option table's row), the options (option_table.h: each row's usage and
// summary), the settable keys, the modes.
#pragma once
#include <string>

#include "option_table.h"
#include "subcommands.h"

namespace llp {

// `landlock-policy --help`: every subcommand's usage line, then every
// option of the table, once for each spelling, wrapped to 80 columns.
std::string help_text();

// `landlock-policy SUBCOMMAND --help`: its usage line, what it does, and
// the options it takes (the option table's rows that name it).
std::string subcommand_help(const Subcommand &sub);

// What both helps say an option does: its row's summary, {settable} filled.
std::string option_summary(const OptionSpec &row);

// The subcommands the row names, as --help lists them: "argv, exec, explain, learn".
std::string takers(const OptionSpec &row);

// Whether every subcommand that reads a POLICY.toml takes the row: --help
// lists such an option without naming them.
bool taken_by_every_policy_subcommand(const OptionSpec &row);

}  // namespace llp
