#include "init_target.h"

#include <cstring>

#include "folders.h"
#include "paths.h"

namespace llp {

std::string init_target(const std::string &cwd, const std::map<std::string, std::string> &env, const std::string &arg,
                        std::string &why) {
  if (arg.find('/') == std::string::npos) {
    auto home = env.find("HOME");
    if (home == env.end() || home->second.empty() || home->second[0] != '/') {
      why = "init " + arg +
            ": HOME is not an absolute path, so ~/.config/landlock-policy cannot be located; give a FILE path";
      return {};
    }
    std::string dir = home->second + "/.config/landlock-policy";
    // Made 0700 beneath HOME, never through a symlink.
    FolderWalk made = make_beneath(home->second, path_parts(".config/landlock-policy"), 0700);
    if (made.state != FolderState::Ready) {
      why = "init: " + made.where + ": " +
            (made.state == FolderState::Failed ? std::string(std::strerror(made.error))
                                               : std::string("not a folder (or a symlink, never followed)"));
      return {};
    }
    std::string name = arg.ends_with(".toml") ? arg : arg + ".toml";
    return dir + "/" + name;
  }
  std::string path = lexical_normalize(join_path(cwd, arg));
  std::string real = join_path(canonical_or_lexical(parent_path(path)), path.substr(path.rfind('/') + 1));
  auto tmp = env.find("TMPDIR");
  std::string tmpdir = tmp == env.end() || tmp->second.empty() ? "/tmp" : tmp->second;
  for (const std::string &area : {cwd, tmpdir, std::string("/tmp"), std::string("/dev/shm")}) {
    std::string where = canonical_or_lexical(area);
    if (!is_within(path, area) && !is_within(real, where)) continue;
    why = "init " + arg;
    why += ": " + path;
    why += " lies inside " + where;
    why +=
        " (the workspace, ${TMPDIR}, /tmp or /dev/shm), which a confined command can write, so the compiler would "
        "refuse it: the threat model counts the grants of earlier runs. Give a NAME (written to "
        "~/.config/landlock-policy/NAME.toml) or a FILE outside those folders";
    return {};
  }
  return path;
}

}  // namespace llp
