// The carve's collection of read-only exceptions (collect_carve, carve.cpp):
// the Collector that adds a path with what it leads to, and the
// repositories whose own files say where git runs code.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../host/paths.h"
#include "../policy/context.h"
#include "carve.h"
#include "../host/git_config.h"

namespace llp {

// Why a path is carved: the kind and what it refers to (plan.h, CarvedBy).
struct CarveWhy {
  CarvedBy by;
  std::string of;
};

class Collector {
 public:
  Collector(const std::vector<std::string> &writable, CarveExceptions &out) : writable_(writable), out_(out) {}

  // Adds path (when it exists) as an exception; a symlink adds itself and,
  // when it leads somewhere writable, its target; a .git file adds the
  // gitdir it names and that gitdir's common folder, when writable.
  void add(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc);

  // Adds path, existing or not, when a writable grant covers it: a path
  // that does not exist yet is kept from appearing (the folders on the way
  // to it are read-only). Resolved first: a symlink on the way is followed
  // to where a write would land, and is carved itself.
  void add_even_missing(const std::string &path, const std::string &written, const CarveWhy &why, Loc loc,
                        bool from_grant = false);

  // Records a folder the default names are carved in (CarveExceptions).
  void names_folder(const std::string &folder) { out_.name_folders.push_back(folder); }

  bool under_writable(const std::string &path) const {
    return std::any_of(writable_.begin(), writable_.end(), [&](const std::string &w) { return is_within(path, w); });
  }

 private:
  // Each path once: looked up by index, since a policy's own ro grants
  // inside a writable one can be thousands of exceptions (a scan of every
  // one for each made the collection quadratic).
  void push(const std::string &path, const std::string &written, const CarveWhy &why, bool not_there_yet, Loc loc) {
    if (index_.contains(path)) return;
    Carved c{path, written, why.by, why.of, not_there_yet, loc, {}, false};
    if (std::optional<ObjectId> id = object_of(path)) c.objects.push_back(*id);
    index_.emplace(path, out_.paths.size());
    out_.paths.push_back(std::move(c));
  }
  void mark_from_grant(const std::string &path, bool from_grant) {
    if (!from_grant) return;
    auto found = index_.find(path);
    if (found != index_.end()) out_.paths[found->second].from_grant = true;
  }

  const std::vector<std::string> &writable_;
  CarveExceptions &out_;
  std::unordered_map<std::string, std::size_t> index_;  // path -> its place in out_.paths
};

// A repository: its work tree's top folder, its gitdir and its common dir.
struct Repository {
  std::string top;
  std::string gitdir;
  std::string common;
};

// The repository a writable root lies in or is the top of: its own .git, or
// the first one above it (a workspace that is a subfolder of a repository).
std::optional<Repository> enclosing_repository(const std::string &root);

// The global and system git configs, read once per compile: the files git
// reads (GIT_CONFIG_GLOBAL and GIT_CONFIG_SYSTEM replace the defaults) and
// core.hooksPath given in the environment (GIT_CONFIG_COUNT).
struct UserGitConfig {
  GitConfigFacts facts;
  std::vector<std::string> files;
};

UserGitConfig user_git_config(const Context &ctx);

// A core.hooksPath target, existing or not. Husky v9 points it at
// `.husky/_`, whose stubs run the scripts in `.husky` itself: in a monorepo
// that is `frontend/.husky`, which no Name entry reaches, so a hooks folder
// whose parent is named .husky takes that parent with it.
// whose: the repository's top folder, or "your git config".
void carve_hooks_path(Collector &collector, const std::string &target, const std::string &whose, Loc loc);

// Whether the user's layer's keep_writable names name.
bool kept_writable(const Layer &user, std::string_view name);

// Every place a repository's own files say git runs code from, carved where
// a writable grant covers it: core.hooksPath (its own and the user's
// relative one, against its top folder), the config files it includes, and
// each submodule path's .git (from .gitmodules and the index).
class RepositoryCarver {
 public:
  RepositoryCarver(const Context &ctx, Collector &collector, const UserGitConfig &user)
      : ctx_(ctx), collector_(collector), user_(user) {}

  void carve(const Repository &repo, Loc loc);

 private:
  const Context &ctx_;
  Collector &collector_;
  const UserGitConfig &user_;
  std::vector<std::string> done_;
  size_t index_budget_ = kMaxIndexBytes;
  int config_files_read_ = 0;
  bool too_many_said_ = false;
};

// Every repository inside root, at any depth (nested .git files and folders:
// submodules, vendored clones), carved with what its files name. A walk that
// cannot finish fails the compile: a repository beyond it would stay writable.
void carve_nested(const Context &ctx, const Grant &root, const Layer &user, Collector &collector,
                  RepositoryCarver &repos);

}  // namespace llp
