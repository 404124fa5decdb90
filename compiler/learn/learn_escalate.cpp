// Escalate: what, added to the run's policy, would have allowed exactly the
// sandbox's denials (the JSON report's "escalation", issue 32): the
// suggestions that cover them (outputs, leaf grants, ports), and, only for
// a read-only run whose writes in the workspace no narrower grant allows,
// mode = "workspace-write" (with the outputs its carved root needs), when
// the same policy compiled in that mode allows them. Never
// danger-full-access; never a path the protection table, the hidden list,
// a carve exception or the secrets hold: those denials are refused.
#include "learn_report.h"

#include <algorithm>
#include <iterator>
#include <optional>

#include "../base/quote.h"
#include "../base/text.h"
#include "../out/explain.h"
#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

namespace {

constexpr char kWorkspaceWrite[] = "workspace-write";

bool meets(const std::string &a, const std::string &b) { return is_within(a, b) || is_within(b, a); }

template <typename T>
void add_once(std::vector<T> &list, const T &item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

void add_suggestion(Escalation &e, const Suggestion &s) {
  if (s.section == "outputs") add_once(e.outputs, s.path);
  else if (s.section == "rw") add_once(e.rw, s.path);
  else if (s.section == "ro") add_once(e.ro, s.path);
  else if (s.section == "connect") add_once(e.connect, s.port);
  else if (s.section == "bind") add_once(e.bind, s.port);
}

bool in_folder(LearnKind k) { return k == LearnKind::Create || k == LearnKind::Remove || k == LearnKind::Across; }

// Whether the workspace-write plan allows f's write; output: the outputs
// entry it needs for a new entry at the carved workspace root ("NAME/"
// for a folder), else "".
bool allowed_in(const Plan &ww, const Finding &f, std::string &output) {
  if (f.port >= 0) return false;
  const std::string target = in_folder(f.kind) ? folder_of(f) : f.path;
  const bool carved_folder =
      std::find(ww.carved_folders.begin(), ww.carved_folders.end(), target) != ww.carved_folders.end();
  if (carved_folder) {
    // The audit way may name only the folder: no entry, no output.
    if (f.kind != LearnKind::Create || f.folder || target != ww.workspace || f.path.size() <= target.size() + 1)
      return false;
    if (std::any_of(ww.carved.begin(), ww.carved.end(), [&](const Carved &c) { return meets(f.path, c.path); }))
      return false;
    output = f.path.substr(target.size() + 1);
    if (printable(output) != output) return false;
    if (f.made == LearnMade::Folder) output += "/";
    return true;
  }
  const Coverage c = cover(ww, target, Access::Rw);
  return c.kind == Covered::Granted && !c.carved && !c.protection && !c.hidden;
}

// A TOML array of strings, every item escaped.
std::string toml_list(const std::vector<std::string> &items) {
  std::string out;
  for (const std::string &item : items) {
    std::string quoted;
    if (!toml_string(policy_literal(item), quoted)) continue;
    out += (out.empty() ? "" : ", ") + quoted;
  }
  return "[" + out + "]";
}

std::string json_list(const std::vector<std::string> &items) {
  std::string out;
  for (const std::string &item : items) {
    std::string quoted;
    (void)json_string(item, quoted);  // printable already (Learner::offered)
    out += (out.empty() ? "" : ", ") + quoted;
  }
  return "[" + out + "]";
}

std::string port_list(const std::vector<long> &ports) {
  std::string out;
  for (long port : ports) out += (out.empty() ? "" : ", ") + std::to_string(port);
  return "[" + out + "]";
}

}  // namespace

// The accepted suggestion that allows f, or nullptr.
const Suggestion *Learner::suggestion_for(const Finding &f) const {
  for (const Suggestion &s : suggestions_) {
    if (f.port >= 0) {
      if (s.port == f.port && s.section == (f.kind == LearnKind::Connect ? "connect" : "bind")) return &s;
    } else if (!f.output.empty()) {
      if (s.section == "outputs" && s.path == f.output) return &s;
    } else if (s.port < 0 && s.section != "outputs" && !f.grant.empty() && is_within(f.grant, s.path) &&
               (s.section == "rw" || f.access == Access::Ro)) {
      return &s;
    }
  }
  return nullptr;
}

// Whether a suggestion may go into an escalation: a port or an output, or
// a grant that no refusal row, hidden path, protected path or carve
// exception (carve: the run's and workspace-write's) is, holds or lies in.
bool Learner::offered(const Suggestion &s, const std::vector<std::string> &carve) const {
  if (s.port >= 0) return true;
  // A name that printing would change (a control byte, invalid UTF-8) is
  // never offered: the policy shown would not be the policy granted.
  if (printable(s.path) != s.path) return false;
  if (s.section == "outputs") return true;
  const bool write = s.section == "rw";
  if (!learn_refusal(table_, s.path, write).empty()) return false;
  const Plan &p = r_.plan;
  if (std::any_of(p.hidden.begin(), p.hidden.end(), [&](const Hidden &h) { return meets(s.path, h.path); }))
    return false;
  if (!write) return true;
  if (std::any_of(carve.begin(), carve.end(), [&](const std::string &c) { return meets(s.path, c); })) return false;
  return std::none_of(p.protected_entries.begin(), p.protected_entries.end(),
                      [&](const Protected &entry) { return meets(s.path, entry.path); });
}

Escalation Learner::escalation() const {
  Escalation e;
  const Plan &p = r_.plan;
  if (!p.sandboxed) return e;  // danger-full-access is never an escalation
  std::optional<CompileResult> ww;
  if (o_.compile_in_mode && p.mode != kWorkspaceWrite) ww = o_.compile_in_mode(kWorkspaceWrite);
  std::vector<std::string> carve;
  auto carved_paths = [&carve](const std::vector<Carved> &list) {
    std::transform(list.begin(), list.end(), std::back_inserter(carve), [](const Carved &c) { return c.path; });
  };
  carved_paths(p.carved);
  if (ww && ww->ok) carved_paths(ww->plan.carved);
  std::vector<size_t> need_mode;
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding &f = findings_[i];
    if (f.cause != LearnCause::Sandbox) continue;
    const Suggestion *s = suggestion_for(f);
    if (s && offered(*s, carve)) {
      add_suggestion(e, *s);
      e.covers.push_back(i);
    } else if (p.mode == "read-only") {
      need_mode.push_back(i);
    }
  }
  if (!ww || !ww->ok) return e;
  for (size_t i : need_mode) {
    std::string output;
    if (!allowed_in(ww->plan, findings_[i], output)) continue;
    if (!output.empty()) add_once(e.outputs, output);
    e.mode = kWorkspaceWrite;
    e.covers.push_back(i);
  }
  std::sort(e.covers.begin(), e.covers.end());
  return e;
}

