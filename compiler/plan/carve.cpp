#include "carve.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <iterator>
#include <sys/stat.h>

#include "carve_git.h"
#include "carve_list.h"
#include "../host/paths.h"
#include "../host/read.h"
#include "../base/text.h"
#include "../host/walk.h"

namespace llp {

namespace {

// How deep nested .git entries are looked for in a preset's cache folder
// (~/.cargo/git keeps clones): not a place you run git in, and too large
// to walk whole on every compile.
const WalkLimits kPresetGitWalk{3, 20000, false};

bool kept_writable(const Layer &trusted, std::string_view name) {
  return std::any_of(trusted.keep_writable.begin(), trusted.keep_writable.end(),
                     [&](const PathEntry &e) { return e.text == name; });
}

// "gitdir: PATH" (a worktree's or a submodule's .git file, or a gitdir's
// commondir file holding just PATH): the path it names, resolved against the
// file's folder; "" when it names none.
std::string named_dir(const std::string &file, std::string_view prefix) {
  std::string text, error;
  if (!read_policy_file(file, text, error, 4096)) return {};
  if (!text.starts_with(prefix)) return {};
  std::string target = text.substr(prefix.size());
  while (!target.empty() && (target.back() == '\n' || target.back() == '\r' || target.back() == ' ')) target.pop_back();
  if (target.empty() || !path_problem(target.starts_with('/') ? target : "/" + target).empty()) return {};
  return resolve_host(join_path(parent_path(file), target)).path;
}

// A repository: its work tree's top folder, its gitdir and its common dir.
struct Repository {
  std::string top;
  std::string gitdir;
  std::string common;
};

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

// Why a path is carved: the kind and what it refers to (plan.h, CarvedBy).
struct CarveWhy {
  CarvedBy by;
  std::string of;
};

class Collector {
 public:
  Collector(const std::vector<std::string> &writable, CarveExceptions &out) : writable_(writable), out_(out) {}

  // Adds path (when it exists) as an exception; a symlink adds itself and,
  // when it leads somewhere writable, its target; a .git file adds the
  // gitdir it names and that gitdir's common folder, when writable.
  void add(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) return;
    push(path, written, why, false, loc);
    if (S_ISLNK(st.st_mode)) {
      HostPath target = resolve_host(path);
      if (target.exists && under_writable(target.path))
        add(target.path, written, {CarvedBy::SymlinkTarget, path}, loc);
      return;
    }
    if (!S_ISREG(st.st_mode) || !path.ends_with("/.git")) return;
    std::string gitdir = named_dir(path, "gitdir: ");
    if (gitdir.empty() || !under_writable(gitdir)) return;
    add(gitdir, written, {CarvedBy::Gitdir, path}, loc);
    std::string common = named_dir(gitdir + "/commondir", "");
    if (!common.empty() && under_writable(common)) add(common, written, {CarvedBy::CommonGitdir, gitdir}, loc);
  }

  // Adds path, existing or not, when a writable grant covers it: a path
  // that does not exist yet is kept from appearing (the folders on the way
  // to it are read-only). Resolved first: a symlink on the way is followed
  // to where a write would land, and is carved itself.
  void add_even_missing(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc,
                        bool from_grant = false) {
    const std::string lexical = lexical_normalize(path);
    const std::string resolved = resolve_host(lexical).path;
    for (const std::string &p : {lexical, resolved}) {
      if (p.empty() || !under_writable(p)) continue;
      struct stat st {};
      if (lstat(p.c_str(), &st) == 0) add(p, written, why, loc);
      else push(p, written, why, true, loc);
      mark_from_grant(p, from_grant);
    }
  }

  bool under_writable(const std::string &path) const {
    return std::any_of(writable_.begin(), writable_.end(), [&](const std::string &w) { return is_within(path, w); });
  }

 private:
  void push(const std::string &path, const std::string &written, const CarveWhy &why, bool not_there_yet, Loc loc) {
    if (std::any_of(out_.paths.begin(), out_.paths.end(), [&](const Carved &c) { return c.path == path; })) return;
    Carved c{path, written, why.by, why.of, not_there_yet, loc, {}, false, {}};
    c.origin = origin_text(c);
    if (std::optional<ObjectId> id = object_of(path)) c.objects.push_back(*id);
    out_.paths.push_back(std::move(c));
  }
  void mark_from_grant(const std::string &path, bool from_grant) {
    if (!from_grant) return;
    for (Carved &c : out_.paths)
      if (c.path == path) c.from_grant = true;
  }

