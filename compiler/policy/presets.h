// Built-in base policies: `extends = ["preset:NAME"]`. Each is a reviewed
// TOML text compiled into the binary, loaded as the user's own file named
// "preset:NAME": never read from the disk, so nothing in a workspace can
// stand in for one. A preset grants only what its tool writes outside the
// workspace (its caches) and, read-only, what it only reads there (its
// configuration, toolchains it runs), never a folder holding a secret nor a
// folder of binaries on the PATH writable; all optional, so that it narrows
// nothing and adds no error on a machine without the tool; it sets no mode
// and extends nothing. Its `outputs` (what the tool creates at the
// workspace root) apply only in a workspace holding its project file.
// Every preset is exercised by its real tool in tests/compiler/presets.sh.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

namespace llp {

inline constexpr std::string_view kPresetPrefix = "preset:";

// The text of preset NAME (without the prefix), or nullopt.
std::optional<std::string_view> preset_text(std::string_view name);

// Every preset's name, sorted.
const std::vector<std::string_view> &preset_names();

// The cache folders a preset's tool writes first, which a fresh HOME (a CI
// runner, a new user) does not have yet: each is one of the preset's rw
// entries, and is created before a run when it is missing (caches.h). Not
// every rw entry is one: ~/.ccache, for one, would change where ccache 4
// keeps its cache if it existed.
struct PresetCache {
  std::string_view preset;  // "go"
  std::string_view path;    // "~/.cache/go-build"
};
const std::vector<PresetCache> &preset_caches();

// A preset's `outputs` (target/, node_modules/, ...) are created only in a
// workspace whose root holds one of its tool's project files: a policy that
// extends preset:cargo and preset:npm does not fill a Python project with an
// empty Cargo.lock and node_modules/.
struct PresetProject {
  std::string_view preset;
  std::vector<std::string_view> files;  // "Cargo.toml"
};
const std::vector<PresetProject> &preset_projects();

}  // namespace llp
