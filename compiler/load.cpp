// Loading: the main file, `extends` (depth-first, relative to the including
// file, cycles and depth reported), the selected profile and the project
// policy, merged by the documented rule (lists append, scalars override).
#include <algorithm>
#include <fstream>
#include <sstream>

#include "context.h"
#include "paths.h"
#include "text.h"

namespace llp {
namespace {

constexpr int kMaxExtendsDepth = 8;

bool read_from_disk(const std::string &path, std::string &text, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open";
    return false;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  text = buf.str();
  return true;
}

std::string absolute_of(const Context &ctx, const std::string &name) {
  return lexical_normalize(join_path(ctx.opt.cwd.empty() ? "/" : ctx.opt.cwd, name));
}

// Identity of a file for cycle detection and protection: canonical on the host.
std::string identity(const Context &ctx, const std::string &name) {
  std::string abs = absolute_of(ctx, name);
  return ctx.host ? canonical_or_lexical(abs) : abs;
}

void mark_untrusted(Layer &l) {
  l.trusted = false;
  for (auto *list : {&l.ro, &l.rw, &l.hide, &l.protect, &l.unprotect, &l.extends})
    for (PathEntry &e : *list) e.trusted = false;
  for (auto *list : {&l.connect, &l.bind})
    for (PortEntry &p : *list) p.trusted = false;
  for (NameEntry &n : l.scopes) n.trusted = false;
}

// A project policy may only narrow: the settings that would widen what the
// user's policy grants are removed here and reported as widenings.
void strip_widening(Context &ctx, Layer &l) {
  auto drop = [&](auto &setting, const char *name, const char *why) {
    if (!setting.value) return;
    ctx.widenings.push_back({setting.loc, std::string("a project policy cannot set `") + name + "`: " + why});
    setting.value.reset();
  };
  drop(l.mode, "mode", "the mode is the user's choice");
  drop(l.workspace, "workspace", "the workspace is the user's choice");
  drop(l.compose, "compose", "only the user's policy chooses how projects compose");
  drop(l.launcher_path, "launcher", "the launcher is the user's choice");
  if (l.best_effort.value && *l.best_effort.value) drop(l.best_effort, "best_effort", "it would drop restrictions");
  if (l.keep_fds.value && *l.keep_fds.value) drop(l.keep_fds, "keep_fds", "inherited fds bypass the sandbox");
  if (l.hide_secrets.value && !*l.hide_secrets.value) drop(l.hide_secrets, "hide_secrets", "it would expose secrets");
  if (l.net_restrict.value && !*l.net_restrict.value) drop(l.net_restrict, "network.restrict", "it would lift a restriction");
  if (l.strict.value && !*l.strict.value) drop(l.strict, "strict", "only the user may relax strictness");
  for (const PathEntry &e : l.unprotect)
    ctx.widenings.push_back({e.loc, "a project policy cannot unprotect `" + e.text + "`"});
  l.unprotect.clear();
  if (l.project) {
    ctx.widenings.push_back({l.project->loc, "a project policy cannot name another project policy"});
    l.project.reset();
  }
}

// rel next to the file `name`, spelled the way the user spelled name, so
// diagnostics name "include/base.toml", not "./include/base.toml".
std::string sibling_of(const std::string &name, const std::string &rel) {
  std::string dir = dir_name(name);
  return dir == "." ? rel : join_path(dir, rel);
}

class Loader {
 public:
  explicit Loader(Context &ctx) : ctx_(ctx) {}

