// `landlock-policy init --mode MODE`: a commented starter policy, template
// text (where it is written: cli/init.h).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace llp {

// What init found at the workspace root, for a mode that declares the
// builds' outputs by itself (plan/detect.h).
struct StarterProject {
  bool looked = false;               // the mode detects: say what it declares
  std::vector<std::string> presets;  // "cargo": written as extends
  std::vector<std::string> outputs;  // "target/  (Cargo.toml)": escaped, for the comments
};

// The starter text around a mode's paragraph (plan/modes.h: Mode::starter).
std::string starter_policy(std::string_view mode_paragraph, const StarterProject &project = {});

}  // namespace llp
