// The pipeline, in order; each stage takes what the ones before it returned
// and returns a value:
//   load      files with their provenance -> the user's and the project's
//             layers, then the Context (compile()), fixed from here on
//   mode      the mode's row of the mode table (plan/modes.h)
//   caches    the presets' missing cache folders, created on a run (caches.h)
//   grants    modes and lists -> one list of resolved grants, each marked
//             with its provenance (user or project) and origin; the mode's
//             ${TMPDIR} replaced when it holds the workspace (tmpdir.h)
//   launcher  the launcher to emit: an absolute, existing path outside what
//             a confined command can write
//   redirect  grants that leave a writable folder through a symlink: errors
//   trust     a project's grants may only narrow -> the outer grant layer
//             and, when nested, the inner
//   protect   the protected paths; every layer's writable grants that meet
//             them, whoever wrote them: refused (protect.h)
//   outputs   what a build creates in the workspace: checked (outputs.h),
//             written ones and those the mode detects (detect.h)
//   carve     the read-only exceptions (.git) under the writable grants;
//             the outputs checked against them and the protection
//   network   TCP, scopes, audit and the other switches
//   env       the command's environment ([env]; a project's may only narrow it)
//   create    the missing outputs, on a run, when no check failed; granted
//             writable
//   carve     writable grants above a read-only exception -> a carve
//   hide      grants covering a hidden path -> their complement
//   normalise duplicates merged, covered children dropped, sorted
//   report    every widening a project policy tried, from every stage, once
//   argv      the launcher's argv (emit.cpp)
// Diagnostics are collected, never thrown, so one run shows every error.
#include "compile.h"

#include <algorithm>
#include <iterator>

#include "plan/caches.h"
#include "plan/carve.h"
#include "policy/context.h"
#include "out/emit.h"
#include "out/widenings.h"
#include "plan/env.h"
#include "plan/grants.h"
#include "plan/hide.h"
#include "plan/modes.h"
#include "policy/load.h"
#include "policy/ownership.h"
#include "policy/schema.h"
#include "policy/sets.h"
#include "plan/network.h"
#include "host/paths.h"
#include "plan/protect.h"
#include "plan/normalise.h"
#include "plan/outputs.h"
#include "base/text.h"
#include "plan/tmpdir.h"
#include "plan/trust.h"

namespace llp {

namespace {

struct Launcher {
  std::string path;                // emitted as argv[0]
  std::vector<std::string> chain;  // every path it was reached through: protected
};

// The launcher: --launcher, else --set launcher / [launcher] path (only
// your own files can set it), else the one installed beside the compiler.
// Always an absolute path, never a name to look up in PATH when the argv
// runs; on the host it must exist, be an executable regular file, and lie
// outside the folders a confined command can write (it runs unconfined).
Launcher choose_launcher(const Context &ctx, const Layer &user) {
  std::string path = ctx.opt.launcher;
  Loc loc;
  if (path.empty() && user.launcher_path.value) {
    loc = user.launcher_path.loc;
    path = *user.launcher_path.value;
    if (!user.launcher_literal) {
      Expansion x = expand_variables(path, ctx.vars);
      if (!x.error.empty()) {
        ctx.diags.error(loc, "[launcher] path: " + x.error, x.hint);
        return {};
      }
      path = x.value;
      if (!path.empty() && path[0] != '/')
        path = join_path(loc.file >= 0 ? file_folder(ctx, loc.file) : ctx.opt.cwd, path);
    }
  }
  if (path.empty()) path = ctx.opt.default_launcher;
  if (path.empty() || path.find('/') == std::string::npos) {
    ctx.diags.error(loc,
                    "the launcher `" + (path.empty() ? std::string("landlock-run") : path) +
                        "` is not a path: it would be looked up in PATH when the argv runs, and a confined "
                        "command can put another `landlock-run` there",
                    "give its path: --launcher \"$(command -v landlock-run)\"");
    return {};
  }
  path = lexical_normalize(join_path(ctx.opt.cwd, path));
  if (!path_problem(path).empty()) {
    ctx.diags.error(loc, "the launcher path `" + path + "`: " + path_problem(path));
    return {};
  }
  if (!ctx.host) return {path, {path}};
  HostPath h = resolve_host(path);
  Launcher out{h.path, chain_of(path, h)};
  if (!h.exists || !h.regular || !executable_by_me(h.path)) {
    ctx.diags.error(loc, "the launcher " + path + " is not an executable file here",
                    "install landlock-run beside landlock-policy, or give --launcher PATH");
    return {};
  }
  for (const std::string &area : writable_areas(ctx, {})) {
    auto inside =
        std::find_if(out.chain.begin(), out.chain.end(), [&](const std::string &p) { return is_within(p, area); });
    if (inside == out.chain.end()) continue;
    std::string message = "the launcher " + path;
    if (*inside != path) message += " is reached through " + *inside + ",";
    message += " lies inside " + area;
    message += ", which a confined command can write: it could be replaced by one that does not confine";
    ctx.diags.error(
        loc, message,
        "install landlock-run outside the workspace, ${TMPDIR}, /tmp and /dev/shm (/usr/bin, /usr/local/bin)");
    return {};
  }
  // Who else can replace it: the owner of a folder on the way, or whoever may write one.
  if (OwnershipCheck owners = check_ownership(out.chain); owners.verdict != PathOwnership::Safe) {
    ctx.diags.error(
        loc, ownership_problem("the launcher " + path, owners) + ": it could be replaced by one that does not confine",
        ownership_hint(owners));
    return {};
  }
  return out;
}

void add_dropped(Plan &plan, const std::vector<Dropped> &dropped) {
  plan.dropped.insert(plan.dropped.end(), dropped.begin(), dropped.end());
}

// The stages after loading, in order. Each stage takes what the stages
// before it returned and returns a value; the launchers' grant layers (the
// outer and, when nested, the inner) go through each stage in that order,
// so what they drop is listed outer first. What a project policy tried and
// was dropped is gathered from every stage and reported once, at the end.
class Pipeline {
 public:
  Pipeline(const Context &ctx, const Layers &layers, const Loaded &loaded, CompileResult &res)
      : ctx_(ctx), layers_(layers), loaded_(loaded), res_(res), plan_(res.plan), widenings_(loaded.widenings) {}

