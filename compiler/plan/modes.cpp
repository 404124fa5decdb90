#include "modes.h"

#include <algorithm>
#include <iterator>

namespace llp {
namespace {

constexpr ModeGrant kReadOnlyGrants[] = {
    {"/", Access::Ro, "read and execute everywhere"},
    {"/dev/null", Access::Rw, "the one file every tool may write"},
};
constexpr ModeGrant kWorkspaceWriteGrants[] = {
    {"/", Access::Ro, "read and execute everywhere"},
    {"/dev/null", Access::Rw, "the one file every tool may write"},
    {"${WORKSPACE}", Access::Rw, "the workspace"},
    {"${TMPDIR}", Access::Rw, "the temp directory"},
};

// One row per mode (the name, eight booleans in the order of Mode, the
// grants, the starter text).
// clang-format off
const Mode kModes[] = {
    // name, sandboxed, hide_secrets, unset_secrets, drop_caps, carve, default_scopes, guard_terminal, detect_outputs,
    // grants, starter
    {"read-only", true, true, true, true, false, true, true, false, kReadOnlyGrants,
     "# Read and execute everywhere, write only /dev/null; ~/.ssh, ~/.aws and the\n"
     "# other secrets are hidden.\n"
     "mode = \"read-only\"\n\n"},
    {"workspace-write", true, true, true, true, true, true, true, true, kWorkspaceWriteGrants,
     "# read-only, plus writing ${WORKSPACE} (default: the current directory,\n"
     "# or --set workspace=PATH) and ${TMPDIR} (default /tmp).\n"
     "mode = \"workspace-write\"\n\n"},
    {"danger-full-access", false, false, false, false, false, false, false, false, {}, ""},
    {"custom", true, false, false, false, false, false, false, false, {},
     "# Only the grants listed below.\n"
     "mode = \"custom\"\n\n"
     "ro = [\"/usr\", \"/etc\"]\n\n"},
};
// clang-format on

}  // namespace

std::span<const Mode> modes() { return kModes; }

const Mode *find_mode(std::string_view name) {
  const Mode *found = std::find_if(std::begin(kModes), std::end(kModes), [&](const Mode &m) { return m.name == name; });
  return found == std::end(kModes) ? nullptr : found;
}

std::vector<std::string_view> mode_names() {
  std::vector<std::string_view> out;
  std::transform(std::begin(kModes), std::end(kModes), std::back_inserter(out), [](const Mode &m) { return m.name; });
  return out;
}

std::vector<std::string_view> starter_mode_names() {
  std::vector<std::string_view> out;
  for (const Mode &m : kModes)
    if (!m.starter.empty()) out.push_back(m.name);
  return out;
}

std::string join_names(const std::vector<std::string_view> &names, std::string_view separator, std::string_view last,
                       bool quote) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? last : separator;
    if (quote) out += '"';
    out += names[i];
    if (quote) out += '"';
  }
  return out;
}

}  // namespace llp