  const std::vector<std::string> &writable_;
  CarveExceptions &out_;
};

// The global and system git configs, read once per compile: the files git
// reads (GIT_CONFIG_GLOBAL and GIT_CONFIG_SYSTEM replace the defaults) and
// core.hooksPath given in the environment (GIT_CONFIG_COUNT).
struct UserGitConfig {
  GitConfigFacts facts;
  std::vector<std::string> files;
};

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
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (key == "core.hookspath") out.facts.hooks_paths.push_back(var(("GIT_CONFIG_VALUE_" + std::to_string(i)).c_str()));
  }
  return out;
}

// A core.hooksPath target, existing or not. Husky v9 points it at
// `.husky/_`, whose stubs run the scripts in `.husky` itself: in a monorepo
// that is `frontend/.husky`, which no Name entry reaches, so a hooks folder
// whose parent is named .husky takes that parent with it.
// whose: the repository's top folder, or "your git config".
void carve_hooks_path(Collector &collector, const std::string &target, const std::string &whose, Loc loc) {
  const std::string path = lexical_normalize(target);
  collector.add_even_missing(path, "core.hooksPath", {CarvedBy::HooksPath, whose}, loc);
  const std::string parent = parent_path(path);
  if (parent.ends_with("/.husky"))
    collector.add_even_missing(parent, "core.hooksPath", {CarvedBy::HuskyScripts, whose}, loc);
}

// Every place a repository's own files say git runs code from, carved where
// a writable grant covers it: core.hooksPath (its own and the user's
// relative one, against its top folder), the config files it includes, and
// each submodule path's .git (from .gitmodules and the index).
class RepositoryCarver {
 public:
  RepositoryCarver(const Context &ctx, Collector &collector, const UserGitConfig &user)
      : ctx_(ctx), collector_(collector), user_(user) {}

  void carve(const Repository &repo, Loc loc) {
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
    std::vector<std::string> submodules = gitmodules_paths(repo.top + "/.gitmodules");
    if (facts.too_many && !too_many_said_) {
      too_many_said_ = true;
      ctx_.diags.error(loc, "the git configs of the repositories up to " + repo.top + " include more than " +
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

 private:
  const Context &ctx_;
  Collector &collector_;
  const UserGitConfig &user_;
  std::vector<std::string> done_;
  size_t index_budget_ = kMaxIndexBytes;
  int config_files_read_ = 0;
  bool too_many_said_ = false;
};

bool from_preset(const Context &ctx, const Grant &g) {
  return g.loc.file >= 0 && ctx.sources.file(g.loc.file).name.starts_with("preset:");
}

// A read_only entry names a path relative to each writable grant.
bool valid_relative(const PathEntry &e) {
  if (e.text.empty() || e.text.starts_with('/') || e.text.starts_with('~') || e.text.find('$') != std::string::npos)
    return false;
  if (!path_problem("/" + e.text).empty()) return false;
  std::string normal = lexical_normalize("/" + e.text);
  return normal != "/" && normal == "/" + e.text;  // no "..", ".", "//" or trailing slash
}

class Carver {
 public:
  Carver(const Context &ctx, const Grant &grant, std::vector<const Carved *> below, CarveResult &out)
      : ctx_(ctx), grant_(grant), below_(std::move(below)), out_(out) {}

  void carve(const std::string &dir) {
    std::vector<std::string> names;
    if (!list_dir(dir, names)) {
      ctx_.diags.error(grant_.loc, "cannot list " + dir + " to carve its read-only exceptions; the grant `" + grant_.written +
                                       "` is refused",
                       "a carve grants each entry beside an exception instead of the folder, which needs its listing");
      return;
    }
    emit(dir, Access::Ro, false);
    out_.read_only.push_back(dir);
    for (const std::string &name : names) {
      std::string child = (dir == "/" ? "" : dir) + "/" + name;
      if (is_exception(child)) continue;  // readable through dir's read-only grant
      struct stat st {};
      if (lstat(child.c_str(), &st) != 0) continue;  // vanished meanwhile
      // A symlink is never granted (it would grant its target); it cannot be
      // replaced either, since dir is read-only now.
      if (S_ISLNK(st.st_mode)) continue;
      if (leads_to_exception(child)) {
        if (S_ISDIR(st.st_mode)) carve(child);
        continue;
      }
      if (names_exception_object(st)) continue;
      emit(child, Access::Rw, true);
    }
  }

 private:
  bool is_exception(const std::string &path) const {
    return std::any_of(below_.begin(), below_.end(), [&](const Carved *c) { return c->path == path; });
  }
  bool leads_to_exception(const std::string &path) const {
    return std::any_of(below_.begin(), below_.end(), [&](const Carved *c) { return is_within(c->path, path); });
  }
  // Another name of an exception (a bind mount of .git, a hard link to
  // .envrc) beside it is not granted: rules attach to objects.
  bool names_exception_object(const struct stat &st) const {
    ObjectId id{static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino)};
    return std::any_of(below_.begin(), below_.end(), [&](const Carved *c) {
      return std::find(c->objects.begin(), c->objects.end(), id) != c->objects.end();
    });
  }

  void emit(const std::string &path, Access access, bool optional) {
    Grant g = grant_;
    g.path = path;
    g.access = access;
    // -try for the entries beside the exceptions: one that disappears before
    // the run must not make a saved argv fail.
    g.optional = optional;
    g.exists = true;
    g.origin = Origin::Carve;
    g.origin_detail = "`" + grant_.written + "` (" + origin_text(grant_) + ")";
    g.hops.clear();
    g.object.reset();
    out_.grants.push_back(std::move(g));
  }

  const Context &ctx_;
  const Grant &grant_;
  std::vector<const Carved *> below_;
  CarveResult &out_;
};

}  // namespace

namespace {

// Every repository inside root, at any depth (nested .git files and folders:
// submodules, vendored clones), carved with what its files name. A walk that
// cannot finish fails the compile: a repository beyond it would stay writable.
void carve_nested(const Context &ctx, const Grant &root, const Layer &trusted, Collector &collector,
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
      ctx.diags.error(root.loc,
                      "the search of " + root.path + " for nested repositories did not finish (" + why + walked.where +
                          "): one beyond it would stay writable",
                      "make it readable or smaller; `[protect] keep_writable = [\".git\"]` turns the .git carve off, knowingly");
  }
  for (const std::string &top : tops) {
    for (const CarveEntry &e : kCarveList)
      if (e.rule == CarveRule::Name && e.what != ".git" && !kept_writable(trusted, e.what))
        collector.add(top + "/" + std::string(e.what), std::string(e.what), {CarvedBy::DefaultNested, top}, {});
    if (std::optional<Repository> repo = repository_at(top)) repos.carve(*repo, root.loc);
  }
}

// The repository a writable root lies in or is the top of: its own .git, or
// the first one above it (a workspace that is a subfolder of a repository).
std::optional<Repository> enclosing_repository(const std::string &root) {
  for (std::string p = root; !p.empty(); p = parent_path(p)) {
    if (std::optional<Repository> repo = repository_at(p)) return repo;
    if (p == "/") break;
  }
  return std::nullopt;
}

}  // namespace

