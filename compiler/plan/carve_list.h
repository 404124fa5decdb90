// The one list of what workspace-write carves out of a writable grant by
// default: every place where a write makes code run later on the host,
// outside any sandbox, at the user's next git command or when an editor or
// an agent starts in the folder. carve.cpp applies it; docs/policy-format.md
// renders it (carve_list_markdown(), and a unit test checks they agree).
#pragma once
#include <string>
#include <string_view>

namespace llp {

enum class CarveRule {
  // A path relative to the root of each writable grant and of each
  // repository found inside one, carved where it exists.
  Name,
  // core.hooksPath (the repository's, your global and the system git
  // config): its target, carved existing or not, when a grant covers it.
  HooksPath,
  // include.path and includeIf.*.path of those configs: a config file the
  // command could write would set core.fsmonitor or core.hooksPath.
  ConfigInclude,
  // The paths .gitmodules and the index name as submodules: PATH/.git is
  // carved, existing or not, so no gitdir can be planted there.
  SubmodulePath,
  // Every .git file or folder found beneath a writable grant, at any depth,
  // with the gitdir a .git file names and its common folder.
  NestedGit,
};

struct CarveEntry {
  CarveRule rule;
  std::string_view what;  // the name, or what the rule finds (markdown)
  std::string_view why;   // what runs it, and when
};

inline constexpr CarveEntry kCarveList[] = {
    {CarveRule::Name, ".git",
     "git runs `.git/hooks/*` and the programs `.git/config` names (core.fsmonitor, core.hooksPath, aliases) at your "
     "next git command; `.git/modules` holds every submodule's gitdir"},
    {CarveRule::Name, ".gitmodules",
     "names the submodules git recurses into; a rewritten path points git at another folder's `.git`"},
    {CarveRule::Name, ".husky",
     "husky's hooks: `core.hooksPath` points at `.husky/_`, whose scripts run `.husky/pre-commit` and the others"},
    {CarveRule::Name, ".pre-commit-config.yaml",
     "pre-commit, run by `.git/hooks/pre-commit`, installs and runs the programs it names"},
    {CarveRule::Name, "lefthook.yml", "lefthook, run by its git hooks, runs the commands it names"},
    {CarveRule::Name, ".lefthook.yml", "lefthook's configuration under its other name"},
    {CarveRule::Name, "lefthook-local.yml", "lefthook's local overrides, merged into its configuration"},
    {CarveRule::Name, ".envrc", "direnv runs it when your shell enters the folder"},
    {CarveRule::Name, ".vscode",
     "VS Code runs `tasks.json` and the programs its settings name when it opens the folder"},
    {CarveRule::Name, ".idea", "JetBrains IDEs run the run configurations and tools kept there"},
    {CarveRule::Name, ".zed", "Zed runs the tasks and language servers its settings name"},
    {CarveRule::Name, ".devcontainer",
     "`devcontainer.json`'s commands (initializeCommand runs on the host) run when an editor opens the folder"},
    {CarveRule::Name, ".claude", "Claude Code runs the hooks and starts the MCP servers its settings name"},
    {CarveRule::Name, ".codex", "Codex reads its configuration (MCP servers it starts, commands it allows) there"},
    {CarveRule::Name, ".agents", "agent harnesses read skills and instructions with commands to run there"},
    {CarveRule::Name, ".mcp.json", "the MCP servers an agent starts in this project"},
    {CarveRule::Name, ".cursor", "Cursor runs the hooks and starts the MCP servers its settings name"},
    {CarveRule::Name, ".gemini", "Gemini CLI starts the MCP servers and runs the commands its settings name"},
    {CarveRule::Name, ".github/hooks", "Copilot's coding agent runs the hooks kept there"},
    {CarveRule::Name, "opencode.json", "opencode starts the MCP servers and loads the plugins it names"},
    {CarveRule::Name, "opencode.jsonc", "opencode's configuration under its other name"},
    {CarveRule::Name, ".opencode", "opencode loads the plugins, commands and agents kept there"},
    {CarveRule::Name, ".kiro", "Kiro runs the agent hooks and starts the MCP servers its settings there name"},
    {CarveRule::Name, ".roo", "Roo Code starts the MCP servers `.roo/mcp.json` names"},
    {CarveRule::Name, ".continue", "Continue starts the MCP servers its configuration there names"},
    {CarveRule::Name, ".windsurf", "Windsurf runs the hooks and follows the rules and workflows kept there"},
    {CarveRule::Name, ".clinerules", "Cline runs the hooks in `.clinerules/hooks` and follows the rules kept there"},
    {CarveRule::Name, ".aider.conf.yml", "aider runs the `lint-cmd` and `test-cmd` it names"},
    {CarveRule::Name, ".helix", "Helix starts the language servers `.helix/languages.toml` names"},
    {CarveRule::Name, "mise.toml",
     "mise runs the hooks, tasks and `_.source` scripts it names; its trust is by path, so a rewritten trusted file "
     "runs"},
    {CarveRule::Name, ".mise.toml", "mise's configuration under its other name"},
    {CarveRule::Name, "mise.local.toml", "mise's local configuration, read with `mise.toml`"},
    {CarveRule::Name, ".mise.local.toml", "mise's local configuration under its other name"},
    {CarveRule::Name, ".mise", "mise reads `.mise/config.toml` and runs the tasks kept there"},
    {CarveRule::Name, ".tool-versions",
     "asdf and mise run the tool versions it names when you run the tool there; a `path:` version is any folder's "
     "programs"},
    {CarveRule::Name, ".npmrc",
     "npm runs `script-shell`, passes `node-options` (`--require` a file) and runs the `git` it names"},
    {CarveRule::Name, ".yarnrc.yml", "yarn runs the script `yarnPath` names at your next yarn command"},
    {CarveRule::Name, ".yarnrc", "yarn 1 runs the script `yarn-path` names"},
    {CarveRule::Name, ".cargo",
     "cargo runs the `rustc-wrapper`, runners and aliases `.cargo/config.toml` names at your next cargo command"},
    {CarveRule::HooksPath, "`core.hooksPath`",
     "git runs the hooks in that folder instead of `.git/hooks`; when its parent is a `.husky` folder (husky's "
     "`.husky/_`, in a monorepo `frontend/.husky/_`), whose scripts husky's hooks run, that parent too; read from the "
     "repository's config, your global config (GIT_CONFIG_GLOBAL, `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`) and "
     "the system's (GIT_CONFIG_SYSTEM, `/etc/gitconfig`); a relative one is carved in every repository"},
    {CarveRule::ConfigInclude, "`include.path`, `includeIf.*.path`",
     "a config file included from one of those: git reads it as its own, so it could set core.fsmonitor or "
     "core.hooksPath; every include is followed, whatever its condition, and never run"},
    {CarveRule::SubmodulePath, "submodule paths",
     "each path `.gitmodules` and the index name: its `.git` is carved, existing or not, so no `.git` file pointing at "
     "a planted gitdir can appear there (git status runs in every populated submodule)"},
    {CarveRule::NestedGit, "every .git below",
     "every `.git` file or folder in the workspace and in the folders your policy lists, at any depth (a bounded walk: "
     "past 2 000 000 entries or 2048 levels the compile fails; a preset's cache folders are looked at three levels "
     "deep, `${TMPDIR}` not at all), with the gitdir a `.git` file names and its common folder, when writable"},
};

// Whether name is a Name entry (what keep_writable accepts).
bool carved_by_name(std::string_view name);

// The table as docs/policy-format.md shows it: one row per entry.
std::string carve_list_markdown();

}  // namespace llp
