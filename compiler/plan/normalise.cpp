#include "normalise.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "../host/paths.h"

namespace llp {

namespace {

// Sort key: path, then your grants, then the strongest grant first
// (rw, required, written by the user, earliest position), so the survivor
// of a merge is well defined, and never a project's grant over yours.
bool stronger_first(const Grant &a, const Grant &b) {
  auto key = [](const Grant &g) {
    return std::make_tuple(std::string_view(g.path), !g.from_user(), g.access == Access::Rw ? 0 : 1, g.optional,
                           !g.user_written(), g.loc.file, g.loc.line, g.loc.col);
  };
  return key(a) < key(b);
}

// An optional parent that may not exist covers nothing.
bool covers(const Grant &g) { return !g.optional || g.exists; }

// A project's rw on the path of your ro (sorted after it): it never wins
// the merge that two grants of yours make into rw. Trust drops it first
// (trust.h); this keeps the promise for whatever reaches here.
bool widens_your_ro(const Grant &keep, const Grant &g) {
  return keep.from_user() && keep.access == Access::Ro && !g.from_user() && g.access == Access::Rw;
}

// The hint for a ro grant under a rw one: only a compile for this machine
// can carve such a hole read-only (from its listings).
std::string ro_hole_hint(const Context &ctx, const Grant &rw_parent) {
  if (ctx.host)
    return "the carve could not keep it read-only; grant the writable subfolders one by one instead of " +
           rw_parent.path;
  return "a read-only hole in a writable grant is carved from this machine's listings: "
         "compile with --target host, or grant the writable subfolders one by one instead of " +
         rw_parent.path;
}

}  // namespace

std::vector<Dropped> normalise_grants(const Context &ctx, std::vector<Grant> &grants) {
  std::vector<Dropped> dropped;
  std::sort(grants.begin(), grants.end(), stronger_first);
  std::vector<Grant> merged;
  merged.reserve(grants.size());
  for (Grant &g : grants) {
    if (!merged.empty() && merged.back().path == g.path) {
      Grant &keep = merged.back();
      if (widens_your_ro(keep, g)) {
        if (g.user_written())
          ctx.diags
              .strict_warning(
                  ctx.strict, g.loc,
                  "project policy grant " + grant_text(g) + " widens your ro grant on the same path: dropped",
                  "a project policy may only narrow yours")
              .related.push_back({keep.loc, "your ro grant is here"});
        dropped.push_back({g, DropReason::ProjectRwOnUserRo, {}, keep});
        continue;
      }
      keep.optional = keep.optional && g.optional;
      if (g.access == keep.access) {
        dropped.push_back({g, DropReason::Duplicate, {}, keep});
      } else {
        // Only two grants on the very same path merge so; a ro grant inside
        // a writable one is carved out instead (carve.h).
        if (g.user_written())
          ctx.diags
              .warning(g.loc, "ro and rw grants on the same path " + g.path + ": it becomes rw",
                       "remove one of them; a ro grant inside a writable folder is carved out read-only")
              .related.push_back({keep.loc, "the rw grant is here"});
        dropped.push_back({g, DropReason::Merged, {}, keep});
      }
      continue;
    }
    merged.push_back(std::move(g));
  }

  std::unordered_map<std::string_view, size_t> by_path;
  by_path.reserve(merged.size());
  for (size_t i = 0; i < merged.size(); ++i) by_path.emplace(merged[i].path, i);

  std::vector<bool> keep(merged.size(), true);
  for (size_t i = 0; i < merged.size(); ++i) {
    const Grant &g = merged[i];
    const Grant *rw_parent = nullptr;
    const Grant *ro_parent = nullptr;
    for (std::string p = parent_path(g.path); !p.empty(); p = parent_path(p)) {
      auto it = by_path.find(p);
      if (it == by_path.end() || !covers(merged[it->second])) continue;
      const Grant &parent = merged[it->second];
      if (parent.access == Access::Rw && !rw_parent) rw_parent = &parent;
      if (parent.access == Access::Ro && !ro_parent) ro_parent = &parent;
    }
    if (g.access == Access::Ro && rw_parent) {
      if (g.user_written()) {
        ctx.diags
            .error(g.loc,
                   "ro grant `" + g.written + "` lies under " + grant_text(*rw_parent) +
                       ", so it is still writable: rules in one Landlock layer add up",
                   ro_hole_hint(ctx, *rw_parent))
            .related.push_back({rw_parent->loc, "the rw grant is here"});
      }
      keep[i] = false;
      dropped.push_back({g, DropReason::Covered, {}, *rw_parent});
    } else if (const Grant *parent = g.access == Access::Rw ? rw_parent : ro_parent) {
      // Notes explain a successful compile; next to errors they are noise.
      if (g.user_written() && parent->user_written() && !ctx.diags.has_errors())
        ctx.diags.note(g.loc, grant_text(g) + " is covered by " + grant_text(*parent) + ": dropped");
      keep[i] = false;
      dropped.push_back({g, DropReason::Covered, {}, *parent});
    }
  }
  std::vector<Grant> out;
  out.reserve(merged.size());
  for (size_t i = 0; i < merged.size(); ++i)
    if (keep[i]) out.push_back(std::move(merged[i]));
  grants = std::move(out);
  return dropped;
}

const Grant *covering_grant(const std::vector<Grant> &grants, const std::string &path, Access access) {
  const Grant *best = nullptr;
  for (const Grant &g : grants) {
    if (!is_within(path, g.path) || !covers(g)) continue;
    if (access == Access::Rw && g.access != Access::Rw) continue;
    if (!best || g.path.size() > best->path.size()) best = &g;
  }
  return best;
}

}  // namespace llp
