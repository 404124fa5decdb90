// What a project policy tried that would widen the user's policy: dropped
// by the stage that found it, kept as a value (what kind, and the data
// that kind needs), and reported once when every stage has run, as a
// warning (an error under `strict`). out/state_text.cpp is the one place
// a widening becomes text; out/widenings.cpp reports them, sorted and
// unique by value.
#pragma once
#include <string>
#include <tuple>
#include <utility>

#include "../base/diag.h"

namespace llp {

enum class WideningKind {
  Grant,              // a ro or rw grant (text) beyond what the user's cover (rw, only_ro) (trust)
  ProtectedGrant,     // a writable grant (text, path) over a protected path (why: protect's words) (protect)
  Setting,            // a schema row (table, key) a project policy may not set; text: the entry, "" for a setting
  UnixSocket,         // a [network] unix socket (text) beyond the user's (network)
  Port,               // a port (port) of the list `key` (connect, bind, ...) the user does not grant (network)
  ExecutableOutput,   // executable_outputs (text) naming an output of the user's policy
  OutputInReadOnly,   // an output (text) over the user's ro grant (path: as that grant was written)
  OutputNotWritable,  // an output (text) outside what the user's policy makes writable
  OutputCarved,       // an output (text, path) over a carve exception (why: the carve's words)
};

struct Widening {
  WideningKind kind = WideningKind::Grant;
  Loc loc;
  std::string table;     // Setting: the row's table ("" at the top level)
  std::string key;       // Setting: the row's key; Port: the port list
  std::string text;      // the entry as the project's file wrote it
  std::string path;      // ProtectedGrant, OutputCarved: where it resolved; OutputInReadOnly: the ro grant
  long port = 0;         // Port
  bool rw = false;       // Grant: rw (else ro)
  bool only_ro = false;  // Grant: the user's policy grants ro there
  // ProtectedGrant, OutputCarved: what the stage that judged it says about
  // the path, as it says it to the user's own entries. Left out of the
  // comparisons: it follows from the fields above (the run's protected
  // paths and carve are fixed), and a message is never compared.
  std::string why;

  // A widening of `kind` at loc about the entry as the project wrote it
  // (text); the stage that finds it sets the data its kind needs.
  static Widening of(WideningKind kind, Loc loc, std::string text) {
    Widening w;
    w.kind = kind;
    w.loc = loc;
    w.text = std::move(text);
    return w;
  }

  // What tells two widenings apart: where, then what.
  auto identity() const {
    return std::tie(loc.file, loc.line, loc.col, kind, table, key, text, path, port, rw, only_ro);
  }
  bool operator==(const Widening &other) const { return identity() == other.identity(); }
  bool operator<(const Widening &other) const { return identity() < other.identity(); }
};

}  // namespace llp
