// Loading: the main file, `extends` (depth-first, relative to the including
// file, cycles and depth reported), the selected profile and the project
// policy, merged by the documented rule (lists append, scalars override).
// Every file but the main one is opened by a path that was resolved here
// first, and its provenance is decided on every path of that resolution.
#include "load.h"

#include <algorithm>
#include <iterator>

#include "ownership.h"
#include "parse.h"
#include "../host/paths.h"
#include "presets.h"
#include "schema.h"
#include "../host/read.h"
#include "../base/text.h"

namespace llp {
namespace {

constexpr int kMaxExtendsDepth = 8;
// Shared memory: every process of the user may write it, confined or not.
constexpr std::string_view kSharedMemory = "/dev/shm";
// The temp folder of every run whose TMPDIR was unset (CI, cron, a
// harness's environment): writable to them whatever TMPDIR says now.
constexpr std::string_view kSystemTmp = "/tmp";

// What loading reads and fills in: the variables gain the workspace once
// the main file is parsed (the Context is built from them afterwards).
struct Loading {
  const CompileOptions &opt;
  Sources &sources;
  Diagnostics &diags;
  Variables vars;
  bool host;
};

std::string absolute_of(const CompileOptions &opt, const std::string &name) {
  return lexical_normalize(join_path(opt.cwd.empty() ? "/" : opt.cwd, name));
}

// rel next to the file `name`, spelled the way the user spelled name, so
// diagnostics name "include/base.toml", not "./include/base.toml".
std::string sibling_of(const std::string &name, const std::string &rel) {
  std::string dir = dir_name(name);
  return dir == "." ? rel : join_path(dir, rel);
}

Loc shifted(Loc loc, size_t offset) {
  if (loc.col > 0) loc.col += static_cast<int>(offset) + 1;  // +1: the opening quote
  return loc;
}

// How a policy file name resolves on this host, and what that says about it.
struct Resolution {
  std::string path;  // what is opened: canonical on the host
  bool exists = false;
  std::vector<std::string> chain;  // every path crossed
  std::string writable_hop;        // the first path of the chain inside a writable area, or ""
  std::string area;                // that area
  OwnershipCheck owners;           // who else can change it, by the folders on its way
};

class Loader {
 public:
  explicit Loader(Loading &ctx) : ctx_(ctx) {}

  Resolution resolve(const std::string &name) const {
    Resolution r;
    // Policy files are read on this host whatever the target, so they are
    // always resolved here.
    std::string abs = absolute_of(ctx_.opt, name);
    HostPath h = resolve_host(abs);
    r.path = h.path;
    r.exists = h.exists;
    r.chain = chain_of(abs, h);
    // The places a confined command may have written: the workspace, the
    // temp directory, /tmp and /dev/shm. A file reached through them is the
    // repository's (or an earlier run's).
    std::vector<std::string> areas = run_writable_areas(ctx_.vars);
    for (const std::string &p : r.chain)
      for (const std::string &area : areas)
        if (r.writable_hop.empty() && is_within(p, area)) {
          r.writable_hop = p;
          r.area = area;
        }
    if (r.writable_hop.empty() && r.exists) r.owners = check_ownership(r.chain);
    return r;
  }

