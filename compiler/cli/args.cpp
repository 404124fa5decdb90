#include "args.h"

#include <algorithm>
#include <optional>

#include "../base/text.h"
#include "../plan/modes.h"
#include "option_table.h"

namespace llp {

namespace {

// kDiagFormats' names, as a message lists them: "text, gcc or github".
std::string diag_words() {
  std::string text;
  for (size_t i = 0; i < std::size(kDiagFormats); ++i) {
    if (i > 0) text += i + 1 == std::size(kDiagFormats) ? " or " : ", ";
    text += kDiagFormats[i].name;
  }
  return text;
}

bool is_diag_format(const std::string &name) {
  DiagFormat ignored = DiagFormat::Text;
  return parse_diag_format(name, ignored);
}

// The arguments after the subcommand, one at a time; an option's value is
// the next argument, or follows `=` (--diagnostics=github).
class Args {
 public:
  Args(int argc, char **argv) : argc_(argc), argv_(argv) {}

  // The next argument, its `=VALUE` set apart for an option; false at the end.
  bool next(std::string &a) {
    if (++i_ >= argc_) return false;
    a = argv_[i_];
    attached_.reset();
    size_t attached_at = a.find('=');
    if (a.starts_with("--") && attached_at != std::string::npos) {
      attached_ = a.substr(attached_at + 1);
      a.resize(attached_at);
    }
    return true;
  }

  // The current option's value; false when there is none.
  bool value(std::string &out) {
    if (attached_) {
      out = *attached_;
      attached_.reset();
      return true;
    }
    if (i_ + 1 >= argc_) return false;
    out = argv_[++i_];
    return true;
  }

  // The `=VALUE` of an option that took none, or nullopt.
  const std::optional<std::string> &unused_value() const { return attached_; }
  // Everything after the current argument.
  std::vector<std::string> rest() const { return {argv_ + i_ + 1, argv_ + argc_}; }

