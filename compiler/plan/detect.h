// The builds workspace-write knows by itself: one table of the marker files
// a build system keeps at the workspace root, and the outputs that build
// makes inside the workspace (`target/` and `Cargo.lock` where Cargo.toml
// is). The mode declares them (Mode::detect_outputs, the policy key
// `detect_outputs` turns it off); they then go through a written output's
// checks (outputs.h), with origin Detected, and where a written one would be
// refused (a carve exception, a protected path, your own `ro` on the same
// folder, something else in its place) a detected one yields silently.
// Never a grant outside the workspace, never a cache under the home folder
// (those stay opt-in through the presets: the repository is an attacker).
//
// The table also names the preset `init` writes for each build, and is
// rendered into docs/policy-format.md (builds_markdown(); a unit test checks
// that they agree).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../host/project.h"
#include "../policy/context.h"
#include "modes.h"

namespace llp {

// When a row applies, besides one of its markers being at the root.
enum class BuildWhen {
  Always,
  Npm,         // package.json, and npm is the package manager (the default)
  Pnpm,        // packageManager names pnpm, or pnpm-lock.yaml is there
  Yarn1,       // packageManager names yarn@1, or yarn.lock is there
  YarnBerry,   // packageManager names yarn 2 or later
  GoMain,      // a .go file at the root is `package main`: `go build` writes a binary
  RootPython,  // a .py file at the root: Python writes its bytecode beside it
};

// An output whose name is read from a marker file, not written in the row.
enum class BuildDerived {
  None,
  GoBinary,  // the last element of go.mod's module path (a major version suffix skipped), executable
};

struct BuildRow {
  std::string_view build;    // "Cargo": what the docs call it
  std::string_view markers;  // "a|b"; one `*` matches any run: "requirements*.txt"
  BuildWhen when;
  BuildDerived derived;
  std::string_view outputs;  // "target/|Cargo.lock": a trailing / declares a folder
  std::string_view preset;   // what `init` extends ("" for none): the tool's caches under the home folder
  std::string_view note;     // the docs' remark
};

std::span<const BuildRow> build_rows();

struct DetectedOutput {
  std::string written;  // "build/", "Cargo.lock", the go binary's name
  std::string marker;   // the marker file found ("CMakeLists.txt", "requirements-dev.txt")
  bool executable = false;
};

struct Detection {
  std::vector<DetectedOutput> outputs;  // in the table's order, each once (the first row's marker)
  std::vector<std::string> presets;     // the rows' presets, in the table's order, each once
  std::vector<std::string> warnings;    // a go.mod module whose binary is not declared; escaped
};

// What the table detects at a root (pure: the root as looked at).
Detection detect_builds(const ProjectRoot &root);

// The binary `go build` writes for go.mod's text: its name, or "" with why
// set when the module path is not one go accepts or the name is not a plain
// one that may be created at the root (a carve exception, a marker or
// output of the table). why is "" when go.mod names no module.
std::string go_binary_name(const std::string &go_mod, std::string &why);

// The detected outputs of this compile: none unless `detect_outputs` (the
// mode's default, else the policy's) holds, the target is the host and
// there is a workspace. Warns, escaped, about a go.mod module it ignores.
std::vector<DetectedOutput> detected_outputs(const Context &ctx, const Layer &both, const Mode &mode);

// The table as docs/policy-format.md shows it.
std::string builds_markdown();

}  // namespace llp
