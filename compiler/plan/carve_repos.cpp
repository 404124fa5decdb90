#include "carve_repos.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "carve_list.h"
#include "../host/paths.h"
#include "../host/read.h"
#include "../host/walk.h"

namespace llp {

namespace {

// How deep nested .git entries are looked for in a preset's cache folder
// (~/.cargo/git keeps clones): not a place you run git in, and too large
// to walk whole on every compile.
const WalkLimits kPresetGitWalk{3, 20000, false};

// "gitdir: PATH" (a worktree's or a submodule's .git file, or a gitdir's
// commondir file holding just PATH): the path it names, resolved against the
// file's folder; "" when it names none.
std::string named_dir(const std::string &file, std::string_view prefix) {
  std::string text;
  std::string error;
  if (!read_policy_file(file, text, error, 4096)) return {};
  if (!text.starts_with(prefix)) return {};
  std::string target = text.substr(prefix.size());
  while (!target.empty() && (target.back() == '\n' || target.back() == '\r' || target.back() == ' ')) target.pop_back();
  if (target.empty() || !path_problem(target.starts_with('/') ? target : "/" + target).empty()) return {};
  return resolve_host(join_path(parent_path(file), target)).path;
}

// The repository whose .git is at top/.git, if any.
std::optional<Repository> repository_at(const std::string &top) {
  const std::string dot_git = top + "/.git";
  HostPath h = resolve_host(dot_git);
  if (!h.exists) return std::nullopt;
  Repository repo{top, h.path, h.path};
  if (h.regular) {
    repo.gitdir = named_dir(dot_git, "gitdir: ");
    if (repo.gitdir.empty()) return std::nullopt;
  } else if (!h.directory) {
    return std::nullopt;
  }
  std::string common = named_dir(repo.gitdir + "/commondir", "");
  repo.common = common.empty() ? repo.gitdir : common;
  return repo;
}

bool from_preset(const Context &ctx, const Grant &g) {
  return g.loc.file >= 0 && ctx.sources.file(g.loc.file).name.starts_with("preset:");
}

}  // namespace

bool kept_writable(const Layer &user, std::string_view name) {
  return std::any_of(user.keep_writable.begin(), user.keep_writable.end(),
                     [&](const PathEntry &e) { return e.text == name; });
}

void Collector::add(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc) {
  const std::optional<HostEntry> entry = entry_at(path);
  if (!entry) return;
  push(path, written, why, false, loc);
  if (entry->symlink) {
    HostPath target = resolve_host(path);
    if (target.exists && under_writable(target.path)) add(target.path, written, {CarvedBy::SymlinkTarget, path}, loc);
    return;
  }
  if (entry->kind != Kind::File || !path.ends_with("/.git")) return;
  std::string gitdir = named_dir(path, "gitdir: ");
  if (gitdir.empty() || !under_writable(gitdir)) return;
  add(gitdir, written, {CarvedBy::Gitdir, path}, loc);
  std::string common = named_dir(gitdir + "/commondir", "");
  if (!common.empty() && under_writable(common)) add(common, written, {CarvedBy::CommonGitdir, gitdir}, loc);
}

void Collector::add_even_missing(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc,
                                 bool from_grant) {
  const std::string lexical = lexical_normalize(path);
  const std::string resolved = resolve_host(lexical).path;
  for (const std::string &p : {lexical, resolved}) {
    if (p.empty() || !under_writable(p)) continue;
    if (entry_at(p)) add(p, written, why, loc);
    else push(p, written, why, true, loc);
    mark_from_grant(p, from_grant);
  }
}

std::optional<Repository> enclosing_repository(const std::string &root) {
  for (std::string p = root; !p.empty(); p = parent_path(p)) {
    if (std::optional<Repository> repo = repository_at(p)) return repo;
    if (p == "/") break;
  }
  return std::nullopt;
}

UserGitConfig user_git_config(const Context &ctx) {
  UserGitConfig out;
  const std::map<std::string, std::string> &env = ctx.opt.env;
  auto var = [&](const char *name) {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
  };
  const std::string home = ctx.vars.home.value_or("");
  if (!var("GIT_CONFIG_GLOBAL").empty()) {
    out.files.push_back(var("GIT_CONFIG_GLOBAL"));
  } else if (!home.empty()) {
    out.files.push_back(home + "/.gitconfig");
    const std::string xdg = var("XDG_CONFIG_HOME");
    out.files.push_back((xdg.starts_with('/') ? xdg : home + "/.config") + "/git/config");
  }
  // Both usual system files, whichever this git was built to read.
  if (!var("GIT_CONFIG_SYSTEM").empty()) out.files.push_back(var("GIT_CONFIG_SYSTEM"));
  else out.files.insert(out.files.end(), {"/etc/gitconfig", "/usr/local/etc/gitconfig"});
  for (const std::string &f : out.files)
    if (f.starts_with('/')) read_git_config(f, home, out.facts);
  const long count = std::strtol(var("GIT_CONFIG_COUNT").c_str(), nullptr, 10);
  for (long i = 0; i < count && i < 1000; ++i) {
    std::string key = var(("GIT_CONFIG_KEY_" + std::to_string(i)).c_str());
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (key == "core.hookspath")
      out.facts.hooks_paths.push_back(var(("GIT_CONFIG_VALUE_" + std::to_string(i)).c_str()));
  }
  return out;
}

void carve_hooks_path(Collector &collector, const std::string &target, const std::string &whose, Loc loc) {
  const std::string path = lexical_normalize(target);
  collector.add_even_missing(path, "core.hooksPath", {CarvedBy::HooksPath, whose}, loc);
  const std::string parent = parent_path(path);
  if (parent.ends_with("/.husky"))
    collector.add_even_missing(parent, "core.hooksPath", {CarvedBy::HuskyScripts, whose}, loc);
}

void RepositoryCarver::carve(const Repository &repo, Loc loc) {
  if (std::find(done_.begin(), done_.end(), repo.top) != done_.end()) return;
  done_.push_back(repo.top);
  const std::string home = ctx_.vars.home.value_or("");
  GitConfigFacts facts;
  facts.files_read = config_files_read_;
  read_git_config(repo.common + "/config", home, facts);
  read_git_config(repo.gitdir + "/config.worktree", home, facts);
  config_files_read_ = facts.files_read;
  for (const std::string &failure : facts.failures)
    ctx_.diags.error(loc, "cannot read the git config " + failure + ": a core.hooksPath in it could stay writable",
                     "fix or remove the file (git itself refuses a config it cannot parse)");
  std::vector<std::string> hooks = facts.hooks_paths;
  hooks.insert(hooks.end(), user_.facts.hooks_paths.begin(), user_.facts.hooks_paths.end());
  for (const std::string &h : hooks) {
    if (h.empty()) continue;
    const std::string target = h.starts_with('/') ? h : join_path(repo.top, h);
    carve_hooks_path(collector_, target, repo.top, loc);
  }
  for (const std::string &inc : facts.includes)
    collector_.add_even_missing(inc, "include", {CarvedBy::ConfigInclude, "the config of " + repo.top}, loc);
  std::vector<std::string> submodules;
  std::string modules_why;
  if (!gitmodules_paths(repo.top + "/.gitmodules", submodules, modules_why))
    ctx_.diags.error(loc,
                     "cannot read " + repo.top + "/.gitmodules: " + modules_why +
                         ": a submodule path it names could get a planted .git",
                     "fix or remove the file (git itself refuses a .gitmodules it cannot parse)");
  if (facts.too_many && !too_many_said_) {
    too_many_said_ = true;
    ctx_.diags.error(loc,
                     "the git configs of the repositories up to " + repo.top + " include more than " +
                         std::to_string(kMaxGitConfigFiles) + " files: a core.hooksPath among them could stay writable",
                     "remove the include loop or fan-out from " + repo.common + "/config");
  }
  std::string why;
  if (!index_gitlinks(repo.gitdir + "/index", facts.sha256, submodules, why, index_budget_))
    ctx_.diags.error(loc, "cannot read the submodules of " + repo.top + " from " + repo.gitdir + "/index: " + why,
                     "a submodule's .git must be carved before a confined command could plant one; run "
                     "`git status` there to rewrite the index, or remove it");
  for (const std::string &sub : submodules) {
    const std::string path = lexical_normalize(join_path(repo.top, sub));
    if (path == repo.top || !is_within(path, repo.top)) continue;  // git refuses such a path too
    collector_.add_even_missing(path + "/.git", ".git", {CarvedBy::Submodule, sub + " of " + repo.top}, loc);
  }
}

void carve_nested(const Context &ctx, const Grant &root, const Layer &user, Collector &collector,
                  RepositoryCarver &repos) {
  const bool preset = from_preset(ctx, root);
  std::vector<std::string> tops;
  WalkResult walked = walk_tree(
      root.path, preset ? kPresetGitWalk : kRepositoryWalk,
      [&](const std::string &path, bool, bool) {
        if (path.ends_with("/.git") && path != root.path + "/.git") {
          collector.add(path, ".git", {CarvedBy::NestedRepository, {}}, {});
          tops.push_back(parent_path(path));
        }
        return true;
      },
      // A .git folder is carved whole: nothing inside it needs looking at.
      [](const std::string &dir) { return !dir.ends_with("/.git"); });
  if (walked.status != WalkStatus::Finished) {
    const std::string why = walked.status == WalkStatus::TooLarge ? "too large or too deep at " : "cannot read ";
    if (preset)
      ctx.diags.strict_warning(ctx.strict, root.loc,
                               "the look for nested .git folders in " + root.path + " stopped at " + walked.where +
                                   ": one beyond it stays writable",
                               "add `[protect] read_only = [\"PATH/.git\"]` for a repository nested deeper");
    else
      ctx.diags.error(
          root.loc,
          "the search of " + root.path + " for nested repositories did not finish (" + why + walked.where +
              "): one beyond it would stay writable",
          "make it readable or smaller; `[protect] keep_writable = [\".git\"]` turns the .git carve off, knowingly");
  }
  for (const std::string &top : tops) {
    collector.names_folder(top);
    for (const CarveEntry &e : kCarveList)
      if (e.rule == CarveRule::Name && e.what != ".git" && !kept_writable(user, e.what))
        collector.add(top + "/" + std::string(e.what), std::string(e.what), {CarvedBy::DefaultNested, top}, {});
    if (std::optional<Repository> repo = repository_at(top)) repos.carve(*repo, root.loc);
  }
}

}  // namespace llp
