#include "presets.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace llp {
namespace {

// name, text. Paths start with ~ or ${...}: a relative one would resolve
// against the current folder (a preset has no folder of its own).
const std::pair<std::string_view, std::string_view> kPresets[] = {
    {"cargo", R"toml(# preset:cargo: cargo's registry and git caches; rustup's toolchains, read-only.
# Never ~/.cargo itself: ~/.cargo/credentials.toml (a built-in secret) is there.
version = 1
ro = [
  { path = "~/.rustup", optional = true, why = "rustup's toolchains, run through its proxies; read-only: a toolchain written from the sandbox would run outside it later (install and update toolchains outside)" },
  { path = "~/.cargo/bin", optional = true, why = "rustup's proxies (cargo, rustc) and what `cargo install` put there; read-only: the folder is on your PATH" },
  { path = "~/.cargo/config.toml", optional = true, why = "cargo's user configuration" },
  { path = "~/.cargo/config", optional = true, why = "cargo's user configuration, its name before cargo 1.39" },
]
rw = [
  { path = "~/.cargo/registry", optional = true, why = "crates downloaded and unpacked, and the registry index (CARGO_HOME unset)" },
  { path = "~/.cargo/git", optional = true, why = "git dependencies: the clones (db) and their checkouts" },
]
outputs = ["target/", "Cargo.lock"]  # created where Cargo.toml is at the workspace root; cargo fills an empty Cargo.lock
)toml"},
    {"ccache", R"toml(# preset:ccache: the compiler cache writes its cache on every compile.
version = 1
rw = [
  { path = "~/.cache/ccache", optional = true, why = "ccache 4's cache (CCACHE_DIR and XDG_CACHE_HOME unset)" },
  { path = "~/.ccache", optional = true, why = "ccache's cache before 4.0, still used when it exists" },
]
)toml"},
    {"go", R"toml(# preset:go: the module cache and the build cache.
version = 1
ro = [
  { path = "~/.config/go/env", optional = true, why = "the settings `go env -w` writes (GOENV unset)" },
]
rw = [
  { path = "~/go/pkg/mod", optional = true, why = "the module cache (GOPATH and GOMODCACHE unset); never ~/go/bin, where `go install` puts programs you run outside the sandbox" },
  { path = "~/go/pkg/sumdb", optional = true, why = "the checksum database's latest signed tree head" },
  { path = "~/.cache/go-build", optional = true, why = "the build cache, written by every build (GOCACHE and XDG_CACHE_HOME unset)" },
]
outputs = ["go.sum"]  # created where go.mod is at the workspace root; go fills an empty go.sum
)toml"},
    {"gradle", R"toml(# preset:gradle: the folders Gradle writes in its user home (GRADLE_USER_HOME unset).
# Never ~/.gradle itself: gradle.properties often holds credentials, and
# init.d holds scripts that run at every build.
version = 1
rw = [
  { path = "~/.gradle/caches", optional = true, why = "downloaded dependencies and plugins, compiled build scripts" },
  { path = "~/.gradle/native", optional = true, why = "native libraries Gradle unpacks (file system events, terminal)" },
  { path = "~/.gradle/workers", optional = true, why = "the worker processes' classpath (Gradle 4 to 6)" },
  { path = "~/.gradle/daemon", optional = true, why = "the daemons' registry and logs" },
  { path = "~/.gradle/wrapper", optional = true, why = "the distributions ./gradlew downloads" },
  { path = "~/.gradle/jdks", optional = true, why = "the JDKs toolchain provisioning downloads" },
  { path = "~/.gradle/.tmp", optional = true, why = "Gradle's scratch files" },
  { path = "~/.gradle/notifications", optional = true, why = "the marker of the welcome message already shown" },
]
outputs = ["build/", ".gradle/"]  # created where a build.gradle or settings.gradle (.kts) is at the workspace root
)toml"},
    {"maven", R"toml(# preset:maven: Maven's local repository.
# Never ~/.m2 itself: settings.xml and settings-security.xml hold credentials.
version = 1
rw = [
  { path = "~/.m2/repository", optional = true, why = "the local repository: every artifact and plugin Maven resolves (maven.repo.local unset)" },
]
outputs = ["target/"]  # created where pom.xml is at the workspace root
)toml"},
    {"npm", R"toml(# preset:npm: npm's cache and logs, written by every install (an existing ~/.npm).
version = 1
rw = [
  { path = "~/.npm", optional = true, why = "npm's cache (_cacache) and logs (_logs); npm_config_cache unset" },
]
outputs = ["node_modules/", "package-lock.json"]  # created where package.json is at the workspace root; npm fills an empty lock file
)toml"},
    {"pip", R"toml(# preset:pip: pip's cache, where it keeps downloads and the wheels it builds.
version = 1
rw = [
  { path = "~/.cache/pip", optional = true, why = "pip's cache (PIP_CACHE_DIR and XDG_CACHE_HOME unset)" },
]
outputs = [".venv/"]  # created where pyproject.toml, setup.py or requirements.txt is at the workspace root
)toml"},
    {"pnpm", R"toml(# preset:pnpm: pnpm's content-addressed store and metadata cache.
# Not ~/.local/share/pnpm (PNPM_HOME): global binaries live there, on your
# PATH after `pnpm setup`; so set store-dir (see the docs) or pnpm keeps its
# store at the top of the writable tree.
version = 1
rw = [
  { path = "~/.local/share/pnpm/store", optional = true, why = "the store (store-dir set to it; XDG_DATA_HOME unset)" },
  { path = "~/.cache/pnpm", optional = true, why = "the package metadata cache (cache-dir unset)" },
]
outputs = ["node_modules/", "pnpm-lock.yaml"]  # created where package.json is at the workspace root; pnpm fills an empty lock file
)toml"},
    {"poetry", R"toml(# preset:poetry: Poetry's cache, where its virtualenvs live by default.
version = 1
ro = [
  { path = "~/.config/pypoetry/config.toml", optional = true, why = "Poetry's user configuration (not auth.toml beside it, a built-in secret)" },
]
rw = [
  { path = "~/.cache/pypoetry", optional = true, why = "the virtualenvs (virtualenvs.in-project unset), downloaded artifacts and repository caches" },
]
outputs = [".venv/"]  # created where pyproject.toml is; not poetry.lock: poetry rejects an empty one (run `poetry lock` outside first)
)toml"},
    {"uv", R"toml(# preset:uv: uv's cache; its managed Pythons, read-only.
version = 1
ro = [
  { path = "~/.local/share/uv/python", optional = true, why = "the Pythons `uv python install` put there; read-only: an interpreter written from the sandbox would run outside it later (install them outside)" },
  { path = "~/.config/uv/uv.toml", optional = true, why = "uv's user configuration" },
]
rw = [
  { path = "~/.cache/uv", optional = true, why = "uv's cache: wheels, sources, archives its environments link to (UV_CACHE_DIR and XDG_CACHE_HOME unset)" },
]
outputs = [".venv/"]  # created where pyproject.toml is; not uv.lock, unproven empty (run `uv lock` outside first)
)toml"},
    {"yarn", R"toml(# preset:yarn: Yarn's cache (Yarn 1) and global folder (Yarn 2 and later).
version = 1
ro = [
  { path = "~/.yarnrc", optional = true, why = "Yarn 1's user configuration" },
]
rw = [
  { path = "~/.cache/yarn", optional = true, why = "Yarn 1's cache (YARN_CACHE_FOLDER and XDG_CACHE_HOME unset); without it Yarn falls back to a throw-away one in the temp dir" },
  { path = "~/.yarn/berry", optional = true, why = "Yarn 2 and later: the global cache (enableGlobalCache) and metadata; not ~/.yarn/bin, global binaries" },
]
outputs = ["node_modules/"]  # created where package.json is; not yarn.lock, unproven empty (run `yarn install` outside first)
)toml"},
};

// The -isolated presets: one tool's cache kept in the workspace, at
// .cache/TOOL (an output, created before a run), named to the tool by its
// variables; {dir} in `variables` stands for ${WORKSPACE}/.cache/TOOL.
struct Isolated {
  std::string_view tool;
  std::string_view what;       // what the folder holds
  std::string_view read_only;  // lines before `outputs` (the tool's own read-only grants), or ""
  std::string_view variables;  // the [env] set table's body
};
const Isolated kIsolated[] = {
    {"cargo", "cargo's home (registry, git checkouts)",
     "ro = [\n"
     "  { path = \"~/.rustup\", optional = true, why = \"rustup's toolchains, read-only\" },\n"
     "  { path = \"~/.cargo/bin\", optional = true, why = \"rustup's proxies, read-only\" },\n"
     "]\n",
     "CARGO_HOME = \"{dir}\""},
    {"go", "the module cache and the build cache", "", "GOMODCACHE = \"{dir}/mod\", GOCACHE = \"{dir}/build\""},
    {"gradle", "Gradle's user home (caches, wrapper, JDKs, daemons)", "", "GRADLE_USER_HOME = \"{dir}\""},
    {"npm", "npm's cache", "", "npm_config_cache = \"{dir}\""},
    {"pip", "pip's cache", "", "PIP_CACHE_DIR = \"{dir}\""},
    {"pnpm", "pnpm's store and metadata cache", "",
     "npm_config_store_dir = \"{dir}/store\", npm_config_cache_dir = \"{dir}/cache\""},
    {"poetry", "Poetry's cache; the virtualenv in the project", "",
     "POETRY_CACHE_DIR = \"{dir}\", POETRY_VIRTUALENVS_IN_PROJECT = \"true\""},
    {"uv", "uv's cache", "", "UV_CACHE_DIR = \"{dir}\""},
    {"yarn", "Yarn 1's cache", "", "YARN_CACHE_FOLDER = \"{dir}\""},
};

std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string out(text);
  for (size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size()))
    out.replace(at, from.size(), to);
  return out;
}

