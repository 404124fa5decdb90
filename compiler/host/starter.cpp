#include "starter.h"

#include <cstdint>
#include <cstring>

#include "folders.h"
#include "paths.h"

namespace llp {

namespace {

// The project paragraph: the outputs the mode declares by itself, said in
// comments, and the presets of the builds found, written (their caches
// under the home folder are never declared by the mode).
std::string project_paragraph(const StarterProject &project) {
  if (!project.looked) return {};
  std::string out =
      "# The mode declares by itself the outputs the common builds make at the\n"
      "# workspace root (created before a run, writable although the root is\n"
      "# read-only so that .git stays protected; the table: man 5 landlock-policy,\n"
      "# \"Outputs\"); detect_outputs = false turns that off.\n";
  if (project.outputs.empty()) {
    out += "# None was found in this workspace. Name other outputs yourself:\n"
           "# outputs = [\"out/\"]\n\n";
  } else {
    out += "# In this workspace (init looked):\n";
    for (const std::string &line : project.outputs) out += "#   " + line + "\n";
    out += "# Name other outputs yourself: outputs = [\"out/\"]\n\n";
  }
  if (project.presets.empty()) return out;
  out += "# The caches its tools keep under your home folder (opt-in: the\n"
         "# repository is untrusted):\n"
         "extends = [";
  for (size_t i = 0; i < project.presets.size(); ++i)
    out += (i == 0 ? "\"preset:" : ", \"preset:") + project.presets[i] + "\"";
  out += "]\n\n";
  return out;
}

}  // namespace

std::string starter_policy(std::string_view mode_paragraph, const StarterProject &project) {
  std::string out =
      "# landlock-policy starter policy; the format: man 5 landlock-policy\n"
      "# Check it with `landlock-policy check FILE`, see every grant with\n"
      "# `landlock-policy explain FILE`.\n"
      "version = 1\n\n";
  out += mode_paragraph;
  out += project_paragraph(project);
  out +=
      "# More writable places; each entry is a path or a table:\n"
      "# rw = [{ path = \"~/.cache/mytool\", optional = true, why = \"build cache\" }]\n\n"
      "# Paths never to be readable, on top of the secrets:\n"
      "# hide = [\"~/.config/gh\"]\n\n"
      "# TCP is unrestricted unless [network] lists ports or sets restrict = true:\n"
      "# [network]\n"
      "# connect = [443]\n\n"
      "# scopes = [\"abstract-unix\", \"signal\"]\n";
  return out;
}

// Where `init` writes: a NAME (no slash) goes to
// ~/.config/landlock-policy/NAME.toml, outside every folder a mode makes
// writable; a FILE (with a slash) where it says, unless it lies inside the
// workspace (the current folder, the default), ${TMPDIR}, /tmp or /dev/shm.
// "" with why set when it is refused.
std::string init_target(const std::string &cwd, const std::map<std::string, std::string> &env, const std::string &arg,
                        std::string &why) {
  if (arg.find('/') == std::string::npos) {
    auto home = env.find("HOME");
    if (home == env.end() || home->second.empty() || home->second[0] != '/') {
      why = "init " + arg + ": HOME is not an absolute path, so ~/.config/landlock-policy cannot be located; give a FILE path";
      return {};
    }
    std::string dir = home->second + "/.config/landlock-policy";
    // Made 0700 beneath HOME, never through a symlink.
    FolderWalk made = walk_folders_below(home->second, ".config/landlock-policy", true, SIZE_MAX);
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
    why += " (the workspace, ${TMPDIR}, /tmp or /dev/shm), which a confined command can write, so the compiler would "
           "refuse it: the threat model counts the grants of earlier runs. Give a NAME (written to "
           "~/.config/landlock-policy/NAME.toml) or a FILE outside those folders";
    return {};
  }
  return path;
}

}  // namespace llp
