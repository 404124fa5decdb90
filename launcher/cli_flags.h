// The launcher's command-line vocabulary, in one place.
//
// landlock-run parses these spellings and landlock-policy emits them. Both
// include this header, so the compiler can never emit a flag that the
// launcher it was built with does not know; tests/unit round-trips them.
// Freestanding on purpose: usable from the no-libstdc++ launcher. The ABI
// each flag needs comes from the per-ABI table of abi.h.
#pragma once
#include "abi.h"

namespace launcher {

enum class Flag : unsigned char {  // one per row of kFlags, where each is explained
  Ro,
  Rw,
  RoTry,
  RwTry,
  ConnectUnix,
  NoSymlinks,
  ConnectTcp,
  BindTcp,
  RestrictTcp,
  ConnectUdp,
  BindUdp,
  RestrictUdp,
  Scope,
  ScopeTry,
  NoTtyInject,
  LogDenials,
  NoLog,
  BestEffort,
  KeepFds,
  DropCaps,
  StatusFd,
  ClearEnv,
  SetEnv,
  UnsetEnv,
  KeepEnv,
  RequireAbi,
  ExpectVersion,
  Probe,
  Version,
  Help,
};

struct FlagSpec {
  const char *spelling;
  Flag flag;
  int values;           // how many arguments follow it: 0, 1, or 2 (--setenv NAME VALUE)
  const char *operand;  // their names in --help: "PATH", "NAME VALUE"; "" when none
  const char *means;    // one line, for --help (which adds the ABI) and its copies (the npm package, the docs test)
};

// Emitters that walk this table in order (the npm package) put --no-symlinks
// first: it applies only to the grants that follow it on the command line.
inline constexpr FlagSpec kFlags[] = {
    {"--no-symlinks", Flag::NoSymlinks, 0, "", "the grants after it refuse any symlink on their path"},
    {"--ro", Flag::Ro, 1, "PATH", "read and execute beneath PATH"},
    {"--rw", Flag::Rw, 1, "PATH", "--ro plus every write right the kernel governs beneath PATH"},
    {"--ro-try", Flag::RoTry, 1, "PATH", "--ro, skipped when PATH does not exist"},
    {"--rw-try", Flag::RwTry, 1, "PATH", "--rw, skipped when PATH does not exist"},
    {"--connect-unix", Flag::ConnectUnix, 1, "PATH",
     "allow the UNIX socket(s) at or beneath PATH; older kernels allow all"},
    {"--connect-tcp", Flag::ConnectTcp, 1, "PORT", "allow TCP connect to PORT"},
    {"--bind-tcp", Flag::BindTcp, 1, "PORT", "allow TCP bind to PORT"},
    {"--restrict-tcp", Flag::RestrictTcp, 0, "", "restrict TCP with no port granted"},
    {"--connect-udp", Flag::ConnectUdp, 1, "PORT",
     "allow UDP connect and send to PORT (and the autobind: bind port 0)"},
    {"--bind-udp", Flag::BindUdp, 1, "PORT", "allow UDP bind to PORT"},
    {"--restrict-udp", Flag::RestrictUdp, 0, "", "restrict UDP with no port granted"},
    {"--scope", Flag::Scope, 1, "NAME", "deny abstract UNIX sockets or signals outside the sandbox"},
    {"--scope-try", Flag::ScopeTry, 1, "NAME", "--scope where the kernel has it, else skipped"},
    {"--no-tty-inject", Flag::NoTtyInject, 0, "",
     "refuse TIOCSTI and TIOCLINUX: no typing into the terminal (seccomp)"},
    {"--log-denials", Flag::LogDenials, 0, "", "audit-log the command's denials"},
    {"--no-log", Flag::NoLog, 0, "", "do not audit-log the launcher's own denials"},
    {"--best-effort", Flag::BestEffort, 0, "", "run even where a TCP, UDP, scope or audit flag is not enforced"},
    {"--keep-fds", Flag::KeepFds, 0, "", "keep inherited fds above 2 open across exec"},
    {"--drop-caps", Flag::DropCaps, 0, "", "the command gets no capability, even as root (the uid stays)"},
    {"--clearenv", Flag::ClearEnv, 0, "", "start the command's environment empty"},
    {"--keepenv", Flag::KeepEnv, 1, "PATTERN", "with --clearenv, keep the variables PATTERN names (* matches any run)"},
    {"--unsetenv", Flag::UnsetEnv, 1, "PATTERN", "remove the variables PATTERN names (*TOKEN*)"},
    {"--setenv", Flag::SetEnv, 2, "NAME VALUE", "set NAME to VALUE"},
    {"--status-fd", Flag::StatusFd, 1, "N", "write one JSON status line to fd N (never inherited)"},
    {"--require-abi", Flag::RequireAbi, 1, "N", "refuse kernels older than Landlock ABI N"},
    {"--expect-version", Flag::ExpectVersion, 1, "VERSION", "refuse unless the launcher is exactly VERSION"},
    {"--probe", Flag::Probe, 0, "", "report what the kernel enforces, in one line"},
    {"--version", Flag::Version, 0, "", "print the version and the source digest"},
    {"--help", Flag::Help, 0, "", "print the usage"},
};

// The first lines of landlock-run --help; a line per flag of kFlags follows.
inline constexpr const char *kUsage[] = {
    "usage: landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...",
    "       landlock-run --probe | --version | --help",
    "Confines COMMAND with Landlock and execs it (same PID). What is not granted is",
    "denied: no grant at all denies every file access. Details: man landlock-run.",
};

// Everything after this argument is the command, never a launcher flag.
inline constexpr char kSeparator[] = "--";

// Values of --scope and --scope-try.
inline constexpr char kScopeAbstractUnix[] = "abstract-unix";
inline constexpr char kScopeSignal[] = "signal";

inline constexpr char kNewestKnownAbiText[] = {'0' + kNewestKnownAbi / 10, '0' + kNewestKnownAbi % 10, '\0'};  // "11"

static_assert(static_cast<int>(Flag::Help) < 32, "Options::given holds one bit per Flag, 32 in all");

// Exit statuses of the launcher itself (anything else is the command's own).
inline constexpr int kExitLauncherFailed = 125;
inline constexpr int kExitCannotExecute = 126;
inline constexpr int kExitNotFound = 127;

// Whether the space-separated list names word: lists("--a --b", "--b").
constexpr bool lists(const char *list, const char *word) {
  for (const char *at = list; *at != '\0'; ++at) {
    int i = 0;
    while ((at == list || at[-1] == ' ') && word[i] != '\0' && at[i] == word[i]) i += 1;
    if (word[i] == '\0' && (at[i] == ' ' || at[i] == '\0')) return true;
  }
  return false;
}

// The flag spelled exactly arg, or null.
constexpr const FlagSpec *find_flag(const char *arg) {
  for (const FlagSpec &spec : kFlags)
    if (lists(spec.spelling, arg)) return &spec;  // a list of one word: the same text
  return nullptr;
}

// The flag within two edits of a mistyped one (--rw-tyr, --scopes), or null:
// Levenshtein distance, one row at a time, on the first 31 bytes.
constexpr const FlagSpec *nearest_flag(const char *typed) {
  constexpr int kLongest = 31;
  int length = 0;
  while (length < kLongest && typed[length] != '\0') length += 1;
  for (const FlagSpec &spec : kFlags) {
    int row[kLongest + 1] = {};
    for (int j = 0; j <= length; ++j) row[j] = j;
    for (int i = 1; spec.spelling[i - 1] != '\0'; ++i) {
      int diagonal = row[0];
      row[0] = i;
      for (int j = 1; j <= length; ++j) {
        int replace = diagonal + (spec.spelling[i - 1] != typed[j - 1] ? 1 : 0);
        int insert_or_delete = 1 + (row[j] < row[j - 1] ? row[j] : row[j - 1]);
        diagonal = row[j];
        row[j] = replace < insert_or_delete ? replace : insert_or_delete;
      }
    }
    if (row[length] <= 2) return &spec;
  }
  return nullptr;
}

// Spelling of a flag, for emitters: spelling(Flag::Ro) == "--ro".
constexpr const char *spelling(Flag f) {
  for (const FlagSpec &s : kFlags)  // a raw loop: freestanding, no <algorithm>
    if (s.flag == f) return s.spelling;
  return nullptr;
}

// The oldest Landlock ABI that enforces a flag (abi.h): min_abi(Flag::Scope) == 6; 0: none needed.
constexpr int min_abi(Flag f) {
  for (const AbiStep &step : kAbis)
    if (lists(step.flags, spelling(f))) return step.abi;
  return 0;
}

// The oldest ABI that enforces a flag, fatal below it or skipped there: enforced_from(Flag::ConnectUnix) == 9.
constexpr int enforced_from(Flag f) {
  for (const SkippedFlags &step : kSkippedFlags)
    if (lists(step.flags, spelling(f))) return step.abi;
  return min_abi(f);
}

}  // namespace launcher
