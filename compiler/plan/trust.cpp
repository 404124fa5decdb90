#include "trust.h"

#include <algorithm>
#include <iterator>
#include <tuple>
#include <unordered_map>

#include "../host/paths.h"

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

TrustResult apply_trust(const std::vector<Grant> &grants, bool nest) {
  TrustResult out;
  std::vector<Grant> project;
  std::partition_copy(grants.begin(), grants.end(), std::back_inserter(out.outer), std::back_inserter(project),
                      [](const Grant &g) { return g.trusted; });
  auto user_map = access_map(out.outer);
  std::vector<Grant> kept;
  for (Grant &p : project) {
    std::optional<Access> cover = covered(user_map, p.path);
    if (!cover || (p.access == Access::Rw && *cover == Access::Ro)) {
      out.widenings.push_back({p.loc, std::string("project policy grant ") + access_name(p.access) + " `" + p.written +
                                          "` widens what your policy grants" +
                                          (cover ? " (it only grants ro there)" : "") + ": dropped"});
      out.dropped.push_back({p, "a project policy may only narrow"});
      continue;
    }
    kept.push_back(p);
  }
  if (!nest) {
    // Merged into one layer, a covered project grant adds nothing.
    for (Grant &p : kept) out.dropped.push_back({p, "project grant already covered by your policy"});
    return out;
  }
  out.nested = true;
  if (kept.empty() && project.empty()) {
    out.inner = out.outer;  // the project narrows nothing but its network/scopes
    return out;
  }
  // Inner layer: the intersection. The project's grants that the user's
  // cover, plus the user's grants that lie inside a project grant, each with
  // the lesser of the two accesses.
  auto project_map = access_map(kept);
  out.inner = kept;
  for (const Grant &u : out.outer) {
    std::optional<Access> cover = covered(project_map, u.path);
    if (!cover || project_map.count(u.path)) continue;
    Grant g = u;
    if (*cover == Access::Ro) g.access = Access::Ro;
    out.inner.push_back(std::move(g));
  }
  return out;
}

void report_widenings(const Context &ctx, std::vector<Widening> widenings) {
  std::sort(widenings.begin(), widenings.end(), [](const Widening &a, const Widening &b) {
    return std::tie(a.loc.file, a.loc.line, a.loc.col, a.message) < std::tie(b.loc.file, b.loc.line, b.loc.col, b.message);
  });
  widenings.erase(std::unique(widenings.begin(), widenings.end(),
                                  [](const Widening &a, const Widening &b) {
                                    return a.loc.file == b.loc.file && a.loc.line == b.loc.line &&
                                           a.loc.col == b.loc.col && a.message == b.message;
                                  }),
                  widenings.end());
  for (const Widening &w : widenings)
    ctx.diags.strict_warning(ctx.strict, w.loc, w.message,
                             "a policy file inside the project is untrusted and may only narrow yours; move this to your own policy if you want it");
}

}  // namespace llp
