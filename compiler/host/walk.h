// A bounded directory walk: used to find symlinks inside protected folders
// and .git folders inside writable grants. Bounded so that a huge tree can
// never stall a compile; the caller decides what "did not finish" means.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace llp {

struct WalkLimits {
  int max_depth = 8;
  long max_entries = 20000;
  bool deeper_is_error = true;  // false: simply do not look below max_depth
};

// The walk of a protected or hidden folder (symlinks inside it, objects
// beneath it). Past this bound the compile fails closed; the bound is large
// enough for real folders (~/.config/gcloud keeps a log file per command).
inline constexpr WalkLimits kProtectedFolderWalk{8, 50000, true};

// The walk of a workspace for the repositories nested in it (submodules,
// vendored clones, a node_modules package with its .git): no depth limit a
// real tree reaches (a path is at most 4096 bytes, so 2048 levels), and so
// many entries that only a pathological tree hits the bound. Past it the
// compile fails closed: a repository beyond it would stay writable.
inline constexpr WalkLimits kRepositoryWalk{2048, 2000000, true};

enum class WalkStatus { Finished, TooLarge, Unreadable };

struct WalkResult {
  WalkStatus status = WalkStatus::Finished;
  std::string where;  // the folder that could not be read, or where the limit was hit
};

// Calls visit(path, is_symlink, is_dir) for every entry beneath root in
// sorted order, without following symlinks; visit returns false to stop.
// descend, when given, says whether to walk into a folder visited (a .git
// folder is carved whole: nothing inside it needs looking at).
// An entry that cannot be examined (other than one that vanished meanwhile)
// stops the walk as Unreadable: nothing is skipped in silence.
WalkResult walk_tree(const std::string &root, const WalkLimits &limits,
                     const std::function<bool(const std::string &, bool, bool)> &visit,
                     const std::function<bool(const std::string &)> &descend = nullptr);

// The sorted names in a folder (no "." or ".."); false when unreadable.
bool list_dir(const std::string &dir, std::vector<std::string> &names);

}  // namespace llp
