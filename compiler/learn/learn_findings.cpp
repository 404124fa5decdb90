// Records to findings: what one failed call (the ptrace way) or one audit
// record (the audit way) says was denied, as Findings (learn_report.h).
#include "learn_report.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>

#include "../host/paths.h"
#include "learn_fs.h"

namespace llp {

using learn_arch::Call;
using Cause = LearnCause;

const char *kind_name(LearnKind k) {
  switch (k) {
    case LearnKind::Read: return "read";
    case LearnKind::List: return "list";
    case LearnKind::Write: return "write";
    case LearnKind::Execute: return "execute";
    case LearnKind::Create: return "create";
    case LearnKind::Remove: return "remove";
    case LearnKind::Across: return "rename/link across";
    case LearnKind::Truncate: return "truncate";
    case LearnKind::Ioctl: return "device ioctl";
    case LearnKind::Connect: return "TCP connect";
    case LearnKind::Bind: return "TCP bind";
  }
  return "?";
}

const char *cause_name(Cause c) {
  switch (c) {
    case Cause::Sandbox: return "sandbox";
    case Cause::OnPurpose: return "on-purpose";
    case Cause::Permissions: return "file-permissions";
  }
  return "?";
}

namespace {

// The path with its folder canonical (the last component as named: removing
// or creating a symlink acts on the link), or wholly canonical when follow.
std::string canon(const std::string &p, bool follow) {
  if (follow) return canonical_or_lexical(p);
  std::string parent = parent_path(p);
  if (parent.empty()) return p;
  std::string base = p.substr(parent.size() == 1 ? 1 : parent.size() + 1);
  return join_path(canonical_or_lexical(parent), base);
}

// What a refused rename or link would have made: a hard link is a file; a
// rename makes what its source is, unknown when the source is gone.
LearnMade made_by_move(bool link, const std::string &source) {
  struct stat st {};
  if (link) return LearnMade::File;
  if (lstat(source.c_str(), &st) != 0) return LearnMade::Unknown;
  return S_ISDIR(st.st_mode) ? LearnMade::Folder : LearnMade::File;  // a symlink moves as itself
}

}  // namespace

std::vector<Finding> findings_of(const TracedDenial &d) {
  std::vector<Finding> out;
  auto add = [&](LearnKind k, const std::string &raw, bool follow) {
    Finding f;
    f.kind = k;
    f.path = canon(raw, follow);
    out.push_back(std::move(f));
  };
  switch (d.call) {
    case Call::Open:
    case Call::Openat:
    case Call::Openat2:
    case Call::Creat: {
      uint64_t acc = d.flags & O_ACCMODE;
      if ((d.flags & O_CREAT) && !exists(d.path)) {
        add(LearnKind::Create, d.path, false);
        out.back().made = LearnMade::File;
      } else if (acc != O_RDONLY) add(LearnKind::Write, d.path, true);
      else if (d.flags & O_TRUNC) add(LearnKind::Truncate, d.path, true);
      else add(is_dir(d.path) ? LearnKind::List : LearnKind::Read, d.path, true);
      break;
    }
    case Call::Execve:
    case Call::Execveat: add(LearnKind::Execute, d.path, true); break;
    case Call::Mkdir:
    case Call::Mkdirat:
    case Call::Mknod:
    case Call::Mknodat:
    case Call::Symlink:
    case Call::Symlinkat:
      add(LearnKind::Create, d.path, false);
      out.back().made = d.call == Call::Mkdir || d.call == Call::Mkdirat ? LearnMade::Folder : LearnMade::File;
      break;
    case Call::Unlink:
    case Call::Unlinkat:
    case Call::Rmdir: add(LearnKind::Remove, d.path, false); break;
    case Call::Truncate: add(LearnKind::Truncate, d.path, true); break;
    case Call::Ioctl: add(LearnKind::Ioctl, d.path, true); break;
    case Call::Rename:
    case Call::Renameat:
    case Call::Renameat2:
    case Call::Link:
    case Call::Linkat: {
      bool link = d.call == Call::Link || d.call == Call::Linkat;
      if (d.error == EXDEV) {
        add(LearnKind::Across, d.path, false);
        out.back().path2 = canon(d.path2, false);
      } else {
        if (!link) add(LearnKind::Remove, d.path, false);
        add(LearnKind::Create, d.path2, false);
        // The move failed, so its source is still there to say what it moves.
        out.back().made = made_by_move(link, d.path);
      }
      break;
    }
    case Call::Connect:
    case Call::Bind: {
      Finding f;
      f.kind = d.call == Call::Connect ? LearnKind::Connect : LearnKind::Bind;
      f.port = d.port;
      out.push_back(std::move(f));
      break;
    }
    case Call::Other: break;
  }
  for (Finding &f : out) {
    f.programs.insert(d.program);
    f.changed = d.changed;
  }
  return out;
}

std::vector<Finding> findings_of(const AuditDenial &d) {
  std::vector<Finding> out;
  auto has = [&](const std::string &b) {
    return std::find(d.blockers.begin(), d.blockers.end(), b) != d.blockers.end();
  };
  auto any = [&](const char *prefix) {
    return std::any_of(d.blockers.begin(), d.blockers.end(),
                       [&](const std::string &b) { return b.rfind(prefix, 0) == 0; });
  };
  auto add = [&](LearnKind k, bool folder) {
    Finding f;
    f.kind = k;
    f.folder = folder;
    f.kernel = true;
    if (k == LearnKind::Connect || k == LearnKind::Bind) f.port = d.port;
    else f.path = d.path;
    out.push_back(std::move(f));
  };
  if (has("net.connect_tcp")) add(LearnKind::Connect, false);
  else if (has("net.bind_tcp")) add(LearnKind::Bind, false);
  else if (d.across) add(LearnKind::Across, true);
  else if (has("fs.refer")) {
    // One side of a rename or link between folders: the kernel lists what
    // this folder lacks (for the source, all the destination has). The
    // source needs removing, the destination creating.
    if (any("fs.remove_")) add(LearnKind::Remove, true);
    else if (any("fs.make_")) add(LearnKind::Create, true);
  } else {
    // One access for the object, the strongest asked: an exec also asks to
    // read, a write to an ungranted file often to read as well.
    const std::pair<const char *, LearnKind> order[] = {
        {"fs.execute", LearnKind::Execute}, {"fs.write_file", LearnKind::Write}, {"fs.truncate", LearnKind::Truncate},
        {"fs.read_file", LearnKind::Read},  {"fs.read_dir", LearnKind::List},    {"fs.ioctl_dev", LearnKind::Ioctl}};
    for (const auto &[blocker, kind] : order)
      if (has(blocker)) {
        add(kind, false);
        break;
      }
    // Creating and removing name the folder (a rename may need both).
    if (any("fs.make_")) add(LearnKind::Create, true);
    if (any("fs.remove_")) add(LearnKind::Remove, true);
  }
  for (Finding &f : out) f.programs.insert(d.program);
  return out;
}

}  // namespace llp
