#include "diag.h"

#include <algorithm>
#include <tuple>

#include "text.h"

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
  return static_cast<int>(
      std::count_if(list_.begin(), list_.end(), [&](const Diagnostic &d) { return d.severity == severity; }));
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

// The source line and a caret under loc.col. The line is printed escaped
// (a comment may hold ESC or C1 bytes); tabs become spaces so the caret
// lines up.
void snippet(std::string &out, const Sources &sources, const Loc &loc) {
  std::string text = sources.line_text(loc);
  if (text.empty()) return;
  std::replace(text.begin(), text.end(), '\t', ' ');
  std::string number = std::to_string(loc.line);
  std::string gutter(number.size(), ' ');
  out += " " + number + " | " + printable(text) + "\n";
  if (loc.col <= 0) return;
  // toml++ counts columns in bytes of the line; the caret goes under the
  // same character of the printed (escaped) line, one column per code point.
  std::string before = printable(text.substr(0, std::min(text.size(), static_cast<size_t>(loc.col - 1))));
  auto columns = static_cast<size_t>(std::count_if(
      before.begin(), before.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
  std::string pad(columns, ' ');
  out += " " + gutter + " | " + pad + "^\n";
}

std::string where_or_program(const Sources &sources, const Loc &loc) {
  std::string where = sources.where(loc);
  return where.empty() ? std::string("landlock-policy") : printable(where);
}

}  // namespace

const char *severity_label(Severity severity) { return label(severity); }
std::string where_printable(const Sources &sources, const Loc &loc) { return where_or_program(sources, loc); }

std::vector<const Diagnostic *> Diagnostics::sorted() const {
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
  return sorted;
}

bool shown(const Diagnostic &d, bool for_a_person) {
  if (d.severity == Severity::Error) return true;
  return d.concern == Concern::Run || for_a_person;
}

std::string Diagnostics::render(const Sources &sources, bool for_a_person) const {
  std::string out;
  for (const Diagnostic *dp : sorted()) {
    const Diagnostic &d = *dp;
    if (!shown(d, for_a_person)) continue;
    // Messages quote paths and policy text: escaped here, once, for all.
    out += where_or_program(sources, d.loc) + ": " + label(d.severity) + ": " + printable(d.message) + "\n";
    snippet(out, sources, d.loc);
    for (const Related &r : d.related) {
      out += where_or_program(sources, r.loc) + ": note: " + printable(r.message) + "\n";
      snippet(out, sources, r.loc);
    }
    if (!d.hint.empty()) out += "  hint: " + printable(d.hint) + "\n";
  }
  return out;
}

}  // namespace llp
