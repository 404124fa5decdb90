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
// Folders the compiler makes (an output, a preset's cache folder, the run's
// private temp folder, init's folder) are made by make_beneath alone: one
// component at a time beneath an open folder, never through a symlink.
#pragma once
#include <cstdint>
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
  std::string where;     // the folder (or the file) that failed
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

// What make_beneath does beyond walking: make what is missing, check that
// the folders from one component on are the user's alone, hand back the
// last folder open.
struct Beneath {
  bool create = true;              // false: look only (Missing at the first missing component)
  size_t private_from = SIZE_MAX;  // from this component on (0 = the first), each must be private
  bool keep_open = false;          // Ready: FolderWalk::fd is the last folder, the caller's to close
};

struct FolderWalk {
  FolderState state = FolderState::Ready;
  std::string where;  // where the walk stopped: the components so far ("a/b"), or the base
  int error = 0;
  bool making = false;            // Failed: while making `where`
  std::vector<std::string> made;  // the folders made, as `where` names them, outermost first
  int fd = -1;                    // keep_open and Ready: the last folder
};

// The one "mkdir -p beneath a folder" of the compiler (outputs, the
// presets' cache folders, the private temp folder, init's folder): walks
// parts one component at a time beneath the open folder dirfd, never
// through a symlink (fstatat and openat with AT_SYMLINK_NOFOLLOW /
// O_NOFOLLOW), making each missing component with mkdirat(mode) (less the
// umask) when how.create. An empty component is skipped. dirfd stays open.
FolderWalk make_beneath(int dirfd, const std::vector<std::string> &parts, unsigned mode, const Beneath &how = {});

// The same beneath the folder base, opened as is (HOME may be reached
// through a symlink); `where` is then base/components.
FolderWalk make_beneath(const std::string &base, const std::vector<std::string> &parts, unsigned mode,
                        const Beneath &how = {});

// "a/b/c" as its components, empty ones included ("a//b": "a", "", "b").
std::vector<std::string> path_parts(const std::string &relative);

}  // namespace llp
