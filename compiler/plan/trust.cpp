#include "trust.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "../host/paths.h"

namespace llp {

namespace {

// What the grants on one path give.
struct PathAccess {
  Access access = Access::Ro;
  // A ro grant written in a list and no rw on the same path: the carve
  // keeps it read-only inside any writable folder above it (carve.h).
  bool exception = false;
};

// The access the grants give on each path, for ancestor look-ups. ro and rw
// on one path merge into rw, as normalise merges them. A listed ro grant
// that does not exist yet counts: the carve keeps it from appearing.
std::unordered_map<std::string, PathAccess> access_map(const std::vector<Grant> &grants) {
  std::unordered_map<std::string, PathAccess> map;
  for (const Grant &g : grants) {
    const bool listed_ro = g.access == Access::Ro && g.user_written();
    if (g.optional && !g.exists && !listed_ro) continue;
    auto [it, fresh] = map.emplace(g.path, PathAccess{g.access, listed_ro});
    if (fresh) continue;
    if (g.access == Access::Rw) it->second = {Access::Rw, false};
    else if (it->second.access == Access::Ro) it->second.exception = it->second.exception || listed_ro;
  }
  return map;
}

// What the grants give at path: the nearest grant at or above it that
// decides. An rw decides (writable); so does a listed ro, the exception the
// carve keeps read-only under a writable folder (so an rw further up is no
// cover); any other ro leaves an rw further up to decide. nullopt: none.
std::optional<Access> covered(const std::unordered_map<std::string, PathAccess> &map, const std::string &path) {
  std::optional<Access> best;
  for (std::string p = path; !p.empty(); p = parent_path(p)) {
    auto it = map.find(p);
    if (it == map.end()) continue;
    if (it->second.access == Access::Rw) return Access::Rw;
    if (it->second.exception) return Access::Ro;
    best = Access::Ro;
  }
  return best;
}

}  // namespace

TrustResult apply_trust(const std::vector<Grant> &grants, bool nest) {
  TrustResult out;
  GrantLayer outer{LayerId::Outer, {}};
  std::vector<Grant> project;
  std::partition_copy(grants.begin(), grants.end(), std::back_inserter(outer.grants), std::back_inserter(project),
                      [](const Grant &g) { return g.from_user(); });
  auto user_map = access_map(outer.grants);
  std::vector<Grant> kept;
  for (Grant &p : project) {
    std::optional<Access> cover = covered(user_map, p.path);
    if (!cover || (p.access == Access::Rw && *cover == Access::Ro)) {
      Widening w = Widening::of(WideningKind::Grant, p.loc, p.written);
      w.rw = p.access == Access::Rw;
      w.only_ro = cover.has_value();
      out.widenings.push_back(std::move(w));
      out.dropped.push_back({p, DropReason::ProjectWidens, {}, {}});
      continue;
    }
    kept.push_back(p);
  }
  if (!nest) {
    // Merged into one layer, a covered project grant adds nothing.
    for (Grant &p : kept) out.dropped.push_back({p, DropReason::ProjectCovered, {}, {}});
    out.layers.push_back(std::move(outer));
    return out;
  }
  GrantLayer inner{LayerId::Inner, {}};
  if (kept.empty() && project.empty()) {
    inner.grants = outer.grants;  // the project narrows nothing but its network/scopes
    out.layers.push_back(std::move(outer));
    out.layers.push_back(std::move(inner));
    return out;
  }
  // Inner layer: the intersection. The project's grants that the user's
  // cover, plus the user's grants that lie inside a project grant, each with
  // the lesser of the two accesses.
  auto project_map = access_map(kept);
  inner.grants = kept;
  for (const Grant &u : outer.grants) {
    std::optional<Access> cover = covered(project_map, u.path);
    if (!cover || project_map.count(u.path)) continue;
    Grant g = u;
    if (*cover == Access::Ro) g.access = Access::Ro;
    inner.grants.push_back(std::move(g));
  }
  out.layers.push_back(std::move(outer));
  out.layers.push_back(std::move(inner));
  return out;
}

}  // namespace llp
