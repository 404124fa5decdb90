// libFuzzer target: the launcher's argument parser, the very code the static
// launcher runs (launcher/landlock-run.cpp built with LANDLOCK_RUN_NO_MAIN:
// only the pure parser is left, nothing restricts or execs).
//
// Input: the command line after argv[0], one argument per NUL-separated chunk
// (a real argv cannot hold a NUL either). Besides "no crash, no leak, no UB",
// every accepted command line must satisfy the launcher's contract:
//   - an error always has a non-empty what and why (the one stderr line);
//   - an action (--probe/--version/--help) is alone and has no command;
//   - otherwise COMMAND follows the first "--" and exists;
//   - for_each_valued_flag visits, in argv order, exactly the valued flags
//     before "--": grants with a non-empty PATH, ports 0..65535, scopes by name;
//   - for_each_grant visits, in argv order, exactly the --ro/--rw/-try grants
//     and --connect-unix paths,
//     each marked no_symlinks exactly when a --no-symlinks flag (not a value
//     that happens to read "--no-symlinks") came before it;
//   - nothing after "--" is ever read: rewriting the command changes nothing.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#define LANDLOCK_RUN_NO_MAIN
#include "../launcher/landlock-run.cpp"  // NOLINT(bugprone-suspicious-include): the launcher is one file by design

