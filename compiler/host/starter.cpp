#include "starter.h"

namespace llp {

std::string starter_policy(std::string_view mode_paragraph) {
  std::string out =
      "# landlock-policy starter policy; the format: man 5 landlock-policy\n"
      "# Check it with `landlock-policy check FILE`, see every grant with\n"
      "# `landlock-policy explain FILE`.\n"
      "version = 1\n\n";
  out += mode_paragraph;
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
