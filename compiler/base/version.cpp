#include "version.h"

#ifndef LLP_VERSION
#define LLP_VERSION "0.0.0-dev"
#endif
#ifndef LLP_LAUNCHER_SHA256
#define LLP_LAUNCHER_SHA256 "unknown"
#endif

namespace llp {
const char *const kVersion = LLP_VERSION;
const char *const kLauncherSourceSha256 = LLP_LAUNCHER_SHA256;
}  // namespace llp
