#include "init.h"

#include <cstring>
#include <vector>

#include "../base/text.h"
#include "../host/folders.h"
#include "../host/paths.h"
#include "../out/starter.h"
#include "../plan/detect.h"
#include "../plan/modes.h"
#include "../policy/expand.h"
#include "../policy/load.h"

namespace llp {

namespace {

// The workspaces a compile of the written file could use: the current
// folder (the default) and every --set workspace=PATH given to init.
std::vector<std::string> workspaces(const CompileOptions &base) {
  std::vector<std::string> found{base.cwd};
  for (const auto &[key, value] : base.sets)
    if (key == "workspace") found.push_back(lexical_normalize(join_path(base.cwd, value)));
  return found;
}

// ~/.config/landlock-policy/NAME.toml, its folder made 0700 beneath HOME.
std::string named_target(const Variables &vars, const std::string &arg, std::string &why) {
  if (!vars.home) {
    why = "init " + arg + ": " + home_problem(vars) +
          ", so ~/.config/landlock-policy cannot be located; give a FILE path";
    return {};
  }
  const FolderWalk made = make_beneath(*vars.home, path_parts(".config/landlock-policy"), 0700);
  if (made.state != FolderState::Ready) {
    why = "init: " + made.where + ": " +
          (made.state == FolderState::Failed ? std::string(std::strerror(made.error))
                                             : std::string("not a folder (or a symlink, never followed)"));
    return {};
  }
  const std::string name = arg.ends_with(".toml") ? arg : arg + ".toml";
  return *vars.home + "/.config/landlock-policy/" + name;
}

// What init says of the workspace (--set workspace=PATH, else the current
// folder) when the mode declares the builds' outputs by itself.
StarterProject starter_project(const CompileOptions &base, const Mode &mode) {
  StarterProject project;
  if (!mode.detect_outputs) return project;
  const Detection found = detect_builds(look_at_root(canonical_or_lexical(workspaces(base).back())));
  project.looked = true;
  project.presets = found.presets;
  for (const DetectedOutput &d : found.outputs)
    project.outputs.push_back(printable(d.written) + "  (" + printable(d.marker) +
                              (d.executable ? ", executable)" : ")"));
  return project;
}

}  // namespace

std::string init_target(const CompileOptions &base, const std::string &arg, std::string &why) {
  Variables vars = host_variables(base);
  if (arg.find('/') == std::string::npos) return named_target(vars, arg, why);
  std::string path = lexical_normalize(join_path(base.cwd, arg));
  const std::string real = join_path(canonical_or_lexical(parent_path(path)), path.substr(path.rfind('/') + 1));
  for (const std::string &workspace : workspaces(base)) {
    vars.workspace = workspace;
    for (const std::string &area : run_writable_areas(vars)) {
      if (!is_within(path, area) && !is_within(real, area)) continue;
      why = "init " + arg;
      why += ": " + path;
      why += " lies inside " + writable_area_name(vars, area);
      why +=
          ", which a confined command can write, so the compiler would refuse it: the threat model counts the "
          "grants of earlier runs. Give a NAME (written to ~/.config/landlock-policy/NAME.toml) or a FILE outside "
          "the folders a run may write";
      return {};
    }
  }
  return path;
}

Init prepare_init(const Cli &cli, const CompileOptions &base) {
  Init init;
  const std::vector<std::string_view> offered = starter_mode_names();
  const Mode *mode = find_mode(cli.mode);
  if (cli.mode.empty()) init.usage_error = "init needs --mode " + join_names(offered, "|", "|", false);
  else if (!mode || mode->starter.empty())
    init.usage_error = "init --mode " + cli.mode + ": expected " + join_names(offered, ", ", " or ", false);
  else if (cli.files.size() > 1) init.usage_error = "init takes at most one NAME or FILE";
  if (!init.usage_error.empty()) return init;
  init.text = starter_policy(mode->starter, starter_project(base, *mode));
  if (!cli.files.empty()) init.target = init_target(base, cli.files[0], init.usage_error);
  return init;
}

}  // namespace llp
