// landlock-policy's --help and SUBCOMMAND --help, from the tables: the
// subcommands' usage lines (subcommands.h, each {--OPTION} filled with the
// option table's row), the options, the settable keys, the modes.
#pragma once
#include <string>

#include "subcommands.h"

namespace llp {

// `landlock-policy --help`: every subcommand's usage line, then the options.
std::string help_text();

// `landlock-policy SUBCOMMAND --help`: its usage line, what it does, and
// the options it takes (the option table's rows that name it).
std::string subcommand_help(const Subcommand &sub);

}  // namespace llp