namespace {

[[noreturn]] void broken(const char *why, const char *detail = "") {
  fprintf(stderr, "launcher-args contract broken: %s %s\n", why, detail);
  abort();
}

bool same(const launcher::Options &a, const launcher::Options &b) {
  return a.command == b.command && a.given == b.given && a.scopes == b.scopes && a.require_abi == b.require_abi &&
         a.status_fd == b.status_fd && a.expect_version == b.expect_version;
}

launcher::Error parse(std::vector<char *> &argv, launcher::Options &o) {
  argv.push_back(nullptr);  // argv[argc] == NULL, as execve gives it
  launcher::Error e = launcher::parse_args(static_cast<int>(argv.size() - 1), argv.data(), o);
  argv.pop_back();
  return e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Split into arguments; keep every string alive in one buffer.
  std::string buf(reinterpret_cast<const char *>(data), size);
  buf.push_back('\0');
  std::string argv0 = "landlock-run";
  std::vector<char *> argv{argv0.data()};
  for (size_t start = 0; start < size;) {  // a trailing NUL ends the last argument
    argv.push_back(&buf[start]);
    start = buf.find('\0', start) + 1;
  }
  int argc = static_cast<int>(argv.size());

  launcher::Options o;
  launcher::Error e = parse(argv, o);
  if (e.what) {
    // what may be empty: it is the offending argument itself when that is "".
    if (!e.why || !*e.why) broken("an error without why");
    return 0;
  }
  using launcher::Flag;
  int actions = o.has(Flag::Probe) + o.has(Flag::Version) + o.has(Flag::Help);
  if (actions > 0) {
    if (actions != 1) broken("two actions accepted");
    if (o.command) broken("an action with a command");
    return 0;
  }
  if (o.command < 2 || o.command >= argc) broken("command index out of range");
  if (strcmp(argv[o.command - 1], "--") != 0) broken("the command does not follow --");
  for (int i = 1; i < o.command - 1; ++i)
    if (strcmp(argv[i], "--") == 0) broken("the command follows a second --");

  // The valued flags, in argv order, with their values.
  int expect = 1, visits = 0;
  launcher::for_each_valued_flag(argv.data(), o, [&](launcher::Flag flag, const char *value, const char *second) {
    // Find the flag this value belongs to, scanning as a reader of the contract would.
    while (expect < o.command - 1) {
      const launcher::FlagSpec *spec = launcher::find_flag(argv[expect]);
      if (!spec) broken("an unknown flag was accepted", argv[expect]);
      if (spec->values > 0) break;
      ++expect;
    }
    if (expect >= o.command - 2 || launcher::find_flag(argv[expect])->flag != flag || argv[expect + 1] != value)
      broken("for_each_valued_flag does not follow argv");
    int values = launcher::find_flag(argv[expect])->values;
    if ((values == 2) != (second != nullptr) || (second && argv[expect + 2] != second))
      broken("for_each_valued_flag does not give a second value exactly when the flag takes two");
    expect += 1 + values;
    ++visits;
    long n = 0;
    switch (flag) {
      case launcher::Flag::Ro:
      case launcher::Flag::Rw:
      case launcher::Flag::RoTry:
      case launcher::Flag::RwTry:
      case launcher::Flag::ConnectUnix:
        if (!*value) broken("an empty PATH was accepted");
        break;
      case launcher::Flag::ConnectTcp:
      case launcher::Flag::BindTcp:
        if (!launcher::parse_number(value, 65535, &n)) broken("a bad PORT was accepted", value);
        if (!o.restricts_tcp()) broken("a port grant without TCP restriction");
        break;
      case launcher::Flag::ConnectUdp:
      case launcher::Flag::BindUdp:
        if (!launcher::parse_number(value, 65535, &n)) broken("a bad PORT was accepted", value);
        if (!o.restricts_udp()) broken("a port grant without UDP restriction");
        break;
      case launcher::Flag::Scope:
        if (!(o.scopes & launcher::scope_bit(value))) broken("a scope was not recorded", value);
        break;
      case launcher::Flag::RequireAbi:
        if (!launcher::parse_number(value, launcher::kNewestKnownAbi, &n) || n < 1 || n != o.require_abi)
          broken("a bad --require-abi was accepted", value);
        break;
      case launcher::Flag::ExpectVersion:
        if (o.expect_version != value) broken("--expect-version not recorded", value);
        break;
      case launcher::Flag::StatusFd:
        if (!launcher::parse_number(value, 1 << 30, &n) || n < 3 || n != o.status_fd)
          broken("a bad --status-fd", value);
        break;
      case launcher::Flag::SetEnv:
        if (!*value || strchr(value, '=') || strchr(value, '*')) broken("a bad --setenv NAME was accepted", value);
        break;
      case launcher::Flag::UnsetEnv:
      case launcher::Flag::KeepEnv:
        if (!*value || strchr(value, '=')) broken("a bad environment PATTERN was accepted", value);
        if (flag == launcher::Flag::KeepEnv && !o.has(launcher::Flag::ClearEnv)) broken("--keepenv without --clearenv");
        break;
      default: broken("a flag without value was visited");
    }
  });
  for (; expect < o.command - 1; ++expect) {
    const launcher::FlagSpec *spec = launcher::find_flag(argv[expect]);
    if (!spec || spec->values > 0) broken("a valued flag was not visited", argv[expect]);
  }

  // The grants, as a reader of the contract finds them: flags and their values in turn.
  std::vector<launcher::Grant> want_grants;
  bool after_no_symlinks = false;
  for (int i = 1; i < o.command - 1; ++i) {
    const launcher::FlagSpec *spec = launcher::find_flag(argv[i]);
    if (spec->flag == launcher::Flag::NoSymlinks) after_no_symlinks = true;
    if (launcher::takes_path(spec->flag)) want_grants.push_back({spec->flag, argv[i + 1], after_no_symlinks});
    i += spec->values;
  }
  size_t seen = 0;
  launcher::for_each_grant(argv.data(), o, [&](const launcher::Grant &g) {
    if (seen >= want_grants.size()) broken("for_each_grant visits a grant too many", g.path);
    const launcher::Grant &w = want_grants[seen];
    if (g.flag != w.flag || g.path != w.path || g.no_symlinks != w.no_symlinks)
      broken("for_each_grant does not follow argv", g.path);
    ++seen;
  });
  if (seen != want_grants.size()) broken("for_each_grant missed a grant");

  // Nothing after "--" is read: the same prefix with another command parses the same.
  std::vector<char *> other(argv.begin(), argv.begin() + o.command);
  std::string probe = "--probe", rw = "--rw", sep = "--";
  other.push_back(probe.data());
  other.push_back(sep.data());
  other.push_back(rw.data());
  launcher::Options o2;
  launcher::Error e2 = parse(other, o2);
  if (e2.what || !same(o, o2)) broken("arguments after -- changed the parse");
  return 0;
}
