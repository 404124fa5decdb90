#include "grants.h"

#include <cerrno>
#include <cstring>

#include "paths.h"
#include "text.h"

namespace llp {

std::optional<ResolvedPath> resolve_entry(Context &ctx, const PathEntry &entry, Existence existence,
                                          const char *what) {
  Loc loc = entry.loc;
  Expansion x = expand_variables(entry.text, ctx.vars);
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
      ctx.diags.error(entry.loc, std::string(what) + " `" + printable(entry.text) + "`: `..` in a portable path",
                      "--target portable cannot know what `..` crosses on the other machine; write the path without it");
      return std::nullopt;
    }
    r.path = lexical_normalize(r.expanded);
    return r;
  }
  int error = 0;
  if (auto c = canonical(r.expanded, &error)) {
    r.path = *c;
    r.exists = true;
  } else if (existence == Existence::Required) {
    ctx.diags.error(entry.loc, std::string(what) + " `" + printable(entry.text) + "`: " + printable(r.expanded) + ": " + std::strerror(error),
                    error == ENOENT ? "create it, or mark the grant { path = \"...\", optional = true }" : "");
    return std::nullopt;
  } else {
    r.path = canonical_or_lexical(r.expanded);
  }
  if (std::string problem = path_problem(r.path); !problem.empty()) {
    ctx.diags.error(entry.loc, std::string(what) + " `" + printable(entry.text) + "` resolves to a path that cannot be granted: " + problem);
    return std::nullopt;
  }
  return r;
}

void list_grants(Context &ctx, const std::vector<PathEntry> &entries, Access access, std::vector<Grant> &out) {
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
    g.origin = e.trusted ? std::string(access_name(access)) + " list" : "project policy";
    g.loc = e.loc;
    g.trusted = e.trusted;
    g.relative = r->relative;
    g.exists = r->exists || (!ctx.host && !e.optional);
    out.push_back(std::move(g));
  }
}

bool mode_hides_secrets(const std::string &mode) { return mode == "read-only" || mode == "workspace-write"; }

bool mode_grants(Context &ctx, const std::string &mode, Loc loc, std::vector<Grant> &out) {
  auto add = [&](const std::string &written, Access access, const char *why) {
    PathEntry e{written, false, why, loc, true};
    std::vector<Grant> one;
    list_grants(ctx, {e}, access, one);
    for (Grant &g : one) {
      g.origin = "mode " + mode;
      g.user_written = false;
      out.push_back(std::move(g));
    }
  };
  if (mode == "custom") return true;
  if (mode == "danger-full-access") {
    ctx.plan.sandboxed = false;
    return true;
  }
  if (mode != "read-only" && mode != "workspace-write") return false;
  add("/", Access::Ro, "read and execute everywhere");
  add("/dev/null", Access::Rw, "the one file every tool may write");
  if (mode == "workspace-write") {
    add("${WORKSPACE}", Access::Rw, "the workspace");
    add("${TMPDIR}", Access::Rw, "the temp directory");
  }
  return true;
}

}  // namespace llp
