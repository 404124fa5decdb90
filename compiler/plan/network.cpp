#include "network.h"

#include <algorithm>
#include <set>

#include "../../launcher/cli_flags.h"
#include "grants.h"
#include "../host/paths.h"
#include "../base/text.h"

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

struct Socket {
  std::string path;
  Loc loc;
};

// The sockets of [network] unix, resolved like grants (variables, relative
// paths, symlinks). One that does not exist now is not emitted: the launcher
// would refuse a missing PATH from ABI 9 on.
std::vector<Socket> unix_sockets(const Context &ctx, const Layer &l) {
  std::vector<Socket> out;
  for (const PathEntry &e : l.unix_sockets) {
    std::optional<ResolvedPath> r = resolve_entry(ctx, e, Existence::Optional, "network.unix");
    if (r && !r->exists)
      ctx.diags.warning(e.loc, "[network] unix: `" + printable(r->path) + "` does not exist: not emitted");
    if (r && r->exists) out.push_back({r->path, e.loc});
  }
  return out;
}

std::vector<std::string> socket_paths(const std::vector<Socket> &sockets) {
  std::set<std::string> paths;
  for (const Socket &s : sockets) paths.insert(s.path);
  return {paths.begin(), paths.end()};
}

// Whether path is dir or beneath it.
bool beneath(const std::string &path, const std::string &dir) {
  if (dir == "/") return true;
  return path == dir || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/');
}

NetworkPlan network_of(const Context &ctx, const Layer &l) {
  NetworkPlan net;
  net.connect = expand_ports(l.connect);
  net.bind = expand_ports(l.bind);
  bool has_ports = !net.connect.empty() || !net.bind.empty();
  if (l.net_restrict.value && !*l.net_restrict.value && has_ports) {
    ctx.diags.error(l.net_restrict.loc, "`restrict = false` but ports are listed in [network]",
                    "listing a port restricts TCP to the listed ports; remove `restrict = false` or the ports");
  }
  net.restricted = has_ports || (l.net_restrict.value && *l.net_restrict.value);
  net.connect_udp = expand_ports(l.connect_udp);
  net.bind_udp = expand_ports(l.bind_udp);
  bool has_udp_ports = !net.connect_udp.empty() || !net.bind_udp.empty();
  if (l.restrict_udp.value && !*l.restrict_udp.value && has_udp_ports) {
    ctx.diags.error(l.restrict_udp.loc, "`restrict_udp = false` but UDP ports are listed in [network]",
                    "listing a UDP port restricts UDP to the listed ports; remove `restrict_udp = false` or the ports");
  }
  net.udp_restricted = has_udp_ports || (l.restrict_udp.value && *l.restrict_udp.value);
  return net;
}

// Project sockets may only narrow: one not at or beneath a socket or folder
// of the user's [network] unix is dropped (the kernel denies every socket
// created outside that no --connect-unix names).
std::vector<Socket> narrow_sockets(std::vector<Widening> &widenings, const std::vector<std::string> &user,
                                   const std::vector<Socket> &project) {
  std::vector<Socket> kept;
  for (const Socket &socket : project) {
    bool allowed = std::any_of(user.begin(), user.end(), [&](const std::string &u) { return beneath(socket.path, u); });
    if (allowed) kept.push_back(socket);
    if (!allowed) widenings.push_back(Widening::of(WideningKind::UnixSocket, socket.loc, socket.path));
  }
  return kept;
}

// Project ports may only narrow a restricted user policy: a port the user
// does not grant is dropped (the kernel would refuse it anyway in a nest).
void drop_widening_ports(std::vector<Widening> &widenings, bool user_restricted, const std::vector<PortEntry> &entries,
                         const std::vector<long> &allowed, const char *what) {
  if (!user_restricted) return;
  for (const PortEntry &p : entries)
    for (long port = p.lo; port <= p.hi; ++port)
      if (!std::binary_search(allowed.begin(), allowed.end(), port)) {
        Widening w = Widening::of(WideningKind::Port, p.loc, "");
        w.key = what;
        w.port = port;
        widenings.push_back(std::move(w));
        break;
      }
}

std::vector<long> intersect(const std::vector<long> &a, const std::vector<long> &b) {
  std::vector<long> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

}  // namespace

