// From a Plan to the launcher's argv, and the three output formats. Flag
// spellings come only from launcher/cli_flags.h, the header the launcher
// parses with, so the two can never disagree.
#pragma once
#include <string>
#include <vector>

#include "../base/quote.h"
#include "../plan/plan.h"

namespace llp {

// The whole argv: launcher and flags, "--", then command (may be empty:
// the argv then ends with "--" for the caller to append a command).
std::vector<std::string> build_argv(const Plan &plan, const std::vector<std::string> &command);

enum class Format { Shell, Json, Nul };

// One line of shell words, newline-terminated.
std::string format_shell(const std::vector<std::string> &argv);
// A JSON array of strings, newline-terminated; false if an argument is not UTF-8.
bool format_json(const std::vector<std::string> &argv, std::string &out);
// Each argument followed by a NUL byte (xargs -0).
std::string format_nul(const std::vector<std::string> &argv);

}  // namespace llp
