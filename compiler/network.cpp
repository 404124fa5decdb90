#include "network.h"

#include <algorithm>
#include <set>

#include "../common/cli_flags.h"
#include "parse.h"
#include "text.h"

namespace llp {

std::vector<long> expand_ports(const std::vector<PortEntry> &entries) {
  std::vector<bool> seen(65536, false);  // a bitmap: ranges of any size cost the same
  for (const PortEntry &p : entries)
    for (long port = std::max(p.lo, 0L); port <= std::min(p.hi, 65535L); ++port) seen[static_cast<size_t>(port)] = true;
  std::vector<long> out;
  for (size_t i = 0; i < seen.size(); ++i)
    if (seen[i]) out.push_back(static_cast<long>(i));
  return out;
}

namespace {

NetworkPlan network_of(Context &ctx, const Layer &l) {
  NetworkPlan net;
  net.connect = expand_ports(l.connect);
  net.bind = expand_ports(l.bind);
  bool has_ports = !net.connect.empty() || !net.bind.empty();
  if (l.net_restrict.value && !*l.net_restrict.value && has_ports) {
    ctx.diags.error(l.net_restrict.loc, "`restrict = false` but ports are listed in [network]",
                    "listing a port restricts TCP to the listed ports; remove `restrict = false` or the ports");
  }
  net.restricted = has_ports || (l.net_restrict.value && *l.net_restrict.value);
  return net;
}

// Project ports may only narrow a restricted user policy: a port the user
// does not grant is dropped (the kernel would refuse it anyway in a nest).
void drop_widening_ports(std::vector<Widening> &widenings, const NetworkPlan &user, const std::vector<PortEntry> &entries,
                         const std::vector<long> &allowed, const char *what) {
  if (!user.restricted) return;
  for (const PortEntry &p : entries)
    for (long port = p.lo; port <= p.hi; ++port)
      if (!std::binary_search(allowed.begin(), allowed.end(), port)) {
        widenings.push_back({p.loc, std::string("project policy ") + what + " port " + std::to_string(port) +
                                            " widens your [network]: dropped"});
        break;
      }
}

std::vector<long> intersect(const std::vector<long> &a, const std::vector<long> &b) {
  std::vector<long> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

}  // namespace

NetworkResult plan_network(Context &ctx, const Layer &trusted, const Layer &untrusted, bool nest) {
  NetworkResult out;
  std::vector<Widening> &widenings = out.widenings;
  NetworkPlan user = network_of(ctx, trusted);
  NetworkPlan project = network_of(ctx, untrusted);
  drop_widening_ports(widenings, user, untrusted.connect, user.connect, "connect");
  drop_widening_ports(widenings, user, untrusted.bind, user.bind, "bind");
  NetworkPlan narrowed = user;
  if (project.restricted) {
    narrowed.restricted = true;
    narrowed.connect = user.restricted ? intersect(user.connect, project.connect) : project.connect;
    narrowed.bind = user.restricted ? intersect(user.bind, project.bind) : project.bind;
  }
  out.outer_net = nest ? user : narrowed;
  if (nest) out.inner_net = narrowed;

  std::set<std::string> user_scopes, all_scopes;
  for (const Layer *l : {&trusted, &untrusted})
    for (const NameEntry &s : l->scopes) {
      std::vector<std::string_view> names(std::begin(kScopeNames), std::end(kScopeNames));
      if (std::find(names.begin(), names.end(), s.name) == names.end()) {
        ctx.diags.error(s.loc, "unknown scope `" + s.name + "`", suggestion(s.name, names));
        continue;
      }
      all_scopes.insert(s.name);
      if (s.trusted) user_scopes.insert(s.name);
    }
  const std::set<std::string> &outer_scopes = nest ? user_scopes : all_scopes;
  out.outer_scopes.assign(outer_scopes.begin(), outer_scopes.end());
  if (nest) out.inner_scopes.assign(all_scopes.begin(), all_scopes.end());

  // Scalars: the project's were already limited to narrowing ones when loaded.
  Layer merged = trusted;
  merge_layer(merged, untrusted);
  Switches &plan = out.switches;
  plan.log_denials = merged.log_denials.value.value_or(false);
  plan.no_log = !merged.log_launcher.value.value_or(true);
  plan.best_effort = trusted.best_effort.value.value_or(false);
  plan.keep_fds = trusted.keep_fds.value.value_or(false);
  if (merged.require_abi.value) {
    long abi = *merged.require_abi.value;
    if (abi < 1 || abi > llr_cli::kNewestKnownAbi)
      ctx.diags.error(merged.require_abi.loc, "require_abi = " + std::to_string(abi) + " is out of range",
                      "a Landlock ABI from 1 to " + std::to_string(llr_cli::kNewestKnownAbi) +
                          " (the newest the launcher knows)");
    else
      plan.require_abi = std::max(abi, trusted.require_abi.value.value_or(0));
  }
  return out;
}

}  // namespace llp
