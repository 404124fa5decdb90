// Group: the sandbox's findings become the fewest grants (a folder, not its
// files; a device alone; a leaf folder made before the rerun), each one
// checked by compiling it; a grant the compiler or the protection table
// (learn_refuse.h) refuses becomes a refusal on purpose.
#include "learn_report.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <unistd.h>

#include "../base/quote.h"
#include "../plan/normalise.h"
#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

using Cause = LearnCause;

Learner::Learner(const CompileResult &r, const LearnOptions &o) : r_(r), o_(o) {
  if (!o.home.empty()) home_ = canonical_or_lexical(lexical_normalize(o.home));
  const char *path_env = std::getenv("PATH");
  table_ = refusal_table(o.home, path_env ? path_env : "", r.plan);
}

void Learner::add_finding(Finding f, int error) {
  classify(r_, f, error);
  if (f.cause == Cause::Sandbox && f.port < 0) narrow(f);
  // A path that changed under the call is a finding of its own: it never
  // merges with (and so never hides or becomes) a real denial of that path.
  auto key = std::make_tuple(static_cast<int>(f.kind), f.path, f.path2 + (f.changed ? "\n(changed)" : ""), f.port);
  auto [it, fresh] = index_.emplace(key, findings_.size());
  if (fresh) findings_.push_back(f);
  Finding &kept = findings_[it->second];
  ++kept.count;
  kept.programs.insert(f.programs.begin(), f.programs.end());
}

// The narrowest grant that works, never one the protection table refuses
// (learn_refuse.h): a leaf folder a tool made inside a folder every tool
// shares, made before the rerun; a file read or run alone when its folder
// cannot be granted; else refused on purpose, with the preset that covers it.
void Learner::narrow(Finding &f) const {
  auto refuse = [&](const std::string &reason) {
    f.cause = Cause::OnPurpose;
    f.reason = reason;
    f.grant.clear();
  };
  std::string program = f.programs.empty() ? std::string() : base_name(*f.programs.begin());
  auto preset_hint = [&](const std::string &folder) {
    std::vector<std::string> presets = presets_covering(table_, folder, program);
    std::string hint;
    if (!presets.empty()) {
      hint = "; the preset that covers it: ";
      for (size_t i = 0; i < presets.size(); ++i) {
        if (i > 0) hint += ", ";
        hint += presets[i];
      }
    }
    hint += "; or make the leaf folder the tool uses (mkdir -p " + shell_quoted(home_, join_path(folder, "TOOL")) +
            ") and learn again";
    if (f.folder) hint += " (the audit way names only the folder; --way ptrace names the entry)";
    return hint;
  };
  if (f.kind == LearnKind::Create && !f.folder && shared_folder(table_, f.path))
    return refuse("never suggested: " + shown(f.path) + " is shared by every tool, never granted whole" + preset_hint(f.path));
  if (f.kind == LearnKind::Create && !f.folder && f.made_folder && shared_folder(table_, parent_path(f.path))) {
    if (std::string refused = learn_refusal(table_, f.path, true); !refused.empty())
      return refuse("never suggested: " + refused);
    f.grant = f.path;
    f.create_first = true;
    return;
  }
  bool write = f.access == Access::Rw;
  std::string refused = learn_refusal(table_, f.grant, write);
  if (refused.empty()) return;
  // Read or run only: a file written alone in a folder that cannot be
  // granted (a dotfile in the home) may well be read later as configuration.
  bool on_file = f.kind == LearnKind::Read || f.kind == LearnKind::Execute;
  if (on_file && !f.folder && f.grant != f.path && is_regular(f.path) && learn_refusal(table_, f.path, write).empty()) {
    f.grant = f.path;  // the file alone, not its folder
    return;
  }
  std::string reason = "never suggested: " + refused;
  if (shared_folder(table_, f.grant)) reason += preset_hint(f.grant);
  refuse(reason);
}

void Learner::add(const TracedDenial &d) {
  bool pair = !d.path2.empty() && d.error != EXDEV;
  for (Finding &f : findings_of(d)) {
    // A rename or link fails as a whole: keep only the half no grant allows.
    if (pair && writable(parent_path(f.path))) continue;
    add_finding(std::move(f), d.error);
  }
}

void Learner::add(const AuditDenial &d) {
  for (Finding &f : findings_of(d)) add_finding(std::move(f), 0);
}

