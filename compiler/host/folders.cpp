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

// One component beneath dir: made when missing and create, then checked
// and opened without following a symlink. The new fd replaces dir.
FolderWalk step_below(int &dir, const std::string &name, const std::string &so_far, bool create, bool must_be_private) {
  FolderWalk out;
  out.where = so_far;
  if (create && mkdirat(dir, name.c_str(), 0700) == 0) out.created = true;
  else if (create && errno != EEXIST) {
    out.state = FolderState::Failed;
    out.error = errno;
    return out;
  }
  struct stat st {};
  if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    out.state = errno == ENOENT ? FolderState::Missing : FolderState::Failed;
    out.error = errno;
    return out;
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
  close(dir);
  dir = next;
  return out;
}

}  // namespace

FolderWalk walk_folders_below(const std::string &base, const std::string &rel, bool create, size_t private_from) {
  FolderWalk out;
  out.where = base;
  int dir = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) {
    out.state = FolderState::Failed;
    out.error = errno;
    return out;
  }
  std::string so_far = base;
  size_t index = 0;
  bool created = false;
  for (size_t start = 0; start < rel.size();) {
    size_t slash = rel.find('/', start);
    if (slash == std::string::npos) slash = rel.size();
    const std::string name = rel.substr(start, slash - start);
    start = slash + 1;
    if (name.empty()) continue;
    so_far += "/" + name;
    out = step_below(dir, name, so_far, create, index >= private_from);
    ++index;
    created = created || out.created;
    if (out.state != FolderState::Ready) break;
  }
  close(dir);
  out.created = created;
  if (out.state == FolderState::Ready) out.where = so_far;
  return out;
}

}  // namespace llp
