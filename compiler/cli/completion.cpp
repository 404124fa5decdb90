#include "completion.h"

#include <algorithm>
#include <iterator>

#include "../../launcher/cli_flags.h"
#include "../base/quote.h"
#include "../out/annotate.h"
#include "../plan/modes.h"
#include "../policy/options.h"
#include "../policy/schema.h"
#include "option_table.h"
#include "subcommands.h"

namespace llp {
namespace completion {
namespace {

std::vector<std::string> split_words(std::string_view list) {
  std::vector<std::string> words;
  while (!list.empty()) {
    const size_t space = list.find(' ');
    words.emplace_back(list.substr(0, space));
    if (space == std::string_view::npos) break;
    list.remove_prefix(space + 1);
  }
  return words;
}

std::vector<std::string> strings(const std::vector<std::string_view> &views) { return {views.begin(), views.end()}; }

// The words an option's value is one of, from the table its Value names.
std::vector<std::string> value_words(const OptionSpec &row) {
  std::vector<std::string> words;
  switch (row.value) {
    case Value::Words: return split_words(row.words);
    case Value::Mode: return strings(mode_names());
    case Value::StarterMode: return strings(starter_mode_names());
    case Value::DiagFormat:
      std::transform(std::begin(kDiagFormats), std::end(kDiagFormats), std::back_inserter(words),
                     [](const DiagFormatName &format) { return std::string(format.name); });
      break;
    case Value::SetKey: {
      const std::vector<std::string_view> keys = schema::settable_keys();
      std::transform(keys.begin(), keys.end(), std::back_inserter(words),
                     [](std::string_view key) { return std::string(key) + "="; });
    } break;
    case Value::None:
    case Value::Word:
    case Value::Fd:
    case Value::File: break;
  }
  return words;
}

Option policy_option(const OptionSpec &row) {
  Option option;
  option.spelling = row.spelling;
  option.values = row.value == Value::None ? 0 : 1;
  option.words = value_words(row);
  if (row.value == Value::File) option.value = Complete::Files;
  else if (row.value == Value::SetKey) option.value = Complete::KeyEquals;
  else if (!option.words.empty()) option.value = Complete::Words;
  return option;
}

std::string first_line(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

}  // namespace

std::vector<Sub> policy_subcommands() {
  std::vector<Sub> subs;
  subs.reserve(std::size(kSubcommands));
  for (const Subcommand &row : kSubcommands) {
    Sub sub;
    sub.name = row.name;
    sub.description = first_line(row.about);
    sub.command = row.command;
    for (const OptionSpec &option : kOptions)
      if (names_word(option.subcommands, row.name)) sub.options.push_back(policy_option(option));
    if (row.operands == Operands::Shells) {
      sub.operands = Complete::Words;
      sub.operand_words.assign(std::begin(kCompletionShells), std::end(kCompletionShells));
    }
    subs.push_back(sub);
  }
  return subs;
}

std::vector<Option> launcher_flags() {
  std::vector<Option> flags;
  flags.reserve(std::size(launcher::kFlags));
  for (const launcher::FlagSpec &spec : launcher::kFlags) {
    Option flag;
    flag.spelling = spec.spelling;
    flag.description = spec.means;
    flag.values = spec.values;
    const std::string_view operand = spec.operand;
    if (spec.flag == launcher::Flag::Scope || spec.flag == launcher::Flag::ScopeTry) {
      flag.value = Complete::Words;
      flag.words = {launcher::kScopeAbstractUnix, launcher::kScopeSignal};
    } else if (operand == "PATH") {
      flag.value = Complete::Files;
    } else if (operand == "PATTERN" || operand.starts_with("NAME")) {
      flag.value = Complete::Variables;  // --keepenv, --unsetenv, --setenv's NAME
    }
    flags.push_back(flag);
  }
  return flags;
}

std::vector<std::string> spellings(const std::vector<Option> &options) {
  std::vector<std::string> words;
  std::transform(options.begin(), options.end(), std::back_inserter(words),
                 [](const Option &option) { return option.spelling; });
  return words;
}

std::vector<std::string> top_level_options() {
  std::vector<std::string> words;
  for (const OptionSpec &row : kOptions)
    if (names_word(row.subcommands, kTopLevel)) words.emplace_back(row.spelling);
  return words;
}

std::string joined(const std::vector<std::string> &words) {
  std::string text;
  for (const std::string &word : words) {
    if (!text.empty()) text += ' ';
    text += single_quote(word);
  }
  return text;
}

}  // namespace completion

std::string completion_script(std::string_view shell) {
  const std::vector<completion::Sub> subs = completion::policy_subcommands();
  const std::vector<completion::Option> flags = completion::launcher_flags();
  if (shell == "bash") return completion::bash_script(subs, flags);
  if (shell == "zsh") return completion::zsh_script(subs, flags);
  if (shell == "fish") return completion::fish_script(subs, flags);
  return {};
}

}  // namespace llp
