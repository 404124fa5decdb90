#include "schema.h"

#include <algorithm>
#include <iterator>
#include <type_traits>

#include "../base/text.h"

namespace llp {
namespace schema {
namespace {

// One row per key, in the order the hints list them. npm's policy.json and
// the docs' checks are printed from it (compiler/tools/tables.cpp).
// clang-format off
const Key kKeys[] = {
    // name, table, in, field, value, shape, merge, from_project, npm, choices, refusal[, grants[, settable]]
    {"version", "", Top, &Layer::version, Value::Integer, Shape::None, Merge::None, FromProject::May, "", "", ""},
    {"mode", "", Top | Profiles, &Layer::mode, Value::Text, Shape::None, Merge::Override, FromProject::Never, "", "",
     "a project policy cannot set `mode`: the mode is the user's choice", Grants::No, Settable::Yes},
    {"workspace", "", Top | Profiles, &Layer::workspace, Value::Path, Shape::None, Merge::Override, FromProject::Never, "", "",
     "a project policy cannot set `workspace`: the workspace is the user's choice", Grants::No, Settable::Yes},
    {"strict", "", Top | Profiles, &Layer::strict, Value::Bool, Shape::None, Merge::Override, FromProject::OnlyTrue, "strict", "",
     "a project policy cannot set `strict`: only the user may relax strictness", Grants::No, Settable::Yes},
    {"extends", "", Top, &Layer::extends, Value::Path, Shape::None, Merge::None, FromProject::Ignored, "extends", "",
     "a project policy cannot extend other files: ignored, nothing was read"},
    {"ro", "", Top | Profiles, &Layer::ro, Value::Path, Shape::Grant, Merge::Append, FromProject::May, "ro", "", "", Grants::Yes},
    {"rw", "", Top | Profiles, &Layer::rw, Value::Path, Shape::Grant, Merge::Append, FromProject::May, "rw", "", "", Grants::Yes},
    {"hide", "", Top | Profiles, &Layer::hide, Value::Path, Shape::Hide, Merge::Append, FromProject::May, "hide", "", "", Grants::Unnested},
    {"hide_secrets", "", Top | Profiles, &Layer::hide_secrets, Value::Bool, Shape::None, Merge::Override, FromProject::OnlyTrue,
     "hideSecrets", "", "a project policy cannot set `hide_secrets`: it would expose secrets"},
    {"paths", "protect", Top | Profiles, &Layer::protect, Value::Path, Shape::None, Merge::Append, FromProject::May, "paths", "", ""},
    {"unprotect", "protect", Top | Profiles, &Layer::unprotect, Value::Text, Shape::None, Merge::Append, FromProject::Never,
     "unprotect", "", "a project policy cannot unprotect `{}`"},
    {"read_only", "protect", Top | Profiles, &Layer::read_only, Value::Relative, Shape::Hide, Merge::Append, FromProject::May,
     "readOnly", "", ""},
    {"keep_writable", "protect", Top | Profiles, &Layer::keep_writable, Value::Relative, Shape::None, Merge::Append,
     FromProject::Never, "keepWritable", "", "a project policy cannot keep `{}` writable"},
    {"path", "launcher", Top | Profiles, &Layer::launcher_path, Value::Path, Shape::None, Merge::Override, FromProject::Never,
     "", "", "a project policy cannot set `launcher`: the launcher is the user's choice", Grants::No, Settable::Yes},
    {"restrict", "network", Top | Profiles, &Layer::net_restrict, Value::Bool, Shape::None, Merge::Override,
     FromProject::OnlyTrue, "restrict", "", "a project policy cannot set `network.restrict`: it would lift a restriction", Grants::Yes},
    {"connect", "network", Top | Profiles, &Layer::connect, Value::Port, Shape::None, Merge::Append, FromProject::May, "connect", "", "", Grants::Yes},
    {"bind", "network", Top | Profiles, &Layer::bind, Value::Port, Shape::None, Merge::Append, FromProject::May, "bind", "", "", Grants::Yes},
    {"unix", "network", Top | Profiles, &Layer::unix_sockets, Value::Path, Shape::None, Merge::Append, FromProject::May, "", "", "", Grants::Yes},
    {"restrict_udp", "network", Top | Profiles, &Layer::restrict_udp, Value::Bool, Shape::None, Merge::Override,
     FromProject::OnlyTrue, "", "", "a project policy cannot set `network.restrict_udp`: it would lift a restriction", Grants::Yes},
    {"connect_udp", "network", Top | Profiles, &Layer::connect_udp, Value::Port, Shape::None, Merge::Append, FromProject::May, "", "", "", Grants::Yes},
    {"bind_udp", "network", Top | Profiles, &Layer::bind_udp, Value::Port, Shape::None, Merge::Append, FromProject::May, "", "", "", Grants::Yes},
    {"scopes", "", Top | Profiles, &Layer::scopes, Value::Name, Shape::None, Merge::Append, FromProject::May, "scopes", "", "", Grants::Yes},
    {"default_scopes", "", Top | Profiles, &Layer::default_scopes, Value::Bool, Shape::None, Merge::Override,
     FromProject::OnlyTrue, "defaultScopes", "",
     "a project policy cannot set `default_scopes`: the command could signal processes and reach abstract sockets outside"},
    {"guard_terminal", "", Top | Profiles, &Layer::guard_terminal, Value::Bool, Shape::None, Merge::Override,
     FromProject::OnlyTrue, "guardTerminal", "", "a project policy cannot set `guard_terminal`: the command could type into your terminal"},
    {"log_denials", "audit", Top | Profiles, &Layer::log_denials, Value::Bool, Shape::None, Merge::Override, FromProject::May,
     "logDenials", "", ""},
    {"log_launcher", "audit", Top | Profiles, &Layer::log_launcher, Value::Bool, Shape::None, Merge::Override, FromProject::May,
     "logLauncher", "", ""},
    {"best_effort", "", Top | Profiles, &Layer::best_effort, Value::Bool, Shape::None, Merge::Override, FromProject::OnlyFalse,
     "bestEffort", "", "a project policy cannot set `best_effort`: it would drop restrictions"},
    {"require_abi", "", Top | Profiles, &Layer::require_abi, Value::Abi, Shape::None, Merge::Override, FromProject::May,
     "requireAbi", "", ""},
    {"keep_fds", "", Top | Profiles, &Layer::keep_fds, Value::Bool, Shape::None, Merge::Override, FromProject::OnlyFalse,
     "keepFds", "", "a project policy cannot set `keep_fds`: inherited fds bypass the sandbox"},
    {"project", "", Top, &Layer::project, Value::Path, Shape::Project, Merge::Replace, FromProject::Never, "project", "",
     "a project policy cannot name another project policy", Grants::Unnested},
    {"compose", "", Top | Profiles, &Layer::compose, Value::Choice, Shape::None, Merge::Override, FromProject::Never, "compose",
     "merge|nest", "a project policy cannot set `compose`: only the user's policy chooses how projects compose"},
    {"inherit", "env", Top | Profiles, &EnvTable::inherit, Value::Choice, Shape::None, Merge::Append, FromProject::May,
     "inherit", "all|core|none", ""},
    {"keep", "env", Top | Profiles, &EnvTable::keep, Value::Pattern, Shape::None, Merge::Append, FromProject::May, "keep", "", ""},
    {"unset", "env", Top | Profiles, &EnvTable::unset, Value::Pattern, Shape::None, Merge::Append, FromProject::May, "unset", "", ""},
    {"set", "env", Top | Profiles, &EnvTable::set, Value::Assignment, Shape::None, Merge::Append, FromProject::May, "set", "", ""},
    {"default_unset", "env", Top | Profiles, &EnvTable::default_unset, Value::Bool, Shape::None, Merge::Append, FromProject::May,
     "defaultUnset", "", ""},
    {"outputs", "", Top | Profiles, &Layer::outputs, Value::Relative, Shape::Hide, Merge::Append, FromProject::May, "outputs", "", "", Grants::Unnested},
    {"executable_outputs", "", Top | Profiles, &Layer::executable_outputs, Value::Relative, Shape::None, Merge::Append,
     FromProject::May, "executableOutputs", "", ""},
    {"detect_outputs", "", Top | Profiles, &Layer::detect_outputs, Value::Bool, Shape::None, Merge::Override,
     FromProject::OnlyFalse, "detectOutputs", "", "a project policy cannot set `detect_outputs = true`: only you turn detection on"},
    {"profiles", "", Top, std::monostate{}, Value::Profiles, Shape::None, Merge::None, FromProject::May, "", "", ""},
};
// clang-format on

// The keys of a path entry written as a table, for each shape.
struct ShapeKeys {
  Shape shape;
  std::string_view keys;  // "a|b"
};
const ShapeKeys kShapes[] = {
    {Shape::None, ""},
    {Shape::Hide, "path|why"},
    {Shape::Grant, "path|optional|why"},
    {Shape::Project, "path|optional"},
};

// Whether a layer's value of a key holds nothing: no entry, or not set.
template <class T>
bool is_empty(const Setting<T> &setting) {
  return !setting.value;
}
template <class T>
bool is_empty(const std::optional<T> &entry) {
  return !entry;
}
template <class T>
bool is_empty(const std::vector<T> &entries) {
  return entries.empty();
}

void add_once(std::vector<std::string_view> &names, std::string_view name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

std::span<const Key> keys() { return kKeys; }

const Key *find_key(std::string_view table, std::string_view name) {
  const Key *found = std::find_if(std::begin(kKeys), std::end(kKeys),
                                  [&](const Key &k) { return k.table == table && k.name == name; });
  return found == std::end(kKeys) ? nullptr : found;
}

std::vector<std::string_view> keys_at(unsigned in) {
  std::vector<std::string_view> out;
  for (const Key &k : kKeys)
    if ((k.in & in) != 0) add_once(out, outer_name(k));
  return out;
}

std::vector<std::string_view> keys_in(std::string_view table) {
  std::vector<std::string_view> out;
  for (const Key &k : kKeys)
    if (k.table == table) out.push_back(k.name);
  return out;
}

std::vector<std::string_view> entry_keys(Shape shape) {
  std::vector<std::string_view> out;
  for (const ShapeKeys &row : kShapes)
    if (row.shape == shape) out = split_bars(row.keys);
  return out;
}

std::vector<std::string_view> choices_of(const Key &key) { return split_bars(key.choices); }

std::string_view outer_name(const Key &key) { return key.table.empty() ? key.name : key.table; }

std::vector<std::string_view> settable_keys() {
  std::vector<std::string_view> out;
  for (const Key &k : kKeys)
    if (k.settable == Settable::Yes) out.push_back(outer_name(k));
  return out;
}

bool holds_grant(const Layer &l, bool count_unnested) {
  bool holds = false;
  for (const Key &k : kKeys) {
    const bool counted = k.grants == Grants::Yes || (count_unnested && k.grants == Grants::Unnested);
    if (counted) with_member(k, [&](auto get) { holds = holds || !is_empty(get(l)); });
  }
  return holds;
}

}  // namespace schema

namespace {

using schema::Key;
using schema::with_member;

template <class T>
struct IsSetting : std::false_type {};
template <class T>
struct IsSetting<Setting<T>> : std::true_type {};

template <class T>
void merge_value(schema::Merge rule, T &into, const T &from) {
  if constexpr (IsSetting<T>::value) {
    if (rule == schema::Merge::Override && from.value) into = from;
  } else if constexpr (requires { from.has_value(); }) {
    if (rule == schema::Merge::Replace && from) into = from;
  } else {
    if (rule == schema::Merge::Append) into.insert(into.end(), from.begin(), from.end());
  }
}

// The entries of a list that carry their provenance (paths, ports, scopes).
template <class T>
void mark_entries(T &value) {
  if constexpr (requires { value.begin()->provenance; })
    for (auto &entry : value) entry.provenance = Provenance::Project;
}

// Row `key` refused at loc (text: the entry, "" for a setting); the row's
// refusal says why when it is rendered.
Widening refused(const Key &key, Loc loc, const std::string &text) {
  Widening w = Widening::of(WideningKind::Setting, loc, text);
  w.table = key.table;
  w.key = key.name;
  return w;
}

// Drops what row `key` holds in a layer when a project policy may not set
// it. Values of other storage (the [env] lists) have no rule here: env.cpp
// judges each entry of a project policy.
template <class T>
void strip_value(const Key &, T &, std::vector<Widening> &) {}

template <class T>
void strip_value(const Key &key, Setting<T> &setting, std::vector<Widening> &out) {
  if (!setting.value) return;
  bool widens = key.from_project == schema::FromProject::Never;
  if constexpr (std::is_same_v<T, bool>) {
    widens = widens || (key.from_project == schema::FromProject::OnlyFalse && *setting.value);
    widens = widens || (key.from_project == schema::FromProject::OnlyTrue && !*setting.value);
  }
  if (!widens) return;
  out.push_back(refused(key, setting.loc, ""));
  setting.value.reset();
}

void strip_value(const Key &key, std::optional<PathEntry> &entry, std::vector<Widening> &out) {
  if (!entry || key.from_project != schema::FromProject::Never) return;
  out.push_back(refused(key, entry->loc, entry->text));
  entry.reset();
}

void strip_value(const Key &key, std::vector<PathEntry> &entries, std::vector<Widening> &out) {
  if (key.from_project == schema::FromProject::Never)
    std::transform(entries.begin(), entries.end(), std::back_inserter(out),
                   [&](const PathEntry &e) { return refused(key, e.loc, e.text); });
  // Decided: a project policy extends nothing. Following its extends would
  // let it make the compiler open (and quote in diagnostics) any file.
  if (key.from_project == schema::FromProject::Ignored && !entries.empty())
    out.push_back(refused(key, entries.front().loc, ""));
  if (key.from_project == schema::FromProject::Never || key.from_project == schema::FromProject::Ignored)
    entries.clear();
}

}  // namespace

void merge_layer(Layer &into, const Layer &from) {
  for (const Key &key : schema::keys())
    with_member(key, [&](auto get) { merge_value(key.merge, get(into), get(from)); });
}

void mark_from_project(Layer &l) {
  l.provenance = Provenance::Project;
  for (const Key &key : schema::keys()) with_member(key, [&](auto get) { mark_entries(get(l)); });
}

std::vector<Widening> strip_widening(Layer &l) {
  std::vector<Widening> out;
  for (const Key &key : schema::keys()) with_member(key, [&](auto get) { strip_value(key, get(l), out); });
  return out;
}

}  // namespace llp