std::string isolated_text(const Isolated &p) {
  const std::string tool(p.tool);
  const std::string what(p.what);
  std::string out =
      "# preset:" + tool + "-isolated: " + what + " in the workspace, at .cache/" + tool + ", instead of\n";
  out += "# under HOME: nothing a confined build writes there is used later outside the\n";
  out += "# sandbox by your own " + tool + " runs. The folder is an output (created before a run).\n";
  out += "version = 1\n";
  out += p.read_only;
  out += "outputs = [{ path = \".cache/" + tool + "/\", why = \"" + what + ", kept in the workspace\" }]\n";
  out += "[env]\n";
  out += "set = { " + replaced(p.variables, "{dir}", "${WORKSPACE}/.cache/" + tool) + " }\n";
  return out;
}

// Every preset by name: the written ones and the generated -isolated ones.
const std::vector<std::pair<std::string, std::string>> &all_presets() {
  static const std::vector<std::pair<std::string, std::string>> presets = [] {
    std::vector<std::pair<std::string, std::string>> v;
    for (const auto &[name, text] : kPresets) v.emplace_back(name, text);
    std::transform(std::begin(kIsolated), std::end(kIsolated), std::back_inserter(v), [](const Isolated &p) {
      return std::make_pair(std::string(p.tool) + "-isolated", isolated_text(p));
    });
    return v;
  }();
  return presets;
}

}  // namespace

