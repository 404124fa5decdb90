#include "carve.h"

#include <algorithm>
#include <iterator>
#include <sys/stat.h>

#include "paths.h"
#include "read.h"
#include "text.h"
#include "walk.h"

namespace llp {

namespace {

// How deep nested .git entries (submodules, vendored repositories) are looked
// for: the same bound as the .git warning, which this replaces where it applies.
const WalkLimits kNestedGitWalk{3, 20000, false};

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

class Collector {
 public:
  Collector(const std::vector<std::string> &writable, CarveExceptions &out) : writable_(writable), out_(out) {}

  // Adds path (when it exists) as an exception; a symlink adds itself and,
  // when it leads somewhere writable, its target; a .git file adds the
  // gitdir it names and that gitdir's common folder, when writable.
  void add(const std::string &path, const std::string &written, const std::string &origin, Loc loc) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) return;
    push(path, written, origin, loc);
    if (S_ISLNK(st.st_mode)) {
      HostPath target = resolve_host(path);
      if (target.exists && under_writable(target.path))
        add(target.path, written, "symlink target of " + path, loc);
      return;
    }
    if (!S_ISREG(st.st_mode) || !path.ends_with("/.git")) return;
    std::string gitdir = named_dir(path, "gitdir: ");
    if (gitdir.empty() || !under_writable(gitdir)) return;
    add(gitdir, written, "gitdir named by " + path, loc);
    std::string common = named_dir(gitdir + "/commondir", "");
    if (!common.empty() && under_writable(common)) add(common, written, "common gitdir of " + gitdir, loc);
  }

 private:
  bool under_writable(const std::string &path) const {
    return std::any_of(writable_.begin(), writable_.end(), [&](const std::string &w) { return is_within(path, w); });
  }

  void push(const std::string &path, const std::string &written, const std::string &origin, Loc loc) {
    if (std::any_of(out_.paths.begin(), out_.paths.end(), [&](const Carved &c) { return c.path == path; })) return;
    Carved c{path, written, origin, loc, {}};
    if (std::optional<ObjectId> id = object_of(path)) c.objects.push_back(*id);
    out_.paths.push_back(std::move(c));
  }

  const std::vector<std::string> &writable_;
  CarveExceptions &out_;
};

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
  Carver(Context &ctx, const Grant &grant, std::vector<const Carved *> below, CarveResult &out)
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

  Context &ctx_;
  const Grant &grant_;
  std::vector<const Carved *> below_;
  CarveResult &out_;
};

}  // namespace

CarveExceptions collect_carve(Context &ctx, const std::vector<Grant> &grants, const Layer &trusted,
                              const Layer &untrusted, bool defaults) {
  CarveExceptions out;
  for (const PathEntry &k : trusted.keep_writable) {
    bool known = std::any_of(std::begin(kCarvedByDefault), std::end(kCarvedByDefault),
                             [&](const char *name) { return k.text == name; });
    if (!known) {
      ctx.diags.error(k.loc, "`" + k.text + "` is not carved out by default, so it cannot be kept writable",
                      "keep_writable takes " + join_quoted({".git", ".envrc", ".vscode", ".idea", ".zed"}));
      continue;
    }
    ctx.diags.warning(k.loc, "keep_writable `" + k.text + "`: a confined command can write it",
                      "code planted there runs on the host, outside any sandbox (git hooks, direnv, editor tasks)");
  }
  std::vector<PathEntry> read_only = trusted.read_only;
  read_only.insert(read_only.end(), untrusted.read_only.begin(), untrusted.read_only.end());
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
    if (g.access == Access::Rw && g.exists && kind_of(g.path) == Kind::Directory) roots.push_back(&g);
  std::vector<std::string> writable;
  std::transform(roots.begin(), roots.end(), std::back_inserter(writable), [](const Grant *g) { return g->path; });
  Collector collector(writable, out);
  const std::string workspace = ctx.vars.workspace.value_or("");
  for (const Grant *g : roots) {
    const std::string &root = g->path;
    if (defaults) {
      for (const char *name : kCarvedByDefault)
        if (!kept_writable(trusted, name)) collector.add(root + "/" + name, name, "default", {});
      // Nested repositories (submodules, vendored ones) are looked for in the
      // workspace and in the folders a policy lists, not in ${TMPDIR}: a
      // .git found there would make the temp folder's root read-only, and
      // everything in a shared temp folder is writable by the command anyway.
      const bool nested = root == workspace || g->origin == Origin::List;
      if (nested && !kept_writable(trusted, ".git")) {
        WalkResult walked = walk_tree(root, kNestedGitWalk, [&](const std::string &path, bool, bool) {
          if (path.ends_with("/.git") && path != root + "/.git") collector.add(path, ".git", "default (nested)", {});
          return true;
        });
        if (walked.status != WalkStatus::Finished)
          ctx.diags.strict_warning(ctx.strict, g->loc,
                                   "the look for nested .git folders in " + root + " stopped at " + walked.where +
                                       ": one beyond it stays writable",
                                   "add `[protect] read_only = [\"PATH/.git\"]` for a repository nested deeper");
      }
    }
    for (const PathEntry &e : read_only)
      if (valid_relative(e)) collector.add(root + "/" + e.text, e.text, "[protect] read_only", e.loc);
  }
  std::sort(out.paths.begin(), out.paths.end(), [](const Carved &a, const Carved &b) { return a.path < b.path; });
  return out;
}

CarveResult apply_carve(Context &ctx, const std::vector<Carved> &exceptions, std::vector<Grant> grants) {
  CarveResult out;
  for (Grant &g : grants) {
    if (g.access != Access::Rw || (g.optional && !g.exists)) {
      out.grants.push_back(std::move(g));
      continue;
    }
    const Carved *inside = nullptr;
    std::vector<const Carved *> below;
    for (const Carved &c : exceptions) {
      if (is_within(g.path, c.path)) inside = &c;
      else if (is_within(c.path, g.path)) below.push_back(&c);
    }
    if (inside) {
      if (g.user_written()) {
        Diagnostic &d = ctx.diags.error(g.loc, "rw grant `" + g.written + "` (" + g.path + ") lies inside read-only exception " +
                                                   inside->path + " (" + inside->origin + ")",
                                        inside->origin == "default"
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

void verify_carved(Context &ctx, const std::vector<Carved> &exceptions, const std::vector<Grant> &grants) {
  for (const Grant &g : grants)
    for (const Carved &c : exceptions)
      if (g.access == Access::Rw && (is_within(c.path, g.path) || is_within(g.path, c.path)))
        ctx.diags.error(g.loc, "internal error: writable grant " + g.path + " still covers read-only exception " + c.path,
                        "please report this; nothing was emitted");
}

}  // namespace llp
