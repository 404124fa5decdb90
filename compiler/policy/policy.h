// The policy as written: what one TOML table (a file's top level or one of
// its [profiles.NAME]) says, with the position of every value, before any
// variable is expanded or any path is looked at.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../base/diag.h"
#include "../base/provenance.h"

namespace llp {

inline constexpr int kPolicyVersion = 1;

// A path as written: a grant, a hidden or protected path, an extends entry.
struct PathEntry {
  std::string text;       // before expansion
  bool optional = false;  // grants: emit --ro-try/--rw-try; project: may be missing
  std::string why;        // shown by explain
  Loc loc;
  Provenance provenance = Provenance::User;  // Project: it comes from a project policy

  bool from_user() const { return provenance == Provenance::User; }
};

// An inclusive port range; a single port is lo == hi.
struct PortEntry {
  long lo = 0, hi = 0;
  Loc loc;
  Provenance provenance = Provenance::User;
};

struct NameEntry {
  std::string name;
  Loc loc;
  Provenance provenance = Provenance::User;
};

template <class T>
struct Setting {
  std::optional<T> value;
  Loc loc;
};

// [env]: the command's environment (docs/policy-format.md, "The environment").
struct EnvPattern {
  std::string text;  // a variable NAME pattern, `*` matching any run: "LC_*", "*TOKEN*"
  Loc loc;
};

struct EnvAssignment {
  std::string name, value;
  Loc loc;  // the NAME's key
};

// Everything given is kept, in merge order, so that each entry of a
// project policy can be judged; env.cpp reads the merged meaning: the last
// inherit and default_unset, the union of keep and unset, and for each name
// of set the last file's value.
struct EnvTable {
  std::vector<Setting<std::string>> inherit;  // "all" | "core" | "none"
  std::vector<Setting<bool>> default_unset;   // the agent modes' patterns; false opts out
  std::vector<EnvPattern> keep, unset;
  std::vector<EnvAssignment> set;
};

struct Layer {
  Provenance provenance = Provenance::User;  // Project: a project policy's layer
  Setting<long> version;
  Setting<std::string> mode, workspace, compose, launcher_path;
  bool launcher_literal = false;  // launcher_path came from --set: a path, not a template
  Setting<bool> strict, best_effort, keep_fds, hide_secrets, net_restrict, log_denials, log_launcher;
  Setting<bool> restrict_udp;                    // [network] restrict_udp
  Setting<bool> default_scopes, guard_terminal;  // the agent modes' --scope-try and --no-tty-inject; false opts out
  Setting<long> require_abi;
  std::vector<PathEntry> ro, rw, hide, protect, unprotect, extends;
  // [protect] read_only: paths relative to each writable grant, carved out
  // read-only; keep_writable: default carve exceptions opted out of.
  std::vector<PathEntry> read_only, keep_writable;
  // outputs: what a build creates in the workspace (relative paths; a
  // trailing / names a folder), created before a run and granted writable.
  std::vector<PathEntry> outputs;
  // executable_outputs: file outputs created executable (0777 less the
  // umask) so that a binary built into one runs; each names an outputs entry.
  std::vector<PathEntry> executable_outputs;
  // detect_outputs: the builds' outputs declared by their marker files
  // (plan/detect.h); the mode's default, and a project policy may only set false.
  Setting<bool> detect_outputs;
  std::vector<PortEntry> connect, bind;          // [network]: TCP
  std::vector<PortEntry> connect_udp, bind_udp;  // [network]: UDP (Landlock ABI 10)
  std::vector<PathEntry> unix_sockets;           // [network] unix: pathname UNIX sockets (ABI 9)
  std::vector<NameEntry> scopes;
  std::optional<PathEntry> project;
  EnvTable env;
};

struct FileLayers {
  Layer base;
  std::map<std::string, Layer> profiles;
  std::map<std::string, Loc> profile_locs;
};

}  // namespace llp
