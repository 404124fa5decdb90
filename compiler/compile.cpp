// The pipeline, in order: load -> modes and grants -> protection -> hiding
// -> trust -> normalisation -> network -> argv. Each stage reports into
// ctx.diags and the pipeline keeps going, so one run shows every error.
#include "compile.h"

#include "context.h"
#include "emit.h"
#include "grants.h"
#include "hide.h"
#include "network.h"
#include "paths.h"
#include "protect.h"
#include "resolve.h"
#include "text.h"
#include "trust.h"

namespace llp {

namespace {

const std::vector<std::string_view> kSettable = {"workspace", "mode", "strict", "launcher"};

// --set overrides the scalars it names (workspace is applied while loading).
void apply_sets(Context &ctx, Layer &trusted) {
  for (const auto &[key, value] : ctx.opt.sets) {
    if (key == "mode") trusted.mode.value = value, trusted.mode.loc = {};
    else if (key == "launcher") trusted.launcher_path.value = value, trusted.launcher_path.loc = {};
    else if (key == "strict") {
      if (value != "true" && value != "false") ctx.diags.error({}, "--set strict=" + value + ": expected true or false");
      else trusted.strict.value = value == "true", trusted.strict.loc = {};
    } else if (key != "workspace") {
      ctx.diags.error({}, "--set " + key + ": unknown key", suggestion(key, kSettable));
    }
  }
}

std::string choose_launcher(Context &ctx, const Layer &trusted) {
  std::string path = ctx.opt.launcher;
  Loc loc;
  if (path.empty() && trusted.launcher_path.value) {
    loc = trusted.launcher_path.loc;
    Expansion x = expand_variables(*trusted.launcher_path.value, ctx.vars);
    if (!x.error.empty()) {
      ctx.diags.error(loc, "[launcher] path: " + x.error, x.hint);
      return {};
    }
    path = x.value;
    if (!path.empty() && path[0] != '/') path = join_path(loc.file >= 0 ? file_folder(ctx, loc.file) : ctx.opt.cwd, path);
  }
  if (path.empty()) path = ctx.opt.default_launcher;
  if (path.empty()) path = "landlock-run";  // found through PATH by whoever runs the argv
  if (path.find('/') != std::string::npos) path = lexical_normalize(join_path(ctx.opt.cwd, path));
  if (size_t c = find_control(path); c != std::string::npos || !valid_utf8(path))
    ctx.diags.error(loc, "the launcher path contains a control character or is not UTF-8");
  return path;
}

bool any_grant(const Layer &l) {
  return !l.ro.empty() || !l.rw.empty() || !l.hide.empty() || !l.connect.empty() || !l.bind.empty() ||
         !l.scopes.empty() || l.project || l.net_restrict.value;
}

}  // namespace

const std::vector<std::string_view> &settable_keys() { return kSettable; }

CompileResult compile(const CompileOptions &opt) {
  CompileResult res;
  Plan &plan = res.plan;
  Context ctx(opt, res.sources, res.diags, plan);
  plan.version = opt.version;
  plan.pinned = !opt.unpinned;

  Layer trusted, untrusted;
  untrusted.trusted = false;
  if (!load_policy(ctx, trusted, untrusted)) return res;
  apply_sets(ctx, trusted);
  ctx.strict = trusted.strict.value.value_or(false) || untrusted.strict.value.value_or(false);

  if (!trusted.mode.value) {
    ctx.diags.error({0, 1, 1}, "missing `mode`",
                    "add mode = \"read-only\", \"workspace-write\", \"danger-full-access\" or \"custom\"");
    return res;
  }
  const std::string mode = *trusted.mode.value;
  const Loc mode_loc = trusted.mode.loc;
  plan.mode = mode;
  plan.launcher = choose_launcher(ctx, trusted);

  std::vector<Grant> user, project, inner;
  if (!mode_grants(ctx, mode, mode_loc, user)) {
    std::vector<std::string_view> modes(std::begin(kModes), std::end(kModes));
    ctx.diags.error(mode_loc, "unknown mode `" + mode + "`", suggestion(mode, modes));
    return res;
  }
  if (!plan.sandboxed) {
    if (any_grant(trusted))
      ctx.diags.error(mode_loc, "danger-full-access runs without a sandbox, so its grants would mean nothing",
                      "remove the grants, or choose mode = \"custom\" to run with exactly them");
    if (!ctx.diags.has_errors())
      ctx.diags.warning(mode_loc, "danger-full-access: no sandbox; the output is the command alone",
                        "the command can read and write everything you can");
    res.ok = !ctx.diags.has_errors();
    if (res.ok) res.argv = build_argv(plan, opt.command);
    return res;
  }

  if (trusted.compose.value && *trusted.compose.value != "merge" && *trusted.compose.value != "nest")
    ctx.diags.error(trusted.compose.loc, "unknown compose `" + *trusted.compose.value + "`",
                    suggestion(*trusted.compose.value, {"merge", "nest"}));
  const bool nest = trusted.compose.value.value_or("merge") == "nest";

  list_grants(ctx, trusted.ro, Access::Ro, user);
  list_grants(ctx, trusted.rw, Access::Rw, user);
  list_grants(ctx, untrusted.ro, Access::Ro, project);
  list_grants(ctx, untrusted.rw, Access::Rw, project);

  Layer protection_layer = trusted;
  protection_layer.protect.insert(protection_layer.protect.end(), untrusted.protect.begin(), untrusted.protect.end());
  Protection protection = build_protection(ctx, protection_layer, plan.launcher);
  const std::vector<bool> refused = check_writable(ctx, protection, user);
  // Project grants are not checked here: what survives apply_trust lies
  // inside the user's checked grants, and the rest is dropped as widening.
  check_git(ctx, user, refused);

  bool hide_secrets = trusted.hide_secrets.value.value_or(mode_hides_secrets(mode));
  if (!hide_secrets && mode_hides_secrets(mode))
    ctx.diags.warning(trusted.hide_secrets.loc, "hide_secrets = false: the command can read ~/.ssh, ~/.aws and the other secrets",
                      "keep the default unless the command really needs them");
  std::vector<PathEntry> hide = trusted.hide;
  hide.insert(hide.end(), untrusted.hide.begin(), untrusted.hide.end());
  std::vector<Hidden> hidden = collect_hidden(ctx, hide, protection, hide_secrets, mode_loc);
  plan.hidden = hidden;

  // Trust before hiding: a project's grant is judged as written (rw "/" is a
  // widening, whatever part of it the complement would leave).
  const bool has_project = !untrusted.ro.empty() || !untrusted.rw.empty() || !untrusted.connect.empty() ||
                           !untrusted.bind.empty() || !untrusted.scopes.empty() || untrusted.net_restrict.value;
  apply_trust(ctx, user, project, nest && has_project, inner);
  apply_hiding(ctx, hidden, user);
  apply_hiding(ctx, hidden, inner);
  normalise_grants(ctx, user);
  verify_hidden(ctx, hidden, user);
  plan.outer.grants = std::move(user);
  if (nest && has_project) {
    plan.nested = true;
    normalise_grants(ctx, inner);
    verify_hidden(ctx, hidden, inner);
    plan.inner.grants = std::move(inner);
    plan.notes.push_back("compose = \"nest\" costs one of the kernel's 16 Landlock layers");
  } else if (nest) {
    plan.notes.push_back("compose = \"nest\": no project policy narrows anything, so one launcher is emitted");
  }
  plan_network(ctx, trusted, untrusted, plan.nested);
  report_widenings(ctx);

  res.ok = !ctx.diags.has_errors();
  if (res.ok) res.argv = build_argv(plan, opt.command);
  return res;
}

}  // namespace llp
