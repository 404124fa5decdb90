// Protected paths: a writable grant is refused when it is, lies inside or
// contains one of them, and when it is / or the home directory or one of its
// ancestors. The built-in lists only shrink through an explicit `unprotect`.
// Compared as strings and as objects (device and inode): Landlock rules
// attach to inodes, so a bind mount of a protected folder is protected too.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "../policy/context.h"
#include "../policy/load.h"
#include "plan.h"

namespace llp {

struct Protection {
  std::vector<Protected> paths;
  bool incomplete = false;  // a walk of a protected folder did not finish
  std::string incomplete_why;
};

// Secrets: hidden by the two sandboxing modes and never writable.
inline constexpr const char *kBuiltinSecrets[] = {
    "~/.ssh", "~/.gnupg", "~/.aws", "~/.kube", "~/.docker", "~/.netrc", "~/.git-credentials", "~/.npmrc", "~/.pypirc",
    "~/.cargo/credentials.toml", "~/.cargo/credentials", "~/.config/gh", "~/.config/gcloud", "~/.azure",
    // Toolchains' credential stores (beside what their presets grant):
    // Maven's master password, Poetry's and uv's plain-text credentials.
    "~/.m2/settings-security.xml", "~/.config/pypoetry/auth.toml", "~/.local/share/uv/credentials"};

// Secrets in your session's runtime folder ($XDG_RUNTIME_DIR, when set),
// hidden like the ones above: podman, buildah and skopeo keep registry
// logins in containers/auth.json there (it wins over ~/.docker/config.json).
inline constexpr const char *kRuntimeSecrets[] = {"${env.XDG_RUNTIME_DIR}/containers/auth.json"};

// Persistence points: where a write makes code run later on the host,
// outside any sandbox (a login shell, a desktop session, a git command).
// Never writable; readable, since tools read them.
inline constexpr const char *kPersistencePoints[] = {"~/.bashrc",      "~/.bash_profile",     "~/.bash_login",
                                                     "~/.bash_logout", "~/.profile",          "~/.zshrc",
                                                     "~/.zshenv",      "~/.zprofile",         "~/.zlogin",
                                                     "~/.config/fish", "~/.config/autostart", "~/.config/systemd/user",
                                                     "~/.local/bin",   "~/.gitconfig",        "~/.config/git"};

// landlock-policy's own folders: where `init` writes the user's policies,
// and the root of the runs' private temp folders (tmpdir.h; the other root,
// $XDG_RUNTIME_DIR/landlock-policy, lies in the session's protected runtime
// folder). Never writable, not even through `unprotect`: a run that could
// write there could rewrite the user's policy, or another workspace's temp
// files. The one grant inside is the run's own private temp folder.
inline constexpr const char *kCompilerState[] = {"~/.config/landlock-policy", "~/.local/state/landlock-policy"};

// A CI runner's command files, named by these variables: a line written to
// one sets the environment, PATH or outputs of the job's later steps.
inline constexpr const char *kRunnerCommandFiles[] = {"GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT",
                                                      "GITHUB_STEP_SUMMARY", "GITHUB_STATE"};

// Places `landlock-policy learn` never suggests granting, beside the two
// lists above and the carve's exceptions: what a grant there would let the
// command do outside the sandbox, now or at the user's next shell, editor or
// interpreter start. A leading ~ is the home; "/lib*" any /lib folder;
// "*/NAME" a path component NAME anywhere. read_too: a read grant too (a
// terminal's keystrokes are the user's). learn_refuse.h reads this table.
struct NeverLearned {
  const char *path;
  bool read_too;
  const char *reason;
};
inline constexpr NeverLearned kNeverLearned[] = {
    {"/dev/tty", true,
     "a terminal: its ioctls (TIOCSTI) type into the caller's shell, and reading it takes the user's keystrokes"},
    {"/dev/pts", true,
     "a terminal: its ioctls (TIOCSTI) type into the caller's shell, and reading it takes the user's keystrokes"},
    {"/dev/console", true, "the console: its ioctls act on the whole system's terminal"},
    {"/etc", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/usr", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/bin", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/sbin", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/lib*", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/boot", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"/var/lib", false, "a system folder: what is written there runs or is trusted outside the sandbox"},
    {"*/site-packages", false, "Python imports it (and runs its .pth files) at every interpreter start"},
    {"*/dist-packages", false, "Python imports it (and runs its .pth files) at every interpreter start"},
    {"*/usercustomize.py", false, "Python runs it at every interpreter start"},
    {"*/sitecustomize.py", false, "Python runs it at every interpreter start"},
    {"~/.config/nvim", false, "Neovim runs its configuration at every start"},
    {"~/.vimrc", false, "Vim runs it at every start"},
    {"~/.vim", false, "Vim runs its plugins at every start"},
    {"~/.emacs", false, "Emacs runs it at every start"},
    {"~/.emacs.d", false, "Emacs runs it at every start"},
    {"~/.config/emacs", false, "Emacs runs it at every start"},
    {"~/.local/share/direnv/allow", false,
     "direnv's allow list: an entry there runs a repository's .envrc at the next cd"},
    {"~/.config/direnv", false, "direnv runs its configuration in every shell"},
    {"~/.cargo/bin", false, "on PATH: a program planted there runs at the user's next command"},
    {"~/.local/bin", false, "on PATH: a program planted there runs at the user's next command"},
    {"~/.bashrc.d", false, "the shell start-up files source every file there"},
    {"~/.config/environment.d", false, "systemd sets these variables (LD_PRELOAD among them) in every user session"},
    {"~/.gdbinit", false, "gdb runs it at every start"},
    {"~/.pythonrc", false, "Python runs it at every interactive start ($PYTHONSTARTUP)"},
    {"~/.ipython", false, "IPython runs its profiles' startup scripts at every start"},
    {"~/.gradle/init.d", false, "Gradle runs every init script there in every build"},
    {"~/.config/mise", false, "mise runs the hooks and tasks its configuration names in every shell"},
    {"~/.config/Code", false, "VS Code runs the tasks and programs its user settings name"},
    {"~/.vscode", false, "VS Code loads and runs the extensions kept there"},
    {"~/.config/zed", false, "Zed runs the tasks and language servers its settings name"},
    {"~/.config/helix", false, "Helix starts the language servers its configuration names"},
    {"~/.claude", false,
     "Claude Code runs the hooks and starts the MCP servers its user settings name, at every session"},
    {"~/.claude.json", false, "Claude Code starts the MCP servers it names"},
    {"~/.codex", false, "Codex starts the MCP servers and allows the commands its configuration names"},
    {"~/.gemini", false, "Gemini CLI starts the MCP servers and runs the commands its settings name"},
    {"~/.cursor", false, "Cursor runs the hooks and starts the MCP servers its settings name"},
    {"~/.config/opencode", false, "opencode starts the MCP servers and runs the commands its configuration names"},
};

// The protected paths of this compile: the built-in lists (less what the
// user's layer unprotects), $XDG_RUNTIME_DIR, [protect] paths, every path
// through which one of the user's policy files or the launcher was
// reached, the targets of symlinks inside each (followed to the end), and
// every path at which one of them is visible through a bind mount.
Protection build_protection(const Context &ctx, const Layer &policy, const std::vector<PolicyFile> &policy_files,
                            const std::vector<std::string> &launcher_chain);

// Reports every writable grant that would expose a protected path (an
// error at its line), whoever wrote it; returns the grants, each refused one
// marked (Grant::refused).
std::vector<Grant> check_writable(const Context &ctx, const Protection &protection, std::vector<Grant> grants);

// The protect stage, over every launcher's grants, whoever wrote them: it
// stands alone, whatever trust dropped before it. A writable grant of the
// user's that meets a protected path is refused (an error, Grant::refused);
// a project's is dropped as a widening (a warning, an error under strict),
// since a project policy may only narrow. A grant judged in one layer (the
// inner layer's copy of an outer grant) is not reported twice.
struct ProtectResult {
  std::vector<GrantLayer> layers;
  std::vector<Dropped> dropped;
  std::vector<Widening> widenings;
};
ProtectResult protect_layers(const Context &ctx, const Protection &protection, std::vector<GrantLayer> layers);

// A writable grant containing a .git folder: its hooks run unconfined at the
// user's next commit. A warning, an error under strict. (A grant on or
// inside .git itself is refused by check_writable.) Grants already refused
// are skipped: a second message on them is noise, and walking `/` would make
// the output depend on what else lives on the host.
// A .git that a carve makes read-only (carved) is not warned about.
void check_git(const Context &ctx, const std::vector<Grant> &grants, const std::vector<Carved> &carved);

// The symlinks inside folder, resolved to the end (also dangling ones: a
// target created later would be written through the link); false when the
// walk did not finish. Folders within not_walked are not looked into.
bool symlink_targets(const std::string &folder, std::vector<std::string> &targets, std::string &why,
                     const std::vector<std::string> &not_walked = {});

}  // namespace llp
