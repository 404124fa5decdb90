// Where grants, carved and protected paths came from, as text: the one
// place the origins are rendered. Decisions read the enums (plan.h).
#include "plan.h"

#include "../base/text.h"

namespace llp {

namespace {

// "`written` (ORIGIN)": the grant a complement or a carve replaces.
std::string replaced_text(const Grant &g) {
  if (!g.replaced) return "a grant";
  return "`" + g.replaced->written + "` (" + origin_text(*g.replaced) + ")";
}

}  // namespace

std::string origin_text(const Grant &g) {
  switch (g.origin) {
    case Origin::List: return g.from_user() ? std::string(access_name(g.access)) + " list" : "project policy";
    case Origin::Mode: return "mode " + std::string(g.mode);
    case Origin::Complement: return "complement of " + replaced_text(g) + " around hidden paths";
    case Origin::Carve: return "carve of " + replaced_text(g) + " around read-only exceptions";
    case Origin::Output: return g.from_user() ? "outputs" : "project policy's outputs";
    case Origin::Detected: return "detected: " + printable(g.marker);
    case Origin::PrivateTmp: return "the run's private temp folder (${TMPDIR} holds the workspace)";
  }
  return {};
}

std::string grant_text(const Grant &g) {
  std::string out = std::string(access_name(g.access)) + " `" + g.written + "`";
  if (g.written != g.path) out += " (" + g.path + ")";
  if (!g.user_written()) out += " from " + origin_text(g);
  return out;
}

namespace {

const char *protected_by_text(ProtectedBy by) {
  switch (by) {
    case ProtectedBy::BuiltinSecret: return "built-in secret";
    case ProtectedBy::BuiltinPersistencePoint: return "built-in persistence point";
    case ProtectedBy::SessionSockets: return "built-in: your session's sockets";
    case ProtectedBy::RunnerCommandFile: return "built-in: the CI runner's command file";
    case ProtectedBy::ProtectList: return "[protect] paths";
    case ProtectedBy::PolicyFile: return "a policy file";
    case ProtectedBy::Launcher: return "the launcher binary";
    case ProtectedBy::CompilerState: return "built-in: landlock-policy's own folder";
  }
  return "";
}

std::string carved_by_text(const Carved &c) {
  switch (c.by) {
    case CarvedBy::Default: return "default";
    case CarvedBy::DefaultNested: return "default, in nested repository " + c.of;
    case CarvedBy::RoGrant: return "ro grant";
    case CarvedBy::ProjectRoGrant: return "project policy's ro grant";
    case CarvedBy::ReadOnlyList: return "[protect] read_only";
    case CarvedBy::NestedRepository: return "nested repository";
    case CarvedBy::HooksPath: return "core.hooksPath of " + c.of;
    case CarvedBy::HuskyScripts: return "core.hooksPath of " + c.of + " (husky's scripts)";
    case CarvedBy::ConfigInclude: return "a file " + c.of + " includes";
    case CarvedBy::Submodule: return "submodule " + c.of;
    case CarvedBy::SymlinkTarget: return "symlink target of " + c.of;
    case CarvedBy::Gitdir: return "gitdir named by " + c.of;
    case CarvedBy::CommonGitdir: return "common gitdir of " + c.of;
  }
  return {};
}

}  // namespace

std::string origin_text(const Protected &p) {
  std::string by = protected_by_text(p.by);
  switch (p.as) {
    case ProtectedAs::Itself: return by;
    case ProtectedAs::AsWritten: return by + " (the path as written)";
    case ProtectedAs::SymlinkOnTheWay: return by + " (a symlink on the way)";
    case ProtectedAs::SymlinkTargetInside: return "symlink target inside protected " + p.of;
    case ProtectedAs::BindMountOf: return "bind mount of protected " + p.of;
  }
  return by;
}

std::string protected_text(const Protected &p) { return p.path + "  (" + origin_text(p) + ")"; }

std::string origin_text(const Carved &c) {
  if (c.not_there_yet) return carved_by_text(c) + " (not there yet)";
  return carved_by_text(c);
}

}  // namespace llp
