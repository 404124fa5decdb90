#include "caches.h"

#include <cstring>

#include "../base/quote.h"
#include "../host/folders.h"
#include "../host/paths.h"
#include "../policy/presets.h"

namespace llp {

namespace {

// The components of path below home ("~/.cache/go-build": .cache, go-build).
std::vector<std::string> below_home(const std::string &home, const std::string &path) {
  return path_parts(path.substr(home.size() + 1));
}

// mkdir -p below home with make_beneath (0700: a cache is the user's
// alone), never through a symlink (host/folders.h): an earlier run that
// could write a folder on the way may have planted `~/.cargo -> /elsewhere`,
// and mkdir would follow it. "" on success, else why not.
std::string make_below(const std::string &home, const std::string &path) {
  FolderWalk walk = make_beneath(home, below_home(home, path), 0700);
  switch (walk.state) {
    case FolderState::Ready: return {};
    case FolderState::Symlink: return walk.where + " is a symlink: a cache folder is never created through one";
    case FolderState::NotFolder:
    case FolderState::NotPrivate: return walk.where + " is not a folder";
    case FolderState::Missing:
    case FolderState::Failed: break;
  }
  if (walk.where == home) return "HOME (" + home + ") is not a folder";
  return walk.where + ": " + std::strerror(walk.error);
}

}  // namespace

std::vector<CacheFolder> prepare_caches(const Context &ctx) {
  std::vector<CacheFolder> out;
  if (!ctx.host || !ctx.vars.home) return out;
  const std::string home = *ctx.vars.home;
  const bool create = ctx.opt.prepare_run && !ctx.diags.has_errors();
  for (int i = 0; i < ctx.sources.size(); ++i) {
    const std::string &name = ctx.sources.file(i).name;
    if (name.rfind(kPresetPrefix, 0) != 0) continue;
    const std::string preset = name.substr(kPresetPrefix.size());
    for (const PresetCache &c : preset_caches()) {
      if (c.preset != preset) continue;
      const std::string path = home + std::string(c.path.substr(1));  // "~/x" -> HOME/x
      CacheFolder folder{preset, std::string(c.path), path, CacheState::Missing, {}};
      // Looked at first. A symlink on the way (an earlier run may have
      // planted ~/.cargo -> elsewhere): nothing is created or granted through it.
      Beneath look;
      look.create = false;
      const FolderWalk found = make_beneath(home, below_home(home, path), 0700, look);
      if (found.state == FolderState::Symlink) {
        const std::string &link = found.where;
        folder.state = CacheState::ThroughSymlink;
        folder.where = link;
        std::string message = "preset:" + preset;
        message += ": its cache folder " + path;
        message += " lies through the symlink " + link;
        message += ": not created, not granted";
        ctx.diags.note({}, message, "remove the symlink and create the folder: mkdir -p " + shell_quote(path));
        out.push_back(std::move(folder));
        continue;
      }
      // Already there (a file there too: it is not made a folder).
      const bool there =
          found.state == FolderState::Ready || (found.state == FolderState::NotFolder && found.where == path);
      if (there) continue;
      if (create) {
        std::string why = make_below(home, path);
        folder.state = why.empty() ? CacheState::Created : CacheState::NotCreated;
        folder.where = why;
        if (!why.empty()) {
          std::string message = "preset:" + preset;
          message += ": its cache folder " + path;
          message += " is missing and could not be created (" + why;
          message += "): the tool cannot write its cache";
          ctx.diags.note({}, message, "create it: mkdir -p " + shell_quote(path));
        }
      }
      bool seen = false;
      for (const CacheFolder &f : out) seen = seen || f.path == folder.path;
      if (!seen) out.push_back(std::move(folder));
    }
  }
  return out;
}

}  // namespace llp