CarveExceptions collect_carve(const Context &ctx, const std::vector<Grant> &grants, const Layers &layers, bool defaults) {
  const Layer &trusted = layers.trusted;
  CarveExceptions out;
  for (const PathEntry &k : trusted.keep_writable) {
    if (!carved_by_name(k.text)) {
      std::vector<std::string_view> names;
      for (const CarveEntry &e : kCarveList)
        if (e.rule == CarveRule::Name) names.push_back(e.what);
      ctx.diags.error(k.loc, "`" + k.text + "` is not carved out by default, so it cannot be kept writable",
                      "keep_writable takes " + join_quoted(names));
      continue;
    }
    ctx.diags.warning(k.loc, "keep_writable `" + k.text + "`: a confined command can write it",
                      "code planted there runs on the host, outside any sandbox (git hooks, direnv, editor tasks, agent hooks)");
  }
  const std::vector<PathEntry> &read_only = layers.both.read_only;
  for (const PathEntry &e : read_only)
    if (!valid_relative(e))
      ctx.diags.error(e.loc, "read_only `" + e.text + "`: a path relative to each writable grant, like \".github/workflows\"",
                      "no leading /, ~ or variable, no `..`; it names the same path under every writable grant");
  if (!ctx.host) {
    if (!read_only.empty())
      ctx.diags.error(read_only.front().loc, "[protect] read_only needs --target host",
                      "a carve is computed from this machine's directory listings");
    return out;
  }

  std::vector<const Grant *> roots;
  for (const Grant &g : grants)
    if (g.trusted && g.access == Access::Rw && g.exists && kind_of(g.path) == Kind::Directory) roots.push_back(&g);
  std::vector<std::string> writable;
  std::transform(roots.begin(), roots.end(), std::back_inserter(writable), [](const Grant *g) { return g->path; });
  Collector collector(writable, out);

  // A read-only request inside a writable grant is never widened: it is an
  // exception. Two grants on the very same path merge into rw (normalise
  // warns); nothing is carved for them.
  for (const Grant &g : grants) {
    if (g.access != Access::Ro || !g.user_written()) continue;
    const bool inside = std::any_of(roots.begin(), roots.end(),
                                    [&](const Grant *r) { return g.path != r->path && is_within(g.path, r->path); });
    const bool same_as_rw = std::any_of(grants.begin(), grants.end(), [&](const Grant &w) {
      return w.access == Access::Rw && w.path == g.path && (!w.optional || w.exists);
    });
    if (inside && !same_as_rw)
      collector.add_even_missing(g.path, g.written, {g.trusted ? CarvedBy::RoGrant : CarvedBy::ProjectRoGrant, {}}, g.loc,
                                 true);
  }

  const UserGitConfig user_git = user_git_config(ctx);
  RepositoryCarver repos(ctx, collector, user_git);
  const std::string workspace = ctx.vars.workspace.value_or("");
  const bool git_kept = kept_writable(trusted, ".git");
  for (const Grant *g : roots) {
    const std::string &root = g->path;
    if (defaults) {
      for (const CarveEntry &e : kCarveList)
        if (e.rule == CarveRule::Name && !kept_writable(trusted, e.what))
          collector.add(root + "/" + std::string(e.what), std::string(e.what), {CarvedBy::Default, {}}, {});
      // Nested repositories are looked for in the workspace and in the
      // folders a policy lists, not in ${TMPDIR}: a .git found there would
      // make the temp folder's root read-only, and everything in a shared
      // temp folder is writable by the command anyway.
      const bool nested = root == workspace || g->origin == Origin::List;
      if (!git_kept) {
        if (nested) carve_nested(ctx, *g, trusted, collector, repos);
        if (std::optional<Repository> repo = enclosing_repository(root); repo && (nested || repo->top == root))
          repos.carve(*repo, g->loc);
      }
    }
    for (const PathEntry &e : read_only)
      if (valid_relative(e)) collector.add(root + "/" + e.text, e.text, {CarvedBy::ReadOnlyList, {}}, e.loc);
  }
  if (defaults && !git_kept) {
    if (user_git.facts.too_many)
      ctx.diags.error({}, "your git config includes more than " + std::to_string(kMaxGitConfigFiles) +
                              " files: a core.hooksPath among them could stay writable",
                      "remove the include loop from " + join_quoted(std::vector<std::string_view>(user_git.files.begin(), user_git.files.end())));
    for (const std::string &failure : user_git.facts.failures)
      ctx.diags.error({}, "cannot read your git config " + failure + ": a core.hooksPath in it could stay writable",
                      "fix or remove the file (git itself refuses a config it cannot parse)");
    // An absolute core.hooksPath or include of your own config, anywhere under a writable grant.
    for (const std::string &h : user_git.facts.hooks_paths)
      if (h.starts_with('/')) carve_hooks_path(collector, h, "your git config", {});
    for (const std::string &inc : user_git.facts.includes)
      collector.add_even_missing(inc, "include", {CarvedBy::ConfigInclude, "your git config"}, {});
  }
  std::sort(out.paths.begin(), out.paths.end(), [](const Carved &a, const Carved &b) { return a.path < b.path; });
  return out;
}

