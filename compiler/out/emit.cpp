#include "emit.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "../../launcher/cli_flags.h"
#include "../../launcher/cli_parse.h"
#include "../base/quote.h"
#include "../host/spawn.h"
#include "../base/text.h"

namespace llp {

namespace {

using launcher::Flag;
using launcher::spelling;

Flag grant_flag(const Grant &g) {
  if (g.access == Access::Rw) return g.optional ? Flag::RwTry : Flag::Rw;
  return g.optional ? Flag::RoTry : Flag::Ro;
}

void launcher_prefix(const Plan &plan, std::vector<std::string> &out) {
  out.push_back(plan.launcher);
  if (plan.pinned) {
    out.emplace_back(spelling(Flag::ExpectVersion));
    out.push_back(plan.version);
  }
}

// The environment is built once, by the outermost launcher (an inner one
// inherits it): --clearenv with its --keepenv, then every --unsetenv, then
// every --setenv, so that a variable the policy sets is always seen.
void env_flags(const EnvPlan &env, std::vector<std::string> &out) {
  if (env.clear) out.emplace_back(spelling(Flag::ClearEnv));
  for (const EnvRule &r : env.keep) {
    out.emplace_back(spelling(Flag::KeepEnv));
    out.push_back(r.text);
  }
  for (const EnvRule &r : env.unset) {
    out.emplace_back(spelling(Flag::UnsetEnv));
    out.push_back(r.text);
  }
  for (const EnvRule &r : env.set) {
    out.emplace_back(spelling(Flag::SetEnv));
    out.push_back(r.text);
    out.push_back(r.value);
  }
}

void layer_flags(const Plan &plan, const LayerPlan &layer, bool outermost, std::vector<std::string> &out) {
  if (outermost && plan.require_abi > 0) {
    out.emplace_back(spelling(Flag::RequireAbi));
    out.push_back(std::to_string(plan.require_abi));
  }
  // Every host path is canonical: a symlink met on the way at run time was
  // planted after the compile, so the launcher refuses it (exit 125).
  if (plan.no_symlinks && (!layer.grants.empty() || !layer.net.unix_sockets.empty()))
    out.emplace_back(spelling(Flag::NoSymlinks));
  for (const Grant &g : layer.grants) {
    out.emplace_back(spelling(grant_flag(g)));
    out.push_back(g.path);
  }
  for (const std::string &socket : layer.net.unix_sockets) {
    out.emplace_back(spelling(Flag::ConnectUnix));
    out.push_back(socket);
  }
  for (long port : layer.net.connect) {
    out.emplace_back(spelling(Flag::ConnectTcp));
    out.push_back(std::to_string(port));
  }
  for (long port : layer.net.bind) {
    out.emplace_back(spelling(Flag::BindTcp));
    out.push_back(std::to_string(port));
  }
  if (layer.net.restricted && layer.net.connect.empty() && layer.net.bind.empty())
    out.emplace_back(spelling(Flag::RestrictTcp));
  for (long port : layer.net.connect_udp) {
    out.emplace_back(spelling(Flag::ConnectUdp));
    out.push_back(std::to_string(port));
  }
  for (long port : layer.net.bind_udp) {
    out.emplace_back(spelling(Flag::BindUdp));
    out.push_back(std::to_string(port));
  }
  if (layer.net.udp_restricted && layer.net.connect_udp.empty() && layer.net.bind_udp.empty())
    out.emplace_back(spelling(Flag::RestrictUdp));
  for (const std::string &scope : layer.scopes) {
    out.emplace_back(spelling(Flag::Scope));
    out.push_back(scope);
  }
  for (const std::string &scope : layer.try_scopes) {
    out.emplace_back(spelling(Flag::ScopeTry));
    out.push_back(scope);
  }
  if (plan.log_denials) out.emplace_back(spelling(Flag::LogDenials));
  if (plan.no_log) out.emplace_back(spelling(Flag::NoLog));
  if (plan.best_effort) out.emplace_back(spelling(Flag::BestEffort));
  // Every launcher in a nest closes inherited fds at exec unless told not to.
  if (plan.keep_fds) out.emplace_back(spelling(Flag::KeepFds));
  if (plan.drop_caps) out.emplace_back(spelling(Flag::DropCaps));
  if (outermost && plan.guard_terminal) out.emplace_back(spelling(Flag::NoTtyInject));  // the filter is inherited
  if (outermost) env_flags(plan.env, out);
  out.emplace_back(launcher::kSeparator);
}

// Every launcher invocation in argv (one per layer) must parse with the
// launcher's own grammar: a compiler bug that would make the launcher refuse
// (or misread) the argv stops here, before anything is printed or run.
void check_with_launcher_grammar(const std::vector<std::string> &argv) {
  std::vector<std::string> with_command = argv;
  with_command.emplace_back("command");
  const ExecArgs args(with_command);
  const size_t count = with_command.size();
  for (size_t start = 0; start + 1 < count;) {
    launcher::Options options;
    launcher::Error error = launcher::parse_args(static_cast<int>(count - start), args.get() + start, options);
    if (error.what) {
      std::fprintf(stderr, "landlock-policy: internal error: the launcher would refuse this argv: %s: %s\n", error.what,
                   error.why);
      std::abort();
    }
    start += static_cast<size_t>(options.command);
    if (start >= argv.size() || argv[start] != argv[0]) break;  // the next layer starts with the launcher again
  }
}

}  // namespace

std::vector<std::string> build_argv(const Plan &plan, const std::vector<std::string> &command) {
  std::vector<std::string> out;
  if (plan.sandboxed) {
    launcher_prefix(plan, out);
    layer_flags(plan, plan.outer, true, out);
    if (plan.nested) {
      launcher_prefix(plan, out);
      layer_flags(plan, plan.inner, false, out);
    }
  }
  check_with_launcher_grammar(out);
  out.insert(out.end(), command.begin(), command.end());
  return out;
}

namespace {

// The words a shell reads specially in a command's first position.
constexpr std::string_view kReservedWords[] = {"!",    "{",  "}",        "case",   "do",   "done",  "elif",  "else",
                                               "esac", "fi", "for",      "if",     "in",   "then",  "until", "while",
                                               "[[",   "]]", "function", "select", "time", "coproc"};

// The first word of a command line: quoted whenever `eval` would not read
// it as the command's name, i.e. an assignment (PATH=/x) or a reserved word.
std::string quote_first_word(const std::string &arg) {
  bool reserved = std::find(std::begin(kReservedWords), std::end(kReservedWords), arg) != std::end(kReservedWords);
  if (arg.find('=') == std::string::npos && !reserved) return shell_quote(arg);
  return single_quote(arg);
}

}  // namespace

std::string format_shell(const std::vector<std::string> &argv) {
  std::string out;
  for (size_t i = 0; i < argv.size(); ++i) out += i ? " " + shell_quote(argv[i]) : quote_first_word(argv[i]);
  return out + "\n";
}

bool format_json(const std::vector<std::string> &argv, std::string &out) {
  out = "[";
  for (size_t i = 0; i < argv.size(); ++i) {
    std::string quoted;
    if (!json_string(argv[i], quoted)) return false;
    if (i > 0) out += ", ";
    out += quoted;
  }
  out += "]\n";
  return true;
}

std::string format_nul(const std::vector<std::string> &argv) {
  std::string out;
  for (const std::string &a : argv) {
    out += a;
    out += '\0';
  }
  return out;
}

}  // namespace llp
