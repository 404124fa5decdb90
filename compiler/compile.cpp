// The pipeline, in order; each stage returns a value:
//   load      files with their provenance -> the trusted and untrusted layers
//   launcher  the launcher to emit: an absolute, existing, trusted path
//   caches    the presets' missing cache folders, created on a run (caches.h)
//   grants    modes and lists -> one list of resolved grants, each marked
//             with its provenance (trusted or not) and origin; the mode's
//             ${TMPDIR} replaced when it holds the workspace (tmpdir.h)
//   redirect  grants that leave a writable folder through a symlink: errors
//   protect   the protected paths; writable grants that meet them: errors
//   trust     untrusted grants may only narrow: the outer and inner layers
//   outputs   what a build creates in the workspace: checked, created on a
//             run, granted writable (outputs.h)
//   carve     writable grants above a read-only exception (.git) -> a carve
//   hide      grants covering a hidden path -> their complement
//   normalise duplicates merged, covered children dropped, sorted
//   network   TCP, scopes, audit and the other switches
//   env       the command's environment ([env]; an untrusted file may only narrow it)
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
#include "policy/schema.h"
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

const std::vector<std::string_view> kSettable = {"workspace", "mode", "strict", "launcher"};

// --set overrides the scalars it names (workspace is applied while loading).
void apply_sets(Context &ctx, Layer &trusted) {
  for (const auto &[key, value] : ctx.opt.sets) {
    if (key == "mode") {
      trusted.mode.value = value;
      trusted.mode.loc = {};
    } else if (key == "launcher") {
      trusted.launcher_path.value = value;
      trusted.launcher_path.loc = {};
      trusted.launcher_literal = true;
    } else if (key == "strict") {
      if (value != "true" && value != "false") {
        ctx.diags.error({}, "--set strict=" + value + ": expected true or false");
        continue;
      }
      trusted.strict.value = value == "true";
      trusted.strict.loc = {};
    } else if (key != "workspace") {
      ctx.diags.error({}, "--set " + key + ": unknown key", suggestion(key, kSettable));
    }
  }
}

struct Launcher {
  std::string path;                // emitted as argv[0]
  std::vector<std::string> chain;  // every path it was reached through: protected
};

// The launcher: --launcher, else --set launcher / [launcher] path (only a
// trusted file can set it), else the one installed beside the compiler.
// Always an absolute path, never a name to look up in PATH when the argv
// runs; on the host it must exist, be an executable regular file, and lie
// outside the folders a confined command can write (it runs unconfined).
Launcher choose_launcher(Context &ctx, const Layer &trusted) {
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
      if (!path.empty() && path[0] != '/') path = join_path(loc.file >= 0 ? file_folder(ctx, loc.file) : ctx.opt.cwd, path);
    }
  }
  if (path.empty()) path = ctx.opt.default_launcher;
  if (path.empty() || path.find('/') == std::string::npos) {
    ctx.diags.error(loc, "the launcher `" + (path.empty() ? std::string("landlock-run") : path) +
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
    auto inside = std::find_if(out.chain.begin(), out.chain.end(), [&](const std::string &p) { return is_within(p, area); });
    if (inside == out.chain.end()) continue;
    std::string message = "the launcher " + path;
    if (*inside != path) message += " is reached through " + *inside + ",";
    message += " lies inside " + area;
    message += ", which a confined command can write: it could be replaced by one that does not confine";
    ctx.diags.error(loc, message, "install landlock-run outside the workspace and the temp directory (/usr/bin, /usr/local/bin)");
    return {};
  }
  return out;
}

bool any_grant(const Layer &l) {
  return !l.ro.empty() || !l.rw.empty() || !l.hide.empty() || !l.connect.empty() || !l.bind.empty() ||
         !l.connect_udp.empty() || !l.bind_udp.empty() || !l.unix_sockets.empty() || !l.scopes.empty() || l.project ||
         l.net_restrict.value || l.restrict_udp.value || !l.outputs.empty();
}

bool narrows_anything(const Layer &untrusted) {
  return !untrusted.ro.empty() || !untrusted.rw.empty() || !untrusted.connect.empty() || !untrusted.bind.empty() ||
         !untrusted.connect_udp.empty() || !untrusted.bind_udp.empty() || !untrusted.unix_sockets.empty() ||
         !untrusted.scopes.empty() || untrusted.net_restrict.value || untrusted.restrict_udp.value;
}

void add_dropped(Plan &plan, const std::vector<Dropped> &dropped) {
  plan.dropped.insert(plan.dropped.end(), dropped.begin(), dropped.end());
}

}  // namespace

const std::vector<std::string_view> &settable_keys() { return kSettable; }

