// landlock-policy: the command line around compile(). Exit 0 success,
// 1 the policy is invalid (diagnostics on stderr), 2 usage error. Nothing
// is written to stdout unless the whole compile succeeded, so a pipeline
// never receives half an argv; the one exception is `argv --format shell`,
// whose failure prints kShellFailure (below) so that `eval` fails too.
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "cli/args.h"
#include "cli/completion.h"
#include "cli/exec.h"
#include "cli/help.h"
#include "cli/init.h"
#include "cli/option_table.h"
#include "cli/subcommands.h"
#include "compile.h"
#include "out/annotate.h"
#include "out/emit.h"
#include "out/explain.h"
#include "out/hint.h"
#include "host/folders.h"
#include "host/launcher_check.h"
#include "learn/learn.h"
#include "host/paths.h"
#include "host/read.h"
#include "plan/modes.h"
#include "base/text.h"
#include "base/version.h"

extern char **environ;

namespace {

using namespace llp;

constexpr int kOk = 0, kInvalid = 1, kUsage = 2;

// The policy argument that means "read the policy from standard input", and
// the name diagnostics give it.
constexpr char kStdinArg[] = "-";
constexpr char kStdinName[] = "<stdin>";

// What a failed `argv --format shell` prints on stdout when stdout is not a
// terminal, so that `eval "$(landlock-policy argv --format shell ...)"`
// fails instead of evaluating "" and going on green. It fails however it is
// evaluated: alone (status 1, so `set -e` stops the shell), with a command
// appended (`false make -j4`), after a prefix such as `exec` or `nice` (the
// first word is `false`, never a command that could succeed). Never `exit`:
// that would close an interactive shell. docs/policy-format.md says the same.
constexpr char kShellFailure[] =
    "false || echo 'landlock-policy: argv failed (see the messages above): not running the command' >&2; false\n";

int usage(const std::string &why) {
  // why quotes the arguments: escaped like every other message.
  std::fprintf(stderr, "landlock-policy: %s\n%s", printable(why).c_str(), "try `landlock-policy --help`\n");
  return kUsage;
}

bool write_all(int fd, const std::string &s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

std::string self_dir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {};
  return dir_name(std::string(buf, static_cast<size_t>(n)));
}

CompileOptions base_options(const Cli &cli) {
  CompileOptions o = cli.options;
  for (char **e = environ; e && *e; ++e) {
    std::string kv = *e;
    size_t eq = kv.find('=');
    if (eq != std::string::npos) o.env.emplace(kv.substr(0, eq), kv.substr(eq + 1));
  }
  char cwd[PATH_MAX];
  o.cwd = getcwd(cwd, sizeof cwd) ? cwd : "/";
  std::string dir = self_dir();
  o.default_launcher = dir.empty() ? "" : dir + "/landlock-run";
  o.version = kVersion;
  return o;
}

// Compiles one file ("-": standard input), prints nothing; ok=false with
// the diagnostics when it fails. What it is for decides two things: a run
// (argv, exec, learn) refuses a main policy file a confined run could have
// rewritten, and prepares the workspace and HOME for the command
// (CompileOptions::prepare_run: the missing outputs, cache folders and the
// private temp folder are created); a look (check, explain, why) only warns
// about such a file, and creates nothing.
enum class Purpose { Look, Run };

CompileResult compile_file(const Cli &cli, const std::string &file, const std::vector<std::string> &command,
                           Purpose purpose) {
  CompileOptions o = base_options(cli);
  o.command = command;
  o.writable_main_is_warning = purpose == Purpose::Look;
  o.prepare_run = purpose == Purpose::Run;
  // --mode MODE without a file: the text a file holding only that mode
  // would have, the user's own like standard input's (MODE is a row of
  // the mode table, checked in policy_args, so the text is ours).
  const bool mode_alone = file.empty();
  o.policy_from_stdin = mode_alone || file == kStdinArg;
  o.policy_name = file;
  if (mode_alone) o.policy_name = "<--mode " + cli.mode + ">";
  else if (o.policy_from_stdin) o.policy_name = kStdinName;
  std::string error;
  bool read = true;
  if (mode_alone) o.policy_text = "version = 1\nmode = \"" + cli.mode + "\"\n";
  else if (o.policy_from_stdin) read = read_policy_stdin(o.policy_text, error);
  else read = read_policy_file(file, o.policy_text, error, kMaxMainPolicyBytes);
  if (!read) {
    CompileResult r;
    r.diags.error({}, "cannot read " + o.policy_name + ": " + error);
    return r;
  }
  CompileResult r = compile(o);
  if (r.ok && r.plan.sandboxed && o.target == Target::Host && !o.unpinned) {
    std::string mismatch = check_launcher_version(r.plan.launcher, kVersion, kLauncherSourceSha256);
    if (!mismatch.empty()) {
      r.diags.error({}, mismatch, "rebuild and reinstall both binaries together, or pass --launcher PATH");
      r.ok = false;
    }
  }
  return r;
}

int finish(const Cli &cli, const CompileResult &r) {
  // GitHub places an annotation by the file's path in the repository.
  const char *root = cli.diagnostics == DiagFormat::Github ? std::getenv("GITHUB_WORKSPACE") : nullptr;
  std::string d = render_diagnostics(r.diags, r.sources, cli.diagnostics, root ? root : "", isatty(2) == 1);
  if (!d.empty()) write_all(2, d);
  return r.ok ? kOk : kInvalid;
}

// What names the policy of argv and exec: one POLICY.toml, or --mode MODE
// alone. "" when the arguments say it so, else the usage error; a word left
// after the policy while no COMMAND was given is taken for a command that
// lacks its `--`, and the error shows where the `--` goes.
std::string policy_args(const Cli &cli, bool needs_command) {
  const std::string &sub = cli.subcommand;
  if (!cli.mode.empty() && !find_mode(cli.mode))
    return sub + " --mode " + cli.mode + ": expected " + join_names(mode_names(), ", ", " or ", false);
  const bool mode_and_file =
      !cli.mode.empty() && !cli.files.empty() && (cli.files[0].ends_with(".toml") || cli.files[0] == kStdinArg);
  if (mode_and_file)
    return sub + " --mode MODE takes no POLICY.toml (a policy file names its mode, or --set mode=MODE)";
  const size_t policies = cli.mode.empty() ? 1 : 0;
  if (cli.files.size() > policies && cli.command.empty()) {
    std::string policy = policies ? cli.files[0] + " " : "--mode " + cli.mode + " ";
    return sub + ": " + cli.files[policies] + " is not a policy; the command follows --: landlock-policy " + sub + " " +
           policy + "-- " + cli.files[policies] + " ...";
  }
  if (cli.files.size() != policies)
    return policies ? sub + " takes exactly one POLICY.toml, or --mode MODE"
                    : sub + " --mode MODE takes no POLICY.toml (a policy file names its mode, or --set mode=MODE)";
  if (needs_command && cli.command.empty()) return sub + " needs -- COMMAND [ARG]...";
  return {};
}

// The policy argument compile_file takes: the file, or "" for --mode alone.
std::string policy_file(const Cli &cli) { return cli.mode.empty() ? cli.files[0] : std::string(); }

int cmd_argv(const Cli &cli) {
  if (std::string e = policy_args(cli, false); !e.empty()) return usage(e);
  std::string format = cli.format;
  if (format.empty()) {
    if (!isatty(1))
      return usage("argv: " + option_usage(*find_option("argv", "--format")) +
                   " is required when stdout is not a terminal");
    format = "shell";
  }
  CompileResult r = compile_file(cli, policy_file(cli), cli.command, Purpose::Run);
  if (finish(cli, r) != kOk) {
    if (format == "shell" && !isatty(1)) write_all(1, kShellFailure);
    return kInvalid;
  }
  std::string out;
  if (format == "shell") out = format_shell(r.argv);
  else if (format == "nul") out = format_nul(r.argv);
  else if (format == "record" && !format_record(r.argv, failure_hint(r.plan), out))
    return usage("--format record: an argument is not valid UTF-8; use --format nul");
  else if (format == "json" && !format_json(r.argv, out))
    return usage("--format json: an argument is not valid UTF-8; use --format nul");
  return write_all(1, out) ? kOk : kInvalid;
}

// The run's own policy again (text: exec --ask's widened one, "": its own), with --set mode=MODE unless "".
CompileResult compile_again(const Cli &cli, const CompileResult &r, const std::string &text, const std::string &mode,
                            bool prepare) {
  CompileOptions o = base_options(cli);
  o.command = cli.command;
  o.prepare_run = prepare;
  o.policy_name = r.sources.file(0).name;
  o.policy_text = text.empty() ? r.sources.file(0).text : text;
  o.policy_from_stdin = cli.mode.empty() ? cli.files[0] == kStdinArg : true;
  if (!mode.empty()) o.sets.emplace_back("mode", mode);
  return compile(o);
}

// What learn and exec --ask give the learning of the run r: the command, $HOME, and the compiles it asks for.
LearnOptions learn_options(const Cli &cli, const CompileResult &r) {
  LearnOptions lo;
  lo.command = cli.command;
  lo.home = base_options(cli).env["HOME"];
  lo.compile_text = [&cli](const std::string &name, const std::string &text) {
    CompileOptions o = base_options(cli);
    o.policy_name = name;
    o.policy_text = text;
    return compile(o);
  };
  // The run's own policy again, in another mode (learn's escalation asks
  // whether that mode would allow what was denied): nothing is prepared.
  lo.compile_in_mode = [&cli, &r](const std::string &mode) { return compile_again(cli, r, {}, mode, false); };
  return lo;
}

int cmd_exec(const Cli &cli) {
  if (std::string e = policy_args(cli, true); !e.empty()) return usage(e);
  Terminal tty;  // --ask: checked before anything is compiled or run
  if (std::string e = cli.ask ? tty.open() : ""; !e.empty()) {
    std::fprintf(stderr, "landlock-policy: exec --ask: %s\n", e.c_str());
    return kUsage;
  }
  CompileResult r = compile_file(cli, policy_file(cli), cli.command, Purpose::Run);
  if (finish(cli, r) != kOk) return kInvalid;
  if (!cli.ask || !r.plan.sandboxed) return exec_compiled(r);  // danger-full-access: no sandbox to ask about
  AskCalls calls{learn_options(cli, r), [&cli, &r](const std::string &text, const std::string &mode, bool prepare) {
                   return compile_again(cli, r, text, mode, prepare);
                 }};
  return exec_ask(r, calls, tty);
}

// learn --report-fd N: "" when it goes with the other options and N is open
// for writing (then marked close-on-exec: learn_claim_report_fd), else the usage error.
std::string take_report_fd(const Cli &cli) {
  const std::string named = "--report-fd " + std::to_string(cli.report_fd);
  if (!cli.report_file.empty()) return named + " and --report FILE: one report, one place";
  if (cli.format != "json") return named + " needs --format json";
  const std::string why = learn_claim_report_fd(cli.report_fd);
  return why.empty() ? why : named + ": " + why;
}

int cmd_learn(const Cli &cli) {
  if (std::string e = policy_args(cli, true); !e.empty()) return usage(e);
  const std::string file = policy_file(cli);
  const bool no_file = file.empty() || file == kStdinArg;
  if (no_file && !cli.write_file.empty())
    return usage("learn --write NEW.toml extends a POLICY.toml file: not with " + (file.empty() ? "--mode" : file));
  if (!cli.report_file.empty() && cli.format != "json") return usage("--report needs --format json");
  if (cli.report_fd >= 0)
    if (std::string e = take_report_fd(cli); !e.empty()) return usage(e);
  CompileResult r = compile_file(cli, file, cli.command, Purpose::Run);
  if (finish(cli, r) != kOk) return kInvalid;
  LearnOptions lo = learn_options(cli, r);
  if (file.empty()) lo.policy_file = "<--mode " + cli.mode + ">";
  else if (no_file) lo.policy_file = kStdinName;
  else lo.policy_file = canonical_or_lexical(lexical_normalize(join_path(base_options(cli).cwd, file)));
  lo.policy_is_file = !no_file;
  lo.format = cli.format.empty() ? "text" : cli.format;
  lo.write_file = cli.write_file;
  lo.report_file = cli.report_file;
  lo.report_fd = cli.report_fd;
  lo.way = cli.way;
  return learn(r, lo);
}

int cmd_check(const Cli &cli) {
  if (cli.files.empty()) return usage("check takes at least one POLICY.toml");
  if (!cli.command.empty()) return usage("check takes no COMMAND");
  if (std::count(cli.files.begin(), cli.files.end(), kStdinArg) > 1)
    return usage("check reads standard input (-) once");
  int status = kOk;
  for (const std::string &f : cli.files) {
    CompileResult r = compile_file(cli, f, {}, Purpose::Look);
    if (finish(cli, r) != kOk) {
      status = kInvalid;
      continue;
    }
    // On stderr, like every other message of check: stdout stays empty.
    const size_t grants = r.plan.outer.grants.size() + r.plan.inner.grants.size();
    std::fprintf(stderr, "landlock-policy: %s: ok (%s, %zu grants)\n",
                 printable(f == kStdinArg ? kStdinName : f).c_str(), printable(r.plan.mode).c_str(), grants);
  }
  return status;
}

int cmd_explain(const Cli &cli) {
  if (!cli.command.empty()) return usage("explain takes no COMMAND");
  if (std::string e = policy_args(cli, false); !e.empty()) return usage(e);
  CompileResult r = compile_file(cli, policy_file(cli), {}, Purpose::Look);
  if (finish(cli, r) != kOk) return kInvalid;
  const std::string text = cli.short_form ? explain_short(r) : explain(r);
  return write_all(1, text) ? kOk : kInvalid;
}

int cmd_why(const Cli &cli) {
  if (cli.files.size() != 2) return usage("why takes POLICY.toml PATH");
  CompileResult r = compile_file(cli, cli.files[0], {}, Purpose::Look);
  if (finish(cli, r) != kOk) return kInvalid;
  std::string path = cli.files[1];
  if (path.empty() || path[0] != '/') path = join_path(base_options(cli).cwd, path);
  return write_all(1, why(r, path, cli.write)) ? kOk : kInvalid;
}

int cmd_init(const Cli &cli) {
  const Init init = prepare_init(cli, base_options(cli));
  if (!init.usage_error.empty()) return usage(init.usage_error);
  if (init.target.empty()) return write_all(1, init.text) ? kOk : kInvalid;
  const std::string &target = init.target;
  int fd = open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);  // never overwrite
  if (fd < 0) return usage("init: " + target + ": " + std::strerror(errno));
  bool ok = write_all(fd, init.text);
  if (close(fd) != 0 || !ok) return kInvalid;
  std::fprintf(stderr, "landlock-policy: wrote %s\n", printable(target).c_str());
  return kOk;
}

