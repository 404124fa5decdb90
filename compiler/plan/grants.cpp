#include "grants.h"

#include <cerrno>
#include <algorithm>
#include <cstring>

#include "../policy/load.h"
#include "../host/paths.h"
#include "../base/text.h"
#include "modes.h"

namespace llp {

std::optional<ResolvedPath> resolve_entry(const Context &ctx, const PathEntry &entry, Existence existence,
                                          const char *what) {
  Loc loc = entry.loc;
  Variables vars = ctx.vars;
  vars.env_forbidden = !entry.from_user();
  Expansion x = expand_variables(entry.text, vars);
  if (!x.error.empty()) {
    if (loc.col > 0) loc.col += static_cast<int>(x.offset) + 1;  // +1: the opening quote
    ctx.diags.error(loc, std::string(what) + ": " + x.error, x.hint);
    return std::nullopt;
  }
  ResolvedPath r;
  r.expanded = x.value;
  if (!r.expanded.empty() && r.expanded[0] != '/') {
    // Relative to the policy's folder, not the cwd: the same file means the
    // same grants wherever it is run from.
    r.expanded = join_path(entry.loc.file >= 0 ? file_folder(ctx, entry.loc.file) : ctx.opt.cwd, r.expanded);
    r.relative = true;
  }
  if (std::string problem = path_problem(r.expanded); !problem.empty()) {
    ctx.diags.error(entry.loc, std::string(what) + " `" + printable(entry.text) + "`: " + problem,
                    "write an absolute path, or one relative to the policy file's folder");
    return std::nullopt;
  }
  if (!ctx.host) {
    if (r.expanded.find("/../") != std::string::npos || r.expanded.ends_with("/..")) {
      ctx.diags.error(
          entry.loc, std::string(what) + " `" + printable(entry.text) + "`: `..` in a portable path",
          "--target portable cannot know what `..` crosses on the other machine; write the path without it");
      return std::nullopt;
    }
    r.path = lexical_normalize(r.expanded);
    return r;
  }
  HostPath host = resolve_host(r.expanded);
  r.hops = host.hops;
  r.object = host.object;
  if (host.exists) {
    r.path = host.path;
    r.exists = true;
  } else if (existence == Existence::Required || host.error == ELOOP) {
    ctx.diags.error(entry.loc,
                    std::string(what) + " `" + printable(entry.text) + "`: " + printable(r.expanded) + ": " +
                        std::strerror(host.error),
                    host.error == ENOENT ? "create it, or mark the grant { path = \"...\", optional = true }" : "");
    return std::nullopt;
  } else {
    r.path = host.path;  // dangling links followed: where it will be once it exists
  }
  if (std::string problem = path_problem(r.path); !problem.empty()) {
    ctx.diags.error(entry.loc, std::string(what) + " `" + printable(entry.text) +
                                   "` resolves to a path that cannot be granted: " + problem);
    return std::nullopt;
  }
  return r;
}

void list_grants(const Context &ctx, const std::vector<PathEntry> &entries, Access access, std::vector<Grant> &out) {
  for (const PathEntry &e : entries) {
    auto r = resolve_entry(ctx, e, e.optional ? Existence::Optional : Existence::Required,
                           access == Access::Rw ? "rw" : "ro");
    if (!r) continue;
    Grant g;
    g.path = r->path;
    g.written = e.text;
    g.expanded = r->expanded;
    g.access = access;
    g.optional = e.optional;
    g.why = e.why;
    g.origin = Origin::List;
    g.loc = e.loc;
    g.provenance = e.provenance;
    g.relative = r->relative;
    g.exists = r->exists || (!ctx.host && !e.optional);
    g.hops = r->hops;
    g.object = r->object;
    out.push_back(std::move(g));
  }
}

std::vector<Grant> mode_grants(const Context &ctx, const Mode &mode, Loc loc) {
  std::vector<Grant> out;
  for (const ModeGrant &grant : mode.grants) {
    PathEntry e{std::string(grant.path), false, std::string(grant.why), loc, Provenance::User};
    std::vector<Grant> one;
    list_grants(ctx, {e}, grant.access, one);
    for (Grant &g : one) {
      g.origin = Origin::Mode;
      g.mode = mode.name;
      out.push_back(std::move(g));
    }
  }
  return out;
}

std::vector<std::string> writable_areas(const Context &ctx, const std::vector<Grant> &grants) {
  std::vector<std::string> areas = run_writable_areas(ctx.vars);
  for (const Grant &g : grants)
    if (g.access == Access::Rw && g.from_user()) areas.push_back(g.path);
  std::sort(areas.begin(), areas.end());
  areas.erase(std::unique(areas.begin(), areas.end()), areas.end());
  return areas;
}

void check_redirects(const Context &ctx, const std::vector<Grant> &grants, const std::vector<std::string> &areas) {
  for (const Grant &g : grants) {
    for (const SymlinkHop &hop : g.hops) {
      // Whoever can write the folder a link is in can swap the link.
      const std::string folder = parent_path(hop.link);
      auto area = std::find_if(areas.begin(), areas.end(),
                               [&](const std::string &a) { return is_within(folder, a) && !is_within(g.path, a); });
      if (area == areas.end()) continue;
      std::string chain;
      for (const SymlinkHop &h : g.hops) chain += " " + h.link + " -> " + h.target + ";";
      ctx.diags.error(g.loc,
                      std::string(access_name(g.access)) + " grant `" + g.written + "` leaves " + *area +
                          " through the symlink " + hop.link +
                          ", which a confined command can replace: it resolves to " + g.path + " (symlinks:" + chain +
                          ")",
                      "grant the real path, outside the writable folders, by its own name; or remove the symlink");
      break;
    }
  }
}

}  // namespace llp
