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
  RequireAbi,                     // N: refuse kernels older than Landlock ABI N
  ExpectVersion,                  // VERSION: refuse unless the launcher is exactly this version
  Probe, Version, Help,           // stand-alone actions
};

struct FlagSpec {
  const char *spelling;
  Flag flag;
  bool takes_value;
  int min_abi;         // the oldest Landlock ABI that enforces it; 0: no ABI needed
  const char *means;   // one line, for --help-style tables (the npm package, the docs test)
};

// Emitters that walk this table in order (the npm package) put --no-symlinks
// first: it applies only to the grants that follow it on the command line.
inline constexpr FlagSpec kFlags[] = {
    {"--no-symlinks", Flag::NoSymlinks, false, 0, "the grants after it refuse any symlink on their path"},
    {"--ro", Flag::Ro, true, 1, "read and execute beneath PATH"},
    {"--rw", Flag::Rw, true, 1, "--ro plus every write right the kernel governs beneath PATH"},
    {"--ro-try", Flag::RoTry, true, 1, "--ro, skipped when PATH does not exist"},
    {"--rw-try", Flag::RwTry, true, 1, "--rw, skipped when PATH does not exist"},
    {"--connect-tcp", Flag::ConnectTcp, true, 4, "allow TCP connect to PORT"},
    {"--bind-tcp", Flag::BindTcp, true, 4, "allow TCP bind to PORT"},
    {"--restrict-tcp", Flag::RestrictTcp, false, 4, "restrict TCP with no port granted"},
    {"--scope", Flag::Scope, true, 6, "deny abstract UNIX sockets or signals outside the sandbox"},
    {"--log-denials", Flag::LogDenials, false, 7, "audit-log the command's denials"},
    {"--no-log", Flag::NoLog, false, 7, "do not audit-log the launcher's own denials"},
    {"--best-effort", Flag::BestEffort, false, 0, "run even where a TCP, scope or audit flag is not enforced"},
    {"--keep-fds", Flag::KeepFds, false, 0, "keep inherited fds above 2 open across exec"},
    {"--require-abi", Flag::RequireAbi, true, 0, "refuse kernels older than Landlock ABI N"},
    {"--expect-version", Flag::ExpectVersion, true, 0, "refuse unless the launcher is exactly VERSION"},
    {"--probe", Flag::Probe, false, 0, "report what the kernel enforces, in one line"},
    {"--version", Flag::Version, false, 0, "print the version and the source digest"},
    {"--help", Flag::Help, false, 0, "print the usage"},
};

// Everything after this argument is the command, never a launcher flag.
inline constexpr char kSeparator[] = "--";

// Values of --scope.
inline constexpr char kScopeAbstractUnix[] = "abstract-unix";
inline constexpr char kScopeSignal[] = "signal";

// The newest Landlock ABI this launcher knows; a newer kernel is clamped to it.
inline constexpr int kNewestKnownAbi = 9;

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

// Spelling of a flag, for emitters: spelling(Flag::Ro) == "--ro".
constexpr const char *spelling(Flag f) {
  for (const FlagSpec &s : kFlags)  // a raw loop: freestanding, no <algorithm>
    if (s.flag == f) return s.spelling;
  return nullptr;
}

}  // namespace llr_cli
