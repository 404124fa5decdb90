// Render: the text report (stderr), the JSON report (--report) and the
// TOML lines of each grant, every name the command chose escaped.
#include "learn_report.h"

#include "../base/quote.h"
#include "../base/text.h"
#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

namespace {

// A JSON string of the printable() form: valid UTF-8 whatever the bytes,
// so json_string never refuses it.
std::string json_printable(const std::string &s) {
  std::string out;
  (void)json_string(printable(s), out);
  return out;
}

// ", " between the items of a list.
void append_item(std::string &list, const std::string &item) {
  if (!list.empty()) list += ", ";
  list += item;
}

}  // namespace

std::string Learner::toml_file(const std::vector<const Suggestion *> &list, const std::string &way) const {
  std::string base;
  (void)toml_string(o_.policy_file, base);
  return "# Written by landlock-policy learn" + (way.empty() ? std::string() : " (" + way + ")") +
         "; review every grant before use.\nversion = 1\nextends = [" + base + "]\n" + toml_body(list);
}

std::string Learner::toml_body(const std::vector<const Suggestion *> &list) {
  std::string out;
  for (const char *section : {"outputs", "ro", "rw"}) {
    std::string items;
    for (const Suggestion *s : list)
      if (s->section == section) items += "  " + s->toml + ",\n";
    if (!items.empty()) out += std::string(section) + " = [\n" + items + "]\n";
  }
  std::string net;
  for (const char *section : {"connect", "bind"}) {
    std::string ports;
    for (const Suggestion *s : list)
      if (s->section == section) append_item(ports, std::to_string(s->port));
    if (!ports.empty()) net += std::string(section) + " = [" + ports + "]\n";
  }
  if (!net.empty()) out += "\n[network]\n" + net;
  return out;
}

std::string Learner::text_report(const RunSummary &t) const {
  int counts[3] = {0, 0, 0};
  for (const Finding &f : findings_) ++counts[static_cast<int>(f.cause)];
  std::string out = "landlock-policy learn (" + t.way + "): the command exited " + std::to_string(t.status) + "; " +
                    std::to_string(counts[0]) + " denied by the sandbox, " + std::to_string(counts[1]) +
                    " refused on purpose, " + std::to_string(counts[2]) + " not the sandbox\n";
  if (t.not_recorded > 0)
    out += "note: " + std::to_string(t.not_recorded) + " more denials were only counted (the first " +
           std::to_string(kMaxTracedDenials) + " are reported)\n";
  if (t.left_running > 0 && t.way == "audit")
    out += "note: processes the command left running still held its sandbox " +
           std::to_string(kLeftRunningGraceSeconds) +
           " s after it exited; learning ended and they were killed, their later denials are not reported\n";
  else if (t.left_running > 0)
    out += "note: " + std::to_string(t.left_running) + " process(es) the command left running were still traced " +
           std::to_string(kLeftRunningGraceSeconds) + " s after it exited; learning ended and they were killed\n";
  for (const std::string &n : t.notes) out += "note: " + printable(n) + "\n";
  const char *titles[3] = {"denied by the sandbox:", "refused on purpose (never suggested):",
                           "not the sandbox (file permissions or another rule; not suggested):"};
  for (int c = 0; c < 3; ++c) {
    if (!counts[c]) continue;
    out += std::string(titles[c]) + "\n";
    for (const Finding &f : findings_) {
      if (static_cast<int>(f.cause) != c) continue;
      // Every field on one line of its own: a name the command chose
      // (a newline in a path) cannot start a line of the report.
      out += "  " + std::string(kind_name(f.kind)) + " " + printable(object(f)) + "  (" + std::to_string(f.count) +
             (f.count == 1 ? " time" : " times") + ", by " + printable(programs(f)) + ")\n";
      if (!f.reason.empty()) out += "    " + printable(f.reason) + "\n";
    }
  }
  if (!suggestions_.empty()) {
    out += "suggested policy change (paste into " + printable(o_.policy_file) + ", or use --write NEW.toml):\n";
    if (!unextendable_.empty())
      out += "  (checked alone, not with the policy: --write cannot extend it: " + printable(unextendable_) + ")\n";
    out += toml_body(pointers());
    for (const Suggestion &s : suggestions_)
      if (s.create_first && !exists(s.path))
        out += "before the rerun, make the leaf folder (--write makes it): mkdir " +
               printable(shell_quoted(home_, s.path)) + "\n";
  }
  return out;
}

