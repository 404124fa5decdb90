#include "outputs.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <optional>

#include "carve.h"
#include "carve_list.h"
#include "normalise.h"
#include "protect.h"
#include "../host/folders.h"
#include "../host/output_file.h"
#include "../host/paths.h"
#include "../policy/presets.h"
#include "../base/text.h"

namespace llp {

namespace {

// An output as written, checked: its components, and whether a trailing /
// declares a folder. An empty `parts` means the entry is invalid (reported).
struct Written {
  std::vector<std::string> parts;
  std::string relative;  // the parts joined by /, no trailing /
  bool folder = false;
};

// "a", "a/b" relative to the workspace and a carve exception name (".git",
// ".github/hooks") are compared as paths: is, holds or lies inside.
bool overlaps(const std::string &relative, const std::string &exception) {
  const std::string a = "/" + relative;
  const std::string b = "/" + exception;
  return is_within(a, b) || is_within(b, a);
}

const char *kOutputHint =
    "write a path relative to the workspace, like \"target/\" or \"Cargo.lock\": no leading / or ~, "
    "no variable, no `.` or `..`";

Written check_written(const Context &ctx, const PathEntry &e, const Layer &both) {
  Written w;
  const std::string what = "outputs `" + printable(e.text) + "`";
  if (e.text.empty() || e.text[0] == '/' || e.text[0] == '~' || e.text.find('$') != std::string::npos) {
    ctx.diags.error(e.loc, what + ": not a path relative to the workspace", kOutputHint);
    return w;
  }
  std::string relative = e.text;
  if (relative.ends_with('/')) {
    w.folder = true;
    relative.pop_back();
  }
  if (std::string problem = path_problem("/" + relative); !problem.empty()) {
    ctx.diags.error(e.loc, what + ": " + problem, kOutputHint);
    return w;
  }
  const std::string normal = lexical_normalize("/" + relative);
  if (normal == "/" || normal != "/" + relative) {
    ctx.diags.error(e.loc, what + ": `.`, `..`, `//` or a path that names the workspace itself", kOutputHint);
    return w;
  }
  std::vector<std::string> parts = path_parts(relative);
  if (std::find(parts.begin(), parts.end(), ".git") != parts.end()) {
    ctx.diags.error(e.loc, what + " is or lies inside a .git: a read-only exception of the carve",
                    "git runs .git/hooks and what .git/config names on the host, outside any sandbox; an output "
                    "names what a build creates, never .git");
    return w;
  }
  const auto *exception = std::find_if(std::begin(kCarveList), std::end(kCarveList), [&](const CarveEntry &entry) {
    return entry.rule == CarveRule::Name && overlaps(relative, std::string(entry.what));
  });
  if (exception != std::end(kCarveList)) {
    ctx.diags.error(
        e.loc,
        what + " is, holds or lies inside `" + std::string(exception->what) + "`, a read-only exception of the carve",
        "code planted there runs on the host (git hooks, direnv, editor tasks); an output cannot make "
        "it writable");
    return w;
  }
  auto read_only = std::find_if(both.read_only.begin(), both.read_only.end(),
                                [&](const PathEntry &r) { return overlaps(relative, r.text); });
  if (read_only != both.read_only.end()) {
    Diagnostic &d = ctx.diags.error(
        e.loc, what + " is, holds or lies inside `[protect] read_only` entry `" + printable(read_only->text) + "`",
        "remove the output or the read_only entry");
    if (read_only->loc.file >= 0) d.related.push_back({read_only->loc, "read-only here"});
    return w;
  }
  w.relative = relative;
  w.parts = std::move(parts);
  return w;
}

// Looks at (when create, makes) the output beneath the workspace through
// host/output_file.h's walk_output, and sets its state, kind and what was
// made. "" when all is well, else why not.
std::string walk(const std::string &workspace, const std::vector<std::string> &parts, bool create, Output &o) {
  const OutputWalk w = walk_output(workspace, parts, o.folder, create, o.executable);
  o.created.insert(o.created.end(), w.created.begin(), w.created.end());
  switch (w.found) {
    case OutputFound::File:
    case OutputFound::Folder:
      o.folder = w.found == OutputFound::Folder;
      o.state = o.created.empty() ? OutputState::There : OutputState::Created;
      return {};
    case OutputFound::Missing: o.state = OutputState::Missing; return {};
    case OutputFound::Symlink:
      return w.where +
             " is a symlink: an output is never created or granted through one (a confined run could "
             "point it anywhere)";
    case OutputFound::FileNotFolder:
      return w.where + " is a file, but the output is declared a folder (its trailing /)";
    case OutputFound::NotFolder: return w.where + " is not a folder";
    case OutputFound::Neither: return w.where + " is neither a file nor a folder";
    case OutputFound::NoWorkspace: return "cannot open the workspace " + workspace + ": " + std::strerror(w.error);
    case OutputFound::CannotCreate: return "cannot create " + w.where + ": " + std::strerror(w.error);
    case OutputFound::Failed: break;
  }
  return w.where + ": " + std::strerror(w.error);
}

// The folder outputs are relative to: canonical on the host.
std::string output_workspace(const Context &ctx) {
  return ctx.host ? canonical_or_lexical(*ctx.vars.workspace) : lexical_normalize(*ctx.vars.workspace);
}

// The writable grant an output becomes (origin Output).
Grant output_grant(const Output &o) {
  Grant g;
  g.path = o.path;
  g.written = o.written;
  g.expanded = o.path;
  g.access = Access::Rw;
  g.why = o.why.empty() ? "an output: created before the run, writable although the carve keeps the workspace root "
                          "read-only"
                        : o.why;
  g.origin = o.origin;
  g.marker = o.marker;
  g.loc = o.loc;
  g.provenance = o.provenance;
  g.exists = true;
  g.object = object_of(o.path);
  return g;
}

// Why the output is or lies inside one of the carve's exceptions, or one
// of the default names in a folder the carve carves them in (a name there
// that does not exist yet is carved once it does: an output must not create
// it); "" when it is not. An exception beneath an output is carved out of it
// like out of any writable grant; a ro grant's exception (from_grant) is
// read_only_grant_over's.
std::string exception_over(const CarveExceptions &carve, const Output &o, Loc &carved_at) {
  for (const Carved &c : carve.paths)
    if (!c.from_grant && is_within(o.path, c.path)) {
      carved_at = c.loc;
      return o.path + (o.path == c.path ? " is" : " lies inside") + " read-only exception " + c.path + " (" +
             origin_text(c) + ")";
    }
  for (const std::string &folder : carve.name_folders)
    for (const CarveEntry &e : kCarveList) {
      const std::string name = folder + "/" + std::string(e.what);
      if (e.rule == CarveRule::Name && is_within(o.path, name))
        return o.path + (o.path == name ? " is" : " lies inside") + " `" + std::string(e.what) +
               "`, a read-only exception of the carve in " + folder;
    }
  return {};
}

// A project output refused as a widening (kind), at loc.
Widening output_widening(WideningKind kind, Loc loc, const std::string &written, const std::string &path) {
  Widening w = Widening::of(kind, loc, written);
  w.path = path;
  return w;
}

// The preset whose file wrote loc ("cargo"), or "" for a policy file.
std::string preset_of(const Context &ctx, Loc loc) {
  if (loc.file < 0) return {};
  const std::string &name = ctx.sources.file(loc.file).name;
  if (name.rfind(kPresetPrefix, 0) != 0) return {};
  return name.substr(kPresetPrefix.size());
}

// Whether the workspace root holds one of the preset's project files; a
// preset without project files (preset:go-isolated's cache folder) applies
// in every workspace.
bool is_tool_workspace(const std::string &preset, const std::string &workspace) {
  auto project = std::find_if(preset_projects().begin(), preset_projects().end(),
                              [&](const PresetProject &p) { return p.preset == preset; });
  if (project == preset_projects().end()) return true;
  return std::any_of(project->files.begin(), project->files.end(),
                     [&](std::string_view file) { return entry_at(workspace + "/" + std::string(file)).has_value(); });
}

// The ro grant (of either layer) that the output is, holds or lies inside,
// when that grant is a read-only exception: written in a list and strictly
// inside a writable grant, the rule collect_carve carves by. An output there
// would undo the ro request (the carve never lets it win over its rw).
const Grant *read_only_grant_over(const std::vector<Grant> &grants, const std::string &path) {
  for (const Grant &ro : grants) {
    if (ro.access != Access::Ro || !ro.user_written()) continue;
    if (!is_within(path, ro.path) && !is_within(ro.path, path)) continue;
    const bool exception = std::any_of(grants.begin(), grants.end(), [&](const Grant &rw) {
      return rw.access == Access::Rw && rw.path != ro.path && is_within(ro.path, rw.path);
    });
    if (exception) return &ro;
  }
  return nullptr;
}

}  // namespace

namespace {

// One written output, checked and looked at (created later), or nullopt
// when it is refused (reported) or does not apply.
std::optional<Output> plan_output(const Context &ctx, const Layers &layers, const std::vector<Grant> &all_grants,
                                  const std::vector<Grant> &writable, const PathEntry &e, const std::string &workspace,
                                  std::vector<Widening> &widenings) {
  // A preset's outputs: only in its tool's workspace, and only where the
  // policy makes the workspace writable (a preset adds no error).
  const std::string preset = preset_of(ctx, e.loc);
  if (!preset.empty() && (!ctx.host || !is_tool_workspace(preset, workspace))) return std::nullopt;
  Written w = check_written(ctx, e, layers.both);
  if (w.parts.empty()) return std::nullopt;
  Output o;
  o.written = e.text;
  o.path = workspace + "/" + w.relative;
  o.folder = w.folder;
  o.why = e.why;
  o.loc = e.loc;
  o.provenance = e.provenance;
  if (const Grant *ro = read_only_grant_over(all_grants, o.path)) {
    if (e.from_user()) {
      Diagnostic &d = ctx.diags.error(e.loc,
                                      "outputs `" + printable(e.text) + "`: " + o.path +
                                          " is, holds or lies inside ro grant `" + printable(ro->written) + "`",
                                      "remove the output or the ro grant");
      if (ro->loc.file >= 0) d.related.push_back({ro->loc, "read-only here"});
    } else {
      widenings.push_back(output_widening(WideningKind::OutputInReadOnly, e.loc, e.text, ro->written));
    }
    return std::nullopt;
  }
  if (!covering_grant(writable, o.path, Access::Rw)) {
    if (!preset.empty()) return std::nullopt;
    if (e.from_user()) {
      ctx.diags.error(e.loc, "outputs `" + printable(e.text) + "`: " + o.path + " is not writable under this policy",
                      "outputs name what a build creates inside a writable workspace: mode = \"workspace-write\", "
                      "or rw = [\"${WORKSPACE}\"]");
    } else {
      widenings.push_back(output_widening(WideningKind::OutputNotWritable, e.loc, e.text, {}));
    }
    return std::nullopt;
  }
  if (!ctx.host) {
    o.state = OutputState::Portable;  // another machine's workspace: nothing to look at or create here
    return o;
  }
  // Looked at only: created once every check passed (create_outputs).
  std::string why = walk(workspace, w.parts, false, o);
  if (!why.empty()) {
    ctx.diags.error(e.loc, "outputs `" + printable(e.text) + "`: " + why,
                    "remove what is in its place, or drop the output");
    return std::nullopt;
  }
  return o;
}

// The same checks for the detected outputs, reported to a sink nobody
// reads: where a written output would be refused, a detected one yields
// silently. One already declared (by your outputs or a preset's) is that one.
void add_detected(const Context &ctx, const Layers &layers, const std::vector<Grant> &all_grants,
                  const std::vector<Grant> &writable, const std::vector<DetectedOutput> &detected,
                  const std::string &workspace, std::vector<Output> &out) {
  for (const DetectedOutput &d : detected) {
    Diagnostics unread;
    const Context quiet = ctx.reporting_to(unread);
    std::vector<Widening> none;
    PathEntry e;
    e.text = d.written;
    e.why = "an output of the build " + printable(d.marker) +
            " marks, declared by the mode: created before the run, "
            "writable although the carve keeps the workspace root read-only (detect_outputs = false turns it off)";
    std::optional<Output> o = plan_output(quiet, layers, all_grants, writable, e, workspace, none);
    if (!o || unread.has_errors()) continue;
    const bool declared = std::any_of(out.begin(), out.end(), [&](const Output &have) { return have.path == o->path; });
    // A folder where the binary would go: `go build` refuses it too.
    if (declared || (d.executable && o->folder)) continue;
    o->origin = Origin::Detected;
    o->marker = d.marker;
    o->executable = d.executable;
    out.push_back(std::move(*o));
  }
}

}  // namespace

std::vector<Output> plan_outputs(const Context &ctx, const Layers &layers, const std::vector<Grant> &all_grants,
                                 const std::vector<Grant> &writable, const std::vector<DetectedOutput> &detected,
                                 std::vector<Widening> &widenings) {
  std::vector<Output> out;
  const std::vector<PathEntry> &entries = layers.both.outputs;
  if (!ctx.vars.workspace) {
    if (!entries.empty())
      ctx.diags.error(entries.front().loc, "outputs: there is no workspace to create them in",
                      "set `workspace` or --set workspace=PATH");
    return out;
  }
  if (entries.empty() && detected.empty()) return out;
  const std::string workspace = output_workspace(ctx);
  for (const PathEntry &e : entries)
    if (std::optional<Output> o = plan_output(ctx, layers, all_grants, writable, e, workspace, widenings))
      out.push_back(std::move(*o));
  add_detected(ctx, layers, all_grants, writable, detected, workspace, out);
  return out;
}

void check_outputs(const Context &ctx, const CarveExceptions &carve, const Protection &protection,
                   std::vector<Output> &outputs, std::vector<Widening> &widenings) {
  std::vector<Grant> grants;
  std::transform(outputs.begin(), outputs.end(), std::back_inserter(grants), output_grant);
  Diagnostics unread;  // a detected output yields silently
  const Context quiet = ctx.reporting_to(unread);
  std::vector<Output> kept;
  for (size_t i = 0; i < outputs.size(); ++i) {
    Output &o = outputs[i];
    const bool detected = o.origin == Origin::Detected;
    if (check_writable(detected ? quiet : ctx, protection, {grants[i]}).front().refused) continue;
    Loc carved_at;
    if (const std::string where = exception_over(carve, o, carved_at); !where.empty()) {
      if (detected) continue;
      if (o.provenance == Provenance::User) {
        Diagnostic &d = ctx.diags.error(o.loc, "outputs `" + printable(o.written) + "`: " + where,
                                        "code planted there runs on the host (git hooks, direnv, editor tasks); an "
                                        "output cannot make it writable: remove the output");
        if (carved_at.file >= 0) d.related.push_back({carved_at, "carved here"});
      } else {
        Widening w = output_widening(WideningKind::OutputCarved, o.loc, o.written, o.path);
        w.why = where;
        widenings.push_back(std::move(w));
      }
      continue;
    }
    kept.push_back(std::move(o));
  }
  outputs = std::move(kept);
}

void create_outputs(const Context &ctx, std::vector<Output> &outputs) {
  if (!ctx.opt.prepare_run || !ctx.host || ctx.diags.has_errors() || outputs.empty()) return;
  const std::string workspace = output_workspace(ctx);
  for (Output &o : outputs) {
    if (o.state != OutputState::Missing) continue;
    const std::string relative = o.path.substr(workspace.size() + 1);
    std::string why = walk(workspace, path_parts(relative), true, o);
    // A detected output that cannot be made stays missing, so ungranted: it yields silently.
    if (!why.empty() && o.origin != Origin::Detected)
      ctx.diags.error(o.loc, "outputs `" + printable(o.written) + "`: " + why,
                      "remove what is in its place, or drop the output");
  }
}

void add_output_grants(const std::vector<Output> &outputs, std::vector<Grant> &layer) {
  std::vector<Grant> added;
  for (const Output &o : outputs) {
    if (o.state != OutputState::There && o.state != OutputState::Created) continue;
    if (!covering_grant(layer, o.path, Access::Rw)) continue;
    added.push_back(output_grant(o));
  }
  layer.insert(layer.end(), added.begin(), added.end());
}

}  // namespace llp
