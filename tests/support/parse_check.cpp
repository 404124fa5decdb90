// parse-check ARG...: runs the launcher's own argument parser (the code the
// static binary runs, compiled without main) on ARG... and prints "ok" or
// the launcher's error line. Lets tests check documented example command
// lines without running them.
#include "../../launcher/cli_parse.h"

#include <cstdio>

int main(int argc, char **argv) {
  launcher::Options options;
  launcher::Error error = launcher::parse_args(argc, argv, options);
  if (!error.what) return std::puts("ok") < 0;
  std::printf("landlock-run: %s: %s%s%s\n", error.what, error.why, error.detail ? " " : "",
              error.detail ? error.detail : "");
  return 1;
}
