// Unit tests: the shell completion is the tables. Every subcommand, option,
// mode, settable key, diagnostics format and launcher flag (with the
// scopes) appears in each shell's script, so a row added to a table and not
// completed fails here; and every row of the option table is one parse_cli
// takes, for each subcommand it names. (--help: compiler_help_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../compiler/cli/args.h"
#include "../../compiler/cli/completion.h"
#include "../../compiler/cli/option_table.h"
#include "../../compiler/cli/subcommands.h"
#include "../../compiler/plan/modes.h"
#include "../../compiler/policy/options.h"
#include "../../compiler/policy/schema.h"
#include "../../launcher/cli_flags.h"

using namespace llp;

namespace {

// How each shell spells a word the script offers: bash and zsh quote it,
// fish names an option with -l.
std::string offered(std::string_view shell, std::string_view word) {
  if (shell == "fish" && word.starts_with("--")) return "-l '" + std::string(word.substr(2)) + "'";
  if (shell == "fish" && word.starts_with("-")) return "-s '" + std::string(word.substr(1)) + "'";
  return "'" + std::string(word) + "'";
}

// In fish, the words of a value are one quoted list: look for the word alone.
bool has_word(const std::string &script, std::string_view shell, std::string_view word) {
  if (shell != "fish" || word.starts_with("-")) return script.find(offered(shell, word)) != std::string::npos;
  const std::string w(word);
  return script.find("'" + w + " ") != std::string::npos || script.find(" " + w + " ") != std::string::npos ||
         script.find(" " + w + "'") != std::string::npos || script.find("'" + w + "'") != std::string::npos;
}

std::vector<char *> c_strings(std::vector<std::string> &words) {
  std::vector<char *> out(words.size());
  std::transform(words.begin(), words.end(), out.begin(), [](std::string &w) -> char * { return w.data(); });
  return out;
}

// parse_cli on the subcommand and arguments given.
std::string parse(std::vector<std::string> words, Cli &cli) {
  words.insert(words.begin(), "landlock-policy");
  std::vector<char *> argv = c_strings(words);
  cli.subcommand = words[1];
  return parse_cli(static_cast<int>(argv.size()), argv.data(), cli);
}

// A value the option takes: its first word when it names some.
std::string a_value(const OptionSpec &row) {
  switch (row.value) {
    case Value::Words: return std::string(row.words.substr(0, row.words.find(' ')));
    case Value::SetKey: return std::string(schema::settable_keys().front()) + "=x";
    case Value::DiagFormat: return "gcc";
    case Value::Mode:
    case Value::StarterMode: return "read-only";
    case Value::Fd: return "3";
    case Value::None:
    case Value::Word:
    case Value::File: break;
  }
  return "x.toml";
}

}  // namespace

TEST_SUITE("compiler completion") {
  TEST_CASE("each shell's script names every subcommand, option and value of the tables") {
    for (std::string_view shell : kCompletionShells) {
      CAPTURE(shell);
      const std::string script = completion_script(shell);
      REQUIRE_FALSE(script.empty());
      for (const Subcommand &sub : kSubcommands) CHECK_MESSAGE(has_word(script, shell, sub.name), sub.name);
      for (const std::string &option : completion::top_level_options())
        CHECK_MESSAGE(has_word(script, shell, option), option);
      for (const OptionSpec &row : kOptions) CHECK_MESSAGE(has_word(script, shell, row.spelling), row.spelling);
      for (std::string_view mode : mode_names()) CHECK_MESSAGE(has_word(script, shell, mode), mode);
      for (std::string_view key : schema::settable_keys())
        CHECK_MESSAGE(has_word(script, shell, std::string(key) + "="), key);
      for (std::string_view shell_name : kCompletionShells) CHECK(has_word(script, shell, shell_name));
      for (const launcher::FlagSpec &flag : launcher::kFlags)
        CHECK_MESSAGE(has_word(script, shell, flag.spelling), flag.spelling);
      CHECK(has_word(script, shell, launcher::kScopeAbstractUnix));
      CHECK(has_word(script, shell, launcher::kScopeSignal));
    }
    CHECK(completion_script("tcsh").empty());
  }

  TEST_CASE("each subcommand's options in the model are the table's rows that name it") {
    const std::vector<completion::Sub> subs = completion::policy_subcommands();
    REQUIRE(subs.size() == std::size(kSubcommands));
    for (const completion::Sub &sub : subs) {
      size_t rows = 0;
      for (const OptionSpec &row : kOptions) rows += names_word(row.subcommands, sub.name) ? 1 : 0;
      CHECK_MESSAGE(sub.options.size() == rows, sub.name);
    }
    CHECK(completion::launcher_flags().size() == std::size(launcher::kFlags));
  }

  TEST_CASE("parse_cli takes every row of the option table for each subcommand it names, and no other") {
    for (const OptionSpec &row : kOptions) {
      for (const Subcommand &sub : kSubcommands) {
        CAPTURE(row.spelling);
        CAPTURE(sub.name);
        std::vector<std::string> words = {std::string(sub.name), std::string(row.spelling)};
        if (row.value != Value::None) words.push_back(a_value(row));
        Cli cli;
        const std::string error = parse(words, cli);
        const bool named = names_word(row.subcommands, sub.name);
        const bool other_row = find_option(sub.name, row.spelling) != nullptr;
        if (named) CHECK(error.empty());
        else if (!other_row)
          CHECK(error.starts_with(std::string(sub.name) + " takes no " + std::string(row.spelling) + ": it is "));
      }
    }
  }

  TEST_CASE("a value outside an option's words is refused with the words") {
    Cli cli;
    CHECK(parse({"argv", "--target", "mars"}, cli) == "--target needs host or portable");
    CHECK(parse({"learn", "--way", "guess"}, cli) == "--way needs auto, audit or ptrace");
    CHECK(parse({"learn", "--format", "yaml"}, cli) == "--format needs text or json");
    CHECK(parse({"argv", "--format", "yaml"}, cli) == "--format yaml: expected shell, json, nul or record");
    CHECK(parse({"check", "--format", "github"}, cli).find("use --diagnostics github") != std::string::npos);
    CHECK(parse({"argv", "--diagnostics", "xml"}, cli) == "--diagnostics needs text, gcc or github");
    CHECK(parse({"explain", "--way", "auto"}, cli) == "explain takes no --way: it is learn's");
  }

  TEST_CASE("an option the table gives to other subcommands is refused, naming the subcommand") {
    Cli cli;
    for (std::string_view sub : {"exec", "check", "explain", "why", "init"}) {
      CAPTURE(sub);
      CHECK(parse({std::string(sub), "--format", "json"}, cli) ==
            std::string(sub) + " takes no --format: it is argv's and learn's");
    }
    CHECK(parse({"check", "--format", "github"}, cli) ==
          "check takes no --format: it is argv's and learn's; for github messages, use --diagnostics github");
    CHECK(parse({"argv", "--version"}, cli) == "argv takes no --version: it is landlock-policy's");
    CHECK(parse({"argv", "--nope"}, cli) == "unknown option --nope");
  }
}