std::string Learner::json_report(const RunSummary &t) const {
  std::string out = "{\n  \"schema\": \"landlock-policy-learn/2\",\n  \"method\": \"" + t.way +
                    "\",\n  \"policy\": " + json_printable(o_.policy_file) +
                    ",\n  \"mode\": " + json_printable(r_.plan.mode) + ",\n  \"status\": " + std::to_string(t.status) +
                    ",\n  \"left_running\": " + std::to_string(t.left_running) +
                    ",\n  \"not_recorded\": " + std::to_string(t.not_recorded) + ",\n  \"notes\": [";
  for (size_t i = 0; i < t.notes.size(); ++i) out += (i ? ", " : "") + json_printable(t.notes[i]);
  out += "],\n  \"denials\": [";
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding &f = findings_[i];
    out += std::string(i ? "," : "") + "\n    {\"cause\": \"" + cause_name(f.cause) + "\", \"access\": \"" +
           kind_name(f.kind) + "\"";
    if (f.port >= 0) out += ", \"port\": " + std::to_string(f.port);
    else out += ", \"path\": " + json_printable(f.path);
    if (!f.path2.empty()) out += ", \"path2\": " + json_printable(f.path2);
    if (f.folder) out += ", \"folder\": true";
    std::string program_list;
    for (const std::string &p : f.programs) append_item(program_list, json_printable(p));
    out += ", \"count\": " + std::to_string(f.count) + ", \"programs\": [" + program_list + "]";
    if (!f.reason.empty()) out += ", \"reason\": " + json_printable(f.reason);
    // Last, so /1's readers find each denial's fields in their old order.
    out += std::string(", \"source\": \"") + (f.kernel ? "audit" : "ptrace") + "\"}";
  }
  out += std::string(findings_.empty() ? "" : "\n  ") + "],\n  \"suggestions\": [";
  for (size_t i = 0; i < suggestions_.size(); ++i) {
    const Suggestion &s = suggestions_[i];
    out += std::string(i ? "," : "") + "\n    {\"section\": \"" + s.section + "\"";
    if (s.port >= 0) out += ", \"port\": " + std::to_string(s.port);
    else out += ", \"path\": " + json_printable(s.path) + ", \"optional\": " + (s.optional ? "true" : "false");
    out += ", \"why\": " + json_printable(why_text(s)) + ", \"toml\": " + json_printable(s.toml);
    if (s.create_first) out += ", \"create_first\": true";  // a leaf folder to make before the rerun
    out += "}";
  }
  out += std::string(suggestions_.empty() ? "" : "\n  ") + "],\n  \"escalation\": " + escalation_json(escalation()) +
         ",\n  \"refused\": [" + refused_json() + "]\n}\n";
  return out;
}

// The denials refused on purpose, each with its reason and reason_kind.
std::string Learner::refused_json() const {
  std::string out;
  for (const Finding &f : findings_) {
    if (f.cause != LearnCause::OnPurpose) continue;
    // A hidden or protected path that is a built-in secret says so.
    RefusalKind kind = f.refusal == RefusalKind::None ? RefusalKind::NotOffered : f.refusal;
    RefusalKind row = RefusalKind::None;
    if (f.port < 0 && !learn_refusal(table_, f.path, false, &row).empty() && row == RefusalKind::Secret) kind = row;
    out += std::string(out.empty() ? "" : ",") + "\n    {";
    if (f.port >= 0) out += "\"port\": " + std::to_string(f.port);
    else out += "\"path\": " + json_printable(f.path);
    out += ", \"access\": \"" + std::string(kind_name(f.kind)) + "\", \"reason\": " + json_printable(f.reason) +
           ", \"reason_kind\": \"" + refusal_kind_name(kind) + "\"}";
  }
  return out.empty() ? out : out + "\n  ";
}

std::string Learner::shown(const std::string &p) const {
  if (!home_.empty() && home_ != "/" && is_within(p, home_)) return "~" + p.substr(home_.size());
  return p;
}

std::string Learner::object(const Finding &f) {
  if (f.port >= 0) return "port " + std::to_string(f.port);
  if (f.folder) return (f.kind == LearnKind::Across ? "from " : "in ") + f.path;
  return f.path + (f.path2.empty() ? "" : " -> " + f.path2);
}

std::string Learner::programs(const Finding &f) {
  std::string out;
  for (const std::string &p : f.programs) {
    if (p.empty()) append_item(out, "?");
    else append_item(out, p);
  }
  return out;
}

std::string Learner::why_text(const Suggestion &s) {
  std::string out = "learned:";
  for (const std::string &r : s.reasons) out += " " + r + ",";
  out.pop_back();
  return out;
}

bool Learner::render(Suggestion &s) const {
  if (s.port >= 0) {
    s.toml = std::string("[network] ") + s.section + " = [" + std::to_string(s.port) + "]";
    return true;
  }
  std::string path;
  std::string reason;
  if (!toml_string(policy_literal(s.section == "outputs" ? s.path : shown(s.path)), path) ||
      !toml_string(why_text(s), reason))
    return false;
  s.toml = "{ path = " + path + (s.optional ? ", optional = true" : "") + ", why = " + reason + " }";
  return true;
}

}  // namespace llp
