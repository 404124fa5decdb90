#include "caches.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

#include "emit.h"
#include "paths.h"
#include "presets.h"

namespace llp {

namespace {

// mkdir -p below home, one folder at a time (0700: a cache is the user's
// alone). "" on success, else why not.
std::string make_below(const std::string &home, const std::string &path) {
  struct stat st {};
  if (stat(home.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return "HOME (" + home + ") is not a folder";
  std::string so_far = home;
  std::string rest = path.substr(home.size() + 1);
  size_t start = 0;
  while (start < rest.size()) {
    size_t slash = rest.find('/', start);
    if (slash == std::string::npos) slash = rest.size();
    so_far += "/" + rest.substr(start, slash - start);
    if (mkdir(so_far.c_str(), 0700) != 0 && errno != EEXIST) return so_far + ": " + std::strerror(errno);
    start = slash + 1;
  }
  if (stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return path + " is not a folder";
  return {};
}

}  // namespace

std::vector<CacheFolder> prepare_caches(Context &ctx) {
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
      // Already there (or a dangling link, which resolving the grant reports).
      struct stat st {};
      if (lstat(path.c_str(), &st) == 0) continue;
      CacheFolder folder{preset, std::string(c.path), path, "missing"};
      if (create) {
        std::string why = make_below(home, path);
        folder.state = why.empty() ? "created" : "not created: " + why;
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
