#include "args.h"

#include <algorithm>
#include <optional>

#include "../base/text.h"

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

// learn --report-fd N: a descriptor number, 3 or more (checked open by main).
std::string report_fd_option(Args &args, Cli &cli) {
  std::string v;
  if (!args.value(v)) return "--report-fd needs a descriptor number N (3 or more)";
  const bool digits = !v.empty() && v.size() <= 9 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(v) < 3) return "--report-fd " + v + ": expected a descriptor number, 3 or more";
  cli.report_fd = std::stoi(v);
  return {};
}

// learn's own options: nullopt when a is not one, else "" or the usage error.
std::optional<std::string> learn_option(const std::string &a, Args &args, Cli &cli) {
  if (a == "--format") {
    if (!args.value(cli.format) || (cli.format != "text" && cli.format != "json")) return "--format needs text or json";
  } else if (a == "--write") {
    if (!args.value(cli.write_file) || cli.write_file.empty()) return "--write needs a NEW.toml";
  } else if (a == "--way") {
    if (!args.value(cli.way) || (cli.way != "auto" && cli.way != "audit" && cli.way != "ptrace"))
      return "--way needs auto, audit or ptrace";
  } else if (a == "--report") {
    if (!args.value(cli.report_file) || cli.report_file.empty()) return "--report needs a FILE";
  } else if (a == "--report-fd") {
    return report_fd_option(args, cli);
  } else {
    return std::nullopt;
  }
  return std::string();
}

std::string set_option(const std::string &v, Cli &cli) {
  size_t eq = v.find('=');
  if (eq == std::string::npos || eq == 0) return "--set " + v + ": expected KEY=VALUE";
  std::string key = v.substr(0, eq);
  const auto &keys = settable_keys();
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) return "--set " + key + ": unknown key; " + suggestion(key, keys);
  cli.options.sets.emplace_back(key, v.substr(eq + 1));
  return {};
}

std::string format_option(Args &args, Cli &cli) {
  if (!args.value(cli.format)) return "--format needs shell, json, nul or record";
  if (is_diag_format(cli.format))
    return "--format " + cli.format + ": --format is argv's output (shell, json, nul or record); for " + cli.format +
           " messages, use --diagnostics " + cli.format;
  if (cli.format != "shell" && cli.format != "json" && cli.format != "nul" && cli.format != "record")
    return "--format " + cli.format + ": expected shell, json, nul or record";
  return {};
}

// Every other option and the positional arguments: "" or the usage error.
std::string other_argument(const std::string &a, Args &args, Cli &cli) {
  std::string v;
  if (a == "--format") return format_option(args, cli);
  if (a == "--profile") {
    if (!args.value(cli.options.profile)) return "--profile needs a NAME";
  } else if (a == "--set") {
    if (!args.value(v)) return "--set needs KEY=VALUE";
    return set_option(v, cli);
  } else if (a == "--target") {
    if (!args.value(v) || (v != "host" && v != "portable")) return "--target needs host or portable";
    cli.options.target = v == "host" ? Target::Host : Target::Portable;
  } else if (a == "--launcher") {
    if (!args.value(cli.options.launcher) || cli.options.launcher.empty()) return "--launcher needs a PATH";
  } else if (a == "--diagnostics") {
    if (!args.value(v) || !parse_diag_format(v, cli.diagnostics)) return "--diagnostics needs text, gcc or github";
  } else if (a == "--unpinned") {
    cli.options.unpinned = true;
  } else if (a == "--write" && cli.subcommand == "why") {
    cli.write = true;
  } else if (a == "--short" && cli.subcommand == "explain") {
    cli.short_form = true;
  } else if (a == "--mode" && (cli.subcommand == "init" || cli.subcommand == "argv" || cli.subcommand == "exec" ||
                                cli.subcommand == "explain" || cli.subcommand == "learn")) {
    if (!args.value(cli.mode)) return "--mode needs a mode";
  } else if (a.size() > 1 && a[0] == '-') {
    return "unknown option " + a;
  } else {
    cli.files.push_back(a);
  }
  return {};
}

}  // namespace

std::string parse_cli(int argc, char **argv, Cli &cli) {
  Args args(argc, argv);
  std::string a;
  while (args.next(a)) {
    if (a == "--help" || a == "-h") {
      cli.help = true;
      return {};
    }
    if (a == "--" && !args.unused_value()) {
      cli.command = args.rest();
      if (cli.command.empty()) return "no COMMAND after --";
      break;
    }
    std::optional<std::string> learn_error;
    if (cli.subcommand == "learn") learn_error = learn_option(a, args, cli);
    std::string error = learn_error ? *learn_error : other_argument(a, args, cli);
    if (!error.empty()) return error;
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
