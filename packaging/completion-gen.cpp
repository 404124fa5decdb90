// completion-gen SHELL: the shell completion script of landlock-policy and
// landlock-run, the same bytes `landlock-policy completion SHELL` prints
// (both call completion_script()). Built for the machine that builds, so a
// cross build (whose landlock-policy this machine cannot run) still writes
// the scripts that make install and the packages ship (compiler/compiler.mk).
#include <cstdio>
#include <string>

#include "../compiler/cli/completion.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fputs("usage: completion-gen bash|zsh|fish\n", stderr);
    return 2;
  }
  const std::string script = llp::completion_script(argv[1]);
  if (script.empty()) {
    std::fputs("completion-gen: expected bash, zsh or fish\n", stderr);
    return 2;
  }
  return std::fwrite(script.data(), 1, script.size(), stdout) == script.size() ? 0 : 1;
}
