// Diagnostics that look like a compiler's: file:line:col, the source line,
// a caret and a hint. Collected, never thrown, so one run reports every
// problem it finds instead of stopping at the first.
#pragma once
#include <string>
#include <vector>

#include "provenance.h"

namespace llp {

// A position in one of the loaded policy files; file < 0 means "no file"
// (the command line, the environment, a built-in default).
struct Loc {
  int file = -1;
  int line = 0;  // 1-based; 0: the whole file
  int col = 0;   // 1-based
};

struct SourceFile {
  std::string name;  // as the user spelled it, so messages match what they typed
  std::string text;
  Provenance provenance = Provenance::User;  // Project: it may only narrow
  std::string project_because;               // Project, for explain: "named by `project`", "reached through ..."
};

class Sources {
 public:
  int add(SourceFile file);
  const SourceFile &file(int index) const { return files_.at(static_cast<size_t>(index)); }
  SourceFile &file(int index) { return files_.at(static_cast<size_t>(index)); }
  int size() const { return static_cast<int>(files_.size()); }
  // "policy.toml:12:7" (or less, as much as is known); empty for no file.
  std::string where(const Loc &loc) const;
  // The text of loc's line without its newline; empty if unknown.
  std::string line_text(const Loc &loc) const;

 private:
  std::vector<SourceFile> files_;
};

enum class Severity { Error, Warning, Note };

// What a diagnostic is about. Run: the policy and the run it describes.
// Environment: the machine around the run, not something the policy chose
// (a clone another checkout left in the shared ${TMPDIR}). A warning about
// the environment is for a person: printed on a terminal and with
// --diagnostics gcc (an editor's), kept out of npm's `warnings` (a pipe) and
// out of CI annotations; an error is always printed, whatever it is about.
enum class Concern { Run, Environment };

struct Related {
  Loc loc;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  Loc loc;
  std::string message;
  std::string hint;
  std::vector<Related> related;  // "the rw grant is here", shown with its own snippet
  Concern concern = Concern::Run;
};

// Whether d is printed where the reader is a person (on_terminal: stderr is
// a terminal) or a program (a harness reading a pipe, a CI runner).
bool shown(const Diagnostic &d, bool for_a_person);

// "error", "warning" or "note".
const char *severity_label(Severity severity);
// "policy.toml:12:7", escaped, or "landlock-policy" when loc names no file.
std::string where_printable(const Sources &sources, const Loc &loc);

class Diagnostics {
 public:
  Diagnostic &error(Loc loc, std::string message, std::string hint = {});
  Diagnostic &warning(Loc loc, std::string message, std::string hint = {});
  Diagnostic &note(Loc loc, std::string message, std::string hint = {});
  // A warning that `strict = true` turns into an error.
  Diagnostic &strict_warning(bool strict, Loc loc, std::string message, std::string hint = {});
  bool has_errors() const;
  int count(Severity severity) const;
  const std::vector<Diagnostic> &all() const { return list_; }
  // Every diagnostic shown() for_a_person, in sorted() order.
  std::string render(const Sources &sources, bool for_a_person = true) const;
  // Every diagnostic in the order render() prints them: file and line order,
  // those without a position last.
  std::vector<const Diagnostic *> sorted() const;

 private:
  Diagnostic &add(Severity severity, Loc loc, std::string message, std::string hint);
  std::vector<Diagnostic> list_;
};

}  // namespace llp
