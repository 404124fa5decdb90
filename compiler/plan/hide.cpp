#include "hide.h"

#include <algorithm>
#include <iterator>

#include "grants.h"
#include "../host/mounts.h"
#include "../host/paths.h"
#include "../host/walk.h"

namespace llp {

namespace {

Hidden hidden_as(const std::string &written, const std::string &path, HiddenBy by, const std::string &of, Loc loc) {
  Hidden h;
  h.written = written;
  h.path = path;
  h.by = by;
  h.of = of;
  h.loc = loc;
  return h;
}

// Bind mounts show a hidden object at other paths: hide it there too. And
// remember each object beneath a hidden path, so that a complement never
// grants another name of it; a hidden file with hard links outside the
// hidden folder is said to be reachable wherever a grant covers them.
void add_aliases_and_objects(const Context &ctx, std::vector<Hidden> &hidden) {
  std::vector<Hidden> aliases;
  for (const Hidden &h : hidden) {
    const std::vector<std::string> found = mount_aliases(host_mounts(), h.path);
    std::transform(found.begin(), found.end(), std::back_inserter(aliases), [&h](const std::string &alias) {
      return hidden_as(h.written, alias, HiddenBy::BindMountOf, h.path, h.loc);
    });
  }
  hidden.insert(hidden.end(), aliases.begin(), aliases.end());
  for (Hidden &h : hidden) {
    HostPath r = resolve_host(h.path);
    if (!r.exists || r.path != h.path) continue;
    h.objects.push_back(*r.object);
    auto note_links = [&](const std::string &path, unsigned long links) {
      if (links > 1)
        ctx.diags.warning(h.loc,
                          "hidden file " + path + " has " + std::to_string(links) +
                              " hard links: another name of it stays readable where a grant covers it",
                          "Landlock rules follow paths; remove the extra links (the compiler skips the ones it lists)");
    };
    if (!r.directory) {
      note_links(h.path, r.links);
      continue;
    }
    WalkResult walked = walk_tree(h.path, kProtectedFolderWalk, [&](const std::string &path, bool link, bool) {
      const std::optional<HostEntry> entry = link ? std::nullopt : entry_at(path);
      if (!entry) return true;
      h.objects.push_back(entry->object);
      if (entry->kind == Kind::File) note_links(path, entry->links);
      return true;
    });
    if (walked.status != WalkStatus::Finished)
      ctx.diags.error(h.loc, "hide `" + h.written + "`: the walk of " + h.path + " did not finish at " + walked.where,
                      "another name of a file inside it could not be ruled out; hide a smaller folder");
  }
}

}  // namespace

std::vector<Hidden> collect_hidden(const Context &ctx, const std::vector<PathEntry> &hide, const Protection &protection,
                                   bool hide_secrets, Loc mode_loc) {
  std::vector<Hidden> out;
  for (const PathEntry &e : hide) {
    if (!ctx.host) {
      ctx.diags.error(e.loc, "hide `" + e.text + "` needs --target host",
                      "the complement is computed from this machine's directory listings; a portable argv cannot hide");
      continue;
    }
    auto r = resolve_entry(ctx, e, Existence::Optional, "hide");
    if (!r) continue;
    Hidden listed = hidden_as(e.text, r->path, HiddenBy::HideList, {}, e.loc);
    listed.provenance = e.provenance;
    out.push_back(std::move(listed));
    std::string lexical = lexical_normalize(r->expanded);
    if (lexical != r->path) out.push_back(hidden_as(e.text, lexical, HiddenBy::SymlinkItself, {}, e.loc));
    std::vector<std::string> targets;
    std::string why;
    if (!symlink_targets(r->path, targets, why))
      ctx.diags.error(e.loc, "hide `" + e.text + "`: the walk for symlinks inside it did not finish (" + why + ")",
                      "a symlink inside a hidden folder would expose its target; hide a smaller folder");
    std::transform(targets.begin(), targets.end(), std::back_inserter(out), [&](const std::string &t) {
      return hidden_as(e.text, t, HiddenBy::SymlinkTargetInside, e.text, e.loc);
    });
  }
  if (hide_secrets) {
    if (!ctx.vars.home) {
      ctx.diags.error(mode_loc,
                      "this mode hides the secrets under your home directory, but " +
                          (ctx.vars.home_problem.empty() ? std::string("HOME is not set") : ctx.vars.home_problem),
                      "set HOME to your home directory (an absolute path)");
    } else if (!ctx.host) {
      ctx.diags.error(mode_loc, "this mode hides the protected secrets (~/.ssh, ...), which needs --target host",
                      "set hide_secrets = false to build a portable argv that can read them, knowingly");
    } else {
      for (const Protected &p : protection.paths) {
        if (!p.secret) continue;
        Hidden secret = hidden_as(p.written, p.path, HiddenBy::ModeSecret, p.of, {});
        secret.secret_by = p.by;
        secret.secret_as = p.as;
        out.push_back(std::move(secret));
      }
    }
  }
  if (ctx.host) add_aliases_and_objects(ctx, out);
  std::sort(out.begin(), out.end(), [](const Hidden &a, const Hidden &b) { return a.path < b.path; });
  out.erase(std::unique(out.begin(), out.end(), [](const Hidden &a, const Hidden &b) { return a.path == b.path; }),
            out.end());
  return out;
}

namespace {

class Complement {
 public:
  Complement(const Context &ctx, const Grant &grant, std::vector<const Hidden *> hidden, const std::vector<Hidden> &all,
             HidingResult &out)
      : ctx_(ctx), grant_(grant), hidden_(std::move(hidden)), hidden_all_(all), out_(out) {}

