// The pipeline, in order; each stage returns a value:
//   load      files with their provenance -> the trusted and untrusted layers,
//             then the Context (compile()), fixed from here on
//   mode      the mode's row of the mode table (plan/modes.h)
//   caches    the presets' missing cache folders, created on a run (caches.h)
//   grants    modes and lists -> one list of resolved grants, each marked
//             with its provenance (trusted or not) and origin; the mode's
//             ${TMPDIR} replaced when it holds the workspace (tmpdir.h)
//   launcher  the launcher to emit: an absolute, existing, trusted path
//   redirect  grants that leave a writable folder through a symlink: errors
//   protect   the protected paths; writable grants that meet them: errors
//   trust     untrusted grants may only narrow: the outer and inner layers
//   outputs   what a build creates in the workspace: checked (outputs.h),
//             written ones and those the mode detects (detect.h)
//   carve     the read-only exceptions (.git) under the writable grants;
//             the outputs checked against them and the protection
//   network   TCP, scopes, audit and the other switches; every widening said
//   env       the command's environment ([env]; an untrusted file may only narrow it)
//   create    the missing outputs, on a run, when no check failed; granted
//             writable
//   carve     writable grants above a read-only exception -> a carve
//   hide      grants covering a hidden path -> their complement
//   normalise duplicates merged, covered children dropped, sorted
//   argv      the launcher's argv (emit.cpp)
// Diagnostics are collected, never thrown, so one run shows every error.
#include "compile.h"

#include <algorithm>
#include <iterator>
#include <unistd.h>

#include "plan/caches.h"
#include "plan/carve.h"
#include "policy/context.h"
#include "out/emit.h"
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
#include "base/abi_name.h"
#include "plan/tmpdir.h"
#include "plan/trust.h"

