// `landlock-policy init --mode MODE`: a commented starter policy.
#pragma once
#include <string>
#include <string_view>

namespace llp {

// The starter text around a mode's paragraph (plan/modes.h: Mode::starter).
std::string starter_policy(std::string_view mode_paragraph);

}  // namespace llp