  void run() {
    const Mode *mode = mode_and_caches();
    if (!mode) return;
    const std::vector<Grant> listed = list_all(*mode);
    const Launcher launcher = launcher_and_redirects(listed);
    std::vector<GrantLayer> layers = trust(listed);
    const Protection protection = build_protection(ctx_, layers_.both, loaded_.policy_files, launcher.chain);
    plan_.protected_entries = protection.paths;
    layers = protect(protection, std::move(layers));
    outputs(*mode, listed, layers.front());
    carve_exceptions(*mode, listed, layers.front(), protection);
    network(*mode);
    channels(*mode);
    // env
    plan_.env = plan_env(ctx_, layers_, plan_.mode, mode_loc());
    set_private_tmpdir(plan_, plan_.env);
    // create: after every check of the outputs (and every other check that
    // does not need them on disk), so that a refused compile creates nothing
    create_outputs(ctx_, plan_.outputs);
    for (GrantLayer &layer : layers) add_output_grants(plan_.outputs, layer.grants);
    layers = carve(std::move(layers));
    layers = hide(*mode, protection, std::move(layers));
    normalise(std::move(layers));
    report_widenings(ctx_, std::move(widenings_));
    // argv
    emit_argv();
  }

 private:
  void emit_argv() {
    res_.ok = !ctx_.diags.has_errors();
    if (res_.ok) res_.argv = build_argv(plan_, ctx_.opt.command);
  }

  Loc mode_loc() const { return layers_.user.mode.loc; }

  // mode and caches: the mode table's row; nullptr when nothing more is to be done.
  const Mode *mode_and_caches() {
    const Layer &user = layers_.user;
    if (!user.mode.value) {
      ctx_.diags.error({0, 1, 1}, "missing `mode`", "add mode = " + join_names(mode_names(), ", ", " or ", true));
      return nullptr;
    }
    plan_.mode = *user.mode.value;
    // caches (before the grants resolve: a cache folder created now is granted)
    plan_.cache_folders = prepare_caches(ctx_);
    const Mode *mode = find_mode(plan_.mode);
    if (!mode) {
      ctx_.diags.error(mode_loc(), "unknown mode `" + plan_.mode + "`", suggestion(plan_.mode, mode_names()));
      return nullptr;
    }
    if (!mode->sandboxed) {
      unsandboxed();
      return nullptr;
    }
    return mode;
  }

  // grants: the mode's, then each policy's lists, the user's first; the
  // mode's ${TMPDIR} replaced when it holds the workspace.
  std::vector<Grant> list_all(const Mode &mode) {
    std::vector<Grant> grants = mode_grants(ctx_, mode, mode_loc());
    for (const Layer *layer : {&layers_.user, &layers_.project}) {
      list_grants(ctx_, layer->ro, Access::Ro, grants);
      list_grants(ctx_, layer->rw, Access::Rw, grants);
    }
    replace_tmpdir(ctx_, grants, plan_);
    // A preset's cache folder reached through a symlink is not granted (caches.cpp).
    std::vector<Dropped> through_links;
    std::erase_if(grants, [&](const Grant &g) {
      const bool linked = std::any_of(
          plan_.cache_folders.begin(), plan_.cache_folders.end(),
          [&](const CacheFolder &f) { return f.path == g.expanded && f.state == CacheState::ThroughSymlink; });
      if (linked) through_links.push_back({g, DropReason::CacheThroughSymlink, {}, {}});
      return linked;
    });
    add_dropped(plan_, through_links);
    return grants;
  }