namespace llp {

namespace {

struct Launcher {
  std::string path;                // emitted as argv[0]
  std::vector<std::string> chain;  // every path it was reached through: protected
};

// The launcher: --launcher, else --set launcher / [launcher] path (only a
// trusted file can set it), else the one installed beside the compiler.
// Always an absolute path, never a name to look up in PATH when the argv
// runs; on the host it must exist, be an executable regular file, and lie
// outside the folders a confined command can write (it runs unconfined).
Launcher choose_launcher(const Context &ctx, const Layer &trusted) {
  std::string path = ctx.opt.launcher;
  Loc loc;
  if (path.empty() && trusted.launcher_path.value) {
    loc = trusted.launcher_path.loc;
    path = *trusted.launcher_path.value;
    if (!trusted.launcher_literal) {
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
  if (!h.exists || !h.regular || access(h.path.c_str(), X_OK) != 0) {
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

// The stages after loading, in order, over one compile's state. Each
// method is one or two stages; the layers' grant lists (the outer launcher's
// and, when nested, the inner's) go through each stage in one loop, in that
// order, so what they drop is listed outer first.
class Pipeline {
 public:
  Pipeline(const Context &ctx, const Layers &layers, Loaded &loaded, CompileResult &res)
      : ctx_(ctx), layers_(layers), loaded_(loaded), res_(res), plan_(res.plan) {}

  void run() {
    if (!mode_and_grants()) return;
    launcher_and_protection();
    trust_and_outputs();
    carve_exceptions();
    network();
    channels();
    // env
    plan_.env = plan_env(ctx_, layers_, mode_, mode_loc_);
    set_private_tmpdir(plan_, plan_.env);
    // create: after every check of the outputs (and every other check that
    // does not need them on disk), so that a refused compile creates nothing
    create_outputs(ctx_, plan_.outputs);
    for (std::vector<Grant> &grants : launchers_) add_output_grants(plan_.outputs, grants);
    carve();
    hide();
    normalise();
    // argv
    emit_argv();
  }

 private:
  void emit_argv() {
    res_.ok = !ctx_.diags.has_errors();
    if (res_.ok) res_.argv = build_argv(plan_, ctx_.opt.command);
  }

  // mode, caches and grants; false when nothing more is to be done.
  bool mode_and_grants() {
    const Layer &trusted = layers_.trusted;
    if (!trusted.mode.value) {
      ctx_.diags.error({0, 1, 1}, "missing `mode`", "add mode = " + join_names(mode_names(), ", ", " or ", true));
      return false;
    }
    mode_ = *trusted.mode.value;
    mode_loc_ = trusted.mode.loc;
    plan_.mode = mode_;

    // caches (before the grants resolve: a cache folder created now is granted)
    plan_.cache_folders = prepare_caches(ctx_);

    // grants (the mode's first: an unknown mode stops here)
    const ModeKind kind = mode_grants(ctx_, mode_, mode_loc_, grants_);
    mode_row_ = find_mode(mode_);
    if (kind == ModeKind::Unknown || !mode_row_) {
      ctx_.diags.error(mode_loc_, "unknown mode `" + mode_ + "`", suggestion(mode_, mode_names()));
      return false;
    }
    if (kind == ModeKind::Unsandboxed) {
      unsandboxed();
      return false;
    }
    for (const Layer *layer : {&layers_.trusted, &layers_.untrusted}) {
      list_grants(ctx_, layer->ro, Access::Ro, grants_);
      list_grants(ctx_, layer->rw, Access::Rw, grants_);
    }
    replace_tmpdir(ctx_, grants_, plan_);
    // A preset's cache folder reached through a symlink is not granted (caches.cpp).
    std::vector<Dropped> through_links;
    std::erase_if(grants_, [&](const Grant &g) {
      const bool linked = std::any_of(
          plan_.cache_folders.begin(), plan_.cache_folders.end(),
          [&](const CacheFolder &f) { return f.path == g.expanded && f.state == CacheState::ThroughSymlink; });
      if (linked) through_links.push_back({g, "a preset's cache folder reached through a symlink"});
      return linked;
    });
    add_dropped(plan_, through_links);
    return true;
  }

  void unsandboxed() {
    const Layer &trusted = layers_.trusted;
    plan_.sandboxed = false;
    if (schema::holds_grant(trusted, true))
      ctx_.diags.error(mode_loc_, mode_ + " runs without a sandbox, so its grants would mean nothing",
                       "remove the grants, or choose mode = \"custom\" to run with exactly them");
    if (env_changes(trusted.env))
      ctx_.diags.error(mode_loc_, mode_ + " runs the command itself, without the launcher, so [env] cannot be applied",
                       "remove [env], or choose a sandboxing mode");
    if (!ctx_.diags.has_errors())
      ctx_.diags.warning(mode_loc_, mode_ + ": no sandbox; the output is the command alone",
                         "the command can read and write everything you can");
    emit_argv();
  }

  // launcher, redirect and protect
  void launcher_and_protection() {
    launcher_ = choose_launcher(ctx_, layers_.trusted);
    plan_.launcher = launcher_.path;
    plan_.no_symlinks = ctx_.host;

    // redirect
    if (ctx_.host) check_redirects(ctx_, grants_, writable_areas(ctx_, grants_));

    // protect
    const Layer &trusted = layers_.trusted;
    // compose's choices are checked in parse (the schema's row).
    nest_ = trusted.compose.value.value_or("merge") == "nest";
    protection_ = build_protection(ctx_, layers_.both, loaded_.policy_files, launcher_.chain);
    plan_.protected_entries = protection_.paths;
    std::copy_if(grants_.begin(), grants_.end(), std::back_inserter(user_grants_),
                 [](const Grant &g) { return g.trusted; });
    // Untrusted grants are not checked here: what survives trust lies inside
    // the user's checked grants, and the rest is dropped as widening.
    refused_ = check_writable(ctx_, protection_, user_grants_);
  }

  // trust (before hiding: a project's grant is judged as written; rw "/" is
  // a widening, whatever part of it the complement would leave), then
  // outputs, checked only: created before the carve lists the workspace (one
  // created then is listed like every other entry, and granted by its own
  // rule too), once every check passed
  void trust_and_outputs() {
    const bool has_project = schema::holds_grant(layers_.untrusted, false);
    TrustResult trust = apply_trust(grants_, nest_ && has_project);
    add_dropped(plan_, trust.dropped);
    widenings_.insert(widenings_.end(), trust.widenings.begin(), trust.widenings.end());
    plan_.nested = trust.nested;
    if (plan_.nested) plan_.notes.push_back("compose = \"nest\" costs one of the kernel's 16 Landlock layers");
    else if (nest_)
      plan_.notes.push_back("compose = \"nest\": no project policy narrows anything, so one launcher is emitted");
    launchers_.push_back(std::move(trust.outer));
    if (trust.nested) launchers_.push_back(std::move(trust.inner));

    const std::vector<DetectedOutput> detected = detected_outputs(ctx_, layers_.both, *mode_row_);
    plan_.outputs = plan_outputs(ctx_, layers_, grants_, launchers_.front(), detected, output_widenings_);
    mark_executable(ctx_, layers_, plan_.outputs, output_widenings_);
  }

  // The carve's exceptions; the outputs checked against them and the
  // protection (a nested repository's .envrc is known only now).
  void carve_exceptions() {
    CarveExceptions exceptions = collect_carve(ctx_, grants_, layers_, mode_row_->carve);
    plan_.carved = exceptions.paths;
    check_git(ctx_, user_grants_, refused_, plan_.carved);
    check_outputs(ctx_, exceptions, protection_, plan_.outputs, output_widenings_);
  }

  void carve() {
    for (std::vector<Grant> &grants : launchers_) {
      CarveResult carved = apply_carve(ctx_, plan_.carved, std::move(grants));
      add_dropped(plan_, carved.dropped);
      plan_.carved_folders.insert(plan_.carved_folders.end(), carved.read_only.begin(), carved.read_only.end());
      grants = std::move(carved.grants);
    }
    std::sort(plan_.carved_folders.begin(), plan_.carved_folders.end());
    plan_.carved_folders.erase(std::unique(plan_.carved_folders.begin(), plan_.carved_folders.end()),
                               plan_.carved_folders.end());
  }

  void hide() {
    const Layer &trusted = layers_.trusted;
    bool hide_secrets = trusted.hide_secrets.value.value_or(mode_row_->hide_secrets);
    if (!hide_secrets && mode_row_->hide_secrets)
      ctx_.diags.warning(trusted.hide_secrets.loc,
                         "hide_secrets = false: the command can read ~/.ssh, ~/.aws and the other secrets",
                         "keep the default unless the command really needs them");
    plan_.hidden = collect_hidden(ctx_, layers_.both.hide, protection_, hide_secrets, mode_loc_);
    for (std::vector<Grant> &grants : launchers_) {
      HidingResult hidden = apply_hiding(ctx_, plan_.hidden, std::move(grants));
      add_dropped(plan_, hidden.dropped);
      plan_.unlistable.insert(plan_.unlistable.end(), hidden.unlistable.begin(), hidden.unlistable.end());
      grants = std::move(hidden.grants);
    }
  }

  // normalise, and the promises of hide and carve checked on the result.
  void finish_layer(std::vector<Grant> &grants) {
    add_dropped(plan_, normalise_grants(ctx_, grants));
    verify_hidden(ctx_, plan_.hidden, grants);
    verify_carved(ctx_, plan_.carved, grants);
  }

  void normalise() {
    for (std::vector<Grant> &grants : launchers_) finish_layer(grants);
    plan_.outer.grants = std::move(launchers_.front());
    if (plan_.nested) plan_.inner.grants = std::move(launchers_.back());
  }

  void network() {
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
    plan_.drop_caps = mode_row_->drop_caps;
    if (mode_row_->drop_caps)
      plan_.notes.push_back(
          "below " + abi_with_release(launcher::enforced_from(launcher::Flag::ConnectUnix)) +
          " pathname UNIX sockets (an SSH agent, D-Bus, docker.sock) "
          "stay reachable whatever [network] unix says: there landlock-run --probe says pathname-unix=no");
    std::vector<Widening> widenings = std::move(loaded_.widenings);
    widenings.insert(widenings.end(), widenings_.begin(), widenings_.end());
    widenings.insert(widenings.end(), network.widenings.begin(), network.widenings.end());
    widenings.insert(widenings.end(), output_widenings_.begin(), output_widenings_.end());
    report_widenings(ctx_, std::move(widenings));
  }

  // The channels out that the agent modes close (plan/network.h).
  void channels() {
    ChannelGuards guards = plan_channel_guards(ctx_, layers_.trusted, *mode_row_, plan_.outer.scopes);
    plan_.outer.try_scopes = std::move(guards.try_scopes);
    plan_.guard_terminal = guards.guard_terminal;
  }

  const Context &ctx_;
  const Layers &layers_;
  Loaded &loaded_;
  CompileResult &res_;
  Plan &plan_;
  std::string mode_;
  const Mode *mode_row_ = nullptr;  // the mode table's row (modes.h), once known
  Loc mode_loc_;
  bool nest_ = false;
  std::vector<Grant> grants_;  // every listed grant, trusted or not, before trust
  Launcher launcher_;
  Protection protection_;
  std::vector<Grant> user_grants_;             // the trusted ones
  std::vector<bool> refused_;                  // per user grant: refused as writable over a protected path
  std::vector<std::vector<Grant>> launchers_;  // the outer's grants, then the inner's when nested
  std::vector<Widening> widenings_;            // trust's
  std::vector<Widening> output_widenings_;
};

Layer merged(const Layer &trusted, const Layer &untrusted) {
  Layer both = trusted;
  merge_layer(both, untrusted);
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
  apply_sets(opt.sets, res.diags, loaded->trusted);
  const Layer &trusted = loaded->trusted;
  const Layer &untrusted = loaded->untrusted;
  const bool strict = trusted.strict.value.value_or(false) || untrusted.strict.value.value_or(false);
  const Context ctx{opt, res.sources, res.diags, std::move(loaded->vars), opt.target == Target::Host, strict};
  const Layers layers{trusted, untrusted, merged(trusted, untrusted)};
  plan.workspace = ctx.vars.workspace.value_or("");
  for (int i = 0; i < res.sources.size(); ++i)
    if (!res.sources.file(i).trusted)
      plan.untrusted_files.push_back(res.sources.file(i).name + ": " + res.sources.file(i).untrusted_because);

  Pipeline(ctx, layers, *loaded, res).run();
  return res;
}

}  // namespace llp