void Learner::suggest() {
  // A policy that sets `workspace` cannot be extended (only a main policy
  // may set it): its grants are then suggested unchecked, and --write refuses.
  unextendable_ = compiler_refusal(toml_file({}, ""));
  std::map<std::pair<std::string, std::string>, Suggestion> by;
  for (Finding &f : findings_) {
    if (f.cause != Cause::Sandbox) continue;
    Suggestion s;
    if (f.port >= 0) {
      s.section = f.kind == LearnKind::Connect ? "connect" : "bind";
      s.port = f.port;
    } else {
      s.section = access_name(f.access);
      s.path = f.grant;
    }
    Suggestion &kept = by.emplace(std::make_pair(s.section, s.path + std::to_string(s.port)), s).first->second;
    for (const std::string &prog : f.programs)
      kept.reasons.insert((prog.empty() ? std::string("?") : base_name(prog)) + " " + kind_name(f.kind));
    kept.findings.push_back(&f);
    kept.create_first = kept.create_first || f.create_first;
  }
  std::vector<Suggestion> all;
  all.reserve(by.size());
  for (auto &[key, s] : by) all.push_back(std::move(s));
  // Each grant alone must compile: what the compiler refuses (a writable
  // grant containing home, a protected path...) is refused on purpose.
  std::vector<Suggestion> ok;
  for (Suggestion &s : all) {
    s.optional = s.port < 0 && !exists(s.path);
    if (!render(s)) continue;
    std::string refusal = unextendable_.empty() ? compiler_refusal(toml_file({&s}, "")) : alone_refusal(s);
    if (refusal.empty()) {
      ok.push_back(s);
      continue;
    }
    for (Finding *f : s.findings) {
      f->cause = Cause::OnPurpose;
      f->reason = "the compiler refuses the grant " + s.section + " " + s.path + ": " + refusal;
    }
  }
  // A grant inside a wider accepted one of at least its access adds nothing.
  for (Suggestion &s : ok) {
    auto wider = std::find_if(ok.begin(), ok.end(), [&](const Suggestion &o) {
      if (&o == &s || o.port >= 0 || s.port >= 0 || !is_within(s.path, o.path)) return false;
      if (s.section == "rw" && o.section == "ro") return false;
      return o.path != s.path || (o.section == "rw" && s.section == "ro");
    });
    if (wider == ok.end()) continue;
    wider->reasons.insert(s.reasons.begin(), s.reasons.end());
    s.section.clear();
  }
  for (Suggestion &s : ok)
    if (!s.section.empty() && render(s)) suggestions_.push_back(s);
}

std::vector<const Suggestion *> Learner::pointers() const {
  std::vector<const Suggestion *> list(suggestions_.size());
  std::transform(suggestions_.begin(), suggestions_.end(), list.begin(), [](const Suggestion &s) { return &s; });
  return list;
}

// Whether every layer grants the folder writable already.
bool Learner::writable(const std::string &folder) const {
  const Plan &p = r_.plan;
  if (!covering_grant(p.outer.grants, folder, Access::Rw)) return false;
  return !p.nested || covering_grant(p.inner.grants, folder, Access::Rw);
}

// When the original cannot be extended: the grant in a policy of its own
// (the compiler's rules for /, home and the built-in protected paths),
// and the original's protected paths, each way.
std::string Learner::alone_refusal(const Suggestion &s) const {
  std::string workspace;
  if (!toml_string(r_.plan.workspace, workspace)) return "the workspace is not UTF-8";
  std::string refusal =
      compiler_refusal("version = 1\nmode = \"custom\"\nworkspace = " + workspace + "\n" + toml_body({&s}));
  if (!refusal.empty() || s.section != "rw") return refusal;
  for (const Protected &entry : r_.plan.protected_entries) {
    const std::string &prot = entry.path;
    if (is_within(s.path, prot) || is_within(prot, s.path)) return "protected: " + protected_text(entry);
  }
  return {};
}

// "" when the policy compiles, else its first error.
std::string Learner::compiler_refusal(const std::string &text) const {
  // A name of its own: never the policy it extends (that would be a cycle).
  CompileResult c = o_.compile_text(parent_path(o_.policy_file) + "/.learn-check-" + std::to_string(getpid()) + ".toml", text);
  if (c.ok) return {};
  const auto &all = c.diags.all();
  auto e = std::find_if(all.begin(), all.end(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
  return e != all.end() ? e->message : "it does not compile";
}


}  // namespace llp
