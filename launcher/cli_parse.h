// The launcher's command-line grammar, pure (no syscalls, no heap): parsed by
// landlock-run before anything is opened, and by landlock-policy, which
// checks every argv it emits with it (a compiler can never print an argv its
// launcher refuses). Unit-tested and fuzzed. Vocabulary: cli_flags.h.
#pragma once
#include <stdint.h>
#include <string.h>

#include "cli_flags.h"
#include "environment.h"

namespace launcher {

struct Error {
  const char *what = nullptr;
  const char *why = nullptr;
  const char *detail = nullptr;  // shown after why: the flag the user probably meant, a limit
};

struct Options {
  int command = 0;          // index in argv of COMMAND (just after "--"); 0: none
  uint32_t given = 0;       // bit (1 << Flag) for every flag given
  uint64_t scopes = 0;      // LANDLOCK_SCOPE_* bits of --scope: fatal where the kernel lacks them
  uint64_t try_scopes = 0;  // those of --scope-try: skipped where the kernel lacks them
  int require_abi = 0;
  int status_fd = -1;
  const char *expect_version = nullptr;
  bool has(Flag flag) const { return (given >> static_cast<int>(flag)) & 1U; }
  bool grants_a_path() const { return has(Flag::Ro) || has(Flag::Rw) || has(Flag::RoTry) || has(Flag::RwTry); }
  bool restricts_tcp() const { return has(Flag::RestrictTcp) || has(Flag::ConnectTcp) || has(Flag::BindTcp); }
  bool restricts_udp() const { return has(Flag::RestrictUdp) || has(Flag::ConnectUdp) || has(Flag::BindUdp); }
  bool changes_environment() const { return has(Flag::ClearEnv) || has(Flag::SetEnv) || has(Flag::UnsetEnv); }
};

// Decimal in [0, max], digits only: "+1", " 1", "1k" and "" are refused.
inline bool parse_number(const char *s, long max, long *out) {
  long n = 0;
  for (const char *c = s; *c != '\0'; ++c) {
    if (*c < '0' || *c > '9') return false;
    n = n * 10 + (*c - '0');
    if (n > max) return false;
  }
  *out = n;
  return *s != '\0';
}

constexpr bool is_path_grant(Flag f) { return f == Flag::Ro || f == Flag::Rw || f == Flag::RoTry || f == Flag::RwTry; }
// A flag whose value is a path the ruleset carries a rule for.
constexpr bool takes_path(Flag flag) { return is_path_grant(flag) || flag == Flag::ConnectUnix; }

inline uint64_t scope_bit(const char *name) {
  if (strcmp(name, kScopeAbstractUnix) == 0) return LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;
  if (strcmp(name, kScopeSignal) == 0) return LANDLOCK_SCOPE_SIGNAL;
  return 0;
}

// An argument that is no flag, with the usual mistakes named.
inline Error unknown_argument(const char *arg) {
  if (*arg == '\0') return {"''", "unexpected argument: the command must follow '--'"};
  if (arg[0] != '-') return {arg, "unexpected argument: the command must follow '--'"};
  if (strchr(arg, '=')) return {arg, "a flag and its value are two arguments: write --ro PATH, not --ro=PATH"};
  const FlagSpec *near = nearest_flag(arg);
  if (near) return {arg, "unknown option; the nearest is", near->spelling};
  return {arg, "unknown option (see landlock-run --help)"};
}

// A variable NAME: not empty, no '=' (the kernel's environment is NAME=VALUE).
inline bool is_variable_name(const char *name) { return *name != '\0' && !strchr(name, '='); }

// Checks one flag and its first value, and records what it asks for.
inline Error take_flag(const FlagSpec &spec, const char *value, Options &o) {
  long n = 0;
  const char *flag = spec.spelling;
  o.given |= 1U << static_cast<int>(spec.flag);
  switch (spec.flag) {
    case Flag::Ro:
    case Flag::Rw:
    case Flag::RoTry:
    case Flag::RwTry:
    case Flag::ConnectUnix:
      if (*value == '\0') return {flag, "empty PATH"};
      if (*value == '~') return {flag, "PATH starts with '~', which no shell expanded here: write $HOME/..."};
      return {};
    case Flag::ConnectTcp:
    case Flag::BindTcp:
    case Flag::ConnectUdp:
    case Flag::BindUdp:
      if (!parse_number(value, 65535, &n)) return {flag, "PORT must be a number from 0 to 65535"};
      return {};
    case Flag::Scope:
    case Flag::ScopeTry:
      if (scope_bit(value) == 0) return {flag, "NAME must be abstract-unix or signal"};
      if (spec.flag == Flag::Scope) o.scopes |= scope_bit(value);
      if (spec.flag == Flag::ScopeTry) o.try_scopes |= scope_bit(value);
      return {};
    case Flag::SetEnv:
      if (!is_variable_name(value) || strchr(value, '*')) return {flag, "NAME must be non-empty, without '=' or '*'"};
      return {};
    case Flag::UnsetEnv:
    case Flag::KeepEnv:
      if (!is_variable_name(value)) return {flag, "PATTERN must be non-empty and have no '='"};
      return {};
    case Flag::StatusFd:
      if (o.status_fd >= 0) return {flag, "given twice"};
      if (!parse_number(value, 1 << 30, &n) || n < 3) return {flag, "N must be a file descriptor above 2"};
      o.status_fd = static_cast<int>(n);
      return {};
    case Flag::RequireAbi:
      if (o.require_abi) return {flag, "given twice"};
      if (!parse_number(value, kNewestKnownAbi, &n) || n < 1)
        return {flag, "N must be a Landlock ABI from 1 to the newest this launcher knows:", kNewestKnownAbiText};
      o.require_abi = static_cast<int>(n);
      return {};
    case Flag::ExpectVersion:
      if (o.expect_version) return {flag, "given twice"};
      o.expect_version = value;
      return {};
    default:  // a flag without a value to check
      return {};
  }
}

// Validates the whole command line before anything is opened. Values are read
// again from argv when the ruleset and the environment are built (no copies).
inline Error parse_args(int argc, char *const *argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, kSeparator) == 0) {
      if (i + 1 >= argc) return {kSeparator, "no COMMAND after it"};
      o.command = i + 1;
      break;
    }
    const FlagSpec *spec = find_flag(arg);
    if (!spec) return unknown_argument(arg);
    for (int v = 1; v <= spec->values; ++v) {
      if (i + v >= argc || strcmp(argv[i + v], kSeparator) == 0) return {arg, "needs a value"};
    }
    const char *value = "";
    if (spec->values > 0) value = argv[i + 1];
    i += spec->values;
    Error error = take_flag(*spec, value, o);
    if (error.what) return error;
  }
  int actions = o.has(Flag::Probe) + o.has(Flag::Version) + o.has(Flag::Help);
  if (actions > 1 || (actions == 1 && o.command))
    return {"--probe/--version/--help", "take no command and no other action"};
  if (actions == 0 && !o.command) return {"missing '--'", "usage: landlock-run [GRANT|OPTION]... -- COMMAND [ARG]..."};
  if (o.has(Flag::KeepEnv) && !o.has(Flag::ClearEnv)) return {"--keepenv", "needs --clearenv (it names what to keep)"};
  return {};
}

