#include "starter.h"

namespace llp {

std::optional<std::string> starter_policy(const std::string &mode) {
  if (mode != "read-only" && mode != "workspace-write" && mode != "custom") return std::nullopt;
  std::string out =
      "# landlock-policy starter policy; the format: man 5 landlock-policy\n"
      "# Check it with `landlock-policy check FILE`, see every grant with\n"
      "# `landlock-policy explain FILE`.\n"
      "version = 1\n\n";
  if (mode == "read-only")
    out += "# Read and execute everywhere, write only /dev/null; ~/.ssh, ~/.aws and the\n"
           "# other secrets are hidden.\n"
           "mode = \"read-only\"\n\n";
  else if (mode == "workspace-write")
    out += "# read-only, plus writing ${WORKSPACE} (default: the current directory,\n"
           "# or --set workspace=PATH) and ${TMPDIR} (default /tmp).\n"
           "mode = \"workspace-write\"\n\n";
  else
    out += "# Only the grants listed below.\n"
           "mode = \"custom\"\n\n"
           "ro = [\"/usr\", \"/etc\"]\n\n";
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
