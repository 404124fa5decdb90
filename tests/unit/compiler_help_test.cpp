// Unit tests: --help and SUBCOMMAND --help are the tables. Every row of the
// option table is in the top-level --help (its usage, the subcommands that
// take it, what it does), each spelling once, in 80 columns; the usage lines
// and the settable keys, modes and shells come from their tables.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "../../compiler/cli/args.h"
#include "../../compiler/cli/completion.h"
#include "../../compiler/cli/help.h"
#include "../../compiler/cli/option_table.h"
#include "../../compiler/cli/subcommands.h"
#include "../../compiler/plan/modes.h"
#include "../../compiler/policy/schema.h"

using namespace llp;

namespace {

// The options part of --help: from "Options (" to the blank line after it.
std::string options_part(const std::string &help) {
  const size_t from = help.find("\nOptions (");
  const size_t to = help.find("\n\n", from);
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  return help.substr(from + 1, to - from);
}

// text with every run of spaces and newlines one space: what the wrapping
// broke over lines reads as one line again.
std::string squeezed(const std::string &text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n';
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out += blank ? ' ' : c;
  }
  return out;
}

// Whether text holds a {TOKEN} left unfilled: "{" then lowercase letters
// and dashes, then "}" (a JSON object such as {"argv", ...} is not one).
bool has_token(const std::string &text) {
  for (size_t brace = text.find('{'); brace != std::string::npos; brace = text.find('{', brace + 1)) {
    const size_t close = text.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", brace + 1);
    if (close != std::string::npos && close > brace + 1 && text[close] == '}') return true;
  }
  return false;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether text holds the parts one after the other.
bool holds(const std::string &text, std::initializer_list<std::string_view> parts) {
  std::string joined;
  for (std::string_view part : parts) joined += part;
  return text.find(joined) != std::string::npos;
}

}  // namespace

TEST_SUITE("compiler help") {
  TEST_CASE("--help lists every row of the option table: its usage, its subcommands, what it does") {
    const std::string options = options_part(help_text());
    const std::string flat = squeezed(options);
    for (const OptionSpec &row : kOptions) {
      CAPTURE(row.spelling);
      CAPTURE(row.subcommands);
      const std::string usage = option_usage(row);
      const std::string value = usage.size() > row.spelling.size() ? usage.substr(row.spelling.size() + 1) : "";
      const std::string summary = squeezed(option_summary(row));
      const std::string names = takers(row);
      // Under its spelling's head: the whole usage, then the subcommands
      // when not every one that reads a policy takes it; or, for a spelling
      // whose rows differ, the subcommands with the value beside them.
      const bool unnamed = taken_by_every_policy_subcommand(row) || names.empty();
      const bool under_usage =
          unnamed ? holds(flat, {" ", usage, " ", summary}) : holds(flat, {" ", usage, " ", names, ": ", summary});
      const bool beside = value.empty() ? holds(flat, {" ", names, ": ", summary})
                                        : holds(flat, {" ", names, " (", value, "): ", summary});
      CHECK((under_usage || beside));
    }
  }

  TEST_CASE("--help heads one entry for each spelling, and its options fit in 80 columns") {
    const std::vector<std::string> lines = lines_of(options_part(help_text()));
    std::vector<std::string_view> spellings;
    for (const OptionSpec &row : kOptions)
      if (std::find(spellings.begin(), spellings.end(), row.spelling) == spellings.end())
        spellings.push_back(row.spelling);
    for (std::string_view spelling : spellings) {
      CAPTURE(spelling);
      const auto heads = std::count_if(lines.begin(), lines.end(), [&](const std::string &line) {
        const std::string head = "  " + std::string(spelling);
        return line.starts_with(head) && (line.size() == head.size() || line[head.size()] == ' ');
      });
      CHECK(heads == 1);
    }
    for (const std::string &line : lines) CHECK_MESSAGE(line.size() <= 80, line);
    for (const Subcommand &sub : kSubcommands) {
      const std::string text = subcommand_help(sub);
      const size_t from = text.find("\nOptions:\n");
      if (from == std::string::npos) continue;
      for (const std::string &line : lines_of(text.substr(from))) CHECK_MESSAGE(line.size() <= 80, line);
    }
  }

  TEST_CASE("--help is the tables: the top-level options, the settable keys, the modes, each option's words") {
    CHECK(completion::top_level_options() == std::vector<std::string>{"--help", "-h", "--version"});
    const std::string help = help_text();
    CHECK(help.find("landlock-policy --help | -h | --version | SUBCOMMAND --help") != std::string::npos);
    CHECK(help.find("--set KEY=VALUE      override " + join_names(schema::settable_keys(), ", ", " or ", false)) !=
          std::string::npos);
    CHECK(help.find("landlock-policy init    --mode " + join_names(starter_mode_names(), "|", "|", false) +
                    " [NAME|FILE]") != std::string::npos);
    CHECK(help.find("landlock-policy argv    [--format shell|json|nul|record] [OPTION]...") != std::string::npos);
    CHECK(help.find("[--way auto|audit|ptrace] [--format text|json]") != std::string::npos);
    CHECK(help.find("landlock-policy completion bash|zsh|fish") != std::string::npos);
    CHECK(help.find("  --mode               argv, exec, explain, learn (MODE): no POLICY.toml") != std::string::npos);
    CHECK(help.find("init (" + join_names(starter_mode_names(), "|", "|", false) + "): the mode") != std::string::npos);
    CHECK_FALSE(has_token(help));  // every {--OPTION}, {settable}... filled
    for (const Subcommand &sub : kSubcommands) {
      CAPTURE(sub.name);
      const std::string text = subcommand_help(sub);
      CHECK(text.starts_with("usage: landlock-policy " + std::string(sub.name)));
      CHECK_FALSE(has_token(text));
    }
    // Each option of a subcommand's --help says what it does there.
    for (const OptionSpec &row : kOptions) {
      CAPTURE(row.spelling);
      CHECK_FALSE(row.summary.empty());
    }
    const auto *exec = std::find_if(std::begin(kSubcommands), std::end(kSubcommands),
                                    [](const Subcommand &sub) { return sub.id == SubcommandId::Exec; });
    REQUIRE(exec != std::end(kSubcommands));
    const std::string exec_help = subcommand_help(*exec);
    CHECK(exec_help.find("  --ask                       on a terminal, after a failure the sandbox caused") !=
          std::string::npos);
  }
}