  // The main policy file: the user's own, and protected, unless it is
  // reached through a folder a confined run can write. Then an earlier run
  // (or a process it left running) could have rewritten it, and this run
  // would obey the rewrite: refused, or for explain and why a warning. Such
  // a file is not protected either: the one diagnostic says what is wrong.
  void check_main_file() {
    const std::string &name = ctx_.opt.policy_name;
    Resolution main = resolve(name);  // again: the workspace is known now
    if (main.writable_hop.empty() && main.owners.verdict != PathOwnership::Safe) {
      refuse_or_warn(ownership_problem("the policy file " + name, main.owners), ownership_hint(main.owners));
      return;
    }
    if (main.writable_hop.empty()) {
      files_.insert(files_.begin(), {main.path, main.chain});
      return;
    }
    std::string message = "the policy file " + name;
    if (main.writable_hop != absolute_of(ctx_.opt, name))
      message += " is reached through " + main.writable_hop + " and";
    message += " lies inside " + writable_area_name(ctx_.vars, main.area) +
               ", which a confined command can write: an earlier run, or a "
               "process it left running, could have rewritten it";
    const std::string hint =
        "the threat model counts the grants of earlier runs; keep your policy where no mode makes it writable, "
        "such as ~/.config/landlock-policy/NAME.toml (`landlock-policy init --mode MODE NAME` writes there), or "
        "give its text on standard input (`landlock-policy argv - -- COMMAND`); a project's own file comes in "
        "through `project = ...`, which may only narrow";
    refuse_or_warn(message, hint);
  }

  // argv, exec and learn refuse the main file; check, explain and why warn.
  void refuse_or_warn(const std::string &message, const std::string &hint) {
    if (ctx_.opt.writable_main_is_warning)
      ctx_.diags.warning({0, 0, 0}, message + "; answered as written, but argv, exec and learn refuse it", hint);
    else ctx_.diags.error({0, 0, 0}, message, hint);
  }

  // Parses file `index` and, first, everything it extends; appends its
  // layers (and the selected profile's) in merge order.
  void load(int index, int depth, std::vector<std::string> &stack, std::vector<Layer> &bases,
            std::vector<Layer> &profiles) {
    FileLayers layers;
    if (!parse_policy(ctx_.sources, index, ctx_.diags, layers)) return;
    const Provenance provenance = ctx_.sources.file(index).provenance;
    if (index != 0 && layers.base.workspace.value) {
      ctx_.diags.error(layers.base.workspace.loc, "`workspace` can only be set in the main policy",
                       "set it in the file named on the command line, or with --set workspace=PATH");
      layers.base.workspace.value.reset();
    }
    if (index == 0) set_workspace(layers);
    if (provenance == Provenance::User) load_extends(index, depth, layers.base.extends, stack, bases, profiles);
    keep(layers.base, provenance, bases);
    if (!ctx_.opt.profile.empty()) {
      auto it = layers.profiles.find(ctx_.opt.profile);
      if (it != layers.profiles.end()) {
        keep(it->second, provenance, profiles);
        found_profile_ = true;
      }
    }
    for (const auto &[name, loc] : layers.profile_locs) known_profiles_.push_back(name);
  }

  // Opens a policy file by name, already resolved; -1 (and a diagnostic
  // unless optional and missing) if it is not read.
  int open_file(const std::string &name, const Resolution &where, Loc at, Provenance provenance, bool optional) {
    if (provenance == Provenance::Project && !inside_workspace(where.path)) {
      // A project policy file ending outside the workspace: a planted symlink could
      // point at ~/.netrc or /proc/self/environ, and diagnostics quote lines.
      ctx_.diags.error(
          at, "project policy file " + name + " resolves to " + where.path + ", outside the workspace: not read",
          "a project policy file must be a regular file inside the workspace; " + chain_text(where.chain));
      return -1;
    }
    std::string text;
    std::string error;
    bool ok =
        ctx_.opt.read_file ? ctx_.opt.read_file(where.path, text, error) : read_policy_file(where.path, text, error);
    if (!ok) {
      if (!optional || where.exists) ctx_.diags.error(at, "cannot read policy file " + name + ": " + error);
      return -1;
    }
    if (provenance == Provenance::User) files_.push_back({where.path, where.chain});
    return ctx_.sources.add({name, text, provenance, {}});
  }

  bool found_profile() const { return found_profile_; }
  const std::vector<std::string> &known_profiles() const { return known_profiles_; }
  std::vector<PolicyFile> take_files() { return std::move(files_); }

 private:
  void keep(Layer &layer, Provenance provenance, std::vector<Layer> &into) {
    if (provenance == Provenance::Project) mark_from_project(layer);
    into.push_back(layer);
  }