// Calls visit(flag, first value, second value) for every flag that takes a
// value, in argv order: how the ruleset and the environment are built, and
// how the tests read the command line back.
template <class Visit>
void for_each_valued_flag(char *const *argv, const Options &o, Visit visit) {
  for (int i = 1; i < o.command - 1; ++i) {
    const FlagSpec *spec = find_flag(argv[i]);
    if (spec->values == 1) visit(spec->flag, argv[i + 1], nullptr);
    if (spec->values == 2) visit(spec->flag, argv[i + 1], argv[i + 2]);
    i += spec->values;
  }
}

// One filesystem grant, as the ruleset is built from it.
struct Grant {
  Flag flag;
  const char *path;
  bool no_symlinks;  // --no-symlinks came before it: a symlink on its path is refused
};

// Calls visit(grant) for every --ro/--rw/--ro-try/--rw-try/--connect-unix, in argv order.
template <class Visit>
void for_each_grant(char *const *argv, const Options &o, Visit visit) {
  bool no_symlinks = false;
  for (int i = 1; i < o.command - 1; ++i) {
    const FlagSpec *spec = find_flag(argv[i]);
    if (spec->flag == Flag::NoSymlinks) no_symlinks = true;
    if (takes_path(spec->flag)) visit(Grant{spec->flag, argv[i + 1], no_symlinks});
    i += spec->values;
  }
}

// The command's environment (environment.h): --clearenv keeps the inherited
// variables a --keepenv names; --unsetenv and --setenv follow in argv order.
inline Error build_environment(char *const *argv, const Options &o, char **inherited, Environment &env) {
  if (!o.changes_environment()) return {};  // the command inherits environ as it is: nothing to build
  const char *full = nullptr;
  for (char **var = inherited; *var != nullptr && !full; ++var) {
    bool kept = !o.has(Flag::ClearEnv);
    for_each_valued_flag(argv, o, [&](Flag flag, const char *pattern, const char *) {
      if (flag == Flag::KeepEnv && name_matches(pattern, *var)) kept = true;
    });
    if (kept) full = env.add(*var);
  }
  for_each_valued_flag(argv, o, [&](Flag flag, const char *name, const char *value) {
    if (flag == Flag::UnsetEnv) env.remove_matching(name);
    if (flag == Flag::SetEnv && value && !full) full = env.set(name, value);
  });
  if (full) return {"environment", full};
  return {};
}

}  // namespace launcher