// Whether the arguments of `argv` ask for --format shell (looked for before
// parsing, so that a usage error, which printed nothing, also prints
// kShellFailure; a failed compile prints it in cmd_argv).
bool wants_shell(int argc, char **argv) {
  for (int i = 2; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
    if (std::strcmp(argv[i], "--format=shell") == 0) return true;
    if (i + 1 < argc && std::strcmp(argv[i], "--format") == 0) return std::strcmp(argv[i + 1], "shell") == 0;
  }
  return false;
}

int cmd_completion(const Cli &cli) {
  const std::vector<std::string_view> shells(std::begin(kCompletionShells), std::end(kCompletionShells));
  if (!cli.command.empty() || cli.files.size() != 1)
    return usage("completion takes one shell: " + join_names(shells, ", ", " or ", false));
  const std::string script = completion_script(cli.files[0]);
  if (script.empty())
    return usage("completion " + cli.files[0] + ": expected " + join_names(shells, ", ", " or ", false));
  return write_all(1, script) ? kOk : kInvalid;
}

int run_subcommand(SubcommandId id, const Cli &cli) {
  switch (id) {
    case SubcommandId::Argv: return cmd_argv(cli);
    case SubcommandId::Exec: return cmd_exec(cli);
    case SubcommandId::Check: return cmd_check(cli);
    case SubcommandId::Explain: return cmd_explain(cli);
    case SubcommandId::Why: return cmd_why(cli);
    case SubcommandId::Init: return cmd_init(cli);
    case SubcommandId::Learn: return cmd_learn(cli);
    case SubcommandId::Completion: return cmd_completion(cli);
  }
  return kUsage;
}