  void unsandboxed() {
    const Layer &user = layers_.user;
    const std::string &mode = plan_.mode;
    plan_.sandboxed = false;
    if (schema::holds_grant(user, true))
      ctx_.diags.error(mode_loc(), mode + " runs without a sandbox, so its grants would mean nothing",
                       "remove the grants, or choose mode = \"custom\" to run with exactly them");
    if (env_changes(user.env))
      ctx_.diags.error(mode_loc(), mode + " runs the command itself, without the launcher, so [env] cannot be applied",
                       "remove [env], or choose a sandboxing mode");
    if (!ctx_.diags.has_errors())
      ctx_.diags.warning(mode_loc(), mode + ": no sandbox; the output is the command alone",
                         "the command can read and write everything you can");
    emit_argv();
  }

  // launcher and redirect
  Launcher launcher_and_redirects(const std::vector<Grant> &listed) {
    Launcher launcher = choose_launcher(ctx_, layers_.user);
    plan_.launcher = launcher.path;
    plan_.no_symlinks = ctx_.host;
    if (ctx_.host) check_redirects(ctx_, listed, writable_areas(ctx_, listed));
    return launcher;
  }

  // trust (before hiding: a project's grant is judged as written; rw "/" is
  // a widening, whatever part of it the complement would leave): the outer
  // layer, and the inner when nested.
  std::vector<GrantLayer> trust(const std::vector<Grant> &listed) {
    // compose's choices are checked in parse (the schema's row).
    const bool nest = layers_.user.compose.value.value_or("merge") == "nest";
    const bool has_project = schema::holds_grant(layers_.project, false);
    TrustResult result = apply_trust(listed, nest && has_project);
    add_dropped(plan_, result.dropped);
    widen(result.widenings);
    plan_.nested = result.nested();
    if (plan_.nested) plan_.notes.push_back({NoteKind::NestCostsALayer, {}, {}, false});
    else if (nest) plan_.notes.push_back({NoteKind::NestNarrowsNothing, {}, {}, false});
    return std::move(result.layers);
  }

  // protect: every layer's writable grants, whoever wrote them (protect.h).
  std::vector<GrantLayer> protect(const Protection &protection, std::vector<GrantLayer> layers) {
    ProtectResult checked = protect_layers(ctx_, protection, std::move(layers));
    add_dropped(plan_, checked.dropped);
    widen(checked.widenings);
    return std::move(checked.layers);
  }

  // outputs, checked only: created before the carve lists the workspace (one
  // created then is listed like every other entry, and granted by its own
  // rule too), once every check passed
  void outputs(const Mode &mode, const std::vector<Grant> &listed, const GrantLayer &outer) {
    std::vector<Widening> widenings;
    const std::vector<DetectedOutput> detected = detected_outputs(ctx_, layers_.both, mode);
    plan_.outputs = plan_outputs(ctx_, layers_, listed, outer.grants, detected, widenings);
    mark_executable(ctx_, layers_, plan_.outputs, widenings);
    widen(widenings);
  }

  // The carve's exceptions; the outputs checked against them and the
  // protection (a nested repository's .envrc is known only now).
  void carve_exceptions(const Mode &mode, const std::vector<Grant> &listed, const GrantLayer &outer,
                        const Protection &protection) {
    std::vector<Widening> widenings;
    CarveExceptions exceptions = collect_carve(ctx_, listed, layers_, mode.carve);
    plan_.carved = exceptions.paths;
    check_git(ctx_, outer.grants, plan_.carved);
    check_outputs(ctx_, exceptions, protection, plan_.outputs, widenings);
    widen(widenings);
  }

  std::vector<GrantLayer> carve(std::vector<GrantLayer> layers) {
    for (GrantLayer &layer : layers) {
      CarveResult carved = apply_carve(ctx_, plan_.carved, std::move(layer.grants));
      add_dropped(plan_, carved.dropped);
      plan_.carved_folders.insert(plan_.carved_folders.end(), carved.read_only.begin(), carved.read_only.end());
      layer.grants = std::move(carved.grants);
    }
    std::sort(plan_.carved_folders.begin(), plan_.carved_folders.end());
    plan_.carved_folders.erase(std::unique(plan_.carved_folders.begin(), plan_.carved_folders.end()),
                               plan_.carved_folders.end());
    return layers;
  }