 private:
  int argc_;
  char **argv_;
  int i_ = 1;  // argv[1] is the subcommand
  std::optional<std::string> attached_;
};

// A space-separated list of the table as its words.
std::vector<std::string_view> split_words(std::string_view words) {
  std::vector<std::string_view> names;
  while (!words.empty()) {
    const size_t space = words.find(' ');
    names.push_back(words.substr(0, space));
    if (space == std::string_view::npos) break;
    words.remove_prefix(space + 1);
  }
  return names;
}

// The words of a Value::Words option, as a message lists them: "a, b or c".
std::string listed(std::string_view words) {
  const std::vector<std::string_view> names = split_words(words);
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::string set_option(const std::string &v, Cli &cli) {
  size_t eq = v.find('=');
  if (eq == std::string::npos || eq == 0) return "--set " + v + ": expected KEY=VALUE";
  std::string key = v.substr(0, eq);
  const auto &keys = settable_keys();
  if (std::find(keys.begin(), keys.end(), key) == keys.end())
    return "--set " + key + ": unknown key; " + suggestion(key, keys);
  cli.options.sets.emplace_back(key, v.substr(eq + 1));
  return {};
}

// argv's --format: its words, and a pointer to --diagnostics for theirs.
std::string format_option(const OptionSpec &row, Args &args, Cli &cli) {
  const std::string words = listed(row.words);
  if (!args.value(cli.format)) return "--format needs " + words;
  if (names_word(row.words, cli.format)) return {};
  if (is_diag_format(cli.format))
    return "--format " + cli.format + ": --format is argv's output (" + words + "); for " + cli.format +
           " messages, use --diagnostics " + cli.format;
  return "--format " + cli.format + ": expected " + words;
}

// An option the subcommand does not take: "unknown option", or when the
// table gives it to others, one line naming the subcommand and whose it is
// ("check takes no --format: it is argv's and learn's"). A --format whose
// value is a diagnostics format is pointed at --diagnostics.
std::string not_taken(const std::string &subcommand, const std::string &spelling, Args &args) {
  std::vector<std::string_view> owners;
  bool format = false;
  for (const OptionSpec &row : kOptions) {
    if (row.spelling != spelling) continue;
    format = format || row.id == OptionId::Format;
    for (std::string_view owner : split_words(row.subcommands))
      if (std::find(owners.begin(), owners.end(), owner) == owners.end()) owners.push_back(owner);
  }
  if (owners.empty()) return "unknown option " + spelling;
  std::string why = subcommand + " takes no " + spelling + ": it is ";
  for (size_t i = 0; i < owners.size(); ++i) {
    if (i > 0) why += i + 1 == owners.size() ? " and " : ", ";
    why += std::string(owners[i]) + "'s";
  }
  std::string value;
  if (format && args.value(value) && is_diag_format(value))
    why += "; for " + value + " messages, use --diagnostics " + value;
  return why;
}

// The value of a Value::Words option, checked: "" or the usage error.
std::string word_option(const OptionSpec &row, Args &args, std::string &out) {
  if (!args.value(out) || !names_word(row.words, out)) return std::string(row.spelling) + " needs " + listed(row.words);
  return {};
}

// learn --report-fd N: a descriptor number, 3 or more (checked open by main).
std::string report_fd_option(Args &args, Cli &cli) {
  std::string v;
  if (!args.value(v)) return "--report-fd needs a descriptor number N (3 or more)";
  const bool digits =
      !v.empty() && v.size() <= 9 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(v) < 3) return "--report-fd " + v + ": expected a descriptor number, 3 or more";
  cli.report_fd = std::stoi(v);
  return {};
}

// The value of a Value::File option; false when there is none.
bool file_value(Args &args, std::string &out) { return args.value(out) && !out.empty(); }

// One option of the table: "" or the usage error.
std::string apply_option(const OptionSpec &row, Args &args, Cli &cli) {
  std::string v;
  std::string error;
  switch (row.id) {
    case OptionId::Help: cli.help = true; break;
    case OptionId::Version: break;  // landlock-policy's own (main.cpp), no subcommand's
    case OptionId::Profile:
      if (!args.value(cli.options.profile)) return "--profile needs a NAME";
      break;
    case OptionId::Set:
      if (!args.value(v)) return "--set needs KEY=VALUE";
      return set_option(v, cli);
    case OptionId::Target:
      error = word_option(row, args, v);
      cli.options.target = v == "host" ? Target::Host : Target::Portable;
      return error;
    case OptionId::Launcher:
      if (!file_value(args, cli.options.launcher)) return "--launcher needs a PATH";
      break;
    case OptionId::Unpinned: cli.options.unpinned = true; break;
    case OptionId::Diagnostics:
      if (!args.value(v) || !parse_diag_format(v, cli.diagnostics)) return "--diagnostics needs " + diag_words();
      break;
    case OptionId::Format:
      if (cli.subcommand == "learn") return word_option(row, args, cli.format);
      return format_option(row, args, cli);
    case OptionId::Mode:
      if (!args.value(cli.mode)) return "--mode needs a mode";
      break;
    case OptionId::Short: cli.short_form = true; break;
    case OptionId::WhyWrite: cli.write = true; break;
    case OptionId::Way: return word_option(row, args, cli.way);
    case OptionId::Report:
      if (!file_value(args, cli.report_file)) return "--report needs a FILE";
      break;
    case OptionId::LearnWrite:
      if (!file_value(args, cli.write_file)) return "--write needs a NEW.toml";
      break;
    case OptionId::ReportFd: return report_fd_option(args, cli);
    case OptionId::Ask: cli.ask = true; break;
  }
  return {};
}

}  // namespace

std::string option_usage(const OptionSpec &row) {
  std::string text(row.spelling);
  std::string words;
  switch (row.value) {
    case Value::None: return text;
    case Value::Word:
    case Value::Fd:
    case Value::File: return text + " " + std::string(row.operand);
    case Value::Mode: return text + " MODE";
    case Value::StarterMode: return text + " " + join_names(starter_mode_names(), "|", "|", false);
    case Value::SetKey: return text + " KEY=VALUE";
    case Value::Words: words = row.words; break;
    case Value::DiagFormat:
      for (const DiagFormatName &format : kDiagFormats) words += (words.empty() ? "" : " ") + std::string(format.name);
      break;
  }
  std::replace(words.begin(), words.end(), ' ', '|');
  return text + " " + words;
}

std::string parse_cli(int argc, char **argv, Cli &cli) {
  Args args(argc, argv);
  std::string a;
  while (args.next(a)) {
    if (a == "--" && !args.unused_value()) {
      cli.command = args.rest();
      if (cli.command.empty()) return "no COMMAND after --";
      break;
    }
    const OptionSpec *row = find_option(cli.subcommand, a);
    if (!row && a.size() > 1 && a[0] == '-') return not_taken(cli.subcommand, a, args);
    if (!row) {
      cli.files.push_back(a);
      continue;
    }
    std::string error = apply_option(*row, args, cli);
    if (!error.empty()) return error;
    if (cli.help) return {};
    if (args.unused_value()) {
      std::string why = a;
      why += " takes no value (" + a;
      why += "=" + *args.unused_value() + ")";
      return why;
    }
  }
  return {};
}

}  // namespace llp
