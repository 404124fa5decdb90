#include "starter.h"

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
    out +=
        "# None was found in this workspace. Name other outputs yourself:\n"
        "# outputs = [\"out/\"]\n\n";
  } else {
    out += "# In this workspace (init looked):\n";
    for (const std::string &line : project.outputs) out += "#   " + line + "\n";
    out += "# Name other outputs yourself: outputs = [\"out/\"]\n\n";
  }
  if (project.presets.empty()) return out;
  out +=
      "# The caches its tools keep under your home folder (opt-in: a project\n"
      "# policy cannot grant them):\n"
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

}  // namespace llp
