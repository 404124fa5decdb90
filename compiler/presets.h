// Built-in base policies: `extends = ["preset:NAME"]`. Each is a reviewed
// TOML text compiled into the binary, loaded as a trusted file named
// "preset:NAME": never read from the disk, so nothing in a workspace can
// stand in for one. A preset grants only what its tool writes outside the
// workspace (its caches) and, read-only, what it only reads there (its
// configuration, toolchains it runs), never a folder holding a secret nor a
// folder of binaries on the PATH writable; all optional, so that it narrows
// nothing and adds no error on a machine without the tool; it sets no mode
// and extends nothing.
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

}  // namespace llp
