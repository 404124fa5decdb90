// Folders as ssh sees its own files, and folders made beneath a folder.
//
// Who else can change a file: the owner of every folder on the way to it,
// and whoever may write one of them (a write to a folder renames, replaces
// or removes what is inside). The compiler trusts a policy file, an
// `extends` file or the launcher only when every folder on the way is the
// user's or root's and closed to writes by group and others (a sticky
// folder such as /var/tmp is fine: only an entry's owner may replace it; a
// folder on a read-only mount is not writable). The verdict is a value: the
// policy and plan layers word the message.
//
// Folders the compiler makes for itself (a preset's cache folder, the run's
// private temp folder) are made one component at a time beneath an open
// folder, never through a symlink (openat/mkdirat with O_NOFOLLOW).
#pragma once
#include <string>
#include <vector>

namespace llp {

enum class PathOwnership {
  Safe,            // every folder (and the file) the user's or root's, closed to group and others
  OtherOwner,      // owned by another user
  GroupWritable,   // writable by the group, not sticky, on a writable mount
  OthersWritable,  // writable by everyone, not sticky, on a writable mount
  Unreadable,      // could not be examined (error set)
};

struct OwnershipCheck {
  PathOwnership verdict = PathOwnership::Safe;
  std::string where;  // the folder (or the file) that failed
  bool is_file = false;  // where is the file itself, not a folder on its way
  unsigned owner = 0;    // its owner
  unsigned mode = 0;     // its permission bits (07777)
  int error = 0;         // errno, for Unreadable
};

// Checks every folder on the way to each path of chain (each ancestor,
// from / down), following symlinks as the kernel would, then the last path
// of chain (the file itself). What does not exist is skipped: nothing can
// be read from it. The first failure found is returned.
OwnershipCheck check_ownership(const std::vector<std::string> &chain);

// Whether path is a folder (not a symlink) owned by this user and closed to
// group and others: $XDG_RUNTIME_DIR as systemd makes it.
bool is_private_folder(const std::string &path);

enum class FolderState {
  Ready,       // every component is a folder (the checked ones private)
  Missing,     // a component is missing and create was false
  Symlink,     // a component is a symlink: never followed
  NotFolder,   // a component is something else (a FIFO, a file)
  NotPrivate,  // a checked component is another user's or open to group or others
  Failed,      // the system said no (error set): cannot open or create
};

struct FolderWalk {
  FolderState state = FolderState::Ready;
  std::string where;  // the path where the walk stopped
  int error = 0;
  bool created = false;  // at least one folder was made
};

// Walks base/rel ("a/b/c") one component at a time beneath base, never
// through a symlink; when create, makes each missing component 0700. The
// components from index private_from on (0 = the first below base) must be
// owned by this user with no group or other permissions. base itself is
// opened as is (HOME may be reached through a symlink).
FolderWalk walk_folders_below(const std::string &base, const std::string &rel, bool create, size_t private_from);

}  // namespace llp
