#include "folders.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "paths.h"

namespace llp {

namespace {

// A folder on a read-only mount cannot be written, whatever its mode says:
// a launcher copied into a Kubernetes emptyDir mounted read-only stays usable.
bool on_read_only_mount(const std::string &path) {
  struct statvfs vfs {};
  return statvfs(path.c_str(), &vfs) == 0 && (vfs.f_flag & ST_RDONLY) != 0;
}

// The verdict on one folder (or, when is_file, the file itself).
OwnershipCheck check_one(const std::string &path, bool is_file) {
  OwnershipCheck out;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return out;  // nothing there to read from
    out.verdict = PathOwnership::Unreadable;
    out.where = path;
    out.error = errno;
    return out;
  }
  out.where = path;
  out.is_file = is_file;
  out.owner = st.st_uid;
  out.mode = st.st_mode & 07777;
  if (st.st_uid != geteuid() && st.st_uid != 0) {
    out.verdict = PathOwnership::OtherOwner;
    return out;
  }
  // The sticky bit lets only an entry's owner rename or remove it: a folder
  // such as /var/tmp does not let others replace what is yours inside.
  const bool sticky = !is_file && S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX) != 0;
  const bool writable = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && !sticky;
  if (writable && !on_read_only_mount(path))
    out.verdict = (st.st_mode & S_IWOTH) != 0 ? PathOwnership::OthersWritable : PathOwnership::GroupWritable;
  return out;
}

}  // namespace

OwnershipCheck check_ownership(const std::vector<std::string> &chain) {
  std::vector<std::string> folders;
  for (const std::string &path : chain) {
    for (std::string up = parent_path(path); !up.empty(); up = parent_path(up))
      if (std::find(folders.begin(), folders.end(), up) == folders.end()) folders.push_back(up);
  }
  // From / down: the message names the highest folder that fails.
  std::sort(folders.begin(), folders.end(), [](const std::string &a, const std::string &b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  for (const std::string &folder : folders) {
    OwnershipCheck c = check_one(folder, false);
    if (c.verdict != PathOwnership::Safe) return c;
  }
  if (chain.empty()) return {};
  OwnershipCheck file = check_one(chain.back(), true);
  if (file.verdict == PathOwnership::Safe) return {};
  return file;
}

bool is_private_folder(const std::string &path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return false;
  return S_ISDIR(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 077) == 0;
}

namespace {

// The folder name beneath dir, made first when missing and how.create,
// checked and opened without following a symlink. The new fd replaces dir.
FolderWalk step_beneath(int &dir, const std::string &name, unsigned mode, bool create, bool must_be_private) {
  FolderWalk out;
  struct stat st {};
  if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    out.error = errno;
    out.state = errno == ENOENT ? FolderState::Missing : FolderState::Failed;
    if (errno != ENOENT || !create) return out;
    if (mkdirat(dir, name.c_str(), static_cast<mode_t>(mode)) == 0) {
      out.made.push_back(name);
    } else if (errno != EEXIST) {
      out.state = FolderState::Failed;
      out.error = errno;
      out.making = true;
      return out;
    }
    // Made, or appeared meanwhile: looked at like anything found there.
    if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      out.state = FolderState::Failed;
      out.error = errno;
      return out;
    }
    out.state = FolderState::Ready;
    out.error = 0;
  }
  if (S_ISLNK(st.st_mode)) {
    out.state = FolderState::Symlink;
    return out;
  }
  if (!S_ISDIR(st.st_mode)) {
    out.state = FolderState::NotFolder;
    return out;
  }
  if (must_be_private && (st.st_uid != geteuid() || (st.st_mode & 077) != 0)) {
    out.state = FolderState::NotPrivate;
    return out;
  }
  int next = openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (next < 0) {
    out.state = FolderState::Failed;
    out.error = errno;
    return out;
  }
  dir = next;
  return out;
}

}  // namespace

std::vector<std::string> path_parts(const std::string &relative) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= relative.size()) {
    size_t slash = relative.find('/', start);
    if (slash == std::string::npos) slash = relative.size();
    parts.push_back(relative.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

FolderWalk make_beneath(int dirfd, const std::vector<std::string> &parts, unsigned mode, const Beneath &how) {
  FolderWalk out;
  int dir = dirfd;
  std::string so_far;
  size_t index = 0;
  for (const std::string &name : parts) {
    if (name.empty()) continue;
    so_far += (so_far.empty() ? "" : "/") + name;
    const int before = dir;
    FolderWalk step = step_beneath(dir, name, mode, how.create, index >= how.private_from);
    ++index;
    if (before != dirfd && dir != before) close(before);
    if (!step.made.empty()) out.made.push_back(so_far);
    out.where = so_far;
    if (step.state != FolderState::Ready) {
      out.state = step.state;
      out.error = step.error;
      out.making = step.making;
      break;
    }
  }
  if (out.state == FolderState::Ready && how.keep_open) {
    out.fd = dir == dirfd ? fcntl(dirfd, F_DUPFD_CLOEXEC, 0) : dir;
  } else if (dir != dirfd) {
    close(dir);
  }
  return out;
}

FolderWalk make_beneath(const std::string &base, const std::vector<std::string> &parts, unsigned mode,
                        const Beneath &how) {
  const int dir = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) {
    FolderWalk out;
    out.state = FolderState::Failed;
    out.where = base;
    out.error = errno;
    return out;
  }
  FolderWalk out = make_beneath(dir, parts, mode, how);
  close(dir);
  out.where = out.where.empty() ? base : base + "/" + out.where;
  for (std::string &made : out.made) {
    made.insert(0, 1, '/');
    made.insert(0, base);
  }
  return out;
}

}  // namespace llp
