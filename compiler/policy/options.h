// What a compile is asked: the policy text, the options of the command line
// and the environment it reads. Built by the front ends (main.cpp, the tests,
// the fuzzer); read, never changed, by every stage.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llp {

enum class Target {
  Host,      // canonicalise and check existence on this machine
  Portable,  // argv for another machine: paths as written, no existence checks
};

struct CompileOptions {
  std::string policy_name;  // shown in diagnostics; relative paths and extends resolve against its folder
  std::string policy_text;
  // The main policy came on standard input (`landlock-policy argv -`): the
  // caller's own text, the user's like a file named on the command line, yet
  // no file anyone could rewrite. policy_name is then "<stdin>", and relative
  // paths resolve against cwd.
  bool policy_from_stdin = false;
  // A main policy file reached through a folder a confined run can write
  // (the workspace, ${TMPDIR}, /dev/shm) is refused: an earlier run, or a
  // process it left running, could have rewritten it. The subcommands that
  // run nothing (explain, why) set this to answer anyway, with a warning.
  bool writable_main_is_warning = false;
  std::string profile;                                    // --profile NAME, "" for none
  std::vector<std::pair<std::string, std::string>> sets;  // --set KEY=VALUE, already split
  std::map<std::string, std::string> env;                 // HOME, TMPDIR, XDG_RUNTIME_DIR and ${env.NAME}
  std::string cwd;                                        // ${PWD}, and the base of a relative policy_name
  Target target = Target::Host;
  std::string launcher;          // --launcher PATH; "" : [launcher] path, else default_launcher
  std::string default_launcher;  // the landlock-run installed beside the compiler
  bool unpinned = false;         // --unpinned: no --expect-version
  std::string version;           // the project's version, pinned into the argv
  std::vector<std::string> command;
  // A run (argv, exec, learn): create the missing outputs, the presets'
  // missing cache folders and the private temp folder before computing the
  // grants. False (check, explain, why, tests): look, create nothing.
  bool prepare_run = false;
  // Reads another policy file (extends, project). Null: read from disk.
  std::function<bool(const std::string &path, std::string &text, std::string &error)> read_file;
};

}  // namespace llp