int run(int argc, char **argv) {
  if (argc < 2) return usage("no subcommand");
  std::string sub = argv[1];
  // --help, -h, --version: the option table's rows for landlock-policy itself.
  if (const OptionSpec *top = find_option(kTopLevel, sub)) {
    if (top->id == OptionId::Help) return write_all(1, help_text()) ? kOk : kInvalid;
    std::printf("landlock-policy %s launcher-source-sha256=%s\n", kVersion, kLauncherSourceSha256);
    return kOk;
  }
  std::vector<std::string_view> subcommands;
  const Subcommand *found = nullptr;
  for (const Subcommand &row : kSubcommands) {
    subcommands.push_back(row.name);
    if (row.name == sub) found = &row;
  }
  if (!found) return usage("unknown subcommand " + sub + "; " + suggestion(sub, subcommands));
  Cli cli;
  cli.subcommand = sub;
  if (std::string e = parse_cli(argc, argv, cli); !e.empty()) return usage(e);
  if (cli.help) return write_all(1, subcommand_help(*found)) ? kOk : kInvalid;
  return run_subcommand(found->id, cli);
}

}  // namespace

int main(int argc, char **argv) {
  int status = run(argc, argv);
  if (status == kUsage && argc > 1 && std::strcmp(argv[1], "argv") == 0 && wants_shell(argc, argv) && !isatty(1))
    write_all(1, kShellFailure);
  return status;
}