  void load_extends(int index, int depth, const std::vector<PathEntry> &extends, std::vector<std::string> &stack,
                    std::vector<Layer> &bases, std::vector<Layer> &profiles) {
    for (const PathEntry &e : extends) {
      if (e.text.rfind(kPresetPrefix, 0) == 0) {
        load_preset(depth, e, stack, bases, profiles);
        continue;
      }
      Expansion x = expand_variables(e.text, ctx_.vars);
      if (!x.error.empty()) {
        ctx_.diags.error(shifted(e.loc, x.offset), x.error, x.hint);
        continue;
      }
      if (x.value.empty()) {
        ctx_.diags.error(e.loc, "empty `extends` entry");
        continue;
      }
      std::string name =
          x.value[0] == '/' ? lexical_normalize(x.value) : sibling_of(ctx_.sources.file(index).name, x.value);
      Resolution where = resolve(name);
      if (std::find(stack.begin(), stack.end(), where.path) != stack.end()) {
        std::string chain = "`extends` cycle: ";
        for (const std::string &s : stack) chain.append(s).append(" -> ");
        chain += where.path;
        ctx_.diags.error(e.loc, chain, "remove one of the extends entries in the cycle");
        continue;
      }
      if (too_deep(depth, e.loc)) continue;
      const Provenance provenance = where.writable_hop.empty() ? Provenance::User : Provenance::Project;
      if (provenance == Provenance::User && where.owners.verdict != PathOwnership::Safe) {
        ctx_.diags.error(e.loc, ownership_problem("the `extends` file " + name, where.owners) + ": not read",
                         ownership_hint(where.owners));
        continue;
      }
      int child = open_file(name, where, e.loc, provenance, false);
      if (child < 0) continue;
      if (provenance == Provenance::Project)
        ctx_.sources.file(child).project_because =
            "reached through " + where.writable_hop + ", inside " + where.area + ", which a confined command can write";
      stack.push_back(where.path);
      load(child, depth + 1, stack, bases, profiles);
      stack.pop_back();
    }
  }

  bool too_deep(int depth, Loc at) {
    if (depth + 1 <= kMaxExtendsDepth) return false;
    ctx_.diags.error(at, "`extends` nests deeper than " + std::to_string(kMaxExtendsDepth) + " files",
                     "flatten the chain of base policies");
    return true;
  }

  // `extends = ["preset:NAME"]`: a built-in text, the user's, never a path:
  // nothing is looked up or read on the disk, whatever exists there.
  void load_preset(int depth, const PathEntry &e, std::vector<std::string> &stack, std::vector<Layer> &bases,
                   std::vector<Layer> &profiles) {
    std::string name = e.text.substr(kPresetPrefix.size());
    auto text = preset_text(name);
    if (!text) {
      ctx_.diags.error(e.loc, "unknown preset `" + name + "`", suggestion(name, preset_names()));
      return;
    }
    if (too_deep(depth, e.loc)) return;
    int child = ctx_.sources.add({e.text, std::string(*text), Provenance::User, {}});
    stack.push_back(e.text);
    load(child, depth + 1, stack, bases, profiles);
    stack.pop_back();
  }

  bool inside_workspace(const std::string &path) const {
    return ctx_.vars.workspace && is_within(path, canonical_or_lexical(*ctx_.vars.workspace));
  }

  static std::string chain_text(const std::vector<std::string> &chain) {
    std::string out = "reached through";
    for (const std::string &p : chain) out += " " + p;
    return out;
  }

