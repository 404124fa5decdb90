// The non-file parts of a policy: [network] (TCP, Landlock ABI 4), scopes
// (ABI 6), [audit] (ABI 7), best_effort, require_abi and keep_fds, validated
// and planned into the launcher's flags.
#pragma once
#include "context.h"

namespace llp {

inline constexpr std::string_view kScopeNames[] = {"abstract-unix", "signal"};

// Ports of a list, expanded from ranges, sorted and unique.
std::vector<long> expand_ports(const std::vector<PortEntry> &entries);

// Plans TCP, scopes and the scalar switches into ctx.plan; returns the
// project ports that were dropped for widening the user's.
std::vector<Widening> plan_network(Context &ctx, const Layer &trusted, const Layer &untrusted, bool nest);

}  // namespace llp
