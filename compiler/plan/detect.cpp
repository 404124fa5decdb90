#include "detect.h"

#include <algorithm>
#include <iterator>

#include "carve_list.h"
#include "../base/text.h"
#include "../host/paths.h"

namespace llp {

namespace {

constexpr std::string_view kPython = "pyproject.toml|setup.py|setup.cfg|requirements*.txt";
constexpr std::string_view kGradle = "build.gradle|build.gradle.kts|settings.gradle|settings.gradle.kts";

// One row per build and condition; what each tool writes at the root, as
// the tool itself was seen to write it (tests/compiler/detect.sh runs them).
// clang-format off
const BuildRow kBuilds[] = {
    // build, markers, when, derived, outputs, preset, note
    {"Cargo", "Cargo.toml", BuildWhen::Always, BuildDerived::None, "target/|Cargo.lock", "cargo",
     "`cargo build`, `cargo test`; cargo fills the empty lock file"},
    {"CMake", "CMakeLists.txt", BuildWhen::Always, BuildDerived::None, "build/", "", "`cmake -B build`"},
    {"Meson", "meson.build", BuildWhen::Always, BuildDerived::None, "build/|builddir/", "",
     "`meson setup build` or `meson setup builddir` (the name Meson's own guide uses)"},
    {"Node.js", "package.json", BuildWhen::Always, BuildDerived::None, "node_modules/", "",
     "whatever the package manager"},
    {"npm", "package.json", BuildWhen::Npm, BuildDerived::None, "package-lock.json", "npm",
     "the default; npm fills the empty lock file"},
    {"pnpm", "package.json", BuildWhen::Pnpm, BuildDerived::None, "pnpm-lock.yaml", "pnpm",
     "where `packageManager` names pnpm or `pnpm-lock.yaml` is there; pnpm fills the empty lock file"},
    {"Yarn 1", "package.json", BuildWhen::Yarn1, BuildDerived::None, "yarn.lock", "yarn",
     "where `packageManager` names yarn@1 or `yarn.lock` is there"},
    {"Yarn 2 and later", "package.json", BuildWhen::YarnBerry, BuildDerived::None, "", "yarn",
     "no lock file made, and never `.yarn/`: its releases run at your next yarn command"},
    {"Go", "go.mod", BuildWhen::Always, BuildDerived::None, "go.sum", "go", "go fills an empty go.sum"},
    {"Go", "go.mod", BuildWhen::GoMain, BuildDerived::GoBinary, "", "",
     "the binary `go build` writes, named after the module path's last element (a `/v2` suffix skipped), made "
     "executable; only where a `.go` file at the root is `package main`; a name that is not a plain file name, or is "
     "a carve exception, is ignored with a warning"},
    {"Python", kPython, BuildWhen::Always, BuildDerived::None, ".venv/|build/|dist/|.pytest_cache/", "pip",
     "`python -m venv .venv`, `python -m build`, `pytest`"},
    {"Python", kPython, BuildWhen::RootPython, BuildDerived::None, "__pycache__/", "",
     "where a `.py` file is at the root"},
    {"Poetry", "poetry.lock", BuildWhen::Always, BuildDerived::None, "", "poetry", "`init` adds its preset"},
    {"uv", "uv.lock", BuildWhen::Always, BuildDerived::None, "", "uv", "`init` adds its preset"},
    {"Maven", "pom.xml", BuildWhen::Always, BuildDerived::None, "target/", "maven", "`mvn -o package`"},
    {"Gradle", kGradle, BuildWhen::Always, BuildDerived::None, "build/|.gradle/", "gradle",
     "`gradle --offline build`"},
    {"Autotools", "configure", BuildWhen::Always, BuildDerived::None, "build/", "",
     "out of tree: `cd build && ../configure && make`; in-tree cannot work (`conftest.*` at the root)"},
};
// clang-format on

bool matches(std::string_view name, std::string_view pattern) {
  const size_t star = pattern.find('*');
  if (star == std::string_view::npos) return name == pattern;
  const std::string_view before = pattern.substr(0, star);
  const std::string_view after = pattern.substr(star + 1);
  return name.size() >= before.size() + after.size() && name.starts_with(before) && name.ends_with(after);
}

bool has_file(const ProjectRoot &root, std::string_view name) {
  return std::find(root.files.begin(), root.files.end(), name) != root.files.end();
}

// The first file at the root that one of the row's markers names, in the
// markers' order, or "".
std::string marker_found(const ProjectRoot &root, std::string_view markers) {
  for (std::string_view pattern : split_bars(markers)) {
    auto found =
        std::find_if(root.files.begin(), root.files.end(), [&](const std::string &f) { return matches(f, pattern); });
    if (found != root.files.end()) return *found;
  }
  return {};
}

// package.json's "packageManager" value ("pnpm@9.15.9"), or "". A plain
// scan, not a JSON parser: the value only picks which of the table's lock
// file names is declared, so a misread chooses among those only.
std::string package_manager(const std::string &package_json) {
  const std::string key = "\"packageManager\"";
  size_t at = package_json.find(key);
  if (at == std::string::npos) return {};
  at = package_json.find_first_not_of(" \t\r\n", at + key.size());
  if (at == std::string::npos || package_json[at] != ':') return {};
  at = package_json.find_first_not_of(" \t\r\n", at + 1);
  if (at == std::string::npos || package_json[at] != '"') return {};
  const size_t end = package_json.find('"', at + 1);
  return end == std::string::npos ? std::string() : package_json.substr(at + 1, end - at - 1);
}

// Which Node.js package manager the root is for: packageManager first,
// then the lock file there, else npm. Another manager (bun): none of these.
BuildWhen node_manager(const ProjectRoot &root) {
  const std::string named = package_manager(root.package_json);
  if (named.starts_with("npm@")) return BuildWhen::Npm;
  if (named.starts_with("pnpm@")) return BuildWhen::Pnpm;
  if (named.starts_with("yarn@1.")) return BuildWhen::Yarn1;
  if (named.starts_with("yarn@")) return BuildWhen::YarnBerry;
  if (!named.empty()) return BuildWhen::Always;
  if (has_file(root, "pnpm-lock.yaml")) return BuildWhen::Pnpm;
  if (has_file(root, "yarn.lock")) return BuildWhen::Yarn1;
  if (has_file(root, "bun.lock") || has_file(root, "bun.lockb")) return BuildWhen::Always;
  return BuildWhen::Npm;
}

bool applies(const ProjectRoot &root, BuildWhen when) {
  switch (when) {
    case BuildWhen::Always: return true;
    case BuildWhen::Npm:
    case BuildWhen::Pnpm:
    case BuildWhen::Yarn1:
    case BuildWhen::YarnBerry: return node_manager(root) == when;
    case BuildWhen::GoMain: return root.go_main;
    case BuildWhen::RootPython:
      return std::any_of(root.files.begin(), root.files.end(), [](const std::string &f) { return f.ends_with(".py"); });
  }
  return false;
}

// A module path element as go accepts it (golang.org/x/mod/module's
// CheckPath): ASCII letters, digits and `-._~`, neither starting nor
// ending with a dot.
bool go_element(std::string_view e) {
  if (e.empty() || e.front() == '.' || e.back() == '.') return false;
  return std::all_of(e.begin(), e.end(), [](char c) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    return alnum || c == '-' || c == '.' || c == '_' || c == '~';
  });
}

bool major_version(std::string_view e) {
  return e.size() >= 2 && e[0] == 'v' && e[1] != '0' &&
         std::all_of(e.begin() + 1, e.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Whether name is a marker or an output the table names.
bool in_table(std::string_view name) {
  return std::any_of(std::begin(kBuilds), std::end(kBuilds), [&](const BuildRow &row) {
    auto same = [&](std::string_view entry) {
      return matches(name, entry) || (entry.ends_with('/') && name == entry.substr(0, entry.size() - 1));
    };
    const std::vector<std::string_view> markers = split_bars(row.markers);
    const std::vector<std::string_view> outputs = split_bars(row.outputs);
    return std::any_of(markers.begin(), markers.end(), same) || std::any_of(outputs.begin(), outputs.end(), same);
  });
}

// go.mod's module path, as written: "" when there is no module line.
std::string module_path(const std::string &go_mod, bool &malformed) {
  size_t start = 0;
  while (start < go_mod.size()) {
    size_t end = go_mod.find('\n', start);
    if (end == std::string::npos) end = go_mod.size();
    std::string_view line(go_mod.data() + start, end - start);
    start = end + 1;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (!line.starts_with("module") || line.size() == 6 || (line[6] != ' ' && line[6] != '\t' && line[6] != '"'))
      continue;
    line.remove_prefix(6);
    if (const size_t comment = line.find("//"); comment != std::string_view::npos) line = line.substr(0, comment);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    if (line.size() >= 2 && (line.front() == '"' || line.front() == '`') && line.back() == line.front())
      line = line.substr(1, line.size() - 2);
    malformed = line.empty();
    return std::string(line);
  }
  return {};
}

}  // namespace

std::span<const BuildRow> build_rows() { return kBuilds; }

std::string go_binary_name(const std::string &go_mod, std::string &why) {
  why.clear();
  bool malformed = false;
  const std::string path = module_path(go_mod, malformed);
  if (path.empty()) {
    if (malformed) why = "go.mod's module line names no module path";
    return {};
  }
  std::vector<std::string_view> parts;
  for (size_t start = 0; start <= path.size();) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    parts.emplace_back(path.data() + start, slash - start);
    start = slash + 1;
  }
  const std::string module_named = "module `" + printable(path) + "`";
  if (path.size() > 512 || !std::all_of(parts.begin(), parts.end(), go_element)) {
    why = module_named +
          " is not a module path go accepts (each element ASCII letters, digits and -._~, no leading or "
          "trailing dot)";
    return {};
  }
  std::string_view name = parts.back();
  if (parts.size() > 1 && major_version(name)) name = parts[parts.size() - 2];
  if (name.front() == '-' || carved_by_name(name) || in_table(name)) {
    why = module_named + ": its binary `" + std::string(name) +
          "` would be a carve exception, a build's marker or output, or start with a dash";
    return {};
  }
  return std::string(name);
}

Detection detect_builds(const ProjectRoot &root) {
  Detection out;
  if (!root.looked) return out;
  auto add = [&](std::string written, const std::string &marker, bool executable) {
    const bool known = std::any_of(out.outputs.begin(), out.outputs.end(),
                                   [&](const DetectedOutput &d) { return d.written == written; });
    if (!known) out.outputs.push_back({std::move(written), marker, executable});
  };
  for (const BuildRow &row : kBuilds) {
    const std::string marker = marker_found(root, row.markers);
    if (marker.empty() || !applies(root, row.when)) continue;
    for (std::string_view written : split_bars(row.outputs)) add(std::string(written), marker, false);
    if (row.derived == BuildDerived::GoBinary) {
      std::string why;
      std::string name = go_binary_name(root.go_mod, why);
      if (!name.empty()) add(std::move(name), marker, true);
      else if (!why.empty())
        out.warnings.push_back("go.mod at the workspace root: " + why + ": not declared an output");
    }
    const bool new_preset = std::find(out.presets.begin(), out.presets.end(), row.preset) == out.presets.end();
    if (!row.preset.empty() && new_preset) out.presets.emplace_back(row.preset);
  }
  return out;
}

std::vector<DetectedOutput> detected_outputs(const Context &ctx, const Layer &both, const Mode &mode) {
  if (!both.detect_outputs.value.value_or(mode.detect_outputs) || !ctx.host || !ctx.vars.workspace) return {};
  Detection found = detect_builds(look_at_root(canonical_or_lexical(*ctx.vars.workspace)));
  for (const std::string &warning : found.warnings)
    ctx.diags.warning(
        {}, warning, "name the binary yourself (`outputs = [\"NAME\"]`), or build into a folder: `go build -o build/`");
  return found.outputs;
}

std::string builds_markdown() {
  std::string out = "| build | marker at the workspace root | outputs declared | `init` adds | note |\n";
  out += "| --- | --- | --- | --- | --- |\n";
  auto code_list = [](std::string_view bars) {
    std::string text;
    for (std::string_view item : split_bars(bars)) text += (text.empty() ? "`" : ", `") + std::string(item) + "`";
    return text;
  };
  for (const BuildRow &row : kBuilds) {
    std::string outputs = code_list(row.outputs);
    if (row.derived == BuildDerived::GoBinary) outputs += "the binary";
    const std::string preset = row.preset.empty() ? std::string("-") : "`preset:" + std::string(row.preset) + "`";
    out += "| " + std::string(row.build) + " | " + code_list(row.markers) + " | " + (outputs.empty() ? "-" : outputs) +
           " | " + preset + " | " + std::string(row.note) + " |\n";
  }
  return out;
}

}  // namespace llp
