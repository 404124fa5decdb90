// Group: the sandbox's findings become the fewest grants (a folder, not its
// files; a device alone; a leaf folder made before the rerun), each one
// checked by compiling it; a grant the compiler or the protection table
// (learn_refuse.h) refuses becomes a refusal on purpose.
#include "learn_report.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <set>
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

namespace {

// What makes two findings one. A path that changed under the call is a
// finding of its own: it never merges with (and so never hides or becomes)
// a real denial of that path.
std::tuple<int, std::string, std::string, long> key_of(const Finding &f) {
  return std::make_tuple(static_cast<int>(f.kind), f.path, f.path2 + (f.changed ? "\n(changed)" : ""), f.port);
}

}  // namespace

bool Learner::add_finding(Finding f, int error) {
  classify(r_, f, error);
  if (f.cause == Cause::Sandbox && f.port < 0 && f.output.empty()) narrow(f);
  auto [it, fresh] = index_.emplace(key_of(f), findings_.size());
  if (fresh) findings_.push_back(f);
  Finding &kept = findings_[it->second];
  ++kept.count;
  kept.programs.insert(f.programs.begin(), f.programs.end());
  return fresh;
}

// The audit way names the folder of a creation, not the entry; where the
// suggestion is the entry (an output, a tool's leaf in a shared folder),
// learn names it from a second run the ptrace way.
std::vector<std::string> Learner::unnamed_folders() const {
  std::vector<std::string> out;
  const Plan &p = r_.plan;
  for (const Finding &f : findings_) {
    if (!f.kernel || !f.folder || f.kind != LearnKind::Create) continue;
    bool carved = std::find(p.carved_folders.begin(), p.carved_folders.end(), f.path) != p.carved_folders.end() &&
                  is_within(f.path, p.workspace);
    // The workspace root of any mode: an escalation's output needs the entry.
    bool root = f.path == p.workspace;
    if ((carved || root || shared_folder(table_, f.path)) && std::find(out.begin(), out.end(), f.path) == out.end())
      out.push_back(f.path);
  }
  return out;
}

int Learner::add_names(const std::vector<TracedDenial> &traced) {
  const std::vector<std::string> folders = unnamed_folders();
  std::set<std::string> named;
  int added = 0;
  for (const TracedDenial &d : traced)
    for (Finding &f : findings_of(d)) {
      std::string folder = parent_path(f.path);
      if (f.kind != LearnKind::Create || std::find(folders.begin(), folders.end(), folder) == folders.end()) continue;
      named.insert(folder);
      if (add_finding(std::move(f), d.error)) ++added;
    }
  // Each folder's unnamed finding gives way to the entries named in it.
  std::erase_if(findings_, [&](const Finding &f) {
    return f.kernel && f.folder && f.kind == LearnKind::Create && named.count(f.path) > 0;
  });
  index_.clear();
  for (size_t i = 0; i < findings_.size(); ++i) index_.emplace(key_of(findings_[i]), i);
  return added;
}

