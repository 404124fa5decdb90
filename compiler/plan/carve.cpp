#include "carve.h"

#include <algorithm>
#include <optional>
#include <iterator>
#include <string_view>
#include <unordered_set>

#include "carve_repos.h"
#include "carve_list.h"
#include "../host/paths.h"
#include "../base/text.h"
#include "../host/walk.h"

namespace llp {

namespace {

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
      ctx_.diags.error(
          grant_.loc,
          "cannot list " + dir + " to carve its read-only exceptions; the grant `" + grant_.written + "` is refused",
          "a carve grants each entry beside an exception instead of the folder, which needs its listing");
      return;
    }
    emit(dir, Access::Ro, false);
    out_.read_only.push_back(dir);
    for (const std::string &name : names) {
      std::string child = (dir == "/" ? "" : dir) + "/" + name;
      if (is_exception(child)) continue;  // readable through dir's read-only grant
      const std::optional<HostEntry> entry = entry_at(child);
      if (!entry) continue;  // vanished meanwhile
      // A symlink is never granted (it would grant its target); it cannot be
      // replaced either, since dir is read-only now.
      if (entry->symlink) continue;
      if (leads_to_exception(child)) {
        if (entry->kind == Kind::Directory) carve(child);
        continue;
      }
      if (names_exception_object(entry->object)) continue;
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
  bool names_exception_object(const ObjectId &id) const {
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
    g.replaced = std::make_shared<const Grant>(grant_);
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

// keep_writable names a default exception; each one kept is said.
void check_keep_writable(const Context &ctx, const Layer &user) {
  for (const PathEntry &k : user.keep_writable) {
    if (!carved_by_name(k.text)) {
      std::vector<std::string_view> names;
      for (const CarveEntry &e : kCarveList)
        if (e.rule == CarveRule::Name) names.push_back(e.what);
      ctx.diags.error(k.loc, "`" + k.text + "` is not carved out by default, so it cannot be kept writable",
                      "keep_writable takes " + join_quoted(names));
      continue;
    }
    ctx.diags.warning(
        k.loc, "keep_writable `" + k.text + "`: a confined command can write it",
        "code planted there runs on the host, outside any sandbox (git hooks, direnv, editor tasks, agent hooks)");
  }
}

// A read-only request inside a writable grant is never widened: it is an
// exception. Two grants on the very same path merge into rw (normalise
// warns); nothing is carved for them. A project's rw never cancels your
// own ro: a project policy may only narrow (trust drops its rw as a
// widening), so your ro on that path stays an exception.
// The paths of the rw grants in force, looked up once per ro grant: a scan
// of every grant for each one made a policy of 100 000 grants quadratic.
struct RwPaths {
  std::unordered_set<std::string_view> any;    // yours or the project's: cancels a project's ro
  std::unordered_set<std::string_view> yours;  // only your own rw cancels your ro
};

RwPaths rw_paths(const std::vector<Grant> &grants) {
  RwPaths paths;
  for (const Grant &w : grants) {
    if (w.access != Access::Rw) continue;
    if (w.optional && !w.exists) continue;
    paths.any.insert(w.path);
    if (w.from_user()) paths.yours.insert(w.path);
  }
  return paths;
}

void carve_ro_grants(const std::vector<Grant> &grants, const std::vector<const Grant *> &roots, Collector &collector) {
  const RwPaths rw = rw_paths(grants);
  for (const Grant &g : grants) {
    if (g.access != Access::Ro || !g.user_written()) continue;
    const bool inside = std::any_of(roots.begin(), roots.end(),
                                    [&](const Grant *r) { return g.path != r->path && is_within(g.path, r->path); });
    const std::unordered_set<std::string_view> &cancelling = g.from_user() ? rw.yours : rw.any;
    const bool same_as_rw = cancelling.contains(g.path);
    if (inside && !same_as_rw)
      collector.add_even_missing(g.path, g.written, {g.from_user() ? CarvedBy::RoGrant : CarvedBy::ProjectRoGrant, {}},
                                 g.loc, true);
  }
}

// Your own git config: what it could not read, and an absolute
// core.hooksPath or include of it, anywhere under a writable grant.
void carve_user_git(const Context &ctx, const UserGitConfig &user_git, Collector &collector) {
  if (user_git.facts.too_many)
    ctx.diags.error({},
                    "your git config includes more than " + std::to_string(kMaxGitConfigFiles) +
                        " files: a core.hooksPath among them could stay writable",
                    "remove the include loop from " +
                        join_quoted(std::vector<std::string_view>(user_git.files.begin(), user_git.files.end())));
  for (const std::string &failure : user_git.facts.failures)
    ctx.diags.error({}, "cannot read your git config " + failure + ": a core.hooksPath in it could stay writable",
                    "fix or remove the file (git itself refuses a config it cannot parse)");
  for (const std::string &h : user_git.facts.hooks_paths)
    if (h.starts_with('/')) carve_hooks_path(collector, h, "your git config", {});
  for (const std::string &inc : user_git.facts.includes)
    collector.add_even_missing(inc, "include", {CarvedBy::ConfigInclude, "your git config"}, {});
}

}  // namespace

CarveExceptions collect_carve(const Context &ctx, const std::vector<Grant> &grants, const Layers &layers,
                              bool defaults) {
  CarveExceptions out;
  check_keep_writable(ctx, layers.user);
  const std::vector<PathEntry> &read_only = layers.both.read_only;
  for (const PathEntry &e : read_only)
    if (!valid_relative(e))
      ctx.diags.error(e.loc,
                      "read_only `" + e.text + "`: a path relative to each writable grant, like \".github/workflows\"",
                      "no leading /, ~ or variable, no `..`; it names the same path under every writable grant");
  if (!ctx.host) {
    if (!read_only.empty())
      ctx.diags.error(read_only.front().loc, "[protect] read_only needs --target host",
                      "a carve is computed from this machine's directory listings");
    return out;
  }

  std::vector<const Grant *> roots;
  for (const Grant &g : grants)
    if (g.from_user() && g.access == Access::Rw && g.exists && kind_of(g.path) == Kind::Directory) roots.push_back(&g);
  std::vector<std::string> writable;
  std::transform(roots.begin(), roots.end(), std::back_inserter(writable), [](const Grant *g) { return g->path; });
  Collector collector(writable, out);
  carve_ro_grants(grants, roots, collector);

  const UserGitConfig user_git = user_git_config(ctx);
  RepositoryCarver repos(ctx, collector, user_git);
  const std::string workspace = ctx.vars.workspace.value_or("");
  const bool git_kept = kept_writable(layers.user, ".git");
  for (const Grant *g : roots) {
    const std::string &root = g->path;
    if (defaults) {
      collector.names_folder(root);
      for (const CarveEntry &e : kCarveList)
        if (e.rule == CarveRule::Name && !kept_writable(layers.user, e.what))
          collector.add(root + "/" + std::string(e.what), std::string(e.what), {CarvedBy::Default, {}}, {});
      // Nested repositories are looked for in the workspace and in the
      // folders a policy lists, not in ${TMPDIR}: a .git found there would
      // make the temp folder's root read-only, and everything in a shared
      // temp folder is writable by the command anyway.
      const bool nested = root == workspace || g->origin == Origin::List;
      if (!git_kept) {
        if (nested) carve_nested(ctx, *g, layers.user, collector, repos);
        if (std::optional<Repository> repo = enclosing_repository(root); repo && (nested || repo->top == root))
          repos.carve(*repo, g->loc);
      }
    }
    for (const PathEntry &e : read_only)
      if (valid_relative(e)) collector.add(root + "/" + e.text, e.text, {CarvedBy::ReadOnlyList, {}}, e.loc);
  }
  if (defaults && !git_kept) carve_user_git(ctx, user_git, collector);
  std::sort(out.paths.begin(), out.paths.end(), [](const Carved &a, const Carved &b) { return a.path < b.path; });
  std::sort(out.name_folders.begin(), out.name_folders.end());
  out.name_folders.erase(std::unique(out.name_folders.begin(), out.name_folders.end()), out.name_folders.end());
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
        Diagnostic &d = ctx.diags.error(
            g.loc,
            "rw grant `" + g.written + "` (" + g.path + ") lies inside read-only exception " + inside->path + " (" +
                origin_text(*inside) + ")",
            inside->by == CarvedBy::Default
                ? "write `[protect] keep_writable = [\"" + inside->written + "\"]` if you really mean it"
                : "remove the grant or the read_only entry");
        if (inside->loc.file >= 0) d.related.push_back({inside->loc, "carved here"});
      } else {
        out.dropped.push_back({g, DropReason::InsideReadOnly, inside->path, {}});
      }
      continue;
    }
    if (below.empty()) {
      out.grants.push_back(std::move(g));
      continue;
    }
    out.dropped.push_back({g, DropReason::ReplacedByCarve, {}, {}});
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
        ctx.diags.error(g.loc,
                        "internal error: writable grant " + g.path + " still covers read-only exception " + c.path,
                        "please report this; nothing was emitted");
}

}  // namespace llp
