#include "explain.h"

#include <algorithm>

#include "../../launcher/cli_flags.h"
#include "emit.h"
#include "state_text.h"
#include "why.h"
#include "../host/paths.h"
#include "../plan/normalise.h"
#include "../base/text.h"

namespace llp {

namespace {

using launcher::Flag;
using launcher::spelling;

// The launcher drops directory-only rights for a file grant; say so. A path
// that cannot be stat'ed here (portable target) is described as a directory.
const char *rights(Access a, const std::string &path) {
  const Kind kind = kind_of(path);
  const bool file = kind != Kind::Missing && kind != Kind::Directory;
  if (file) return a == Access::Rw ? "read, execute, write, truncate, device ioctl (a file)" : "read, execute (a file)";
  return a == Access::Rw ? "read, execute, list, write, create, remove, rename/link, truncate, device ioctl"
                         : "read, execute, list";
}

void grant_lines(const CompileResult &r, const Grant &g, std::string &out) {
  out += "  " + std::string(access_name(g.access)) + (g.optional ? "-try " : "     ") + g.path + "\n";
  out +=
      "         rights: " + std::string(rights(g.access, g.path)) + (g.optional ? " (skipped if missing)" : "") + "\n";
  std::string where = r.sources.where(g.loc);
  out += "         from: " + origin_text(g) + (where.empty() ? "" : " at " + where) + "\n";
  if (g.origin == Origin::Complement) return;  // one of many siblings: nothing more to say
  if (g.written != g.path) out += "         written: " + g.written + "\n";
  if (g.relative) out += "         relative: resolved against the policy file's folder, giving " + g.expanded + "\n";
  if (g.expanded != g.path && !g.expanded.empty())
    out += "         canonical: " + g.path + " (symlinks resolved; " + g.expanded + " is what was asked)\n";
  if (!g.why.empty()) out += "         why: " + g.why + "\n";
}

void layer_lines(const CompileResult &r, const LayerPlan &layer, std::string &out) {
  out += "grants (" + std::to_string(layer.grants.size()) + "):\n";
  for (const Grant &g : layer.grants) grant_lines(r, g, out);
  out += "network: ";
  if (!layer.net.restricted) out += "TCP unrestricted (no [network] restriction)\n";
  else
    out += "TCP restricted (Landlock ABI " + std::to_string(launcher::min_abi(Flag::ConnectTcp)) + "): connect " +
           (layer.net.connect.empty() ? std::string("none") : port_ranges(layer.net.connect)) + "; bind " +
           (layer.net.bind.empty() ? std::string("none") : port_ranges(layer.net.bind)) + "\n";
  if (layer.net.udp_restricted)
    out += "network: UDP restricted (Landlock ABI " + std::to_string(launcher::min_abi(Flag::ConnectUdp)) +
           "): connect " + (layer.net.connect_udp.empty() ? std::string("none") : port_ranges(layer.net.connect_udp)) +
           "; bind " + (layer.net.bind_udp.empty() ? std::string("none") : port_ranges(layer.net.bind_udp)) + "\n";
  for (const std::string &socket : layer.net.unix_sockets)
    out += "network: UNIX sockets at or beneath " + printable(socket) + " (--connect-unix, Landlock ABI " +
           std::to_string(launcher::enforced_from(launcher::Flag::ConnectUnix)) + ")\n";
  const std::string scope_abi = "Landlock ABI " + std::to_string(launcher::min_abi(Flag::Scope));
  out += "scopes: ";
  if (layer.scopes.empty() && layer.try_scopes.empty()) out += "none\n";
  for (size_t i = 0; i < layer.scopes.size(); ++i)
    out += layer.scopes[i] + (i + 1 < layer.scopes.size() ? ", " : " (" + scope_abi + ")\n");
  if (!layer.scopes.empty() && !layer.try_scopes.empty()) out += "scopes: ";
  for (size_t i = 0; i < layer.try_scopes.size(); ++i)
    out += layer.try_scopes[i] + (i + 1 < layer.try_scopes.size() ? ", " : "");
  if (!layer.try_scopes.empty())
    out += " where the kernel has them (" + scope_abi + ", " + spelling(Flag::ScopeTry) +
           "): the mode's default, `default_scopes = false` opts out\n";
}

// Patterns and values come from policy files (a project policy's unset
// included) and names from the environment: each is escaped on its own, so
// that not even a newline in one can forge a line of explain.
void env_rule_lines(const CompileResult &r, const char *verb, const std::vector<EnvRule> &rules, std::string &out) {
  for (const EnvRule &rule : rules) {
    std::string where = r.sources.where(rule.loc);
    std::string what = printable(rule.text) + (std::string(verb) == "set" ? "=" + printable(rule.value) : "");
    out += "  " + std::string(verb) + " " + what + "  (" + origin_text(rule) +
           (where.empty() ? "" : " at " + printable(where)) + ")\n";
  }
}

void env_lines(const CompileResult &r, const EnvPlan &env, std::string &out) {
  std::string where = r.sources.where(env.inherit_loc);
  std::string from = "the default";
  if (env.inherit_from != InheritFrom::Default)
    from = inherit_text(env.inherit_from) + (where.empty() ? "" : " at " + printable(where));
  out += "environment: inherit = \"" + env.inherit + "\" (" + from + "): ";
  if (env.inherit == "all") out += "every variable of the launcher's environment, less what is unset below\n";
  else if (env.inherit == "core") out += std::string(spelling(Flag::ClearEnv)) + ", keeping only what is kept below\n";
  else out += std::string(spelling(Flag::ClearEnv)) + ", keeping only what keep names below\n";
  env_rule_lines(r, "keep", env.keep, out);
  env_rule_lines(r, "unset", env.unset, out);
  env_rule_lines(r, "set", env.set, out);
  if (env.default_unset_off) {
    std::string at = r.sources.where(env.default_unset_loc);
    out += "  default unset patterns off ([env] default_unset = false" + (at.empty() ? "" : " at " + printable(at)) +
           "): the command sees tokens, secrets and the SSH agent socket\n";
  } else if (env.mode_default_unset) {
    out += "  (the mode's default unset patterns: opt out with [env] default_unset = false)\n";
  }
  if (!env.set.empty()) out += "  (set comes last: a variable set here is seen even where an unset pattern names it)\n";
  out += "  not seen by the command, of the " + std::to_string(env.variables_here) +
         " variables in landlock-policy's own environment (names only):" + (env.unseen.empty() ? " none" : "") + "\n";
  for (const std::string &name : env.unseen) out += "    " + printable(name) + "\n";
}

// Outputs: where each is, and what this compile found or created.
void outputs_lines(const CompileResult &r, std::string &out) {
  const Plan &p = r.plan;
  if (p.outputs.empty()) return;
  out +=
      "outputs (what a build creates in the workspace; argv, exec and learn create the missing ones before the run,\n"
      "  never through a symlink, and grant them writable; `detected`: declared by the mode from a build's marker\n"
      "  file at the workspace root, `detect_outputs = false` turns that off):\n";
  for (const Output &o : p.outputs) {
    std::string where = r.sources.where(o.loc);
    std::string kind = "folder";
    if (!o.folder) kind = o.executable ? "file, executable" : "file";
    std::string from = o.provenance == Provenance::User ? "outputs" : "project policy's outputs";
    if (o.origin == Origin::Detected) from = "detected: " + printable(o.marker);
    out += "  " + printable(o.path);
    if (o.folder) out += "/";
    out += "  (";
    out += kind;
    out += ", ";
    out += from;
    if (!where.empty()) out += " at " + where;
    out += "): ";
    out += state_text(o) + "\n";
  }
}

// The presets' cache folders that were missing.
void caches_lines(const Plan &p, std::string &out) {
  if (p.cache_folders.empty()) return;
  out += "preset cache folders missing at compile time (a fresh HOME):\n";
  for (const CacheFolder &c : p.cache_folders) {
    out += "  " + c.path + "  (preset:" + c.preset + ", " + c.written + "): ";
    out += state_text(c) + "\n";
  }
}

}  // namespace

std::string port_ranges(const std::vector<long> &ports) {
  std::string out;
  for (size_t i = 0; i < ports.size();) {
    size_t j = i;
    while (j + 1 < ports.size() && ports[j + 1] == ports[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(ports[i]) + (j > i ? "-" + std::to_string(ports[j]) : "");
    i = j + 1;
  }
  return out;
}

namespace {

std::string explain_text(const CompileResult &r) {
  const Plan &p = r.plan;
  std::string out = "policy: " + (r.sources.size() ? r.sources.file(0).name : std::string()) + "\n";
  for (int i : p.project_files)
    out += "project policy: " + r.sources.file(i).name + ": " + r.sources.file(i).project_because +
           " (it may only narrow)\n";
  out += "mode: " + p.mode + "\n";
  if (!p.sandboxed) return out + "no sandbox: the command runs alone, with all of your access\n";
  out += "workspace: " + p.workspace + "\n";
  out += "launcher: " + p.launcher +
         (p.pinned ? std::string(", pinned with ") + spelling(Flag::ExpectVersion) + " " + p.version
                   : std::string(", unpinned (landlock-policy --unpinned)")) +
         "\n";
  if (p.no_symlinks)
    out += std::string("symlinks: refused on the way to every grant at run time (") + spelling(Flag::NoSymlinks) +
           "; the paths are canonical)\n";
  if (p.nested) out += "layer 1 (your policy):\n";
  layer_lines(r, p.outer, out);
  if (p.nested) {
    out += "layer 2 (your policy narrowed by the project's; the kernel enforces both):\n";
    layer_lines(r, p.inner, out);
  }
  out += "audit: " +
         (p.log_denials ? std::string("denials of the command are logged (") + spelling(Flag::LogDenials) + ", ABI " +
                              std::to_string(launcher::min_abi(Flag::LogDenials)) + ")"
                        : std::string("the kernel's default (denials of the command are not logged)")) +
         (p.no_log ? std::string("; the launcher's own denials are not logged (") + spelling(Flag::NoLog) + ")" : "") +
         "\n";
  if (p.best_effort)
    out += "best_effort: what the kernel cannot enforce (TCP, scopes, audit) is dropped with a notice\n";
  if (p.require_abi) out += "require_abi: " + std::to_string(p.require_abi) + "\n";
  if (p.keep_fds) out += "keep_fds: inherited fds stay open (they bypass the sandbox)\n";
  if (p.guard_terminal)
    out += std::string("terminal: the command cannot type into it (") + spelling(Flag::NoTtyInject) +
           ": a seccomp filter refuses TIOCSTI and TIOCLINUX); `guard_terminal = false` opts out\n";
  env_lines(r, p.env, out);
  if (!p.hidden.empty()) {
    out += "hidden (no grant covers them):\n";
    for (const Hidden &h : p.hidden) out += "  " + h.path + "  (" + h.written + ": " + origin_text(h) + ")\n";
    if (!p.unlistable.empty()) {
      out += "  cost: no rule covers these folders, only their entries, so they cannot be listed:\n";
      for (const std::string &u : p.unlistable) out += "    " + u + "\n";
      out += "  cost: an entry created in them after this compile is not granted; compile again\n";
      out += "  cost: a hidden file reachable through another mount (a bind mount) is not hidden there\n";
    }
  }
  if (!p.carved.empty()) {
    out += "read-only inside writable grants (carved out; see [protect] read_only and keep_writable):\n";
    for (const Carved &c : p.carved) out += "  " + c.path + "  (" + c.written + ": " + origin_text(c) + ")\n";
    out += "  cost: nothing can be created or removed directly in these folders (their other entries stay writable):\n";
    for (const std::string &f : p.carved_folders) out += "    " + f + "\n";
    out += "  cost: an entry created in them after this compile is read-only; compile again\n";
    out += "  cost: git commit, git fetch and anything else that writes .git fail inside the sandbox\n";
    out +=
        "  cost: a new entry a build makes in them (target/, node_modules/, Cargo.lock) is refused unless `outputs`\n"
        "    names it or the mode detects it (argv, exec and learn create it before the run)\n";
  }
  outputs_lines(r, out);
  caches_lines(p, out);
  out += "protected (no writable grant may be, contain or lie inside them; nor /, ~ or its ancestors):\n";
  for (const Protected &s : p.protected_entries) out += "  " + protected_text(s) + "\n";
  if (!p.dropped.empty()) {
    out += "dropped (" + std::to_string(p.dropped.size()) + "):\n";
    for (const Dropped &d : p.dropped) {
      std::string where = r.sources.where(d.grant.loc);
      out += "  " + std::string(access_name(d.grant.access)) + " " + d.grant.path + ": " + reason_text(d) +
             (where.empty() ? "" : " [" + where + "]") + "\n";
    }
  }
  out +=
      "note: Landlock has no deny rule; a read-only folder inside a writable grant cannot exist. To keep a\n"
      "  folder read-only, grant the sibling folders that need writing instead of their parent.\n";
  for (const Note &n : p.notes) out += "note: " + note_text(n) + "\n";
  return out;
}

std::string why_text(const CompileResult &r, const std::string &asked, bool write);

}  // namespace

// Paths come from the file system (complement entries are directory
// listings) and from policy files: the whole text is escaped once, here.
std::string explain(const CompileResult &r) { return printable_lines(explain_text(r)); }

// One line: a newline in the asked path or in a name found on the disk is
// shown escaped, never as a line of its own.
std::string why(const CompileResult &r, const std::string &asked, bool write) {
  std::string line = why_text(r, asked, write);
  if (line.ends_with('\n')) line.pop_back();
  return printable(line) + "\n";
}

namespace {}  // namespace

namespace {

// A refused access: the grant that falls short, and for a write the
// carve's reason and fix first when there is one (why.h).
std::string denied_text(const CompileResult &r, const Coverage &c, const std::string &path, bool write) {
  std::string grant = c.read_only
                          ? "only " + c.read_only->path + " covers it, read-only (" + origin_text(*c.read_only) + ")"
                          : "no grant covers it";
  if (c.in_project_layer) grant += " in the project's layer";
  const std::string carve = write ? carve_refusal_text(r, c, path) : std::string();
  if (!carve.empty()) return "denied for writing: " + carve + " (" + grant + ")";
  return (c.read_only ? "denied for writing: " : "denied: ") + grant;
}

std::string why_text(const CompileResult &r, const std::string &asked, bool write) {
  std::string path = canonical_or_lexical(lexical_normalize(asked));
  std::string out = path + (path != asked ? " (asked: " + asked + ")" : "") + ": ";
  const Coverage c = cover(r.plan, path, write ? Access::Rw : Access::Ro);
  switch (c.kind) {
    case Covered::Unsandboxed: return out + "allowed: danger-full-access has no sandbox\n";
    case Covered::Hidden: return out + "denied: hidden (" + c.hidden->written + ": " + origin_text(*c.hidden) + ")\n";
    case Covered::ReadOnly:
    case Covered::NoGrant: return out + denied_text(r, c, path, write) + "\n";
    case Covered::Granted: break;
  }
  std::string answer;
  for (const Grant *g : c.grants) {
    std::string where = r.sources.where(g->loc);
    answer += std::string(answer.empty() ? "" : "; and ") + "allowed " + (write ? "for writing" : "for reading") +
              " by " + access_name(g->access) + " " + g->path + " (" + origin_text(*g) +
              (where.empty() ? "" : " at " + where) + ")";
  }
  return out + answer + "\n";
}

}  // namespace

}  // namespace llp
