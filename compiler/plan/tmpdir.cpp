#include "tmpdir.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "../host/folders.h"
#include "../host/paths.h"

namespace llp {

namespace {

// FNV-1a: a stable name for the workspace's temp folder, the same on every
// compile, so that runs reuse one folder instead of leaving one each.
unsigned long long fnv1a(const std::string &text) {
  unsigned long long hash = 14695981039346656037ULL;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string folder_name(const std::string &workspace) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", fnv1a(workspace));
  return std::string("ws-") + hex;
}

// $XDG_RUNTIME_DIR, when it is an absolute folder of this user's alone.
std::optional<std::string> runtime_dir(const Context &ctx) {
  auto xdg = ctx.opt.env.find("XDG_RUNTIME_DIR");
  if (xdg == ctx.opt.env.end() || xdg->second.empty() || xdg->second[0] != '/') return std::nullopt;
  const std::string path = lexical_normalize(xdg->second);
  if (!is_private_folder(path)) return std::nullopt;
  return path;
}

// Where the run's private temp folders live: base, the path below it, how
// the docs spell it, and from which component on the folders must be the
// user's alone (the ones the compiler makes; ~/.local may be 0755).
struct PrivateRoot {
  std::string base;
  std::string below;
  std::string written;
  size_t private_from = 0;
};

// An empty base when there is none (no HOME, no usable XDG_RUNTIME_DIR).
PrivateRoot private_root(const Context &ctx) {
  if (auto xdg = runtime_dir(ctx))
    return PrivateRoot{*xdg, std::string(kRuntimeTmpRoot), "${XDG_RUNTIME_DIR}/landlock-policy", 0};
  if (ctx.vars.home)
    return PrivateRoot{*ctx.vars.home, std::string(kStateTmpRoot), "~/.local/state/landlock-policy/tmp", 2};
  return {};
}

const char *walk_problem(FolderState state) {
  switch (state) {
    case FolderState::Symlink: return "is a symlink, never followed";
    case FolderState::NotFolder: return "is not a folder";
    case FolderState::NotPrivate: return "is not yours alone (another user's, or open to group or others)";
    case FolderState::Ready:
    case FolderState::Missing:
    case FolderState::Failed: break;
  }
  return "cannot be created or opened";
}

}  // namespace

std::vector<std::string> private_tmp_roots(const Context &ctx) {
  std::vector<std::string> roots;
  if (auto xdg = runtime_dir(ctx)) roots.push_back(canonical_or_lexical(*xdg + "/" + std::string(kRuntimeTmpRoot)));
  if (ctx.vars.home) roots.push_back(canonical_or_lexical(*ctx.vars.home + "/.local/state/landlock-policy"));
  return roots;
}

void replace_tmpdir(const Context &ctx, std::vector<Grant> &grants, Plan &plan) {
  if (!ctx.host || !ctx.vars.workspace) return;
  auto tmp_grant = std::find_if(grants.begin(), grants.end(), [](const Grant &g) {
    return g.origin == Origin::Mode && g.access == Access::Rw && g.written == "${TMPDIR}" && g.exists;
  });
  if (tmp_grant == grants.end()) return;
  const std::string workspace = canonical_or_lexical(*ctx.vars.workspace);
  const std::string tmp = tmp_grant->path;
  if (!is_within(workspace, tmp)) return;
  if (workspace == tmp) {
    ctx.diags.error(tmp_grant->loc,
                    "the workspace " + workspace +
                        " is ${TMPDIR} itself: its root would be read-only "
                        "(the carve keeps .git read-only) and mktemp would fail",
                    "run with TMPDIR set to a folder outside the workspace: TMPDIR=$(mktemp -d) landlock-policy ...");
    return;
  }
  plan.private_tmp_needed = true;
  const std::string name = folder_name(workspace);
  const PrivateRoot root = private_root(ctx);
  if (root.base.empty()) {
    ctx.diags.error(
        tmp_grant->loc,
        "${TMPDIR} (" + tmp +
            ") holds the workspace, so the run needs a temp folder of "
            "its own, and neither $XDG_RUNTIME_DIR (a folder of yours alone) nor HOME "
            "says where: " +
            (ctx.vars.home_problem.empty() ? std::string("HOME is not set") : ctx.vars.home_problem),
        "set HOME, or run with TMPDIR set to a folder outside the workspace: TMPDIR=$(mktemp -d) landlock-policy ...");
    return;
  }
  const std::string path = root.base + "/" + root.below + "/" + name;
  const bool create = ctx.opt.prepare_run && !ctx.diags.has_errors();
  Beneath how;
  how.create = create;
  how.private_from = root.private_from;
  FolderWalk walk = make_beneath(root.base, path_parts(root.below + "/" + name), 0700, how);
  if (walk.state != FolderState::Ready && walk.state != FolderState::Missing) {
    std::string why = walk.where + " " + walk_problem(walk.state);
    if (walk.state == FolderState::Failed) why += std::string(" (") + std::strerror(walk.error) + ")";
    ctx.diags.error(tmp_grant->loc,
                    "${TMPDIR} (" + tmp +
                        ") holds the workspace, so the run needs a temp folder of "
                        "its own, " +
                        path + ": " + why,
                    "no confined run can write there: something outside the sandbox made it; remove it, or run with "
                    "TMPDIR set to a folder outside the workspace: TMPDIR=$(mktemp -d) landlock-policy ...");
    return;
  }
  const bool exists = walk.state == FolderState::Ready;
  Grant replaced = *tmp_grant;
  grants.erase(tmp_grant);
  plan.dropped.push_back({replaced, DropReason::PrivateTmpReplaces, path, {}});
  plan.notes.push_back({NoteKind::PrivateTmp, tmp, path, exists});
  if (!exists) return;
  plan.private_tmp = canonical_or_lexical(path);
  Grant g = replaced;
  g.path = plan.private_tmp;
  g.expanded = plan.private_tmp;
  g.written = root.written + "/" + name;
  g.why = "the run's temp folder: ${TMPDIR} holds the workspace, whose carve would leave TMPDIR's root read-only";
  g.origin = Origin::PrivateTmp;
  g.hops.clear();
  g.object = object_of(plan.private_tmp);
  grants.push_back(std::move(g));
}

void set_private_tmpdir(const Plan &plan, EnvPlan &env) {
  if (plan.private_tmp.empty()) return;
  if (std::any_of(env.set.begin(), env.set.end(), [](const EnvRule &r) { return r.text == "TMPDIR"; })) return;
  EnvRule rule;
  rule.text = "TMPDIR";
  rule.value = plan.private_tmp;
  rule.from = EnvFrom::PrivateTmp;
  auto at = std::find_if(env.set.begin(), env.set.end(), [](const EnvRule &r) { return r.text > "TMPDIR"; });
  env.set.insert(at, std::move(rule));
}

}  // namespace llp