  // The workspace: --set (a literal path), else the main file's profile,
  // else its top level, else ${PWD}.
  void set_workspace(const FileLayers &main) {
    std::string written = "${PWD}";
    Loc loc;
    auto prof = main.profiles.find(ctx_.opt.profile);
    if (prof != main.profiles.end() && prof->second.workspace.value) {
      written = *prof->second.workspace.value;
      loc = prof->second.workspace.loc;
    } else if (main.base.workspace.value) {
      written = *main.base.workspace.value;
      loc = main.base.workspace.loc;
    }
    std::string path;
    bool from_command_line = false;
    for (const auto &[key, value] : ctx_.opt.sets) {
      if (key != "workspace") continue;
      written = value;
      path = value;  // typed on the command line: a path, not a template ($ is a $)
      from_command_line = true;
    }
    if (!from_command_line) {
      Variables no_workspace = ctx_.vars;
      no_workspace.workspace.reset();
      Expansion x = expand_variables(written, no_workspace);
      if (!x.error.empty()) {
        ctx_.diags.error(shifted(loc, x.offset), "workspace: " + x.error, x.hint);
        return;
      }
      path = x.value;
    }
    // Relative: to the cwd when typed on the command line, else to the policy's folder.
    if (path.empty() || path[0] != '/')
      path = join_path(from_command_line ? ctx_.opt.cwd : file_folder(ctx_.opt, ctx_.sources, 0), path);
    path = lexical_normalize(path);
    if (ctx_.host) {
      HostPath h = resolve_host(path);
      // A symlink in the temp folder that leads the workspace elsewhere could
      // have been swapped since you chose it: the next run would write where
      // the repository (or an earlier run) pointed it.
      const std::string tmp = ctx_.vars.tmpdir ? canonical_or_lexical(*ctx_.vars.tmpdir) : std::string();
      for (const SymlinkHop &hop : h.hops)
        if (!tmp.empty() && is_within(parent_path(hop.link), tmp) && !is_within(h.path, tmp)) {
          std::string message = "the workspace " + path;
          message += " leaves " + tmp;
          message += " through the symlink " + hop.link;
          message += " -> " + hop.target;
          message += ", which a confined command can replace";
          ctx_.diags.error(loc, message, "name the workspace by its real path: " + h.path);
        }
      path = h.path;
    }
    ctx_.vars.workspace = path;
  }

