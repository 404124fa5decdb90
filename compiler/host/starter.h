// `landlock-policy init --mode MODE`: a commented starter policy.
#pragma once
#include <optional>
#include <string>

namespace llp {

// The starter text for mode, or nullopt for an unknown mode.
std::optional<std::string> starter_policy(const std::string &mode);

}  // namespace llp
