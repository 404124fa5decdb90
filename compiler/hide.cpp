#include "hide.h"

#include <algorithm>
#include <iterator>

#include "grants.h"
#include "paths.h"
#include "walk.h"

namespace llp {

std::vector<Hidden> collect_hidden(Context &ctx, const std::vector<PathEntry> &hide, const Protection &protection,
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
    out.push_back({e.text, r->path, e.trusted ? "hide list" : "project policy's hide list", e.loc});
    std::string lexical = lexical_normalize(r->expanded);
    if (lexical != r->path) out.push_back({e.text, lexical, "hide list (the symlink itself)", e.loc});
    std::vector<std::string> targets;
    std::string why;
    if (!symlink_targets(r->path, targets, why))
      ctx.diags.error(e.loc, "hide `" + e.text + "`: the walk for symlinks inside it did not finish (" + why + ")",
                      "a symlink inside a hidden folder would expose its target; hide a smaller folder");
    std::transform(targets.begin(), targets.end(), std::back_inserter(out), [&](const std::string &t) {
      return Hidden{e.text, t, "symlink target inside hidden " + e.text, e.loc};
    });
  }
  if (hide_secrets) {
    if (!ctx.host) {
      ctx.diags.error(mode_loc, "this mode hides the protected secrets (~/.ssh, ...), which needs --target host",
                      "set hide_secrets = false to build a portable argv that can read them, knowingly");
    } else {
      for (const Protected &p : protection.paths)
        if (p.secret) out.push_back({p.written, p.path, "secret hidden by the mode (" + p.origin + ")", {}});
    }
  }
  std::sort(out.begin(), out.end(), [](const Hidden &a, const Hidden &b) { return a.path < b.path; });
  out.erase(std::unique(out.begin(), out.end(), [](const Hidden &a, const Hidden &b) { return a.path == b.path; }),
            out.end());
  return out;
}

namespace {

class Complement {
 public:
  Complement(Context &ctx, const Grant &grant, std::vector<const Hidden *> hidden, std::vector<Grant> &out)
      : ctx_(ctx), grant_(grant), hidden_(std::move(hidden)), out_(out) {}

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
      ctx_.diags.error(grant_.loc, "cannot list " + dir + " to hide what lies beneath it; the grant `" +
                                       grant_.written + "` is refused",
                       "hiding grants each sibling entry instead of the folder, which needs the folder's listing");
      return;
    }
    ctx_.plan.unlistable.push_back(dir);
    for (const std::string &name : names) {
      std::string child = (dir == "/" ? "" : dir) + "/" + name;
      // A symlink is never granted: a grant on it would bind its target,
      // which may lie outside the original grant or inside a hidden path.
      // Its target, if inside the grant and not hidden, is granted anyway.
      if (is_symlink(child)) continue;
      expand(child);
    }
  }

 private:
  void emit(const std::string &path) {
    Grant g = grant_;
    g.path = path;
    g.optional = false;
    g.exists = true;
    g.user_written = false;
    g.origin = "complement of `" + grant_.written + "` (" + grant_.origin + ") around hidden paths";
    out_.push_back(std::move(g));
  }

  Context &ctx_;
  const Grant &grant_;
  std::vector<const Hidden *> hidden_;
  std::vector<Grant> &out_;
};

}  // namespace

void apply_hiding(Context &ctx, const std::vector<Hidden> &hidden, std::vector<Grant> &grants) {
  if (hidden.empty()) return;
  std::vector<Grant> out;
  out.reserve(grants.size());
  for (Grant &g : grants) {
    const Hidden *inside = nullptr;
    std::vector<const Hidden *> covered;
    for (const Hidden &h : hidden) {
      if (is_within(g.path, h.path)) inside = &h;
      else if (is_within(h.path, g.path)) covered.push_back(&h);
    }
    if (inside) {
      if (g.user_written) {
        Diagnostic &d = ctx.diags.error(g.loc, std::string(access_name(g.access)) + " grant `" + g.written + "` (" +
                                                   g.path + ") lies inside hidden path " + inside->path,
                                        "remove the grant or the hide entry: a path cannot be both granted and hidden");
        if (inside->loc.file >= 0) d.related.push_back({inside->loc, "hidden here"});
      } else {
        ctx.plan.dropped.push_back({g, "lies inside hidden path " + inside->path});
      }
      continue;
    }
    if (covered.empty()) {
      out.push_back(std::move(g));
      continue;
    }
    ctx.plan.dropped.push_back({g, "replaced by its complement: it covers a hidden path"});
    Complement(ctx, g, covered, out).expand(g.path);
  }
  grants = std::move(out);
}

void verify_hidden(Context &ctx, const std::vector<Hidden> &hidden, const std::vector<Grant> &grants) {
  for (const Grant &g : grants)
    for (const Hidden &h : hidden)
      if (is_within(h.path, g.path) || is_within(g.path, h.path))
        ctx.diags.error(g.loc, "internal error: grant " + g.path + " still covers hidden path " + h.path,
                        "please report this; nothing was emitted");
}

}  // namespace llp