std::string Learner::escalation_toml(const Escalation &e) {
  std::string out;
  if (!e.mode.empty()) out += "mode = \"" + e.mode + "\"\n";
  if (!e.outputs.empty()) out += "outputs = " + toml_list(e.outputs) + "\n";
  if (!e.rw.empty()) out += "rw = " + toml_list(e.rw) + "\n";
  if (!e.ro.empty()) out += "ro = " + toml_list(e.ro) + "\n";
  if (!e.connect.empty() || !e.bind.empty()) out += "[network]\n";
  if (!e.connect.empty()) out += "connect = " + port_list(e.connect) + "\n";
  if (!e.bind.empty()) out += "bind = " + port_list(e.bind) + "\n";
  return out;
}

std::string Learner::escalation_json(const Escalation &e) {
  if (e.covers.empty()) return "null";
  std::string policy;
  auto key = [&policy](const char *name, const std::string &value) {
    policy += (policy.empty() ? "\"" : ", \"") + std::string(name) + "\": " + value;
  };
  if (!e.mode.empty()) key("mode", "\"" + e.mode + "\"");
  if (!e.outputs.empty()) key("outputs", json_list(e.outputs));
  if (!e.rw.empty()) key("rw", json_list(e.rw));
  if (!e.ro.empty()) key("ro", json_list(e.ro));
  if (!e.connect.empty()) key("connect", port_list(e.connect));
  if (!e.bind.empty()) key("bind", port_list(e.bind));
  std::string toml;
  (void)json_string(escalation_toml(e), toml);
  std::string covers;
  for (size_t i : e.covers) covers += (covers.empty() ? "" : ", ") + std::to_string(i);
  return "{\"policy\": {" + policy + "}, \"toml\": " + toml + ", \"covers\": [" + covers + "]}";
}

}  // namespace llp