  // Parses file `index` and, first, everything it extends; appends its
  // layers (and the selected profile's) in merge order.
  void load(int index, int depth, std::vector<std::string> &stack, std::vector<Layer> &bases,
            std::vector<Layer> &profiles) {
    FileLayers layers;
    if (!parse_policy(ctx_.sources, index, ctx_.diags, layers)) return;
    bool trusted = ctx_.sources.file(index).trusted;
    if (index != 0 && layers.base.workspace.value) {
      ctx_.diags.error(layers.base.workspace.loc, "`workspace` can only be set in the main policy",
                       "set it in the file named on the command line, or with --set workspace=PATH");
      layers.base.workspace.value.reset();
    }
    if (index == 0) set_workspace(layers);
    for (const PathEntry &e : layers.base.extends) {
      Expansion x = expand_variables(e.text, ctx_.vars);
      if (!x.error.empty()) {
        ctx_.diags.error(shifted(e.loc, x.offset), x.error, x.hint);
        continue;
      }
      if (x.value.empty()) {
        ctx_.diags.error(e.loc, "empty `extends` entry");
        continue;
      }
      std::string name = x.value[0] == '/' ? x.value : lexical_normalize_rel(sibling_of(ctx_.sources.file(index).name, x.value));
      std::string id = identity(ctx_, name);
      if (std::find(stack.begin(), stack.end(), id) != stack.end()) {
        std::string chain = "`extends` cycle: ";
        for (const std::string &s : stack) chain.append(s).append(" -> ");
        chain += id;
        ctx_.diags.error(e.loc, chain, "remove one of the extends entries in the cycle");
        continue;
      }
      if (depth + 1 > kMaxExtendsDepth) {
        ctx_.diags.error(e.loc, "`extends` nests deeper than " + std::to_string(kMaxExtendsDepth) + " files",
                         "flatten the chain of base policies");
        continue;
      }
      int child = open_file(name, e.loc, trusted && !inside_workspace(id), false);
      if (child < 0) continue;
      stack.push_back(id);
      load(child, depth + 1, stack, bases, profiles);
      stack.pop_back();
    }
    if (!trusted) mark_untrusted(layers.base);
    bases.push_back(layers.base);
    if (!ctx_.opt.profile.empty()) {
      auto it = layers.profiles.find(ctx_.opt.profile);
      if (it != layers.profiles.end()) {
        if (!trusted) mark_untrusted(it->second);
        profiles.push_back(it->second);
        found_profile_ = true;
      }
    }
    for (const auto &[name, loc] : layers.profile_locs) known_profiles_.push_back(name);
  }

  // Opens a policy file by name; -1 (and a diagnostic unless optional) if unreadable.
  int open_file(const std::string &name, Loc at, bool trusted, bool optional) {
    std::string text, error;
    std::string abs = absolute_of(ctx_, name);
    bool ok = ctx_.opt.read_file ? ctx_.opt.read_file(abs, text, error) : read_from_disk(abs, text, error);
    if (!ok) {
      if (!optional) ctx_.diags.error(at, "cannot read policy file " + name + ": " + error);
      return -1;
    }
    // The user's own files are protected from writes; a project policy is
    // untrusted anyway (it can only narrow), and it lives in the workspace.
    if (trusted) ctx_.policy_files.push_back(identity(ctx_, name));
    return ctx_.sources.add({name, text, trusted});
  }

  bool found_profile() const { return found_profile_; }
  const std::vector<std::string> &known_profiles() const { return known_profiles_; }

 private:
  static Loc shifted(Loc loc, size_t offset) {
    if (loc.col > 0) loc.col += static_cast<int>(offset) + 1;  // +1: the opening quote
    return loc;
  }
  static std::string lexical_normalize_rel(const std::string &p) {
    if (!p.empty() && p[0] == '/') return lexical_normalize(p);
    return p;  // kept relative to the cwd, as the user would spell it
  }

  bool inside_workspace(const std::string &id) const {
    return ctx_.vars.workspace && is_within(id, *ctx_.vars.workspace);
  }

  // The workspace: --set, else the main file's profile, else its top level, else ${PWD}.
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
    bool from_command_line = false;
    for (const auto &[key, value] : ctx_.opt.sets)
      if (key == "workspace") written = value, loc = {}, from_command_line = true;
    Variables no_workspace = ctx_.vars;
    no_workspace.workspace.reset();
    Expansion x = expand_variables(written, no_workspace);
    if (!x.error.empty()) {
      ctx_.diags.error(shifted(loc, x.offset), "workspace: " + x.error, x.hint);
      return;
    }
    std::string path = x.value;
    // Relative: to the cwd when typed on the command line, else to the policy's folder.
    if (path.empty() || path[0] != '/') path = join_path(from_command_line ? ctx_.opt.cwd : file_folder(ctx_, 0), path);
    path = lexical_normalize(path);
    if (ctx_.host) path = canonical_or_lexical(path);
    ctx_.workspace_written = written;
    ctx_.vars.workspace = path;
    ctx_.plan.workspace = path;
  }

