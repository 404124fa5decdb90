#include "annotate.h"

#include "../base/quote.h"
#include "../base/text.h"

namespace llp {

bool parse_diag_format(std::string_view name, DiagFormat &out) {
  for (const DiagFormatName &row : kDiagFormats) {
    if (row.name != name) continue;
    out = row.format;
    return true;
  }
  return false;
}

namespace {

const char *github_command(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "notice";
  }
  return "error";
}

std::string gcc_line(const Sources &sources, const Loc &loc, const char *label, const std::string &message) {
  return where_printable(sources, loc) + ": " + label + ": " + printable(message) + "\n";
}

// Whether name lies under root; if so, relative is its path from root.
bool under_root(const std::string &name, const std::string &root, std::string &relative) {
  if (root.empty() || name.size() <= root.size() || name.compare(0, root.size(), root) != 0) return false;
  if (root.back() == '/') {
    relative = name.substr(root.size());
    return true;
  }
  if (name[root.size()] != '/') return false;
  relative = name.substr(root.size() + 1);
  return true;
}

// Whether loc names a file the runner can place an annotation on: with a
// repository root, only a file inside it (a policy copied to RUNNER_TEMP,
// or written there from the workflow's text, is not in the repository).
bool placeable(const Sources &sources, const Loc &loc, const std::string &root) {
  if (loc.file < 0 || loc.file >= sources.size()) return false;
  std::string relative;
  return root.empty() || under_root(sources.file(loc.file).name, root, relative);
}

// The properties of a workflow command: file, line, col, title.
std::string github_properties(const Sources &sources, const Loc &loc, const std::string &root) {
  std::string props;
  if (placeable(sources, loc, root)) {
    std::string name = sources.file(loc.file).name;
    std::string relative;
    if (under_root(name, root, relative)) name = relative;
    props += "file=" + github_escape_property(printable(name)) + ",";
    if (loc.line > 0) props += "line=" + std::to_string(loc.line) + ",";
    if (loc.line > 0 && loc.col > 0) props += "col=" + std::to_string(loc.col) + ",";
  }
  return props + "title=landlock-policy";
}

}  // namespace

std::string render_diagnostics(const Diagnostics &diags, const Sources &sources, DiagFormat format,
                               const std::string &repository_root, bool to_terminal) {
  if (format == DiagFormat::Text) return diags.render(sources, to_terminal);
  std::string out;
  for (const Diagnostic *dp : diags.sorted()) {
    const Diagnostic &d = *dp;
    const bool for_a_person = format == DiagFormat::Gcc;
    if (!shown(d, for_a_person)) continue;
    if (format == DiagFormat::Gcc) {
      out += gcc_line(sources, d.loc, severity_label(d.severity), d.message);
      for (const Related &r : d.related) out += gcc_line(sources, r.loc, "note", r.message);
      if (!d.hint.empty()) out += gcc_line(sources, d.loc, "note", "hint: " + d.hint);
      continue;
    }
    // One workflow command per diagnostic: the related notes and the hint
    // are further lines of its message (%0A), so the annotation shows them
    // together. Everything is printable() first: no raw control byte, and
    // no newline can end the command early and start another one.
    // Outside the repository: no file property, the place in the message.
    std::string message = placeable(sources, d.loc, repository_root) || d.loc.file < 0
                              ? printable(d.message)
                              : where_printable(sources, d.loc) + ": " + printable(d.message);
    for (const Related &r : d.related)
      message += "\n" + where_printable(sources, r.loc) + ": note: " + printable(r.message);
    if (!d.hint.empty()) message += "\nhint: " + printable(d.hint);
    out += std::string("::") + github_command(d.severity) + " " + github_properties(sources, d.loc, repository_root) +
           "::" + github_escape_data(message) + "\n";
  }
  return out;
}

}  // namespace llp
