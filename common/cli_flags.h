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
};

// Emitters that walk this table in order (the npm package) put --no-symlinks
// first: it applies only to the grants that follow it on the command line.
inline constexpr FlagSpec kFlags[] = {
    {"--no-symlinks", Flag::NoSymlinks, false},
    {"--ro", Flag::Ro, true},
    {"--rw", Flag::Rw, true},
    {"--ro-try", Flag::RoTry, true},
    {"--rw-try", Flag::RwTry, true},
    {"--connect-tcp", Flag::ConnectTcp, true},
    {"--bind-tcp", Flag::BindTcp, true},
    {"--restrict-tcp", Flag::RestrictTcp, false},
    {"--scope", Flag::Scope, true},
    {"--log-denials", Flag::LogDenials, false},
    {"--no-log", Flag::NoLog, false},
    {"--best-effort", Flag::BestEffort, false},
    {"--keep-fds", Flag::KeepFds, false},
    {"--require-abi", Flag::RequireAbi, true},
    {"--expect-version", Flag::ExpectVersion, true},
    {"--probe", Flag::Probe, false},
    {"--version", Flag::Version, false},
    {"--help", Flag::Help, false},
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

// Spelling of a flag, for emitters: spelling(Flag::Ro) == "--ro".
constexpr const char *spelling(Flag f) {
  for (const FlagSpec &s : kFlags)  // a raw loop: freestanding, no <algorithm>
    if (s.flag == f) return s.spelling;
  return nullptr;
}

}  // namespace llr_cli