NetworkResult plan_network(const Context &ctx, const Layers &layers, bool nest) {
  NetworkResult out;
  std::vector<Widening> &widenings = out.widenings;
  NetworkPlan user = network_of(ctx, layers.user);
  NetworkPlan project = network_of(ctx, layers.project);
  drop_widening_ports(widenings, user.restricted, layers.project.connect, user.connect, "connect");
  drop_widening_ports(widenings, user.restricted, layers.project.bind, user.bind, "bind");
  drop_widening_ports(widenings, user.udp_restricted, layers.project.connect_udp, user.connect_udp, "connect_udp");
  drop_widening_ports(widenings, user.udp_restricted, layers.project.bind_udp, user.bind_udp, "bind_udp");
  user.unix_sockets = socket_paths(unix_sockets(ctx, layers.user));
  NetworkPlan narrowed = user;
  if (project.restricted) {
    narrowed.restricted = true;
    narrowed.connect = user.restricted ? intersect(user.connect, project.connect) : project.connect;
    narrowed.bind = user.restricted ? intersect(user.bind, project.bind) : project.bind;
  }
  if (project.udp_restricted) {
    narrowed.udp_restricted = true;
    narrowed.connect_udp = user.udp_restricted ? intersect(user.connect_udp, project.connect_udp) : project.connect_udp;
    narrowed.bind_udp = user.udp_restricted ? intersect(user.bind_udp, project.bind_udp) : project.bind_udp;
  }
  // A project that lists sockets narrows the user's to those (beneath them).
  if (!layers.project.unix_sockets.empty())
    narrowed.unix_sockets =
        socket_paths(narrow_sockets(widenings, user.unix_sockets, unix_sockets(ctx, layers.project)));
  out.outer_net = nest ? user : narrowed;
  if (nest) out.inner_net = narrowed;

  std::set<std::string> user_scopes;
  std::set<std::string> all_scopes;
  for (const Layer *l : {&layers.user, &layers.project})
    for (const NameEntry &s : l->scopes) {
      std::vector<std::string_view> names(std::begin(kScopeNames), std::end(kScopeNames));
      if (std::find(names.begin(), names.end(), s.name) == names.end()) {
        ctx.diags.error(s.loc, "unknown scope `" + s.name + "`", suggestion(s.name, names));
        continue;
      }
      all_scopes.insert(s.name);
      if (s.provenance == Provenance::User) user_scopes.insert(s.name);
    }
  const std::set<std::string> &outer_scopes = nest ? user_scopes : all_scopes;
  out.outer_scopes.assign(outer_scopes.begin(), outer_scopes.end());
  if (nest) out.inner_scopes.assign(all_scopes.begin(), all_scopes.end());

  // Scalars: the project's were already limited to narrowing ones when loaded.
  const Layer &merged = layers.both;
  Switches &plan = out.switches;
  plan.log_denials = merged.log_denials.value.value_or(false);
  plan.no_log = !merged.log_launcher.value.value_or(true);
  plan.best_effort = layers.user.best_effort.value.value_or(false);
  plan.keep_fds = layers.user.keep_fds.value.value_or(false);
  // Its range (1 to the newest ABI the launcher knows) is checked in parse.
  if (merged.require_abi.value)
    plan.require_abi = std::max(*merged.require_abi.value, layers.user.require_abi.value.value_or(0));
  return out;
}

ChannelGuards plan_channel_guards(const Context &ctx, const Layer &user, const Mode &mode,
                                  const std::vector<std::string> &strict_scopes) {
  ChannelGuards out;
  bool scoped = user.default_scopes.value.value_or(mode.default_scopes);
  if (!scoped && mode.default_scopes)
    ctx.diags.warning(user.default_scopes.loc,
                      "default_scopes = false: the command can signal processes and reach abstract UNIX sockets "
                      "outside the sandbox (an X11 display, a D-Bus bus)",
                      "keep the default unless the command must talk to such a process outside");
  for (std::string_view name : kScopeNames)
    if (scoped && std::find(strict_scopes.begin(), strict_scopes.end(), name) == strict_scopes.end())
      out.try_scopes.emplace_back(name);
  out.guard_terminal = user.guard_terminal.value.value_or(mode.guard_terminal);
  if (!out.guard_terminal && mode.guard_terminal)
    ctx.diags.warning(user.guard_terminal.loc,
                      "guard_terminal = false: the command can type into your terminal (TIOCSTI), and your shell "
                      "runs what it typed, unconfined, once it ends",
                      "keep the default unless the command must push input into the terminal");
  return out;
}

}  // namespace llp
