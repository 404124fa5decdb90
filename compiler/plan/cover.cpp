#include "cover.h"

#include <algorithm>

#include "carve_list.h"
#include "normalise.h"
#include "../host/paths.h"

namespace llp {

std::string relative_to(const std::string &base, const std::string &path) {
  if (path == base || !is_within(path, base)) return {};
  return path.substr(base.size() + 1);
}

std::string first_component(const std::string &relative) { return relative.substr(0, relative.find('/')); }

namespace {

// The default carve name (kCarveList) that "a/b", relative to a carved
// folder, is, holds or lies inside; "" when none. The same rule refuses
// such an output (outputs.cpp).
std::string_view carve_name_over(const std::string &relative) {
  for (const CarveEntry &e : kCarveList) {
    if (e.rule != CarveRule::Name) continue;
    const std::string a = "/" + relative;
    const std::string b = "/" + std::string(e.what);
    if (is_within(a, b) || is_within(b, a)) return e.what;
  }
  return {};
}

// Whether the carve's default names apply in folder: the workspace, or the
// top of a repository nested in it (whose .git is carved).
bool carves_names_in(const Plan &p, const std::string &folder) {
  if (folder == p.workspace) return true;
  return std::any_of(p.carved.begin(), p.carved.end(), [&](const Carved &c) { return c.path == folder + "/.git"; });
}

}  // namespace

std::string_view carve_name_in(const Plan &p, const std::string &folder, const std::string &relative) {
  return carves_names_in(p, folder) ? carve_name_over(relative) : std::string_view();
}

namespace {

// Whether the plan grants anything at or beneath entry: the carve grants
// every entry of a carved folder that existed when the policy compiled.
bool granted_at_or_beneath(const Plan &p, const std::string &entry) {
  return std::any_of(p.outer.grants.begin(), p.outer.grants.end(),
                     [&](const Grant &g) { return is_within(g.path, entry); });
}

template <typename Entry>
const Entry *first_around(const std::vector<Entry> &entries, const std::string &path) {
  auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry &e) { return is_within(path, e.path); });
  return it == entries.end() ? nullptr : &*it;
}

// The layer's answer: false when it falls short (c says how).
bool layer_covers(const Plan &p, const LayerPlan &layer, const std::string &path, Access access, Coverage &c) {
  if (const Grant *g = covering_grant(layer.grants, path, access)) {
    c.grants.push_back(g);
    return true;
  }
  c.grants.clear();
  c.in_project_layer = p.nested && &layer == &p.inner;
  c.read_only = access == Access::Rw ? covering_grant(layer.grants, path, Access::Ro) : nullptr;
  c.kind = c.read_only ? Covered::ReadOnly : Covered::NoGrant;
  return false;
}

}  // namespace

void find_carve_facts(const Plan &p, const std::string &path, Coverage &c) {
  auto pending = std::find_if(p.outputs.begin(), p.outputs.end(), [&](const Output &o) {
    return o.state == OutputState::Missing && is_within(path, o.path);
  });
  if (pending != p.outputs.end()) c.pending_output = &*pending;
  for (const std::string &folder : p.carved_folders)
    if (is_within(path, folder) && (!c.carved_folder || folder.size() > c.carved_folder->size()))
      c.carved_folder = &folder;
  if (!c.carved_folder || path == *c.carved_folder) return;
  const std::string below = relative_to(*c.carved_folder, path);
  c.carve_name = carve_name_in(p, *c.carved_folder, below);
  const std::string entry = *c.carved_folder + "/" + first_component(below);
  if (c.carve_name.empty() && !granted_at_or_beneath(p, entry)) c.new_entry = entry;
}

Coverage cover(const Plan &p, const std::string &path, Access access) {
  Coverage c;
  c.hidden = first_around(p.hidden, path);
  c.carved = first_around(p.carved, path);
  c.protection = first_around(p.protected_entries, path);
  if (!p.sandboxed) {
    c.kind = Covered::Unsandboxed;
    return c;
  }
  if (c.hidden) {
    c.kind = Covered::Hidden;
    return c;
  }
  const bool granted =
      layer_covers(p, p.outer, path, access, c) && (!p.nested || layer_covers(p, p.inner, path, access, c));
  if (granted) c.kind = Covered::Granted;
  else if (access == Access::Rw) find_carve_facts(p, path, c);
  return c;
}

}  // namespace llp
