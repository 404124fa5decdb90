// executable_outputs: which file outputs are created executable (outputs.h).
#include <algorithm>

#include "outputs.h"
#include "../base/text.h"

namespace llp {

namespace {

// An outputs entry as the executable_outputs entries name it: without its
// trailing / (which declares a folder).
std::string bare(const std::string &written) {
  return written.ends_with('/') ? written.substr(0, written.size() - 1) : written;
}

const char *kExecutableHint =
    "executable_outputs names file outputs of the same policy: write it in outputs too, "
    "without a trailing /, like outputs = [\"hello\"] and executable_outputs = [\"hello\"]";

// The outputs entries an executable_outputs entry names: by text, and for a
// project policy's entry only the project's own (an output of yours is
// yours to mark). Says what is wrong at the entry's line; true when it marks.
bool names_file_outputs(const Context &ctx, const PathEntry &e, const std::vector<PathEntry> &written,
                        std::vector<Widening> &widenings) {
  const std::string what = "executable_outputs `" + printable(e.text) + "`";
  std::vector<const PathEntry *> named;
  for (const PathEntry &o : written)
    if (bare(o.text) == bare(e.text)) named.push_back(&o);
  if (named.empty()) {
    ctx.diags.error(e.loc, what + ": not an entry of outputs", kExecutableHint);
    return false;
  }
  const bool folder = e.text.ends_with('/') || std::any_of(named.begin(), named.end(),
                                                           [](const PathEntry *o) { return o->text.ends_with('/'); });
  if (folder) {
    ctx.diags.error(e.loc, what + ": names a folder output; only a file output can be made executable",
                    kExecutableHint);
    return false;
  }
  const bool yours = std::any_of(named.begin(), named.end(), [](const PathEntry *o) { return o->from_user(); });
  if (!e.from_user() && yours) {
    widenings.push_back(Widening::of(WideningKind::ExecutableOutput, e.loc, e.text));
    return false;
  }
  return true;
}

}  // namespace

void mark_executable(const Context &ctx, const Layers &layers, std::vector<Output> &outputs,
                     std::vector<Widening> &widenings) {
  for (const PathEntry &e : layers.both.executable_outputs) {
    if (!names_file_outputs(ctx, e, layers.both.outputs, widenings)) continue;
    for (Output &o : outputs) {
      if (o.written != e.text || !(e.from_user() || o.provenance == Provenance::Project)) continue;
      // Written without a /, an existing folder is a folder output.
      if (o.folder) {
        ctx.diags.error(e.loc,
                        "executable_outputs `" + printable(e.text) + "`: " + o.path +
                            " is a folder; only a file output can be made executable",
                        kExecutableHint);
        continue;
      }
      o.executable = true;
    }
  }
}

}  // namespace llp
