// libFuzzer target: the policy compiler's whole pure pipeline, TOML text to
// the launcher's argv or diagnostics (llp::compile, compiler/compile.h), and
// the round-trip property between the two halves of the project:
//
//   every argv the compiler emits is accepted by the launcher's own parser
//   (launcher/cli_parse.h, which landlock-run runs), and reading it back with
//   for_each_valued_flag gives exactly the plan's grants (flag, -try, path, in
//   order), ports, scopes, audit/fd/ABI/version options and the environment
//   flags (--clearenv, --keepenv, --unsetenv, --setenv NAME VALUE, on the
//   outermost launcher only), layer by layer (a nested plan is two
//   launchers), followed by the command untouched.
//
// A failed compile must carry at least one error and render without crashing.
// Input: the policy text. A text starting with "#host" compiles for the host
// target (paths canonicalised and checked on this machine, read only);
// anything else for the portable target (deterministic: no file is looked at).
// Files named by extends/project are served from memory (see read_file).
// Found so far: two bugs of libtomlplusplus 3.3.0 (Debian 12), now worked
// around by compiler/policy/toml_fix.h; the seeds regress-tomlpp-* replay them.
//  1. Reachable assertions: toml++ states parser invariants with
//     TOML_ASSERT_ASSUME that bad input breaks, `x = [}` (parse_value,
//     parser.inl:2549) and `[,b]` (parse_key, parser.inl:3037). Built without
//     NDEBUG that is assert(): `landlock-policy check` aborted (exit 134) on
//     the two-line policy "version = 1\nx = [}\n"; with NDEBUG it would be
//     __builtin_assume, undefined behaviour.
//  2. Unreachable code reached: impl::is_non_ascii_horizontal_whitespace()
//     ends in TOML_UNREACHABLE for most code points in U+00A1..U+0499,
//     U+2C6E..U+3067 and U+FB26..U+FEFE (its table's children 0, 11 and 63
//     are not handled), e.g. 'é' in `caf\u00e9 = 1` or after a bad token:
//     "runtime error: execution reached an unreachable program point".
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../compiler/compile.h"

#include "../launcher/cli_parse.h"

