#include "diag.h"

#include <algorithm>
#include <tuple>

namespace llp {

int Sources::add(SourceFile file) {
  files_.push_back(std::move(file));
  return size() - 1;
}

std::string Sources::where(const Loc &loc) const {
  if (loc.file < 0 || loc.file >= size()) return {};
  std::string out = file(loc.file).name;
  if (loc.line > 0) out += ":" + std::to_string(loc.line);
  if (loc.line > 0 && loc.col > 0) out += ":" + std::to_string(loc.col);
  return out;
}

std::string Sources::line_text(const Loc &loc) const {
  if (loc.file < 0 || loc.file >= size() || loc.line <= 0) return {};
  const std::string &text = file(loc.file).text;
  size_t start = 0;
  for (int line = 1; line < loc.line; ++line) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  size_t end = text.find('\n', start);
  std::string out = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

Diagnostic &Diagnostics::add(Severity severity, Loc loc, std::string message, std::string hint) {
  list_.push_back({severity, loc, std::move(message), std::move(hint), {}});
  return list_.back();
}
Diagnostic &Diagnostics::error(Loc loc, std::string message, std::string hint) {
  return add(Severity::Error, loc, std::move(message), std::move(hint));
}
Diagnostic &Diagnostics::warning(Loc loc, std::string message, std::string hint) {
  return add(Severity::Warning, loc, std::move(message), std::move(hint));
}
Diagnostic &Diagnostics::note(Loc loc, std::string message, std::string hint) {
  return add(Severity::Note, loc, std::move(message), std::move(hint));
}
Diagnostic &Diagnostics::strict_warning(bool strict, Loc loc, std::string message, std::string hint) {
  if (strict) message += " (an error under strict = true)";
  return add(strict ? Severity::Error : Severity::Warning, loc, std::move(message), std::move(hint));
}

bool Diagnostics::has_errors() const { return count(Severity::Error) > 0; }

int Diagnostics::count(Severity severity) const {
  return static_cast<int>(std::count_if(list_.begin(), list_.end(),
                                        [&](const Diagnostic &d) { return d.severity == severity; }));
}

namespace {

const char *label(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

// The source line and a caret under loc.col; tabs are kept so the caret lines up.
void snippet(std::string &out, const Sources &sources, const Loc &loc) {
  std::string text = sources.line_text(loc);
  if (text.empty()) return;
  std::string number = std::to_string(loc.line);
  std::string gutter(number.size(), ' ');
  out += " " + number + " | " + text + "\n";
  if (loc.col <= 0) return;
  std::string pad;
  // toml++ counts columns in bytes of the line; keep tabs as tabs for alignment.
  for (int i = 0; i + 1 < loc.col && static_cast<size_t>(i) < text.size(); ++i)
    pad += text[static_cast<size_t>(i)] == '\t' ? '\t' : ' ';
  out += " " + gutter + " | " + pad + "^\n";
}

}  // namespace

std::string Diagnostics::render(const Sources &sources) const {
  // In file and line order, as a compiler would print them; diagnostics
  // without a position (command line, environment) come last.
  std::vector<const Diagnostic *> sorted(list_.size());
  std::transform(list_.begin(), list_.end(), sorted.begin(), [](const Diagnostic &d) { return &d; });
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic *a, const Diagnostic *b) {
    auto key = [](const Diagnostic *d) {
      return std::make_tuple(d->loc.file < 0 ? 1 << 30 : d->loc.file, d->loc.line, d->loc.col);
    };
    return key(a) < key(b);
  });
  std::string out;
  for (const Diagnostic *dp : sorted) {
    const Diagnostic &d = *dp;
    std::string where = sources.where(d.loc);
    out += (where.empty() ? std::string("landlock-policy") : where) + ": " + label(d.severity) + ": " +
           d.message + "\n";
    snippet(out, sources, d.loc);
    for (const Related &r : d.related) {
      std::string rwhere = sources.where(r.loc);
      out += (rwhere.empty() ? std::string("landlock-policy") : rwhere) + ": note: " + r.message + "\n";
      snippet(out, sources, r.loc);
    }
    if (!d.hint.empty()) out += "  hint: " + d.hint + "\n";
  }
  return out;
}

}  // namespace llp
