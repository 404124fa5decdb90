// The project's version and the launcher source this compiler was built
// against (both set by compiler.mk from VERSION and the launcher's SHA-256).
#pragma once

namespace llp {
extern const char *const kVersion;
extern const char *const kLauncherSourceSha256;
}  // namespace llp
