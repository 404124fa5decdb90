#include "state_text.h"

#include "../../launcher/cli_flags.h"
#include "../base/abi_name.h"
#include "../base/quote.h"
#include "../base/text.h"
#include "../policy/schema.h"

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
    case HiddenBy::HideList: return h.provenance == Provenance::User ? "hide list" : "project policy's hide list";
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
      out = r.provenance == Provenance::User ? "[env] default_unset = true" : "project policy (default_unset = true)";
      break;
    case EnvFrom::Unset: out = r.provenance == Provenance::User ? "[env] unset" : "project policy"; break;
    case EnvFrom::Set: out = "[env] set"; break;
    case EnvFrom::PrivateTmp: out = "the run's private temp folder (${TMPDIR} holds the workspace)"; break;
  }
  if (r.credential) out += " (its value holds a credential)";
  return out;
}

std::string note_text(const Note &n) {
  switch (n.kind) {
    case NoteKind::PrivateTmp:
      return "${TMPDIR} (" + n.tmp + ") holds the workspace: the command gets TMPDIR=" + n.path +
             ", a folder of its own outside ${TMPDIR} and /tmp, instead of a read-only " + n.tmp +
             (n.exists ? std::string() : std::string(" (argv, exec and learn create it)"));
    case NoteKind::NestCostsALayer: return "compose = \"nest\" costs one of the kernel's 16 Landlock layers";
    case NoteKind::NestNarrowsNothing:
      return "compose = \"nest\": no project policy narrows anything, so one launcher is emitted";
    case NoteKind::UnixSocketsBelowAbi: break;
  }
  return "below " + abi_with_release(launcher::enforced_from(launcher::Flag::ConnectUnix)) +
         " pathname UNIX sockets (an SSH agent, D-Bus, docker.sock) "
         "stay reachable whatever [network] unix says: there landlock-run --probe says pathname-unix=no";
}

std::string reason_text(const Dropped &d) {
  const std::string other = d.other ? grant_text(*d.other) : std::string();
  switch (d.reason) {
    case DropReason::CacheThroughSymlink: return "a preset's cache folder reached through a symlink";
    case DropReason::PrivateTmpReplaces:
      return "${TMPDIR} holds the workspace: replaced by the run's private temp folder " + d.path;
    case DropReason::ProjectWidens: return "a project policy may only narrow";
    case DropReason::ProjectCovered: return "project grant already covered by your policy";
    case DropReason::InsideReadOnly: return "lies inside read-only exception " + d.path;
    case DropReason::ReplacedByCarve: return "replaced by a carve: read-only exceptions lie beneath it";
    case DropReason::InsideHidden: return "lies inside hidden path " + d.path;
    case DropReason::ReplacedByComplement: return "replaced by its complement: it covers a hidden path";
    case DropReason::ProjectRwOnUserRo:
      return "a project policy's rw on the same path as " + other + ": a project policy may only narrow";
    case DropReason::Duplicate: return "duplicate of " + other;
    case DropReason::Merged: return "merged into " + other + " (ro and rw on one path become rw)";
    case DropReason::Covered: break;
  }
  return "covered by " + other;
}

std::string inherit_text(InheritFrom from) {
  switch (from) {
    case InheritFrom::User: return "your policy";
    case InheritFrom::Project: return "project policy";
    case InheritFrom::Default: break;
  }
  return {};
}

namespace {

// The refusal of the schema row a project policy may not set, its {}
// standing for the entry's text.
std::string refusal_text(const Widening &w) {
  const schema::Key *row = schema::find_key(w.table, w.key);
  std::string out = row ? std::string(row->refusal) : "a project policy cannot set `" + w.key + "`";
  const size_t at = out.find("{}");
  if (at != std::string::npos) out.replace(at, 2, w.text);
  return out;
}

}  // namespace

std::string widening_text(const Widening &w) {
  const std::string output = "project policy output `" + w.text + "`";
  switch (w.kind) {
    case WideningKind::Grant:
      return std::string("project policy grant ") + access_name(w.rw ? Access::Rw : Access::Ro) + " `" + w.text +
             "` widens what your policy grants" + (w.only_ro ? " (it only grants ro there)" : "") + ": dropped";
    case WideningKind::ProtectedGrant: return "project policy " + w.why + ": dropped";
    case WideningKind::Setting: return refusal_text(w);
    case WideningKind::UnixSocket:
      return "project policy [network] unix `" + printable(w.text) + "` widens your [network] unix: dropped";
    case WideningKind::Port:
      return "project policy " + w.key + " port " + std::to_string(w.port) + " widens your [network]: dropped";
    case WideningKind::ExecutableOutput:
      return "project policy executable_outputs `" + w.text +
             "` names an output of your policy: dropped, it is created as your policy says";
    case WideningKind::OutputInReadOnly:
      return output + " is, holds or lies inside ro grant `" + w.path + "`: dropped, nothing created";
    case WideningKind::OutputNotWritable:
      return output + " lies outside what your policy makes writable: dropped, nothing created";
    case WideningKind::OutputCarved: break;
  }
  return output + ": " + w.why + ": dropped, nothing created";
}

}  // namespace llp
