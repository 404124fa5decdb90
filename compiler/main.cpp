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
#include "host/spawn.h"
#include "host/starter.h"
#include "plan/modes.h"
#include "base/text.h"
#include "base/version.h"
#include "host/exit_status.h"

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
  o.policy_from_stdin = file == kStdinArg;
  o.policy_name = o.policy_from_stdin ? kStdinName : file;
  std::string error;
  bool read = o.policy_from_stdin ? read_policy_stdin(o.policy_text, error)
                                  : read_policy_file(file, o.policy_text, error, kMaxMainPolicyBytes);
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
  std::string d = render_diagnostics(r.diags, r.sources, cli.diagnostics, root ? root : "");
  if (!d.empty()) write_all(2, d);
  return r.ok ? kOk : kInvalid;
}

int cmd_argv(const Cli &cli) {
  if (cli.files.size() != 1) return usage("argv takes exactly one POLICY.toml");
  std::string format = cli.format;
  if (format.empty()) {
    if (!isatty(1)) return usage("argv: --format shell|json|nul is required when stdout is not a terminal");
    format = "shell";
  }
  CompileResult r = compile_file(cli, cli.files[0], cli.command, Purpose::Run);
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

int cmd_exec(const Cli &cli) {
  if (cli.files.size() != 1) return usage("exec takes exactly one POLICY.toml");
  if (cli.command.empty()) return usage("exec needs -- COMMAND [ARG]...");
  CompileResult r = compile_file(cli, cli.files[0], cli.command, Purpose::Run);
  if (finish(cli, r) != kOk) return kInvalid;
  ExecArgs args(r.argv);
  // The launcher is an absolute path checked at compile time: never looked
  // up in PATH. Only danger-full-access runs the command itself, as asked.
  exec_args(args, !r.plan.sandboxed);
  int e = errno;
  std::fprintf(stderr, "landlock-policy: exec %s: %s\n", printable(args.program()).c_str(), std::strerror(e));
  return exec_failure_status(e);
}

int cmd_learn(const Cli &cli) {
  if (cli.files.size() != 1) return usage("learn takes exactly one POLICY.toml");
  if (cli.command.empty()) return usage("learn needs -- COMMAND [ARG]...");
  if (cli.files[0] == kStdinArg) return usage("learn needs a POLICY.toml file (its --write NEW.toml extends it), not -");
  if (!cli.report_file.empty() && cli.format != "json") return usage("--report needs --format json");
  CompileResult r = compile_file(cli, cli.files[0], cli.command, Purpose::Run);
  if (finish(cli, r) != kOk) return kInvalid;
  LearnOptions lo;
  CompileOptions base = base_options(cli);
  lo.policy_file = canonical_or_lexical(lexical_normalize(join_path(base.cwd, cli.files[0])));
  lo.format = cli.format.empty() ? "text" : cli.format;
  lo.write_file = cli.write_file;
  lo.report_file = cli.report_file;
  lo.way = cli.way;
  lo.command = cli.command;
  auto home = base.env.find("HOME");
  if (home != base.env.end()) lo.home = home->second;
  lo.compile_text = [&cli](const std::string &name, const std::string &text) {
    CompileOptions o = base_options(cli);
    o.policy_name = name;
    o.policy_text = text;
    return compile(o);
  };
  return learn(r, lo);
}

int cmd_check(const Cli &cli) {
  if (cli.files.empty()) return usage("check takes at least one POLICY.toml");
  if (!cli.command.empty()) return usage("check takes no COMMAND");
  if (std::count(cli.files.begin(), cli.files.end(), kStdinArg) > 1) return usage("check reads standard input (-) once");
  int status = kOk;
  for (const std::string &f : cli.files)
    if (finish(cli, compile_file(cli, f, {}, Purpose::Look)) != kOk) status = kInvalid;
  return status;
}

int cmd_explain(const Cli &cli) {
  if (cli.files.size() != 1) return usage("explain takes exactly one POLICY.toml");
  CompileResult r = compile_file(cli, cli.files[0], {}, Purpose::Look);
  if (finish(cli, r) != kOk) return kInvalid;
  return write_all(1, explain(r)) ? kOk : kInvalid;
}

int cmd_why(const Cli &cli) {
  if (cli.files.size() != 2) return usage("why takes POLICY.toml PATH");
  CompileResult r = compile_file(cli, cli.files[0], {}, Purpose::Look);
  if (finish(cli, r) != kOk) return kInvalid;
  std::string path = cli.files[1];
  if (path.empty() || path[0] != '/') path = join_path(base_options(cli).cwd, path);
  return write_all(1, why(r, path, cli.write)) ? kOk : kInvalid;
}

// Where `init` writes: a NAME (no slash) goes to
// ~/.config/landlock-policy/NAME.toml, outside every folder a mode makes
// writable; a FILE (with a slash) where it says, unless it lies inside the
// workspace (the current folder, the default), ${TMPDIR}, /tmp or /dev/shm.
// "" with why set when it is refused.
std::string init_target(const Cli &cli, const std::string &arg, std::string &why) {
  CompileOptions base = base_options(cli);
  if (arg.find('/') == std::string::npos) {
    auto home = base.env.find("HOME");
    if (home == base.env.end() || home->second.empty() || home->second[0] != '/') {
      why = "init " + arg + ": HOME is not an absolute path, so ~/.config/landlock-policy cannot be located; give a FILE path";
      return {};
    }
    std::string dir = home->second + "/.config/landlock-policy";
    // Made 0700 beneath HOME, never through a symlink.
    FolderWalk made = walk_folders_below(home->second, ".config/landlock-policy", true, SIZE_MAX);
    if (made.state != FolderState::Ready) {
      why = "init: " + made.where + ": " +
            (made.state == FolderState::Failed ? std::string(std::strerror(made.error))
                                               : std::string("not a folder (or a symlink, never followed)"));
      return {};
    }
    std::string name = arg.ends_with(".toml") ? arg : arg + ".toml";
    return dir + "/" + name;
  }
  std::string path = lexical_normalize(join_path(base.cwd, arg));
  std::string real = join_path(canonical_or_lexical(parent_path(path)), path.substr(path.rfind('/') + 1));
  auto tmp = base.env.find("TMPDIR");
  std::string tmpdir = tmp == base.env.end() || tmp->second.empty() ? "/tmp" : tmp->second;
  for (const std::string &area : {base.cwd, tmpdir, std::string("/tmp"), std::string("/dev/shm")}) {
    std::string where = canonical_or_lexical(area);
    if (!is_within(path, area) && !is_within(real, where)) continue;
    why = "init " + arg;
    why += ": " + path;
    why += " lies inside " + where;
    why += " (the workspace, ${TMPDIR}, /tmp or /dev/shm), which a confined command can write, so the compiler would "
           "refuse it: the threat model counts the grants of earlier runs. Give a NAME (written to "
           "~/.config/landlock-policy/NAME.toml) or a FILE outside those folders";
    return {};
  }
  return path;
}

int cmd_init(const Cli &cli) {
  const std::vector<std::string_view> offered = starter_mode_names();
  if (cli.mode.empty()) return usage("init needs --mode " + join_names(offered, "|", "|", false));
  const Mode *mode = find_mode(cli.mode);
  if (!mode || mode->starter.empty())
    return usage("init --mode " + cli.mode + ": expected " + join_names(offered, ", ", " or ", false));
  const std::string text = starter_policy(mode->starter);
  if (cli.files.empty()) return write_all(1, text) ? kOk : kInvalid;
  if (cli.files.size() != 1) return usage("init takes at most one NAME or FILE");
  std::string why;
  std::string target = init_target(cli, cli.files[0], why);
  if (target.empty()) return usage(why);
  int fd = open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);  // never overwrite
  if (fd < 0) return usage("init: " + target + ": " + std::strerror(errno));
  bool ok = write_all(fd, text);
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

int run(int argc, char **argv) {
  if (argc < 2) return usage("no subcommand");
  std::string sub = argv[1];
  if (sub == "--version") {
    std::printf("landlock-policy %s launcher-source-sha256=%s\n", kVersion, kLauncherSourceSha256);
    return kOk;
  }
  if (sub == "--help" || sub == "-h") return write_all(1, kUsageText) ? kOk : kInvalid;
  Cli cli;
  cli.subcommand = sub;
  if (std::string e = parse_cli(argc, argv, cli); !e.empty()) return usage(e);
  const std::vector<std::string_view> subcommands = {"argv", "exec", "check", "explain", "why", "init", "learn"};
  bool known = std::find(subcommands.begin(), subcommands.end(), sub) != subcommands.end();
  if (cli.help && known) return write_all(1, kUsageText) ? kOk : kInvalid;
  if (sub == "argv") return cmd_argv(cli);
  if (sub == "exec") return cmd_exec(cli);
  if (sub == "check") return cmd_check(cli);
  if (sub == "explain") return cmd_explain(cli);
  if (sub == "why") return cmd_why(cli);
  if (sub == "init") return cmd_init(cli);
  if (sub == "learn") return cmd_learn(cli);
  return usage("unknown subcommand " + sub + "; " + suggestion(sub, subcommands));
}

}  // namespace

int main(int argc, char **argv) {
  int status = run(argc, argv);
  if (status == kUsage && argc > 1 && std::strcmp(argv[1], "argv") == 0 && wants_shell(argc, argv) && !isatty(1))
    write_all(1, kShellFailure);
  return status;
}
