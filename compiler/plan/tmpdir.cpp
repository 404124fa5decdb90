#include "tmpdir.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
  return "landlock-run." + std::to_string(geteuid()) + "." + hex;
}

// "" when the entry `name` of tmp is (or, on a run, now is) a folder that
// only this user can use; else why not. A shared temp folder lets any user
// create the name first: one that is not ours, or is a symlink, is refused.
std::string ensure_folder(const std::string &tmp, const std::string &name, bool create, bool &exists) {
  exists = false;
  int dir = open(tmp.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) return "cannot open " + tmp + ": " + std::strerror(errno);
  std::string why;
  if (create && mkdirat(dir, name.c_str(), 0700) != 0 && errno != EEXIST)
    why = "cannot create " + tmp + "/" + name + ": " + std::strerror(errno);
  struct stat st {};
  if (why.empty() && fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077) != 0)
      why = tmp + "/" + name + " is not a folder that only you can use (a symlink, another user's, or group/other "
                               "permissions)";
    else
      exists = true;
  } else if (why.empty() && errno != ENOENT) {
    why = tmp + "/" + name + ": " + std::strerror(errno);
  }
  close(dir);
  return why;
}

}  // namespace

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
    ctx.diags.error(tmp_grant->loc, "the workspace " + workspace + " is ${TMPDIR} itself: its root would be read-only "
                                        "(the carve keeps .git read-only) and mktemp would fail",
                    "run with TMPDIR set to a folder outside the workspace: TMPDIR=$(mktemp -d) landlock-policy ...");
    return;
  }
  plan.private_tmp_needed = true;
  const std::string name = folder_name(workspace);
  const bool create = ctx.opt.prepare_run && !ctx.diags.has_errors();
  bool exists = false;
  std::string why = ensure_folder(tmp, name, create, exists);
  if (!why.empty()) {
    ctx.diags.error(tmp_grant->loc, "${TMPDIR} (" + tmp + ") holds the workspace, so the run needs a temp folder of "
                                        "its own: " + why,
                    "remove it, or run with TMPDIR set to a folder outside the workspace: "
                    "TMPDIR=$(mktemp -d) landlock-policy ...");
    return;
  }
  Grant replaced = *tmp_grant;
  grants.erase(tmp_grant);
  plan.dropped.push_back({replaced, "${TMPDIR} holds the workspace: replaced by the run's private temp folder " + tmp +
                                        "/" + name});
  plan.notes.push_back("${TMPDIR} (" + tmp + ") holds the workspace: the command gets TMPDIR=" + tmp + "/" + name +
                       ", a folder of its own, instead of a read-only " + tmp +
                       (exists ? std::string() : std::string(" (argv, exec and learn create it)")));
  if (!exists) return;
  plan.private_tmp = tmp + "/" + name;
  Grant g = replaced;
  g.path = plan.private_tmp;
  g.expanded = plan.private_tmp;
  g.written = "${TMPDIR}/" + name;
  g.why = "the run's temp folder: ${TMPDIR} holds the workspace, whose carve would leave TMPDIR's root read-only";
  g.origin = Origin::PrivateTmp;
  g.hops.clear();
  g.object = object_of(plan.private_tmp);
  grants.push_back(std::move(g));
}

void set_private_tmpdir(const Plan &plan, EnvPlan &env) {
  if (plan.private_tmp.empty()) return;
  if (std::any_of(env.set.begin(), env.set.end(), [](const EnvRule &r) { return r.text == "TMPDIR"; })) return;
  EnvRule rule{"TMPDIR", plan.private_tmp, "the run's private temp folder (${TMPDIR} holds the workspace)", {}};
  auto at = std::find_if(env.set.begin(), env.set.end(), [](const EnvRule &r) { return r.text > "TMPDIR"; });
  env.set.insert(at, std::move(rule));
}

}  // namespace llp
