#include "protect.h"

#include <algorithm>
#include <climits>

#include "grants.h"
#include "tmpdir.h"
#include "../host/mounts.h"
#include "../host/paths.h"
#include "../host/walk.h"

namespace llp {

namespace {

// How many folders reached through symlinks are walked, beyond the first:
// a chain of links from folder to folder ends here, failing closed.
constexpr size_t kMaxLinkedFolders = 64;

}  // namespace

bool symlink_targets(const std::string &folder, std::vector<std::string> &targets, std::string &why,
                     const std::vector<std::string> &not_walked) {
  auto walked_into = [&](const std::string &dir) {
    return std::none_of(not_walked.begin(), not_walked.end(), [&](const std::string &n) { return is_within(dir, n); });
  };
  // Every hop: a link inside the folder a first link reaches is followed
  // too (~/.ssh/keys.d -> A, A/more -> B protects B), and so on.
  std::vector<std::string> pending{folder};
  std::vector<std::string> walked;
  while (!pending.empty()) {
    const std::string dir = pending.back();
    pending.pop_back();
    if (kind_of(dir) != Kind::Directory || !walked_into(dir)) continue;
    if (std::any_of(walked.begin(), walked.end(), [&](const std::string &w) { return is_within(dir, w); })) continue;
    if (walked.size() > kMaxLinkedFolders) {
      why = "more than " + std::to_string(kMaxLinkedFolders) + " folders reached through its symlinks, at " + dir;
      return false;
    }
    walked.push_back(dir);
    WalkResult r = walk_tree(
        dir, kProtectedFolderWalk,
        [&](const std::string &path, bool link, bool) {
          if (!link) return true;
          // Where the link leads, every further link followed to the end: a
          // chain k -> /x/hop -> /x/final protects /x/final, existing or not,
          // and the hop itself (replacing it would move the path).
          HostPath h = resolve_host(path);
          for (const SymlinkHop &hop : h.hops)
            if (hop.link != path) targets.push_back(hop.link);
          if (h.path.empty()) return true;
          targets.push_back(h.path);
          pending.push_back(h.path);
          return true;
        },
        walked_into);
    if (r.status != WalkStatus::Finished) {
      why = (r.status == WalkStatus::TooLarge ? "too large to walk at " : "cannot read ") + r.where;
      return false;
    }
  }
  return true;
}

namespace {

// An unprotect entry must name a built-in one exactly; each that does is
// said, with what it now allows.
void check_unprotect(const Context &ctx, const Layer &policy) {
  for (const PathEntry &u : policy.unprotect) {
    bool known =
        std::any_of(std::begin(kBuiltinSecrets), std::end(kBuiltinSecrets),
                    [&](const char *s) { return u.text == s; }) ||
        std::any_of(std::begin(kPersistencePoints), std::end(kPersistencePoints),
                    [&](const char *s) { return u.text == s; }) ||
        std::any_of(std::begin(kRuntimeSecrets), std::end(kRuntimeSecrets), [&](const char *s) { return u.text == s; });
    if (!known) {
      ctx.diags.error(
          u.loc, "`" + u.text + "` is not a built-in protected path, so it cannot be unprotected",
          "unprotect takes one of the built-in entries exactly as man 5 landlock-policy (PROTECTION) lists them");
      continue;
    }
    ctx.diags.warning(
        u.loc, "unprotect `" + u.text + "`: writable grants may now cover it, and the modes no longer hide it",
        "a sandboxed command that can write " + u.text + " can plant code, keys or credentials the user later trusts");
  }
}

// On this host: what the protected paths' symlinks point to inside them,
// the same objects elsewhere in the mount table (bind mounts), and the
// identity of each, for the comparisons the strings cannot make.
// The runs' private temp folders are not walked (tmpdir.h).
void follow_on_host(Protection &out, const std::vector<std::string> &private_roots) {
  size_t builtin_count = out.paths.size();
  for (size_t i = 0; i < builtin_count; ++i) {
    std::vector<std::string> targets;
    std::string why;
    if (!symlink_targets(out.paths[i].path, targets, why, private_roots)) {
      out.incomplete = true;
      out.incomplete_why = "the walk of protected " + out.paths[i].written + " did not finish (" + why + ")";
    }
    std::sort(targets.begin(), targets.end());
    for (const std::string &t : targets) {
      const Protected &from = out.paths[i];
      out.paths.push_back(
          {t, from.written, from.by, ProtectedAs::SymlinkTargetInside, from.written, from.loc, from.secret, {}});
    }
  }
  // The same objects elsewhere in the mount table (bind mounts), and the
  // identity of each, for the comparisons the strings cannot make.
  size_t count = out.paths.size();
  for (size_t i = 0; i < count; ++i) {
    for (const std::string &alias : mount_aliases(host_mounts(), out.paths[i].path)) {
      const Protected &from = out.paths[i];
      out.paths.push_back(
          {alias, from.written, from.by, ProtectedAs::BindMountOf, from.path, from.loc, from.secret, {}});
    }
  }
  for (Protected &p : out.paths) {
    HostPath h = resolve_host(p.path);
    if (h.exists && h.path == p.path) p.object = h.object;
  }
}

}  // namespace

Protection build_protection(const Context &ctx, const Layer &policy, const std::vector<PolicyFile> &policy_files,
                            const std::vector<std::string> &launcher_chain) {
  Protection out;
  auto add = [&](const PathEntry &e, ProtectedBy by, bool secret) {
    auto r = resolve_entry(ctx, e, Existence::Optional, "protect");
    if (!r) return;
    out.paths.push_back({r->path, e.text, by, ProtectedAs::Itself, {}, e.loc, secret, r->object});
    // A symlink on the way is protected too: replacing it would move the path.
    std::string lexical = lexical_normalize(r->expanded);
    if (lexical != r->path) out.paths.push_back({lexical, e.text, by, ProtectedAs::AsWritten, {}, e.loc, secret, {}});
    for (const SymlinkHop &hop : r->hops)
      if (hop.link != lexical)
        out.paths.push_back({hop.link, e.text, by, ProtectedAs::SymlinkOnTheWay, {}, e.loc, secret, {}});
  };
  auto unprotected = [&](const char *builtin) {
    return std::any_of(policy.unprotect.begin(), policy.unprotect.end(),
                       [&](const PathEntry &u) { return u.text == builtin; });
  };
  const bool home_known = ctx.vars.home.has_value();
  if (home_known) {
    for (const char *s : kBuiltinSecrets)
      if (!unprotected(s)) add({s, false, {}, {}, Provenance::User}, ProtectedBy::BuiltinSecret, true);
    for (const char *s : kPersistencePoints)
      if (!unprotected(s)) add({s, false, {}, {}, Provenance::User}, ProtectedBy::BuiltinPersistencePoint, false);
    for (const char *s : kCompilerState) add({s, false, {}, {}, Provenance::User}, ProtectedBy::CompilerState, false);
  }
  auto xdg = ctx.opt.env.find("XDG_RUNTIME_DIR");
  if (xdg != ctx.opt.env.end() && !xdg->second.empty()) {
    add({"${env.XDG_RUNTIME_DIR}", false, {}, {}, Provenance::User}, ProtectedBy::SessionSockets, false);
    for (const char *s : kRuntimeSecrets)
      if (!unprotected(s)) add({s, false, {}, {}, Provenance::User}, ProtectedBy::BuiltinSecret, true);
  }
  // A CI runner's command files: a line a confined command appends to
  // $GITHUB_ENV (LD_PRELOAD=...) or $GITHUB_PATH runs code in every later
  // step, unconfined. Protected whenever the runner sets them.
  for (const char *name : kRunnerCommandFiles) {
    auto file = ctx.opt.env.find(name);
    if (file != ctx.opt.env.end() && !file->second.empty())
      add({std::string("${env.") + name + "}", false, {}, {}, Provenance::User}, ProtectedBy::RunnerCommandFile, false);
  }
  for (const PathEntry &e : policy.protect) add(e, ProtectedBy::ProtectList, false);
  for (const PolicyFile &f : policy_files)
    for (const std::string &p : f.chain)
      out.paths.push_back({p, f.path, ProtectedBy::PolicyFile, ProtectedAs::Itself, {}, {}, false, {}});
  for (const std::string &p : launcher_chain)
    out.paths.push_back({p, launcher_chain.back(), ProtectedBy::Launcher, ProtectedAs::Itself, {}, {}, false, {}});

  check_unprotect(ctx, policy);

  if (!home_known) {
    out.incomplete = true;
    out.incomplete_why = (ctx.vars.home_problem.empty() ? std::string("HOME is not set") : ctx.vars.home_problem) +
                         ", so the protected paths under it cannot be located";
  }
  if (ctx.host) follow_on_host(out, private_tmp_roots(ctx));
  return out;
}

namespace {

// "is", "lies inside", "contains", or nullptr: how grant g meets protected
// path p, by path and by object (a bind mount of p is p).
const char *relation(const Grant &g, const Protected &p) {
  if (g.path == p.path) return "is";
  if (g.object && p.object && *g.object == *p.object) return "is";
  if (is_within(g.path, p.path)) return "lies inside";
  if (is_within(p.path, g.path)) return "contains";
  return nullptr;
}

bool has_git_component(std::string_view path) {
  return path.ends_with("/.git") || path.find("/.git/") != std::string_view::npos;
}

// "is or lies inside" when the grant names .git or something beneath it.
const char *git_part(const Grant &g) {
  if (has_git_component(g.path) || has_git_component(lexical_normalize(g.expanded.empty() ? g.path : g.expanded)))
    return "is or lies inside";
  return nullptr;
}

// The run's private temp folder, which the compiler itself grants, lies
// inside landlock-policy's own folder or the session's runtime folder:
// that one grant, and only beneath them, is not a breach.
bool private_tmp_inside(const Grant &g, const Protected &p) {
  const bool root = p.by == ProtectedBy::CompilerState || p.by == ProtectedBy::SessionSockets;
  const bool beneath =
      g.path != p.path && is_within(g.path, p.path) && !(g.object && p.object && *g.object == *p.object);
  return g.origin == Origin::PrivateTmp && root && p.as == ProtectedAs::Itself && beneath;
}

// Reports why one writable grant is refused; false when it is not.
bool refuse_writable(const Context &ctx, const Protection &protection, const std::string &home, const Grant &g) {
  std::string what = "writable grant `" + g.written + "`" + (g.written != g.path ? " (" + g.path + ")" : "");
  if (!g.user_written()) what += " from " + origin_text(g);
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
  if (const char *git = git_part(g)) {
    ctx.diags.error(g.loc, what + " " + git + " a .git folder",
                    "git runs .git/hooks and the commands .git/config names on the host, outside any sandbox; "
                    "grant the folders the command writes, not .git");
    return true;
  }
  for (const Protected &p : protection.paths) {
    const char *how = relation(g, p);
    if (!how || private_tmp_inside(g, p)) continue;
    const bool policy_file = p.by == ProtectedBy::PolicyFile && p.as == ProtectedAs::Itself;
    std::string hint = policy_file
                           ? "a command that can rewrite its own policy can widen its next run; keep your policy "
                             "outside the folders it makes writable (say ~/.config/landlock/), and let a project's own "
                             "file in through `project = ...`, which may only narrow"
                           : "Landlock has no deny rule, so a protected path inside a writable grant cannot be carved "
                             "out; grant the subfolders that need writing instead";
    if (p.unprotectable()) hint += ", or `[protect] unprotect = [\"" + p.written + "\"]` if you really mean it";
    Diagnostic &d =
        ctx.diags.error(g.loc, what + " " + how + " protected path " + p.path + " (" + origin_text(p) + ")", hint);
    if (p.loc.file >= 0) d.related.push_back({p.loc, "protected here"});
    return true;
  }
  return false;
}

}  // namespace

std::vector<Grant> check_writable(const Context &ctx, const Protection &protection, std::vector<Grant> grants) {
  const std::string home = ctx.vars.home.value_or("");
  for (Grant &g : grants) g.refused = g.access == Access::Rw && refuse_writable(ctx, protection, home, g);
  return grants;
}

namespace {

bool same_grant(const Grant &a, const Grant &b) {
  return a.path == b.path && a.access == b.access && a.provenance == b.provenance && a.loc.file == b.loc.file &&
         a.loc.line == b.loc.line && a.loc.col == b.loc.col;
}

// A project's writable grant over a protected path: judged quietly, then
// dropped with what the judgement said.
bool drop_project_grant(const Context &ctx, const Protection &protection, const Grant &g, ProtectResult &out) {
  Diagnostics unread;
  const Context quiet = ctx.reporting_to(unread);
  if (!check_writable(quiet, protection, {g}).front().refused) return false;
  Widening w = Widening::of(WideningKind::ProtectedGrant, g.loc, g.written);
  w.path = g.path;
  w.why = unread.all().front().message;
  out.widenings.push_back(std::move(w));
  out.dropped.push_back({g, DropReason::ProjectWidens, {}, {}});
  return true;
}

}  // namespace

ProtectResult protect_layers(const Context &ctx, const Protection &protection, std::vector<GrantLayer> layers) {
  ProtectResult out;
  std::vector<Grant> judged;
  for (GrantLayer &layer : layers) {
    std::vector<Grant> kept;
    for (Grant &g : layer.grants) {
      auto seen = std::find_if(judged.begin(), judged.end(), [&](const Grant &j) { return same_grant(j, g); });
      if (seen != judged.end()) {
        g.refused = seen->refused;
      } else if (!g.from_user()) {
        if (drop_project_grant(ctx, protection, g, out)) continue;
      } else {
        g = std::move(check_writable(ctx, protection, {g}).front());
        judged.push_back(g);
      }
      kept.push_back(std::move(g));
    }
    layer.grants = std::move(kept);
  }
  out.layers = std::move(layers);
  return out;
}

void check_git(const Context &ctx, const std::vector<Grant> &grants, const std::vector<Carved> &carved) {
  // A .git a few levels down (submodules, vendored repos) is as dangerous as one at the top.
  const WalkLimits limits{3, 20000, false};
  auto is_carved = [&](const std::string &path) {
    return std::any_of(carved.begin(), carved.end(), [&](const Carved &c) { return c.path == path; });
  };
  // Said once per compile: a folder two grants cover (the mode's ${TMPDIR}
  // and rw = ["/tmp"]) is warned about once; and only where it matters: a
  // .git this user cannot write is out of the command's reach whatever the
  // grant says, and one another user owns (their clone in a shared /tmp,
  // writable when you are root) is not where you commit: git refuses to run
  // in it (safe.directory), so its hooks never run as you.
  std::vector<std::string> warned;
  auto matters = [&](const std::string &path) { return !is_carved(path) && mine_and_writable(path); };
  for (const Grant &g : grants) {
    if (g.refused || g.access != Access::Rw || !ctx.host || kind_of(g.path) != Kind::Directory) continue;
    if (std::any_of(warned.begin(), warned.end(), [&](const std::string &w) { return is_within(g.path, w); })) continue;
    std::string found;
    if (kind_of(g.path + "/.git") != Kind::Missing && matters(g.path + "/.git")) found = g.path + "/.git";
    else
      walk_tree(g.path, limits, [&](const std::string &path, bool, bool) {
        if (path.ends_with("/.git") && matters(path)) found = path;
        return found.empty();
      });
    if (found.empty()) continue;
    warned.push_back(g.path);
    const std::string workspace = ctx.vars.workspace.value_or("");
    const bool in_workspace = !workspace.empty() && is_within(found, workspace);
    if (g.user_written() || in_workspace) {
      ctx.diags.strict_warning(ctx.strict, g.loc,
                               "writable grant `" + g.written + "` contains " + found +
                                   ": a planted .git/hooks script runs unconfined at your next commit",
                               "in workspace-write .git is carved out read-only unless `[protect] keep_writable` "
                               "names it; elsewhere add `[protect] read_only = [\".git\"]`, or review .git/hooks "
                               "and .git/config after each run");
      continue;
    }
    // A grant the mode made (${TMPDIR}) holding a clone of yours outside the
    // workspace: about the machine, not your policy or your run; two lines
    // (no snippet of the mode line).
    Diagnostic &d =
        ctx.diags.strict_warning(ctx.strict, {},
                                 "writable grant `" + g.written + "` contains " + found +
                                     ": a planted .git/hooks script runs unconfined at your next commit",
                                 "review its .git/hooks and .git/config, or keep clones out of " + g.written);
    d.concern = Concern::Environment;
  }
}

}  // namespace llp