  Loading &ctx_;
  bool found_profile_ = false;
  std::vector<std::string> known_profiles_;
  std::vector<PolicyFile> files_;
};

std::optional<std::string> env_value(const CompileOptions &options, const char *name) {
  auto it = options.env.find(name);
  if (it == options.env.end()) return std::nullopt;
  return it->second;
}

void merge_into(Loaded &out, std::vector<Layer> &layers) {
  for (Layer &l : layers) {
    if (l.provenance == Provenance::User) {
      merge_layer(out.user, l);
      continue;
    }
    std::vector<Widening> dropped = strip_widening(l);
    out.widenings.insert(out.widenings.end(), dropped.begin(), dropped.end());
    merge_layer(out.project, l);
  }
}

}  // namespace

std::vector<std::string> run_writable_areas(const Variables &vars) {
  std::vector<std::string> areas;
  if (vars.workspace) areas.push_back(canonical_or_lexical(*vars.workspace));
  if (vars.tmpdir) areas.push_back(canonical_or_lexical(*vars.tmpdir));
  for (std::string_view always : {kSystemTmp, kSharedMemory}) {
    std::string area = canonical_or_lexical(std::string(always));
    if (std::find(areas.begin(), areas.end(), area) == areas.end()) areas.push_back(area);
  }
  return areas;
}

std::string writable_area_name(const Variables &vars, const std::string &area) {
  if (vars.workspace && area == canonical_or_lexical(*vars.workspace)) return "the workspace " + area;
  if (vars.tmpdir && area == canonical_or_lexical(*vars.tmpdir)) return "${TMPDIR} " + area;
  if (area == canonical_or_lexical(std::string(kSystemTmp)))
    return area + " (writable to every run whose TMPDIR was unset, whatever TMPDIR says now)";
  return area;
}

std::string file_folder(const CompileOptions &opt, const Sources &sources, int file) {
  std::string abs = absolute_of(opt, sources.file(file).name);
  return parent_path(abs).empty() ? "/" : parent_path(abs);
}

Variables host_variables(const CompileOptions &options) {
  Variables vars;
  vars.env = &options.env;
  const bool host = options.target == Target::Host;
  vars.home = env_value(options, "HOME");
  if (vars.home && vars.home->empty()) {
    vars.home_problem = "HOME is set but empty";
    vars.home.reset();
  } else if (vars.home && (*vars.home)[0] != '/') {
    vars.home_problem = "HOME is not an absolute path (`" + *vars.home + "`)";
    vars.home.reset();
  } else if (vars.home && host) {
    vars.home = canonical_or_lexical(lexical_normalize(*vars.home));
  }
  vars.pwd = options.cwd;
  vars.tmpdir = env_value(options, "TMPDIR");
  if (!vars.tmpdir || vars.tmpdir->empty()) {
    vars.tmpdir = "/tmp";  // documented default
  } else if ((*vars.tmpdir)[0] != '/') {
    vars.tmpdir_problem = "TMPDIR is not an absolute path (`" + *vars.tmpdir + "`)";
    vars.tmpdir.reset();
  }
  return vars;
}

std::optional<Loaded> load_policy(const CompileOptions &opt, Sources &sources, Diagnostics &diags) {
  Loading ctx{opt, sources, diags, host_variables(opt), opt.target == Target::Host};

  Loader loader(ctx);
  // The file named on the command line, or the text on standard input, is
  // the user's. A file is also protected at every path it was reached
  // through (check_main_file, once the workspace is known).
  const bool from_stdin = ctx.opt.policy_from_stdin;
  ctx.sources.add({ctx.opt.policy_name, ctx.opt.policy_text, Provenance::User, {}});
  std::vector<std::string> stack{from_stdin ? ctx.opt.policy_name : loader.resolve(ctx.opt.policy_name).path};
  std::vector<Layer> bases;
  std::vector<Layer> profiles;
  loader.load(0, 0, stack, bases, profiles);
  if (bases.empty()) return std::nullopt;  // the main file is not TOML
  if (!from_stdin) loader.check_main_file();

  if (!ctx.opt.profile.empty() && !loader.found_profile()) {
    std::vector<std::string_view> names(loader.known_profiles().begin(), loader.known_profiles().end());
    ctx.diags.error(
        {0, 0, 0}, "no profile named `" + ctx.opt.profile + "` (--profile)",
        names.empty() ? "this policy defines no [profiles.NAME] table" : suggestion(ctx.opt.profile, names));
  }
  // Merge order: every file's top level (bases first), then the profile's
  // tables in the same order, so a profile overrides every file's defaults.
  Loaded out;
  out.project.provenance = Provenance::Project;
  merge_into(out, bases);
  merge_into(out, profiles);

  // The project policy: named by the user's policy, always the project's.
  if (out.user.project) {
    const PathEntry &project = *out.user.project;
    Expansion x = expand_variables(project.text, ctx.vars);
    if (!x.error.empty()) {
      ctx.diags.error(project.loc, "project: " + x.error, x.hint);
    } else if (x.value.empty()) {
      ctx.diags.error(project.loc, "empty `project` path");
    } else {
      std::string name = x.value[0] == '/' ? x.value : sibling_of(ctx.opt.policy_name, x.value);
      int index = loader.open_file(name, loader.resolve(name), project.loc, Provenance::Project, project.optional);
      FileLayers layers;
      if (index >= 0 && parse_policy(ctx.sources, index, ctx.diags, layers)) {
        ctx.sources.file(index).project_because = "named by `project`";
        std::vector<Layer> one{layers.base};
        mark_from_project(one.front());
        merge_into(out, one);
      }
    }
  }
  out.policy_files = loader.take_files();
  out.vars = std::move(ctx.vars);
  return out;
}

}  // namespace llp