  void expand(const std::string &dir) {
    bool below = false;
    for (const Hidden *h : hidden_) {
      if (h->path == dir) return;  // the hidden path itself: no rule at all
      below = below || is_within(h->path, dir);
    }
    if (!below) return emit(dir);
    std::vector<std::string> names;
    if (kind_of(dir) != Kind::Directory) return emit(dir);
    if (!list_dir(dir, names)) {
      ctx_.diags.error(
          grant_.loc,
          "cannot list " + dir + " to hide what lies beneath it; the grant `" + grant_.written + "` is refused",
          "hiding grants each sibling entry instead of the folder, which needs the folder's listing");
      return;
    }
    out_.unlistable.push_back(dir);
    for (const std::string &name : names) {
      std::string child = (dir == "/" ? "" : dir) + "/" + name;
      // A symlink is never granted: a grant on it would bind its target,
      // which may lie outside the original grant or inside a hidden path.
      // Its target, if inside the grant and not hidden, is granted anyway.
      if (is_symlink(child)) continue;
      // Another name of a hidden object (a hard link, a bind mount) is
      // never granted: rules attach to the object, not to the name.
      if (names_hidden_object(child)) continue;
      expand(child);
    }
  }

 private:
  bool names_hidden_object(const std::string &path) const {
    std::optional<ObjectId> id = object_of(path);
    if (!id) return false;
    return std::any_of(hidden_all_.begin(), hidden_all_.end(), [&](const Hidden &h) {
      return std::find(h.objects.begin(), h.objects.end(), *id) != h.objects.end();
    });
  }

  void emit(const std::string &path) {
    Grant g = grant_;
    g.path = path;
    // -try: an entry that disappears between the compile and the run must
    // not make a saved argv fail; it exists now, so it covers what is below.
    g.optional = true;
    g.exists = true;
    g.hops.clear();
    g.object.reset();
    g.origin = Origin::Complement;
    g.replaced = std::make_shared<const Grant>(grant_);
    out_.grants.push_back(std::move(g));
  }

  const Context &ctx_;
  const Grant &grant_;
  std::vector<const Hidden *> hidden_;
  const std::vector<Hidden> &hidden_all_;
  HidingResult &out_;
};

}  // namespace

HidingResult apply_hiding(const Context &ctx, const std::vector<Hidden> &hidden, std::vector<Grant> grants) {
  HidingResult out;
  if (hidden.empty()) {
    out.grants = std::move(grants);
    return out;
  }
  out.grants.reserve(grants.size());
  for (Grant &g : grants) {
    const Hidden *inside = nullptr;
    std::vector<const Hidden *> covered;
    for (const Hidden &h : hidden) {
      if (is_within(g.path, h.path)) inside = &h;
      else if (is_within(h.path, g.path)) covered.push_back(&h);
    }
    if (inside) {
      if (g.user_written()) {
        Diagnostic &d = ctx.diags.error(g.loc,
                                        std::string(access_name(g.access)) + " grant `" + g.written + "` (" + g.path +
                                            ") lies inside hidden path " + inside->path,
                                        "remove the grant or the hide entry: a path cannot be both granted and hidden");
        if (inside->loc.file >= 0) d.related.push_back({inside->loc, "hidden here"});
      } else {
        out.dropped.push_back({g, DropReason::InsideHidden, inside->path, {}});
      }
      continue;
    }
    if (covered.empty()) {
      out.grants.push_back(std::move(g));
      continue;
    }
    out.dropped.push_back({g, DropReason::ReplacedByComplement, {}, {}});
    Complement(ctx, g, covered, hidden, out).expand(g.path);
  }
  return out;
}

void verify_hidden(const Context &ctx, const std::vector<Hidden> &hidden, const std::vector<Grant> &grants) {
  for (const Grant &g : grants)
    for (const Hidden &h : hidden)
      if (is_within(h.path, g.path) || is_within(g.path, h.path))
        ctx.diags.error(g.loc, "internal error: grant " + g.path + " still covers hidden path " + h.path,
                        "please report this; nothing was emitted");
}

}  // namespace llp