namespace {

using launcher::Flag;

[[noreturn]] void broken(const std::string &why, const std::string &policy) {
  fprintf(stderr, "compiler round-trip broken: %s\n--- policy ---\n%s\n--------------\n", why.c_str(), policy.c_str());
  abort();
}

Flag grant_flag(const llp::Grant &g) {
  if (g.access == llp::Access::Rw) return g.optional ? Flag::RwTry : Flag::Rw;
  return g.optional ? Flag::RoTry : Flag::Ro;
}

// Parses one launcher invocation starting at argv[start]; checks it against
// the layer; returns the index of its COMMAND.
size_t check_layer(const std::vector<std::string> &argv, size_t start, const llp::Plan &plan,
                   const llp::LayerPlan &layer, bool outermost, const std::string &policy) {
  if (argv.size() <= start || argv[start] != plan.launcher) broken("a layer does not start with the launcher", policy);
  std::vector<char *> args;
  for (size_t i = start; i < argv.size(); ++i) args.push_back(const_cast<char *>(argv[i].c_str()));
  args.push_back(nullptr);
  launcher::Options o;
  launcher::Error e = launcher::parse_args(static_cast<int>(args.size() - 1), args.data(), o);
  if (e.what) broken(std::string("the launcher rejects the compiler's argv: ") + e.what + ": " + e.why, policy);
  if (o.command == 0) broken("the compiler's argv has no command", policy);

  std::vector<std::pair<Flag, std::string>> grants;
  std::vector<long> connect, bind;
  std::vector<std::string> scopes;
  std::vector<std::string> keep, unset, set;  // set: "NAME=VALUE"
  launcher::for_each_valued_flag(args.data(), o, [&](Flag flag, const char *value, const char *second) {
    long n = -1;
    switch (flag) {
      case Flag::Ro:
      case Flag::Rw:
      case Flag::RoTry:
      case Flag::RwTry: grants.emplace_back(flag, value); break;
      case Flag::ConnectTcp:
        launcher::parse_number(value, 65535, &n);
        connect.push_back(n);
        break;
      case Flag::BindTcp:
        launcher::parse_number(value, 65535, &n);
        bind.push_back(n);
        break;
      case Flag::Scope: scopes.emplace_back(value); break;
      case Flag::KeepEnv: keep.emplace_back(value); break;
      case Flag::UnsetEnv: unset.emplace_back(value); break;
      case Flag::SetEnv: set.push_back(std::string(value) + "=" + second); break;
      default: break;
    }
  });
  if (grants.size() != layer.grants.size()) broken("grant count differs after the round trip", policy);
  for (size_t i = 0; i < grants.size(); ++i)
    if (grants[i].first != grant_flag(layer.grants[i]) || grants[i].second != layer.grants[i].path)
      broken("grant " + std::to_string(i) + " differs after the round trip: " + layer.grants[i].path +
                 " came back as " + launcher::spelling(grants[i].first) + " " + grants[i].second,
             policy);
  if (connect != layer.net.connect || bind != layer.net.bind) broken("TCP ports differ after the round trip", policy);
  bool restricted = layer.net.restricted || !layer.net.connect.empty() || !layer.net.bind.empty();
  if (o.restricts_tcp() != restricted) broken("TCP restriction differs after the round trip", policy);
  if (scopes != layer.scopes) broken("scopes differ after the round trip", policy);
  uint64_t bits = 0;
  for (const std::string &s : layer.scopes) bits |= launcher::scope_bit(s.c_str());
  if (o.scopes != bits) broken("scope bits differ after the round trip", policy);
  if (o.require_abi != (outermost ? plan.require_abi : 0)) broken("--require-abi differs", policy);
  if (plan.pinned != (o.expect_version != nullptr) || (plan.pinned && plan.version != o.expect_version))
    broken("--expect-version differs", policy);
  if (o.has(Flag::KeepFds) != plan.keep_fds || o.has(Flag::LogDenials) != plan.log_denials ||
      o.has(Flag::NoLog) != plan.no_log || o.has(Flag::BestEffort) != plan.best_effort)
    broken("an option differs after the round trip", policy);
  // The environment is built once, by the outermost launcher.
  auto texts = [outermost](const std::vector<llp::EnvRule> &rules, bool with_value) {
    std::vector<std::string> out(outermost ? rules.size() : 0);
    std::transform(rules.begin(), rules.begin() + static_cast<long>(out.size()), out.begin(),
                   [with_value](const llp::EnvRule &r) { return with_value ? r.text + "=" + r.value : r.text; });
    return out;
  };
  std::vector<std::string> want_keep = texts(plan.env.keep, false), want_unset = texts(plan.env.unset, false),
                           want_set = texts(plan.env.set, true);
  if (o.has(Flag::ClearEnv) != (outermost && plan.env.clear)) broken("--clearenv differs after the round trip", policy);
  if (keep != want_keep || unset != want_unset || set != want_set)
    broken("the environment flags differ after the round trip", policy);
  return start + static_cast<size_t>(o.command);
}

const char kBase[] = "version = 1\nmode = \"custom\"\nro = [\"/usr\", { path = \"lib\", optional = true }]\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  llp::CompileOptions opt;
  opt.policy_name = "/etc/landlock/policy.toml";  // outside the workspace (/work/proj), so it may be written
  opt.policy_text = text;
  opt.env = {{"HOME", "/home/fuzz"}, {"TMPDIR", "/tmp"}, {"XDG_RUNTIME_DIR", "/run/user/1000"}, {"USER", "fuzz"}};
  opt.cwd = "/work/proj";
  opt.target = text.rfind("#host", 0) == 0 ? llp::Target::Host : llp::Target::Portable;
  // Host inputs need a launcher that exists: the fuzzer itself stands in (it is never run).
  opt.default_launcher = opt.target == llp::Target::Host ? "/proc/self/exe" : "/usr/local/bin/landlock-run";
  opt.version = "0.1.0";
  opt.command = {"/bin/true", "--rw", "/", "--"};  // flags in the command must pass through untouched
  opt.read_file = [](const std::string &path, std::string &out, std::string &error) {
    if (path.size() >= 9 && path.compare(path.size() - 9, 9, "base.toml") == 0) {
      out = kBase;
      return true;
    }
    if (path.size() >= 12 && path.compare(path.size() - 12, 12, "project.toml") == 0) {
      out = "version = 1\nro = [\"src\"]\n";
      return true;
    }
    error = "No such file or directory";
    return false;
  };

  llp::CompileResult res = llp::compile(opt);
  std::string rendered = res.rendered();  // must not crash, whatever went wrong
  if (getenv("LLR_FUZZ_VERBOSE")) {       // BIN FILE... with it set: what each input compiled to
    fprintf(stderr, "%s:", res.ok ? "ok" : "error");
    for (const std::string &a : res.argv) fprintf(stderr, " [%s]", a.c_str());
    fprintf(stderr, "\n%s", rendered.c_str());
  }
  if (!res.ok) {
    if (!res.diags.has_errors()) broken("compile failed without an error diagnostic", text);
    if (rendered.empty()) broken("compile failed with an empty rendering", text);
    return 0;
  }
  const llp::Plan &plan = res.plan;
  size_t next = 0;
  if (plan.sandboxed) {
    next = check_layer(res.argv, 0, plan, plan.outer, true, text);
    if (plan.nested) next = check_layer(res.argv, next, plan, plan.inner, false, text);
  }
  if (std::vector<std::string>(res.argv.begin() + static_cast<long>(std::min(next, res.argv.size())), res.argv.end()) !=
      opt.command)
    broken("the command does not come back untouched after the launcher flags", text);
  return 0;
}
