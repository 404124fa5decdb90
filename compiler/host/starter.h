// `landlock-policy init --mode MODE`: a commented starter policy.
#pragma once
#include <map>
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

// Where `init` writes: a NAME (no slash) goes to
// ~/.config/landlock-policy/NAME.toml, outside every folder a mode makes
// writable; a FILE (with a slash) where it says, unless it lies inside the
// workspace (the current folder, the default), ${TMPDIR}, /tmp or /dev/shm.
// "" with why set when it is refused.
std::string init_target(const std::string &cwd, const std::map<std::string, std::string> &env, const std::string &arg,
                        std::string &why);

}  // namespace llp