CarveResult apply_carve(const Context &ctx, const std::vector<Carved> &exceptions, std::vector<Grant> grants) {
  CarveResult out;
  for (Grant &g : grants) {
    if (g.access != Access::Rw || (g.optional && !g.exists)) {
      out.grants.push_back(std::move(g));
      continue;
    }
    const Carved *inside = nullptr;
    std::vector<const Carved *> below;
    for (const Carved &c : exceptions) {
      // An rw grant inside a ro grant's exception is the more specific request.
      if (is_within(g.path, c.path)) {
        if (!c.from_grant) inside = &c;
      } else if (is_within(c.path, g.path)) {
        below.push_back(&c);
      }
    }
    if (inside) {
      if (g.user_written()) {
        Diagnostic &d = ctx.diags.error(g.loc, "rw grant `" + g.written + "` (" + g.path + ") lies inside read-only exception " +
                                                   inside->path + " (" + origin_text(*inside) + ")",
                                        inside->by == CarvedBy::Default
                                            ? "write `[protect] keep_writable = [\"" + inside->written + "\"]` if you really mean it"
                                            : "remove the grant or the read_only entry");
        if (inside->loc.file >= 0) d.related.push_back({inside->loc, "carved here"});
      } else {
        out.dropped.push_back({g, "lies inside read-only exception " + inside->path});
      }
      continue;
    }
    if (below.empty()) {
      out.grants.push_back(std::move(g));
      continue;
    }
    out.dropped.push_back({g, "replaced by a carve: read-only exceptions lie beneath it"});
    Carver(ctx, g, below, out).carve(g.path);
  }
  std::sort(out.read_only.begin(), out.read_only.end());
  out.read_only.erase(std::unique(out.read_only.begin(), out.read_only.end()), out.read_only.end());
  return out;
}

void verify_carved(const Context &ctx, const std::vector<Carved> &exceptions, const std::vector<Grant> &grants) {
  for (const Grant &g : grants)
    for (const Carved &c : exceptions)
      if (g.access == Access::Rw && (is_within(c.path, g.path) || (is_within(g.path, c.path) && !c.from_grant)))
        ctx.diags.error(g.loc, "internal error: writable grant " + g.path + " still covers read-only exception " + c.path,
                        "please report this; nothing was emitted");
}

}  // namespace llp
