#include "output_file.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "folders.h"

namespace llp {

int create_output_file(int dir, const std::string &name, bool executable) {
  const mode_t mode = executable ? 0777 : 0666;
  const int fd = openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd < 0) return errno;
  const struct timespec old_times[2] = {{kOutputFileTime, 0}, {kOutputFileTime, 0}};
  int error = 0;
  if (futimens(fd, old_times) != 0) error = errno;
  close(fd);
  // O_EXCL made it ours just now: removing it again removes nothing else.
  if (error != 0) unlinkat(dir, name.c_str(), 0);
  return error;
}

namespace {

OutputWalk folder_walk_result(const FolderWalk &walk, bool last, bool declared_folder) {
  OutputWalk out;
  out.where = walk.where;
  out.error = walk.error;
  switch (walk.state) {
    case FolderState::Ready: out.found = OutputFound::Folder; break;
    case FolderState::Missing: out.found = OutputFound::Missing; break;
    case FolderState::Symlink: out.found = OutputFound::Symlink; break;
    case FolderState::NotFolder:
    case FolderState::NotPrivate:
      out.found = last && declared_folder ? OutputFound::FileNotFolder : OutputFound::NotFolder;
      break;
    case FolderState::Failed:
      out.found = walk.making ? OutputFound::CannotCreate : OutputFound::Failed;
      if (walk.making) out.where += "/";
      break;
  }
  for (const std::string &made : walk.made) out.created.push_back(made + "/");
  return out;
}

// The last entry of an output not declared a folder, in the open folder dir.
OutputFound leaf_beneath(int dir, const std::string &name, bool create, bool executable, OutputWalk &out) {
  struct stat st {};
  if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    out.error = errno;
    if (errno != ENOENT) return OutputFound::Failed;
    if (!create) return OutputFound::Missing;
    const int error = create_output_file(dir, name, executable);
    if (error == 0) out.created.push_back(out.where);
    out.error = error;
    if (error != 0 && error != EEXIST) return OutputFound::CannotCreate;
    out.error = 0;
    if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      out.error = errno;
      return OutputFound::Failed;
    }
  }
  if (S_ISLNK(st.st_mode)) return OutputFound::Symlink;
  if (S_ISDIR(st.st_mode)) return OutputFound::Folder;
  if (S_ISREG(st.st_mode)) return OutputFound::File;
  return OutputFound::Neither;
}

}  // namespace

OutputWalk walk_output(const std::string &workspace, const std::vector<std::string> &parts, bool declared_folder,
                       bool create, bool executable) {
  OutputWalk out;
  const int root = open(workspace.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (root < 0) {
    out.found = OutputFound::NoWorkspace;
    out.error = errno;
    return out;
  }
  std::vector<std::string> folders = parts;
  if (!declared_folder && !folders.empty()) folders.pop_back();
  Beneath how;
  how.create = create;
  how.keep_open = true;
  FolderWalk walk = make_beneath(root, folders, 0777, how);
  close(root);
  std::string whole;
  for (const std::string &part : parts) whole += (whole.empty() ? "" : "/") + part;
  out = folder_walk_result(walk, walk.where == whole, declared_folder);
  if (walk.state != FolderState::Ready || declared_folder || parts.empty()) {
    if (walk.fd >= 0) close(walk.fd);
    return out;
  }
  out.where = walk.where.empty() ? parts.back() : walk.where + "/" + parts.back();
  out.found = leaf_beneath(walk.fd, parts.back(), create, executable, out);
  close(walk.fd);
  return out;
}

}  // namespace llp