  Context &ctx_;
  bool found_profile_ = false;
  std::vector<std::string> known_profiles_;
};

std::optional<std::string> env_value(const Context &ctx, const char *name) {
  auto it = ctx.opt.env.find(name);
  if (it == ctx.opt.env.end()) return std::nullopt;
  return it->second;
}

}  // namespace

std::string file_folder(const Context &ctx, int file) {
  std::string abs = absolute_of(ctx, ctx.sources.file(file).name);
  return parent_path(abs).empty() ? "/" : parent_path(abs);
}

bool load_policy(Context &ctx, Layer &trusted, Layer &untrusted) {
  ctx.vars.env = &ctx.opt.env;
  ctx.vars.home = env_value(ctx, "HOME");
  if (ctx.vars.home && ctx.host) ctx.vars.home = canonical_or_lexical(lexical_normalize(*ctx.vars.home));
  ctx.vars.pwd = ctx.opt.cwd;
  ctx.vars.tmpdir = env_value(ctx, "TMPDIR");
  if (!ctx.vars.tmpdir || ctx.vars.tmpdir->empty()) ctx.vars.tmpdir = "/tmp";  // documented default

  Loader loader(ctx);
  ctx.policy_files.push_back(identity(ctx, ctx.opt.policy_name));
  ctx.sources.add({ctx.opt.policy_name, ctx.opt.policy_text, true});
  std::vector<std::string> stack{ctx.policy_files.back()};
  std::vector<Layer> bases, profiles;
  loader.load(0, 0, stack, bases, profiles);
  if (bases.empty()) return false;  // the main file is not TOML

  if (!ctx.opt.profile.empty() && !loader.found_profile()) {
    std::vector<std::string_view> names(loader.known_profiles().begin(), loader.known_profiles().end());
    ctx.diags.error({0, 0, 0}, "no profile named `" + ctx.opt.profile + "` (--profile)",
                    names.empty() ? "this policy defines no [profiles.NAME] table" : suggestion(ctx.opt.profile, names));
  }
  // Merge order: every file's top level (bases first), then the profile's
  // tables in the same order, so a profile overrides every file's defaults.
  auto merge_all = [&](std::vector<Layer> &layers) {
    for (Layer &l : layers) {
      if (l.trusted) merge_layer(trusted, l);
      else {
        strip_widening(ctx, l);
        merge_layer(untrusted, l);
      }
    }
  };
  merge_all(bases);
  merge_all(profiles);

  // The project policy: named by the user's policy, always untrusted.
  if (trusted.project) {
    Expansion x = expand_variables(trusted.project->text, ctx.vars);
    if (!x.error.empty()) {
      ctx.diags.error(trusted.project->loc, "project: " + x.error, x.hint);
    } else if (x.value.empty()) {
      ctx.diags.error(trusted.project->loc, "empty `project` path");
    } else {
      std::string name = x.value[0] == '/' ? x.value : sibling_of(ctx.opt.policy_name, x.value);
      int index = loader.open_file(name, trusted.project->loc, false, trusted.project->optional);
      if (index >= 0) {
        FileLayers layers;
        if (parse_policy(ctx.sources, index, ctx.diags, layers)) {
          Layer l = layers.base;
          if (!l.extends.empty())
            ctx.widenings.push_back({l.extends.front().loc, "a project policy cannot extend other files: ignored"});
          l.extends.clear();
          mark_untrusted(l);
          strip_widening(ctx, l);
          merge_layer(untrusted, l);
        }
      }
    }
  }
  return true;
}

}  // namespace llp
