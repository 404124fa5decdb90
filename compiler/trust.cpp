#include "trust.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "paths.h"

namespace llp {

namespace {

// Strongest access any grant gives on each path, for ancestor look-ups.
std::unordered_map<std::string, Access> access_map(const std::vector<Grant> &grants) {
  std::unordered_map<std::string, Access> map;
  for (const Grant &g : grants) {
    if (g.optional && !g.exists) continue;
    auto [it, fresh] = map.emplace(g.path, g.access);
    if (!fresh && g.access == Access::Rw) it->second = Access::Rw;
  }
  return map;
}

// The widest access that some grant at or above path gives; nullopt: none.
std::optional<Access> covered(const std::unordered_map<std::string, Access> &map, const std::string &path) {
  std::optional<Access> best;
  for (std::string p = path; !p.empty(); p = parent_path(p)) {
    auto it = map.find(p);
    if (it == map.end()) continue;
    if (it->second == Access::Rw) return Access::Rw;
    best = Access::Ro;
  }
  return best;
}

}  // namespace

void apply_trust(Context &ctx, const std::vector<Grant> &user, std::vector<Grant> &project, bool nest,
                 std::vector<Grant> &inner) {
  auto user_map = access_map(user);
  std::vector<Grant> kept;
  for (Grant &p : project) {
    std::optional<Access> cover = covered(user_map, p.path);
    if (!cover || (p.access == Access::Rw && *cover == Access::Ro)) {
      ctx.widenings.push_back({p.loc, std::string("project policy grant ") + access_name(p.access) + " `" + p.written +
                                          "` widens what your policy grants" +
                                          (cover ? " (it only grants ro there)" : "") + ": dropped"});
      ctx.plan.dropped.push_back({p, "a project policy may only narrow"});
      continue;
    }
    kept.push_back(p);
  }
  if (!nest) {
    // Merged into one layer, a covered project grant adds nothing.
    for (Grant &p : kept) ctx.plan.dropped.push_back({p, "project grant already covered by your policy"});
    return;
  }
  if (kept.empty() && project.empty()) {
    inner = user;  // the project narrows nothing but its network/scopes
    return;
  }
  // Inner layer: the intersection. The project's grants that the user's
  // cover, plus the user's grants that lie inside a project grant, each with
  // the lesser of the two accesses.
  auto project_map = access_map(kept);
  inner = kept;
  for (const Grant &u : user) {
    std::optional<Access> cover = covered(project_map, u.path);
    if (!cover || project_map.count(u.path)) continue;
    Grant g = u;
    if (*cover == Access::Ro) g.access = Access::Ro;
    inner.push_back(std::move(g));
  }
}

void report_widenings(Context &ctx) {
  std::sort(ctx.widenings.begin(), ctx.widenings.end(), [](const Widening &a, const Widening &b) {
    return std::tie(a.loc.file, a.loc.line, a.loc.col, a.message) < std::tie(b.loc.file, b.loc.line, b.loc.col, b.message);
  });
  ctx.widenings.erase(std::unique(ctx.widenings.begin(), ctx.widenings.end(),
                                  [](const Widening &a, const Widening &b) {
                                    return a.loc.file == b.loc.file && a.loc.line == b.loc.line &&
                                           a.loc.col == b.loc.col && a.message == b.message;
                                  }),
                      ctx.widenings.end());
  for (const Widening &w : ctx.widenings)
    ctx.diags.strict_warning(ctx.strict, w.loc, w.message,
                             "a policy file inside the project is untrusted and may only narrow yours; move this to your own policy if you want it");
  ctx.widenings.clear();
}

}  // namespace llp