  std::vector<GrantLayer> hide(const Mode &mode, const Protection &protection, std::vector<GrantLayer> layers) {
    const Layer &user = layers_.user;
    bool hide_secrets = user.hide_secrets.value.value_or(mode.hide_secrets);
    if (!hide_secrets && mode.hide_secrets)
      ctx_.diags.warning(user.hide_secrets.loc,
                         "hide_secrets = false: the command can read ~/.ssh, ~/.aws and the other secrets",
                         "keep the default unless the command really needs them");
    plan_.hidden = collect_hidden(ctx_, layers_.both.hide, protection, hide_secrets, mode_loc());
    for (GrantLayer &layer : layers) {
      HidingResult hidden = apply_hiding(ctx_, plan_.hidden, std::move(layer.grants));
      add_dropped(plan_, hidden.dropped);
      plan_.unlistable.insert(plan_.unlistable.end(), hidden.unlistable.begin(), hidden.unlistable.end());
      layer.grants = std::move(hidden.grants);
    }
    return layers;
  }

  // normalise, and the promises of hide and carve checked on the result.
  void normalise(std::vector<GrantLayer> layers) {
    for (GrantLayer &layer : layers) {
      add_dropped(plan_, normalise_grants(ctx_, layer.grants));
      verify_hidden(ctx_, plan_.hidden, layer.grants);
      verify_carved(ctx_, plan_.carved, layer.grants);
      LayerPlan &into = layer.id == LayerId::Outer ? plan_.outer : plan_.inner;
      into.grants = std::move(layer.grants);
    }
  }

  void network(const Mode &mode) {
    NetworkResult network = plan_network(ctx_, layers_, plan_.nested);
    plan_.outer.net = network.outer_net;
    plan_.outer.scopes = network.outer_scopes;
    plan_.inner.net = network.inner_net;
    plan_.inner.scopes = network.inner_scopes;
    plan_.log_denials = network.switches.log_denials;
    plan_.no_log = network.switches.no_log;
    plan_.best_effort = network.switches.best_effort;
    plan_.keep_fds = network.switches.keep_fds;
    plan_.require_abi = network.switches.require_abi;
    // Landlock takes no capability away: in the sandboxing modes a command run
    // as root keeps none (docs/landlock-limits.md). The ABI is the run's, not
    // the compile's, so the sockets it cannot govern are a note of explain.
    plan_.drop_caps = mode.drop_caps;
    if (mode.drop_caps) plan_.notes.push_back({NoteKind::UnixSocketsBelowAbi, {}, {}, false});
    widen(network.widenings);
  }

  // The channels out that the agent modes close (plan/network.h).
  void channels(const Mode &mode) {
    ChannelGuards guards = plan_channel_guards(ctx_, layers_.user, mode, plan_.outer.scopes);
    plan_.outer.try_scopes = std::move(guards.try_scopes);
    plan_.guard_terminal = guards.guard_terminal;
  }

  // What a stage dropped of a project policy's, for the one report at the end.
  void widen(const std::vector<Widening> &widenings) {
    widenings_.insert(widenings_.end(), widenings.begin(), widenings.end());
  }

  const Context &ctx_;
  const Layers &layers_;
  const Loaded &loaded_;
  CompileResult &res_;
  Plan &plan_;
  std::vector<Widening> widenings_;  // every stage's, loading's first: reported once, at the end
};

Layer merged(const Layer &user, const Layer &project) {
  Layer both = user;
  merge_layer(both, project);
  return both;
}

}  // namespace

const std::vector<std::string_view> &settable_keys() {
  static const std::vector<std::string_view> keys = schema::settable_keys();
  return keys;
}

CompileResult compile(const CompileOptions &opt) {
  CompileResult res;
  Plan &plan = res.plan;
  plan.version = opt.version;
  plan.pinned = !opt.unpinned;

  // load
  std::optional<Loaded> loaded = load_policy(opt, res.sources, res.diags);
  if (!loaded) return res;
  apply_sets(opt.sets, res.diags, loaded->user);
  const Layer &user = loaded->user;
  const Layer &project = loaded->project;
  const bool strict = user.strict.value.value_or(false) || project.strict.value.value_or(false);
  const Context ctx{opt, res.sources, res.diags, std::move(loaded->vars), opt.target == Target::Host, strict};
  const Layers layers{user, project, merged(user, project)};
  plan.workspace = ctx.vars.workspace.value_or("");
  for (int i = 0; i < res.sources.size(); ++i)
    if (res.sources.file(i).provenance == Provenance::Project) plan.project_files.push_back(i);

  Pipeline(ctx, layers, *loaded, res).run();
  return res;
}

}  // namespace llp
