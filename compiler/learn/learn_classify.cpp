// Classify: whether the sandbox denied a finding, refused it on purpose
// (hidden, carved, protected, a path that changed under the call) or
// something else did (file permissions, privilege), and for the sandbox's
// the folder or device to grant.
#include "learn_report.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../out/explain.h"
#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

using Cause = LearnCause;

namespace {

bool writes(LearnKind k) {
  return k == LearnKind::Write || k == LearnKind::Create || k == LearnKind::Remove || k == LearnKind::Across ||
         k == LearnKind::Truncate || k == LearnKind::Ioctl;
}

// Whether this user may do it outside the sandbox: faccessat with the
// effective ids, on the object or, to create or remove, on its folder.
// Never performs the operation. "" when allowed, else why not.
std::string outside(const Finding &f) {
  auto check = [](const std::string &p, int mode) -> std::string {
    if (faccessat(AT_FDCWD, p.c_str(), mode, AT_EACCESS) == 0 || errno == ENOENT) return {};
    return std::strerror(errno);
  };
  switch (f.kind) {
    case LearnKind::Read: return check(f.path, R_OK);
    case LearnKind::List: return check(f.path, R_OK | X_OK);
    case LearnKind::Write:
    case LearnKind::Truncate: return check(f.path, W_OK);
    case LearnKind::Ioctl: return {};  // the device was opened: its permissions allowed that
    case LearnKind::Execute: return check(f.path, X_OK);
    case LearnKind::Create:
    case LearnKind::Remove: return check(folder_of(f), W_OK | X_OK);
    case LearnKind::Across: {
      struct stat a {};
      struct stat b {};
      if (stat(parent_path(f.path).c_str(), &a) == 0 && stat(parent_path(f.path2).c_str(), &b) == 0 &&
          a.st_dev != b.st_dev)
        return "they are on different file systems";
      std::string e = check(parent_path(f.path), W_OK | X_OK);
      return e.empty() ? check(parent_path(f.path2), W_OK | X_OK) : e;
    }
    case LearnKind::Connect:
    case LearnKind::Bind: return {};
  }
  return {};
}

std::string trim_newline(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

long unprivileged_port_start() {
  FILE *f = std::fopen("/proc/sys/net/ipv4/ip_unprivileged_port_start", "re");
  long v = 1024;
  if (f) {
    if (std::fscanf(f, "%ld", &v) != 1) v = 1024;
    std::fclose(f);
  }
  return v;
}

bool net_restricted(const Plan &p) { return p.outer.net.restricted || (p.nested && p.inner.net.restricted); }

// For the sandbox's denial: the folder (or device) to grant, and its access.
void choose_grant(Finding &f) {
  if (is_device(f.path) && (f.kind == LearnKind::Read || f.kind == LearnKind::Write || f.kind == LearnKind::Truncate ||
                            f.kind == LearnKind::Ioctl)) {
    f.grant = f.path;                                                // /dev/tty, not all of /dev
    f.access = f.kind == LearnKind::Read ? Access::Ro : Access::Rw;  // device ioctl comes with rw
    return;
  }
  switch (f.kind) {
    case LearnKind::List:
      f.grant = f.path;
      f.access = Access::Ro;
      break;
    case LearnKind::Read:
    case LearnKind::Execute:
      f.grant = parent_path(f.path);
      f.access = Access::Ro;
      break;
    case LearnKind::Write:
    case LearnKind::Truncate:
    case LearnKind::Ioctl:
      f.grant = is_dir(f.path) ? f.path : parent_path(f.path);
      f.access = Access::Rw;
      break;
    // Across: the source's folder lacks rights the destination's has; give it the same.
    case LearnKind::Create:
    case LearnKind::Remove:
    case LearnKind::Across:
      f.grant = folder_of(f);
      f.access = Access::Rw;
      break;
    case LearnKind::Connect:
    case LearnKind::Bind: break;
  }
}

}  // namespace

void classify(const CompileResult &r, Finding &f, int error) {
  const Plan &p = r.plan;
  auto set = [&](Cause c, std::string reason, RefusalKind kind = RefusalKind::NotOffered) {
    f.cause = c;
    f.reason = std::move(reason);
    f.refusal = c == Cause::OnPurpose ? kind : RefusalKind::None;
  };
  if (f.kind == LearnKind::Connect || f.kind == LearnKind::Bind) {
    if (!p.sandboxed || !net_restricted(p))
      return set(Cause::Permissions, "not the sandbox: its TCP is not restricted");
    if (!f.kernel && f.kind == LearnKind::Bind && geteuid() != 0 && f.port < unprivileged_port_start())
      return set(Cause::Permissions, "a port below net.ipv4.ip_unprivileged_port_start needs privilege");
    return set(Cause::Sandbox, {});
  }
  if (!p.sandboxed) return set(Cause::Permissions, "not the sandbox: danger-full-access has none");
  if (f.changed)
    return set(Cause::OnPurpose,
               "the path changed between the call's entry and its exit (another thread rewrote it): "
               "what the command used is unknown, so nothing is suggested");
  if (!f.kernel && error == EPERM)
    return set(Cause::Permissions, "EPERM: Landlock answers EACCES or EXDEV, so something else refused it");
  if (f.kind == LearnKind::Ioctl && !is_device(f.path))
    return set(Cause::Permissions, "not the sandbox: Landlock restricts ioctl on devices only");
  const Coverage covered = cover(p, f.path, writes(f.kind) ? Access::Rw : Access::Ro);
  if (covered.hidden) return set(Cause::OnPurpose, trim_newline(why(r, f.path, writes(f.kind))), RefusalKind::Hidden);
  if (!f.kernel) {
    if (std::string e = outside(f); !e.empty())
      return set(Cause::Permissions, "refused outside the sandbox too (" + e + ")");
  }
  if (writes(f.kind)) {
    bool in_folder = f.kind == LearnKind::Create || f.kind == LearnKind::Remove || f.kind == LearnKind::Across;
    const Carved *carved = covered.carved;
    const Carved *carved2 = f.path2.empty() ? nullptr : cover(p, f.path2, Access::Rw).carved;
    if (carved2 && (!carved || carved2 < carved)) carved = carved2;  // the first in the plan's order
    if (carved)
      return set(Cause::OnPurpose,
                 trim_newline(why(r, f.path, true)) + "; read-only inside a writable grant (" + carved->written + ": " +
                     origin_text(*carved) + "); to allow it, the policy change is " +
                     (carved->by == CarvedBy::Default ? "[protect] keep_writable = [\"" + carved->written + "\"]"
                                                      : std::string("removing its [protect] read_only entry")) +
                     ", not a grant",
                 RefusalKind::Carve);
    bool carved_folder = in_folder && std::find(p.carved_folders.begin(), p.carved_folders.end(), folder_of(f)) !=
                                          p.carved_folders.end();
    bool new_entry = carved_folder && f.kind == LearnKind::Create && is_within(folder_of(f), p.workspace);
    if (new_entry && !f.folder && f.path.size() > p.workspace.size() + 1) {
      // The fix is an output (made before each run, then writable), never a
      // grant that undoes the carve: suggested as such (shape_outputs says
      // folder or file once every finding is in).
      f.output = f.path.substr(p.workspace.size() + 1);
      f.grant = f.output;
      f.access = Access::Rw;
      return set(Cause::Sandbox, {});
    }
    if (new_entry && folder_of(f) == p.workspace)
      return set(Cause::OnPurpose,
                 "the workspace root is read-only so that .git stays protected; the fix is "
                 "`outputs = [\"NAME\"]` in the policy (NAME/ for a folder; made before each run, "
                 "and writable), not a grant on the workspace; the audit way names only the folder, "
                 "and the second run that names the entry did not: --way ptrace names it");
    if (carved_folder)
      return set(Cause::OnPurpose,
                 trim_newline(why(r, f.path, true)) + "; nothing can be created or removed directly in " +
                     folder_of(f) +
                     ", a folder on the way to a read-only exception; create it in a "
                     "subfolder, or create it outside the sandbox and compile again (an existing entry "
                     "stays writable)",
                 RefusalKind::Carve);
    if (covered.protection)
      return set(Cause::OnPurpose,
                 trim_newline(why(r, f.path, true)) + "; protected: " + protected_text(*covered.protection),
                 RefusalKind::Protected);
  }
  set(Cause::Sandbox, {});
  choose_grant(f);
}

}  // namespace llp
