// Pinning: where the launcher the argv names exists on this machine, run its
// --version and refuse a mismatch before anything is emitted.
#pragma once
#include <string>

namespace llp {

// "" when the launcher is absent (nothing to check) or matches; otherwise why not.
std::string check_launcher_version(const std::string &launcher, const std::string &version,
                                   const std::string &source_sha256);

}  // namespace llp
