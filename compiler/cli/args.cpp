#include "args.h"

#include <algorithm>
#include <optional>

#include "../base/text.h"
#include "option_table.h"

namespace llp {

// What follows the subcommands' usage lines (main.cpp's table prints them).
const char kUsageText[] =
    "       landlock-policy --version | --help | SUBCOMMAND --help\n\n"
    "Options (a value follows a space or `=`: --diagnostics=github):\n"
    "  --profile NAME       apply [profiles.NAME]\n"
    "  --set KEY=VALUE      override workspace, mode, strict or launcher\n"
    "  --target host|portable  host (default): canonicalise on this machine;\n"
    "                       portable: paths as written, no existence checks\n"
    "  --launcher PATH      the landlock-run to emit (default: [launcher] path,\n"
    "                       else the one installed beside landlock-policy)\n"
    "  --unpinned           omit --expect-version from the argv\n"
    "  --short              explain: one line each for the mode, writable, outputs,\n"
    "                       hidden, network and scopes\n"
    "  --mode MODE          argv, exec, explain, learn: no POLICY.toml; the policy\n"
    "                       is what a file holding only mode = \"MODE\" gives (your\n"
    "                       own, trusted)\n"
    "  --diagnostics F      text (default: source line, caret, hint), gcc (one\n"
    "                       line each) or github (workflow annotations)\n"
    "  --format F           argv output: shell (one eval-safe line), json, nul,\n"
    "                       record (JSON {\"argv\", \"failure_hint\"}); required\n"
    "                       when stdout is not a terminal\n\n"
    "In scripts, prefer `landlock-policy exec`; else check the argv before use:\n"
    "  argv=$(landlock-policy argv --format shell p.toml -- make) || exit 1\n"
    "  eval \"$argv\"\n"
    "A failed `argv --format shell` prints a line that fails when evaluated.\n\n"
    "Without a COMMAND, argv ends with \"--\": append the command yourself.\n"
    "POLICY.toml \"-\" reads the policy from standard input (learn: not with --write).\n"
    "A word after POLICY.toml without -- before it is refused, with where the -- goes.\n"
    "A policy file inside the workspace, ${TMPDIR}, /tmp or /dev/shm is refused (an\n"
    "earlier confined run could have rewritten it), and so is a policy file, an extends\n"
    "file or the launcher reached through a folder owned by anyone but you or root, or\n"
    "writable by group or others without the sticky bit (as ssh checks its own\n"
    "files); check, explain and why only warn about the policy file.\n"
    "init NAME writes ~/.config/landlock-policy/NAME.toml; init without one prints.\n"
    "argv, exec and learn prepare the run: they create the policy's missing outputs\n"
    "and the presets' missing cache folders; check, explain and why create nothing.\n"
    "learn runs the command as exec does, watched through the kernel's Landlock audit\n"
    "records where it can (ABI 7 and CAP_AUDIT_READ) or else with ptrace (--way picks\n"
    "one), then reports on stderr what the sandbox denied and the grants to add\n"
    "(--format json: to --report FILE, or to the open descriptor --report-fd N, closed\n"
    "before the command starts, written once the run is over; else stderr);\n"
    "--write NEW.toml writes them as a policy extending POLICY.toml.\n"
    "Its exit status is the command's.\n"
    "exec --ask (on a terminal) watches the run as learn does; after a failure whose\n"
    "denials the sandbox made have an escalation, it shows it and asks once to re-run\n"
    "the command with it (default no; nothing saved).\n"
    "Exit: 0 success, 1 invalid policy (diagnostics on stderr), 2 usage error.\n"
    "Format: man 5 landlock-policy\n";

namespace {

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

// The words of a Value::Words option, as a message lists them: "a, b or c".
std::string listed(std::string_view words) {
  std::vector<std::string_view> names;
  while (!words.empty()) {
    const size_t space = words.find(' ');
    names.push_back(words.substr(0, space));
    if (space == std::string_view::npos) break;
    words.remove_prefix(space + 1);
  }
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
      if (!args.value(v) || !parse_diag_format(v, cli.diagnostics)) return "--diagnostics needs text, gcc or github";
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
    case Value::Mode:
    case Value::StarterMode: return text + " MODE";
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
    if (!row && a.size() > 1 && a[0] == '-') return "unknown option " + a;
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