// The narrowest grant that works, never one the protection table refuses
// (learn_refuse.h): a leaf folder a tool made inside a folder every tool
// shares, made before the rerun (by --write, or the one mkdir the report
// prints: the compiler never makes a folder a `rw` grant names, since a
// grant, from whatever policy, must stay a grant and never a creation); a file read or run alone when its folder
// cannot be granted; else refused on purpose, with the preset that covers it.
void Learner::narrow(Finding &f) const {
  RefusalKind kind = RefusalKind::NotOffered;
  auto refuse = [&](const std::string &reason) {
    f.cause = Cause::OnPurpose;
    f.reason = reason;
    f.refusal = kind;
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
    // A fresh home lacks the shared folder itself: the tool's mkdir -p
    // stopped there, before naming its own leaf. Made (never granted), the
    // next run names the leaf: one exact command instead of a guess.
    if (f.kind == LearnKind::Create && f.made == LearnMade::Folder && folder == f.path && !exists(folder))
      return hint + "; it does not exist yet: make it (--write makes it; never granted): mkdir -p " +
             shell_quoted(home_, folder) + ", then learn again: the next run names the tool's own folder in it";
    hint += "; or make the leaf folder the tool uses (mkdir -p " + shell_quoted(home_, join_path(folder, "TOOL")) +
            ") and learn again";
    if (f.folder) hint += " (the audit way names only the folder; --way ptrace names the entry)";
    return hint;
  };
  if (f.kind == LearnKind::Create && !f.folder && shared_folder(table_, f.path)) {
    refuse("never suggested: " + shown(f.path) + " is shared by every tool, never granted whole" + preset_hint(f.path));
    f.create_first = f.made == LearnMade::Folder && !exists(f.path);  // made by --write, never granted
    return;
  }
  if (f.kind == LearnKind::Create && !f.folder && f.made == LearnMade::Folder &&
      shared_folder(table_, parent_path(f.path))) {
    if (std::string refused = learn_refusal(table_, f.path, true, &kind); !refused.empty())
      return refuse("never suggested: " + refused);
    f.grant = f.path;
    f.create_first = true;
    return;
  }
  bool write = f.access == Access::Rw;
  std::string refused = learn_refusal(table_, f.grant, write, &kind);
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

// An output's shape: a folder ("NAME/") when a folder was being made, a
// file when a file was; when learn cannot tell, a folder only when other
// findings lie inside it. Its reason says the fix, and how it was told.
void Learner::shape_outputs() {
  for (Finding &f : findings_) {
    if (f.output.empty() || f.cause != Cause::Sandbox) continue;
    bool folder = f.made == LearnMade::Folder;
    std::string told;
    if (f.made == LearnMade::Unknown) {
      folder = std::any_of(findings_.begin(), findings_.end(), [&](const Finding &o) {
        bool inside = o.path != f.path && is_within(o.path, f.path);
        return inside || (!o.path2.empty() && o.path2 != f.path && is_within(o.path2, f.path));
      });
      told = folder ? "; learn cannot tell a folder from a file here: a folder, as other accesses reach inside it"
                    : "; learn cannot tell a folder from a file here: a file (NAME/ if the tool makes a folder there)";
    }
    if (folder && f.output.back() != '/') f.output += '/';
    f.grant = f.output;
    std::string entry;
    if (!toml_string(policy_literal(f.output), entry)) entry = "\"NAME\"";
    std::string where = parent_path(f.path) == r_.plan.workspace
                            ? "the workspace root is read-only so that .git stays protected"
                            : parent_path(f.path) + " is read-only, a folder on the way to a read-only exception";
    f.reason = where;
    f.reason += "; the fix is `outputs = [" + entry + "]` in the policy (made before each run, and writable), ";
    f.reason += "not a grant on the workspace" + told;
  }
}

void Learner::suggest() {
  shape_outputs();
  // A policy that sets `workspace` cannot be extended (only a main policy
  // may set it): its grants are then suggested unchecked, and --write refuses.
  if (o_.policy_is_file) unextendable_ = compiler_refusal(toml_file({}, ""));
  else unextendable_ = "the policy came on standard input or from --mode: there is no file to extend";
  std::map<std::pair<std::string, std::string>, Suggestion> by;
  for (Finding &f : findings_) {
    if (f.cause != Cause::Sandbox) continue;
    Suggestion s;
    if (f.port >= 0) {
      s.section = f.kind == LearnKind::Connect ? "connect" : "bind";
      s.port = f.port;
    } else if (!f.output.empty()) {
      s.section = "outputs";
      s.path = f.output;
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
    s.optional = s.port < 0 && s.section != "outputs" && !exists(s.path);
    if (!render(s)) continue;
    std::string refusal = unextendable_.empty() ? compiler_refusal(toml_file({&s}, "")) : alone_refusal(s);
    if (refusal.empty()) {
      ok.push_back(s);
      continue;
    }
    for (Finding *f : s.findings) {
      f->cause = Cause::OnPurpose;
      f->refusal = RefusalKind::NotOffered;
      f->reason = "the compiler refuses the grant " + s.section + " " + s.path + ": " + refusal;
    }
  }
  // A grant inside a wider accepted one of at least its access adds nothing.
  for (Suggestion &s : ok) {
    auto wider = std::find_if(ok.begin(), ok.end(), [&](const Suggestion &o) {
      bool paths = o.port < 0 && s.port < 0 && o.section != "outputs" && s.section != "outputs";
      if (&o == &s || !paths || !is_within(s.path, o.path)) return false;
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
  // An output needs the carve's writable workspace to lie in.
  std::string mode = s.section == "outputs" ? "workspace-write" : "custom";
  std::string refusal =
      compiler_refusal("version = 1\nmode = \"" + mode + "\"\nworkspace = " + workspace + "\n" + toml_body({&s}));
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
  CompileResult c =
      o_.compile_text(parent_path(o_.policy_file) + "/.learn-check-" + std::to_string(getpid()) + ".toml", text);
  if (c.ok) return {};
  const auto &all = c.diags.all();
  auto e = std::find_if(all.begin(), all.end(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
  return e != all.end() ? e->message : "it does not compile";
}

}  // namespace llp
