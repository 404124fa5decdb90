// Which grants `landlock-policy learn` refuses on purpose, and why. One
// table, the compiler's protection (protect.h): the built-in secrets (read
// or write), the persistence points and the carve's exceptions (write), and
// kNeverLearned (terminals, system folders, start-up places); beside them
// every folder on PATH (write), and the folders every tool shares (~,
// ~/.cache, ~/.config, ~/.local...), never granted writable whole: learn
// suggests the leaf a tool used, or the preset that covers it.
// docs/policy-format.md, "Learning a policy".
#pragma once
#include <string>
#include <vector>

#include "../plan/plan.h"

namespace llp {

struct RefusalTable {
  std::string home;                       // canonical, "" when unknown
  std::vector<std::string> path_folders;  // PATH's absolute entries, canonical
  const Plan *plan = nullptr;             // its carve exceptions
};

// The table for this run: home as given, PATH as given (learn's own environment).
RefusalTable refusal_table(const std::string &home, const std::string &path_env, const Plan &plan);

// Why a grant on grant (write: rw, else ro) is refused on purpose, or "".
std::string learn_refusal(const RefusalTable &t, const std::string &grant, bool write);

// Whether folder is one every tool shares (home, ~/.cache, ~/.config,
// ~/.local, ~/.local/share, ~/.local/state): never granted writable whole.
bool shared_folder(const RefusalTable &t, const std::string &folder);

// The presets that grant something inside folder, or folder itself or a
// folder inside it: "preset:go (~/.cache/go-build)". When one is named
// program (the tool's own name), only that one.
std::vector<std::string> presets_covering(const RefusalTable &t, const std::string &folder, const std::string &program);

}  // namespace llp
