// Which grants `landlock-policy learn` refuses on purpose, and why. One
// table, the compiler's protection (protect.h): the built-in secrets (read
// or write), the persistence points and the carve's exceptions (write), and
// kNeverLearned (terminals, system folders, start-up places); beside them
// every folder on PATH (write), and the folders every tool shares (~,
// ~/.cache, ~/.config, ~/.local...), never granted writable whole: learn
// suggests the leaf a tool used, or the preset that covers it. Under the
// home folder, a writable grant is suggested only where kHomePlaces allows
// it (an allow list: a deny list cannot keep up with what runs later).
// docs/policy-format.md, "Learning a policy".
#pragma once
#include <string>
#include <vector>

#include "../plan/plan.h"

namespace llp {

// How a row of kHomePlaces meets a writable grant under the home folder.
enum class HomeMatch {
  Place,      // the grant is the place, lies in it, or contains it
  Below,      // the grant lies strictly inside the place
  Component,  // a component of the grant below the home has this name
  PresetRw,   // the grant lies in a folder a preset grants writable
  DotFolder,  // the grant is or lies in a dot-folder at the home's root
};
enum class HomeVerdict { Suggested, Refused };
struct HomePlace {
  HomeMatch match;
  HomeVerdict verdict;
  const char *place;   // ~/x, or a component's name; "" for PresetRw
  const char *reason;  // what it holds (a refusal's reason)
};
// The first row that matches decides. Both learn ways (ptrace, audit) go
// through learn_refusal, so through this table.
inline constexpr HomePlace kHomePlaces[] = {
    // Caches and state that hold code run later outside the sandbox.
    {HomeMatch::Place, HomeVerdict::Refused, "~/.cache/pre-commit",
     "pre-commit keeps there the hook repositories it runs at the user's next commit"},
    {HomeMatch::Place, HomeVerdict::Refused, "~/.cache/node/corepack",
     "corepack keeps there the package managers (npm, pnpm, yarn) it runs outside the sandbox"},
    {HomeMatch::Place, HomeVerdict::Refused, "~/.config/landlock-policy",
     "landlock-policy's own settings, which decide the next sandbox"},
    {HomeMatch::Place, HomeVerdict::Refused, "~/.local/state/landlock-policy",
     "landlock-policy's own state: the private temp roots of later runs"},
    {HomeMatch::Component, HomeVerdict::Refused, "bin", "a tool's programs, run at the user's next command"},
    {HomeMatch::Component, HomeVerdict::Refused, "shims", "a version manager's shims, run at the user's next command"},
    // What is known to hold data, caches or state.
    {HomeMatch::PresetRw, HomeVerdict::Suggested, "", "a preset grants it writable"},
    {HomeMatch::Below, HomeVerdict::Suggested, "~/.cache", "a tool's cache"},
    {HomeMatch::Below, HomeVerdict::Suggested, "~/.local/state", "a tool's state"},
    // The rest.
    {HomeMatch::Place, HomeVerdict::Refused, "~/.config",
     "settings programs outside the sandbox read, many of them naming what to run (units, hooks, plugins)"},
    {HomeMatch::Place, HomeVerdict::Refused, "~/.local/share",
     "data programs outside the sandbox load and run (systemd units, desktop entries, editor plugins, completions)"},
    {HomeMatch::Place, HomeVerdict::Refused, "~/.local/lib",
     "libraries and packages interpreters outside the sandbox import"},
    {HomeMatch::DotFolder, HomeVerdict::Refused, "~/.*",
     "a tool's own folder (its settings, plugins, versions or programs, which run later outside the sandbox)"},
    {HomeMatch::Below, HomeVerdict::Refused, "~", "a place not known to hold only data, caches or state"},
};

// Why a denial is refused on purpose, as the JSON report's reason_kind
// says it (kRefusalKindNames): never compared as text.
enum class RefusalKind { None, Protected, Hidden, Carve, Secret, NotOffered };
inline constexpr const char *kRefusalKindNames[] = {"", "protected", "hidden", "carve", "secret", "not-offered"};
inline const char *refusal_kind_name(RefusalKind k) { return kRefusalKindNames[static_cast<int>(k)]; }

struct RefusalTable {
  std::string home;                       // canonical, "" when unknown
  std::vector<std::string> path_folders;  // PATH's absolute entries, canonical
  const Plan *plan = nullptr;             // its carve exceptions
};

// The table for this run: home as given, PATH as given (learn's own environment).
RefusalTable refusal_table(const std::string &home, const std::string &path_env, const Plan &plan);

// Why a grant on grant (write: rw, else ro) is refused on purpose, or "";
// *kind (when given) says which row refused it.
std::string learn_refusal(const RefusalTable &t, const std::string &grant, bool write, RefusalKind *kind = nullptr);

// Why kHomePlaces refuses a writable grant on grant, or "": "" too when
// grant is not strictly inside the home, or lies in the plan's workspace.
std::string home_refusal(const RefusalTable &t, const std::string &grant);

// Whether folder is one every tool shares (home, ~/.cache, ~/.config,
// ~/.local, ~/.local/share, ~/.local/state): never granted writable whole.
bool shared_folder(const RefusalTable &t, const std::string &folder);

// The presets that grant something inside folder, or folder itself or a
// folder inside it: "preset:go (~/.cache/go-build)". When one is named
// program (the tool's own name), only that one.
std::vector<std::string> presets_covering(const RefusalTable &t, const std::string &folder, const std::string &program);

}  // namespace llp
