// The non-file parts of a policy: [network] (TCP, Landlock ABI 4; pathname
// UNIX sockets, ABI 9; UDP, ABI 10), scopes (ABI 6), [audit] (ABI 7),
// best_effort, require_abi and keep_fds, validated and planned into the
// launcher's flags.
#pragma once
#include "modes.h"
#include "plan.h"
#include "../policy/context.h"

namespace llp {

inline constexpr std::string_view kScopeNames[] = {"abstract-unix", "signal"};

// Ports of a list, expanded from ranges, sorted and unique.
std::vector<long> expand_ports(const std::vector<PortEntry> &entries);

// The launcher switches that are not grants.
struct Switches {
  bool log_denials = false, no_log = false, best_effort = false, keep_fds = false;
  long require_abi = 0;
};

struct NetworkResult {
  NetworkPlan outer_net, inner_net;  // inner: only when nested
  std::vector<std::string> outer_scopes, inner_scopes;
  Switches switches;
  std::vector<Widening> widenings;  // project ports dropped for widening the user's
};

NetworkResult plan_network(const Context &ctx, const Layers &layers, bool nest);

// The channels out that the agent modes close (docs/threat-model.md):
// signals and abstract UNIX sockets, where the kernel scopes them (the argv
// is the same on every kernel), and the terminal's input queue. Only the
// user's policy opts out (a project's false is dropped when loaded).
struct ChannelGuards {
  std::vector<std::string> try_scopes;  // the scopes not already strict
  bool guard_terminal = false;
};
ChannelGuards plan_channel_guards(const Context &ctx, const Layer &user, const Mode &mode,
                                  const std::vector<std::string> &strict_scopes);

}  // namespace llp
