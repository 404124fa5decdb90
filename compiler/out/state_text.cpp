#include "state_text.h"

#include "../base/quote.h"

namespace llp {

std::string state_text(const Output &o) {
  switch (o.state) {
    case OutputState::Created: {
      std::string out = "created by this compile:";
      for (const std::string &c : o.created) out += " " + c;
      return out;
    }
    case OutputState::There: return "already there";
    case OutputState::Missing: return "missing: argv, exec and learn create it before the run";
    case OutputState::Portable: break;
  }
  return "not looked at (--target portable): the workspace grant covers it there";
}

std::string state_text(const CacheFolder &c) {
  switch (c.state) {
    case CacheState::Created: return "created by this compile";
    case CacheState::Missing:
      return "missing: argv, exec and learn create it before the run (or: mkdir -p " + shell_quote(c.path) + ")";
    case CacheState::ThroughSymlink:
      return "not created: " + c.where + " is a symlink; run: mkdir -p " + shell_quote(c.path);
    case CacheState::NotCreated: break;
  }
  return "not created: " + c.where + "; run: mkdir -p " + shell_quote(c.path);
}

std::string origin_text(const Hidden &h) {
  switch (h.by) {
    case HiddenBy::HideList: return h.trusted ? "hide list" : "project policy's hide list";
    case HiddenBy::SymlinkItself: return "hide list (the symlink itself)";
    case HiddenBy::SymlinkTargetInside: return "symlink target inside hidden " + h.of;
    case HiddenBy::BindMountOf: return "bind mount of hidden " + h.of;
    case HiddenBy::ModeSecret: break;
  }
  Protected secret;
  secret.by = h.secret_by;
  secret.as = h.secret_as;
  secret.of = h.of;
  return "secret hidden by the mode (" + origin_text(secret) + ")";
}

std::string origin_text(const EnvRule &r) {
  std::string out;
  switch (r.from) {
    case EnvFrom::InheritCore: out = "inherit = \"core\""; break;
    case EnvFrom::Keep: out = "[env] keep"; break;
    case EnvFrom::ModeDefault: out = "default of mode " + r.mode; break;
    case EnvFrom::DefaultUnset:
      out = r.user ? "[env] default_unset = true" : "project policy (default_unset = true)";
      break;
    case EnvFrom::Unset: out = r.user ? "[env] unset" : "project policy"; break;
    case EnvFrom::Set: out = "[env] set"; break;
    case EnvFrom::PrivateTmp: out = "the run's private temp folder (${TMPDIR} holds the workspace)"; break;
  }
  if (r.credential) out += " (its value holds a credential)";
  return out;
}

std::string inherit_text(InheritFrom from) {
  switch (from) {
    case InheritFrom::User: return "your policy";
    case InheritFrom::Project: return "project policy";
    case InheritFrom::Default: break;
  }
  return {};
}

}  // namespace llp
