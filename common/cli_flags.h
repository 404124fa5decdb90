// The launcher's command-line vocabulary, in one place.
//
// landlock-run parses these spellings and landlock-policy emits them. Both
// include this header, so the compiler can never emit a flag that the
// launcher it was built with does not know; tests/unit round-trips them.
// Freestanding on purpose: no includes, usable from the no-libstdc++ launcher.
#pragma once

namespace llr_cli {

enum class Flag : unsigned char {
  Ro, Rw, RoTry, RwTry,           // filesystem grants (PATH)
  NoSymlinks,                     // the grants after it refuse any symlink on their path
  ConnectTcp, BindTcp,            // TCP port grants (PORT), Landlock ABI 4
  RestrictTcp,                    // restrict TCP with no port granted
  Scope,                          // NAME: abstract-unix | signal, ABI 6
  LogDenials, NoLog,              // audit switches, ABI 7
  BestEffort,                     // run even if TCP/scope/audit cannot be enforced
  KeepFds,                        // keep inherited fds above 2 open across exec
  StatusFd,                       // N: one JSON status line to fd N before exec (or on failure)
  ClearEnv, SetEnv, UnsetEnv, KeepEnv,  // the command's environment
  RequireAbi,                     // N: refuse kernels older than Landlock ABI N
  ExpectVersion,                  // VERSION: refuse unless the launcher is exactly this version
  Probe, Version, Help,           // stand-alone actions
};

struct FlagSpec {
  const char *spelling;
  Flag flag;
  int values;           // how many arguments follow it: 0, 1, or 2 (--setenv NAME VALUE)
  const char *operand;  // their names in --help: "PATH", "NAME VALUE"; "" when none
  int min_abi;          // the oldest Landlock ABI that enforces it; 0: no ABI needed
  const char *means;    // one line, for --help and its copies (the npm package, the docs test)
};

// Emitters that walk this table in order (the npm package) put --no-symlinks
// first: it applies only to the grants that follow it on the command line.
inline constexpr FlagSpec kFlags[] = {
    {"--no-symlinks", Flag::NoSymlinks, 0, "", 0, "the grants after it refuse any symlink on their path"},
    {"--ro", Flag::Ro, 1, "PATH", 1, "read and execute beneath PATH"},
    {"--rw", Flag::Rw, 1, "PATH", 1, "--ro plus every write right the kernel governs beneath PATH"},
    {"--ro-try", Flag::RoTry, 1, "PATH", 1, "--ro, skipped when PATH does not exist"},
    {"--rw-try", Flag::RwTry, 1, "PATH", 1, "--rw, skipped when PATH does not exist"},
    {"--connect-tcp", Flag::ConnectTcp, 1, "PORT", 4, "allow TCP connect to PORT"},
    {"--bind-tcp", Flag::BindTcp, 1, "PORT", 4, "allow TCP bind to PORT"},
    {"--restrict-tcp", Flag::RestrictTcp, 0, "", 4, "restrict TCP with no port granted"},
    {"--scope", Flag::Scope, 1, "NAME", 6, "deny abstract UNIX sockets or signals outside the sandbox"},
    {"--log-denials", Flag::LogDenials, 0, "", 7, "audit-log the command's denials"},
    {"--no-log", Flag::NoLog, 0, "", 7, "do not audit-log the launcher's own denials"},
    {"--best-effort", Flag::BestEffort, 0, "", 0, "run even where a TCP, scope or audit flag is not enforced"},
    {"--keep-fds", Flag::KeepFds, 0, "", 0, "keep inherited fds above 2 open across exec"},
    {"--clearenv", Flag::ClearEnv, 0, "", 0, "start the command's environment empty"},
    {"--keepenv", Flag::KeepEnv, 1, "PATTERN", 0, "with --clearenv, keep the variables PATTERN names (* matches any run)"},
    {"--unsetenv", Flag::UnsetEnv, 1, "PATTERN", 0, "remove the variables PATTERN names (*TOKEN*)"},
    {"--setenv", Flag::SetEnv, 2, "NAME VALUE", 0, "set NAME to VALUE"},
    {"--status-fd", Flag::StatusFd, 1, "N", 0, "write one JSON status line to fd N (never inherited)"},
    {"--require-abi", Flag::RequireAbi, 1, "N", 0, "refuse kernels older than Landlock ABI N"},
    {"--expect-version", Flag::ExpectVersion, 1, "VERSION", 0, "refuse unless the launcher is exactly VERSION"},
    {"--probe", Flag::Probe, 0, "", 0, "report what the kernel enforces, in one line"},
    {"--version", Flag::Version, 0, "", 0, "print the version and the source digest"},
    {"--help", Flag::Help, 0, "", 0, "print the usage"},
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

// Values of --scope.
inline constexpr char kScopeAbstractUnix[] = "abstract-unix";
inline constexpr char kScopeSignal[] = "signal";

// The newest Landlock ABI this launcher knows; a newer kernel is clamped to it.
inline constexpr int kNewestKnownAbi = 9;
static_assert(kNewestKnownAbi < 10, "kNewestKnownAbiText holds one digit");
inline constexpr char kNewestKnownAbiText[] = {static_cast<char>('0' + kNewestKnownAbi), '\0'};

// Options keeps one bit per Flag.
static_assert(static_cast<int>(Flag::Help) < 32, "Options::given holds 32 flags");

// Exit statuses of the launcher itself (anything else is the command's own).
inline constexpr int kExitLauncherFailed = 125;
inline constexpr int kExitCannotExecute = 126;
inline constexpr int kExitNotFound = 127;

// The oldest Landlock ABI that enforces a flag: min_abi(Flag::Scope) == 6.
constexpr int min_abi(Flag f) {
  for (const FlagSpec &s : kFlags)  // a raw loop: freestanding, no <algorithm>
    if (s.flag == f) return s.min_abi;
  return 0;
}

// The flag spelled exactly arg, or null.
constexpr const FlagSpec *find_flag(const char *arg) {
  for (const FlagSpec &spec : kFlags) {
    const char *a = arg;
    const char *b = spec.spelling;
    while (*a != '\0' && *a == *b) {
      a += 1;
      b += 1;
    }
    if (*a == *b) return &spec;
  }
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

}  // namespace llr_cli
