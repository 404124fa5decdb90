// explain --short: the policy in a few lines, for a look before a run; the
// whole story (every grant, where it came from, the costs) is `explain`.
#include <algorithm>
#include <string>
#include <vector>

#include "../base/text.h"
#include "explain.h"

namespace llp {

namespace {

// "a, b, c and 4 more", or none_text for an empty list.
std::string some_of(const std::vector<std::string> &items, const char *none_text) {
  constexpr size_t kShown = 4;
  if (items.empty()) return none_text;
  std::string out;
  for (size_t i = 0; i < items.size() && i < kShown; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > kShown) out += " and " + std::to_string(items.size() - kShown) + " more";
  return out;
}

// The writable grants, a carve said once: the workspace with its
// read-only root and exceptions, or the exceptions inside other grants.
std::string writable_line(const Plan &p) {
  std::vector<std::string> exceptions(p.carved.size());
  std::transform(p.carved.begin(), p.carved.end(), exceptions.begin(), [](const Carved &c) { return c.written; });
  const bool root_carved =
      std::find(p.carved_folders.begin(), p.carved_folders.end(), p.workspace) != p.carved_folders.end();
  std::vector<std::string> writable;
  if (root_carved)
    writable.push_back(p.workspace + " (read-only: its root, " + some_of(exceptions, "") +
                       "; a new entry at the root needs outputs)");
  for (const Grant &g : p.outer.grants)
    if (g.access == Access::Rw && g.origin != Origin::Carve) writable.push_back(g.path);
  std::string out = some_of(writable, "nothing");
  if (!root_carved && !exceptions.empty()) out += "; inside, read-only: " + some_of(exceptions, "");
  return out;
}

std::string network_line(const NetworkPlan &net) {
  if (!net.restricted && !net.udp_restricted && net.unix_sockets.empty()) return "not restricted";
  std::string out = "tcp ";
  if (!net.restricted) out += "any";
  else
    out += "connect " + (net.connect.empty() ? std::string("none") : port_ranges(net.connect)) + ", bind " +
           (net.bind.empty() ? std::string("none") : port_ranges(net.bind));
  if (net.udp_restricted) out += "; udp restricted";
  if (!net.unix_sockets.empty()) out += "; unix " + some_of(net.unix_sockets, "");
  return out;
}

}  // namespace

std::string explain_short(const CompileResult &r) {
  const Plan &p = r.plan;
  std::string out = "mode: " + p.mode + "\n";
  if (!p.sandboxed) return printable_lines(out + "no sandbox: the command runs alone, with all of your access\n");
  out += "writable: " + writable_line(p) + "\n";
  std::vector<std::string> outputs(p.outputs.size());
  std::transform(p.outputs.begin(), p.outputs.end(), outputs.begin(), [](const Output &o) { return o.written; });
  out += "outputs: " + some_of(outputs, "none") + "\n";
  std::vector<std::string> hidden(p.hidden.size());
  std::transform(p.hidden.begin(), p.hidden.end(), hidden.begin(), [](const Hidden &h) { return h.written; });
  out += "hidden: " + some_of(hidden, "nothing") + "\n";
  out += "network: " + network_line(p.outer.net) + "\n";
  std::vector<std::string> scopes = p.outer.scopes;
  scopes.insert(scopes.end(), p.outer.try_scopes.begin(), p.outer.try_scopes.end());
  out += "scopes: " + some_of(scopes, "none") + "\n";
  return printable_lines(out + "(all of it: landlock-policy explain without --short)\n");
}

}  // namespace llp
