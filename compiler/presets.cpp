#include "presets.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace llp {
namespace {

// name, text. Paths start with ~ or ${...}: a relative one would resolve
// against the current folder (a preset has no folder of its own).
const std::pair<std::string_view, std::string_view> kPresets[] = {
    {"ccache", R"toml(# preset:ccache: the compiler cache writes its cache on every compile.
version = 1
rw = [
  { path = "~/.cache/ccache", optional = true, why = "ccache 4's cache (CCACHE_DIR and XDG_CACHE_HOME unset)" },
  { path = "~/.ccache", optional = true, why = "ccache's cache before 4.0, still used when it exists" },
]
)toml"},
    {"npm", R"toml(# preset:npm: npm's cache and logs, written by every install (an existing ~/.npm).
version = 1
rw = [
  { path = "~/.npm", optional = true, why = "npm's cache (_cacache) and logs (_logs); npm_config_cache unset" },
]
)toml"},
    {"pip", R"toml(# preset:pip: pip's cache, where it keeps downloads and the wheels it builds.
version = 1
rw = [
  { path = "~/.cache/pip", optional = true, why = "pip's cache (PIP_CACHE_DIR and XDG_CACHE_HOME unset)" },
]
)toml"},
};

}  // namespace

std::optional<std::string_view> preset_text(std::string_view name) {
  for (const auto &[n, text] : kPresets)
    if (n == name) return text;
  return std::nullopt;
}

const std::vector<std::string_view> &preset_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v(std::size(kPresets));
    std::transform(std::begin(kPresets), std::end(kPresets), v.begin(), [](const auto &p) { return p.first; });
    std::sort(v.begin(), v.end());
    return v;
  }();
  return names;
}

}  // namespace llp