CompileResult compile(const CompileOptions &opt) {
  CompileResult res;
  Plan &plan = res.plan;
  Context ctx(opt, res.sources, res.diags);
  plan.version = opt.version;
  plan.pinned = !opt.unpinned;

  // load
  std::optional<Loaded> loaded = load_policy(ctx);
  if (!loaded) return res;
  Layer &trusted = loaded->trusted;
  const Layer &untrusted = loaded->untrusted;
  plan.workspace = ctx.vars.workspace.value_or("");
  apply_sets(ctx, trusted);
  ctx.strict = trusted.strict.value.value_or(false) || untrusted.strict.value.value_or(false);
  for (int i = 0; i < res.sources.size(); ++i)
    if (!res.sources.file(i).trusted)
      plan.untrusted_files.push_back(res.sources.file(i).name + ": " + res.sources.file(i).untrusted_because);

  if (!trusted.mode.value) {
    ctx.diags.error({0, 1, 1}, "missing `mode`", "add mode = " + join_names(mode_names(), ", ", " or ", true));
    return res;
  }
  const std::string mode = *trusted.mode.value;
  const Loc mode_loc = trusted.mode.loc;
  plan.mode = mode;

  // caches (before the grants resolve: a cache folder created now is granted)
  plan.cache_folders = prepare_caches(ctx);

  // grants (the mode's first: an unknown mode stops here)
  std::vector<Grant> grants;
  const ModeKind kind = mode_grants(ctx, mode, mode_loc, grants);
  const Mode *mode_row = find_mode(mode);
  if (kind == ModeKind::Unknown || !mode_row) {
    ctx.diags.error(mode_loc, "unknown mode `" + mode + "`", suggestion(mode, mode_names()));
    return res;
  }
  if (kind == ModeKind::Unsandboxed) {
    plan.sandboxed = false;
    if (any_grant(trusted))
      ctx.diags.error(mode_loc, mode + " runs without a sandbox, so its grants would mean nothing",
                      "remove the grants, or choose mode = \"custom\" to run with exactly them");
    if (env_changes(trusted.env))
      ctx.diags.error(mode_loc, mode + " runs the command itself, without the launcher, so [env] cannot be applied",
                      "remove [env], or choose a sandboxing mode");
    if (!ctx.diags.has_errors())
      ctx.diags.warning(mode_loc, mode + ": no sandbox; the output is the command alone",
                        "the command can read and write everything you can");
    res.ok = !ctx.diags.has_errors();
    if (res.ok) res.argv = build_argv(plan, opt.command);
    return res;
  }
  list_grants(ctx, trusted.ro, Access::Ro, grants);
  list_grants(ctx, trusted.rw, Access::Rw, grants);
  list_grants(ctx, untrusted.ro, Access::Ro, grants);
  list_grants(ctx, untrusted.rw, Access::Rw, grants);
  replace_tmpdir(ctx, grants, plan);
  // A preset's cache folder reached through a symlink is not granted (caches.cpp).
  std::vector<Dropped> through_links;
  std::erase_if(grants, [&](const Grant &g) {
    const bool linked = std::any_of(plan.cache_folders.begin(), plan.cache_folders.end(), [&](const CacheFolder &f) {
      return f.path == g.expanded && f.state.ends_with(" is a symlink");
    });
    if (linked) through_links.push_back({g, "a preset's cache folder reached through a symlink"});
    return linked;
  });
  add_dropped(plan, through_links);

  // launcher
  Launcher launcher = choose_launcher(ctx, trusted);
  plan.launcher = launcher.path;
  plan.no_symlinks = ctx.host;

  // redirect
  if (ctx.host) check_redirects(ctx, grants, writable_areas(ctx, grants));

  // protect
  const std::vector<std::string_view> composes = schema::choices_of(*schema::find_key("", "compose"));
  if (trusted.compose.value && std::find(composes.begin(), composes.end(), *trusted.compose.value) == composes.end())
    ctx.diags.error(trusted.compose.loc, "unknown compose `" + *trusted.compose.value + "`",
                    suggestion(*trusted.compose.value, composes));
  const bool nest = trusted.compose.value.value_or("merge") == "nest";
  Layer protection_layer = trusted;
  protection_layer.protect.insert(protection_layer.protect.end(), untrusted.protect.begin(), untrusted.protect.end());
  Protection protection = build_protection(ctx, protection_layer, loaded->policy_files, launcher.chain);
  for (const Protected &p : protection.paths) plan.protected_paths.push_back(p.path + "  (" + p.origin + ")");
  std::vector<Grant> user_grants;
  std::copy_if(grants.begin(), grants.end(), std::back_inserter(user_grants), [](const Grant &g) { return g.trusted; });
  // Untrusted grants are not checked here: what survives trust lies inside
  // the user's checked grants, and the rest is dropped as widening.
  const std::vector<bool> refused = check_writable(ctx, protection, user_grants);

  // trust (before hiding: a project's grant is judged as written; rw "/" is
  // a widening, whatever part of it the complement would leave)
  const bool has_project = narrows_anything(untrusted);
  TrustResult layers = apply_trust(grants, nest && has_project);
  add_dropped(plan, layers.dropped);

  // outputs (before the carve lists the workspace: one created now is
  // listed like every other entry, and granted by its own rule too)
  std::vector<Widening> output_widenings;
  plan.outputs = plan_outputs(ctx, trusted, untrusted, grants, layers.outer, output_widenings);
  add_output_grants(plan.outputs, layers.outer);
  if (layers.nested) add_output_grants(plan.outputs, layers.inner);

  // carve
  CarveExceptions carve = collect_carve(ctx, grants, trusted, untrusted, mode_row->carve);
  plan.carved = carve.paths;
  check_git(ctx, user_grants, refused, plan.carved);
  CarveResult outer_carve = apply_carve(ctx, plan.carved, std::move(layers.outer));
  CarveResult inner_carve = apply_carve(ctx, plan.carved, std::move(layers.inner));
  for (const CarveResult *c : {&outer_carve, &inner_carve}) {
    add_dropped(plan, c->dropped);
    plan.carved_folders.insert(plan.carved_folders.end(), c->read_only.begin(), c->read_only.end());
  }
  std::sort(plan.carved_folders.begin(), plan.carved_folders.end());
  plan.carved_folders.erase(std::unique(plan.carved_folders.begin(), plan.carved_folders.end()), plan.carved_folders.end());

  // hide
  bool hide_secrets = trusted.hide_secrets.value.value_or(mode_row->hide_secrets);
  if (!hide_secrets && mode_row->hide_secrets)
    ctx.diags.warning(trusted.hide_secrets.loc, "hide_secrets = false: the command can read ~/.ssh, ~/.aws and the other secrets",
                      "keep the default unless the command really needs them");
  std::vector<PathEntry> hide = trusted.hide;
  hide.insert(hide.end(), untrusted.hide.begin(), untrusted.hide.end());
  plan.hidden = collect_hidden(ctx, hide, protection, hide_secrets, mode_loc);
  HidingResult outer = apply_hiding(ctx, plan.hidden, std::move(outer_carve.grants));
  HidingResult inner = apply_hiding(ctx, plan.hidden, std::move(inner_carve.grants));
  for (const HidingResult *h : {&outer, &inner}) {
    add_dropped(plan, h->dropped);
    plan.unlistable.insert(plan.unlistable.end(), h->unlistable.begin(), h->unlistable.end());
  }

  // normalise
  add_dropped(plan, normalise_grants(ctx, outer.grants));
  verify_hidden(ctx, plan.hidden, outer.grants);
  verify_carved(ctx, plan.carved, outer.grants);
  plan.outer.grants = std::move(outer.grants);
  if (layers.nested) {
    plan.nested = true;
    add_dropped(plan, normalise_grants(ctx, inner.grants));
    verify_hidden(ctx, plan.hidden, inner.grants);
    verify_carved(ctx, plan.carved, inner.grants);
    plan.inner.grants = std::move(inner.grants);
    plan.notes.push_back("compose = \"nest\" costs one of the kernel's 16 Landlock layers");
  } else if (nest) {
    plan.notes.push_back("compose = \"nest\": no project policy narrows anything, so one launcher is emitted");
  }

  // network
  NetworkResult network = plan_network(ctx, trusted, untrusted, plan.nested);
  plan.outer.net = network.outer_net;
  plan.outer.scopes = network.outer_scopes;
  plan.inner.net = network.inner_net;
  plan.inner.scopes = network.inner_scopes;
  plan.log_denials = network.switches.log_denials;
  plan.no_log = network.switches.no_log;
  plan.best_effort = network.switches.best_effort;
  plan.keep_fds = network.switches.keep_fds;
  plan.require_abi = network.switches.require_abi;
  // Landlock takes no capability away: in the sandboxing modes a command run
  // as root keeps none (docs/landlock-limits.md). The ABI is the run's, not
  // the compile's, so the sockets it cannot govern are a note of explain.
  plan.drop_caps = mode_row->drop_caps;
  if (mode_row->drop_caps)
    plan.notes.push_back("below Landlock ABI 9 (Linux 7.1) pathname UNIX sockets (an SSH agent, D-Bus, docker.sock) "
                         "stay reachable whatever [network] unix says: there landlock-run --probe says pathname-unix=no");
  std::vector<Widening> widenings = std::move(loaded->widenings);
  widenings.insert(widenings.end(), layers.widenings.begin(), layers.widenings.end());
  widenings.insert(widenings.end(), network.widenings.begin(), network.widenings.end());
  widenings.insert(widenings.end(), output_widenings.begin(), output_widenings.end());
  report_widenings(ctx, std::move(widenings));

  // env
  plan.env = plan_env(ctx, trusted, untrusted, mode, mode_loc);
  set_private_tmpdir(plan, plan.env);

  // argv
  res.ok = !ctx.diags.has_errors();
  if (res.ok) res.argv = build_argv(plan, opt.command);
  return res;
}

}  // namespace llp
