#include "protect.h"

#include <algorithm>
#include <climits>
#include <unistd.h>

#include "grants.h"
#include "paths.h"
#include "walk.h"

namespace llp {

namespace {

// Protected folders are small (~/.ssh, ~/.aws); a bound this size only trips
// on something odd, and then every writable grant is refused.
const WalkLimits kProtectedWalk{8, 5000, true};

std::string link_target(const std::string &link) {
  char buf[PATH_MAX];
  ssize_t n = readlink(link.c_str(), buf, sizeof buf - 1);
  if (n < 0) return {};
  std::string target(buf, static_cast<size_t>(n));
  if (target.empty() || target[0] != '/') target = join_path(parent_path(link), target);
  return canonical_or_lexical(lexical_normalize(target));
}

}  // namespace

bool symlink_targets(const std::string &folder, std::vector<std::string> &targets, std::string &why) {
  if (kind_of(folder) != Kind::Directory) return true;
  WalkResult r = walk_tree(folder, kProtectedWalk, [&](const std::string &path, bool link, bool) {
    if (link) {
      std::string t = link_target(path);
      if (!t.empty()) targets.push_back(t);
    }
    return true;
  });
  if (r.status == WalkStatus::Finished) return true;
  why = (r.status == WalkStatus::TooLarge ? "too large to walk at " : "cannot read ") + r.where;
  return false;
}

Protection build_protection(Context &ctx, const Layer &policy, const std::string &launcher) {
  Protection out;
  auto add = [&](const PathEntry &e, const std::string &origin, bool secret) {
    auto r = resolve_entry(ctx, e, Existence::Optional, "protect");
    if (!r) return;
    std::string lexical = lexical_normalize(r->expanded);
    out.paths.push_back({r->path, e.text, origin, e.loc, secret});
    if (lexical != r->path) out.paths.push_back({lexical, e.text, origin + " (the symlink itself)", e.loc, secret});
  };
  bool home_known = ctx.vars.home.has_value();
  for (const char *s : kBuiltinSecrets) {
    if (!home_known) break;
    bool removed = false;
    for (const PathEntry &u : policy.unprotect) removed = removed || u.text == s;
    if (!removed) add({s, false, {}, {}, true}, "built-in", true);
  }
  auto xdg = ctx.opt.env.find("XDG_RUNTIME_DIR");
  if (xdg != ctx.opt.env.end() && !xdg->second.empty()) add({"${env.XDG_RUNTIME_DIR}", false, {}, {}, true}, "built-in", false);
  for (const PathEntry &e : policy.protect) add(e, "[protect] paths", false);
  for (const std::string &f : ctx.policy_files) out.paths.push_back({f, f, "a policy file", {}, false});
  if (!launcher.empty())
    out.paths.push_back({ctx.host ? canonical_or_lexical(launcher) : launcher, launcher, "the launcher binary", {}, false});

  for (const PathEntry &u : policy.unprotect) {
    bool known = std::any_of(std::begin(kBuiltinSecrets), std::end(kBuiltinSecrets),
                             [&](const char *s) { return u.text == s; });
    if (!known) {
      ctx.diags.error(u.loc, "`" + u.text + "` is not a built-in protected path, so it cannot be unprotected",
                      "unprotect takes one of the built-in entries exactly as docs/policy-format.md lists them");
      continue;
    }
    ctx.diags.warning(u.loc, "unprotect `" + u.text + "`: writable grants may now cover it, and the modes no longer hide it",
                      "a sandboxed command that can write " + u.text + " can plant keys or credentials the user later trusts");
  }

  if (!home_known) {
    out.incomplete = true;
    out.incomplete_why = "HOME is not set, so the protected paths under it cannot be located";
  }
  if (ctx.host) {
    size_t builtin_count = out.paths.size();
    for (size_t i = 0; i < builtin_count; ++i) {
      std::vector<std::string> targets;
      std::string why;
      if (!symlink_targets(out.paths[i].path, targets, why)) {
        out.incomplete = true;
        out.incomplete_why = "the walk of protected " + out.paths[i].written + " did not finish (" + why + ")";
      }
      std::sort(targets.begin(), targets.end());
      for (const std::string &t : targets)
        out.paths.push_back({t, out.paths[i].written, "symlink target inside protected " + out.paths[i].written,
                             out.paths[i].loc, out.paths[i].secret});
    }
  }
  for (const Protected &p : out.paths) ctx.plan.protected_paths.push_back(p.path + "  (" + p.origin + ")");
  return out;
}

namespace {

// Reports why one writable grant is refused; false when it is not.
bool refuse_writable(Context &ctx, const Protection &protection, const std::string &home, const Grant &g) {
  std::string what = "writable grant `" + g.written + "`" + (g.written != g.path ? " (" + g.path + ")" : "");
  if (!g.user_written) what += " from " + g.origin;
  if (protection.incomplete) {
    ctx.diags.error(g.loc, what + " refused: " + protection.incomplete_why,
                    "every writable grant is refused rather than guessing what the protected paths are");
    return true;
  }
  if (g.path == "/") {
    ctx.diags.error(g.loc, what + " would make the whole file system writable",
                    "grant the folders the command writes, such as ${WORKSPACE} and ${TMPDIR}");
    return true;
  }
  if (!home.empty() && is_within(home, g.path)) {
    ctx.diags.error(g.loc, what + (g.path == home ? " is the home directory" : " contains the home directory"),
                    "a writable home lets the command plant ~/.bashrc or ~/.ssh/authorized_keys; grant the "
                    "project folders it needs instead");
    return true;
  }
  for (const Protected &p : protection.paths) {
    const char *how = g.path == p.path ? "is" : is_within(g.path, p.path) ? "lies inside" : is_within(p.path, g.path) ? "contains" : nullptr;
    if (!how) continue;
    std::string hint = p.origin == "a policy file"
                           ? "a command that can rewrite its own policy can widen its next run; keep your policy "
                             "outside the folders it makes writable (say ~/.config/landlock/), and let a project's own "
                             "file in through `project = ...`, which may only narrow"
                           : "Landlock has no deny rule, so a protected path inside a writable grant cannot be carved "
                             "out; grant the subfolders that need writing instead";
    if (p.origin == "built-in") hint += ", or `[protect] unprotect = [\"" + p.written + "\"]` if you really mean it";
    Diagnostic &d = ctx.diags.error(g.loc, what + " " + how + " protected path " + p.path + " (" + p.origin + ")", hint);
    if (p.loc.file >= 0) d.related.push_back({p.loc, "protected here"});
    return true;
  }
  return false;
}

}  // namespace

std::vector<bool> check_writable(Context &ctx, const Protection &protection, const std::vector<Grant> &grants) {
  const std::string home = ctx.vars.home.value_or("");
  std::vector<bool> refused(grants.size(), false);
  for (size_t i = 0; i < grants.size(); ++i)
    refused[i] = grants[i].access == Access::Rw && refuse_writable(ctx, protection, home, grants[i]);
  return refused;
}

void check_git(Context &ctx, const std::vector<Grant> &grants, const std::vector<bool> &refused) {
  // A .git a few levels down (submodules, vendored repos) is as dangerous as one at the top.
  const WalkLimits limits{3, 20000, false};
  for (size_t i = 0; i < grants.size(); ++i) {
    const Grant &g = grants[i];
    if (refused[i] || g.access != Access::Rw || !ctx.host || kind_of(g.path) != Kind::Directory) continue;
    std::string found;
    if (kind_of(g.path + "/.git") != Kind::Missing) found = g.path + "/.git";
    else
      walk_tree(g.path, limits, [&](const std::string &path, bool, bool) {
        if (path.size() >= 5 && path.compare(path.size() - 5, 5, "/.git") == 0) found = path;
        return found.empty();
      });
    if (found.empty()) continue;
    ctx.diags.strict_warning(ctx.strict, g.loc,
                             "writable grant `" + g.written + "` contains " + found +
                                 ": a planted .git/hooks script runs unconfined at your next commit",
                             "grant the subfolders that need writing (Landlock cannot make .git read-only inside a "
                             "writable grant), or review .git/hooks and .git/config after each run");
  }
}

}  // namespace llp