const std::vector<PresetProject> &preset_projects() {
  static const std::vector<PresetProject> projects = {
      {"cargo", {"Cargo.toml"}},
      {"go", {"go.mod"}},
      {"gradle", {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"}},
      {"maven", {"pom.xml"}},
      {"npm", {"package.json"}},
      {"pip", {"pyproject.toml", "setup.py", "requirements.txt"}},
      {"pnpm", {"package.json"}},
      {"poetry", {"pyproject.toml"}},
      {"uv", {"pyproject.toml"}},
      {"yarn", {"package.json"}},
  };
  return projects;
}

const std::vector<PresetCache> &preset_caches() {
  static const std::vector<PresetCache> caches = {
      {"cargo", "~/.cargo/registry"},  {"cargo", "~/.cargo/git"},
      {"ccache", "~/.cache/ccache"},   {"go", "~/go/pkg/mod"},
      {"go", "~/go/pkg/sumdb"},        {"go", "~/.cache/go-build"},
      {"gradle", "~/.gradle/caches"},  {"gradle", "~/.gradle/native"},
      {"gradle", "~/.gradle/daemon"},  {"gradle", "~/.gradle/wrapper"},
      {"gradle", "~/.gradle/.tmp"},    {"gradle", "~/.gradle/notifications"},
      {"gradle", "~/.gradle/workers"},  // Gradle 4 to 6 stop when they cannot create it
      {"maven", "~/.m2/repository"},   {"npm", "~/.npm"},
      {"pip", "~/.cache/pip"},         {"pnpm", "~/.local/share/pnpm/store"},
      {"pnpm", "~/.cache/pnpm"},       {"poetry", "~/.cache/pypoetry"},
      {"uv", "~/.cache/uv"},           {"yarn", "~/.cache/yarn"},
  };
  return caches;
}

std::optional<std::string_view> preset_text(std::string_view name) {
  for (const auto &[n, text] : all_presets())
    if (n == name) return text;
  return std::nullopt;
}

const std::vector<std::string_view> &preset_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v(all_presets().size());
    std::transform(all_presets().begin(), all_presets().end(), v.begin(),
                   [](const auto &p) { return std::string_view(p.first); });
    std::sort(v.begin(), v.end());
    return v;
  }();
  return names;
}

}  // namespace llp
