// TOML text -> Layer. The only file that includes toml++ (header-only, so
// the binary needs no shared library and the sanitizers see all of it).
#include "toml_fix.h"  // first: it changes how toml++ is compiled
#ifndef TOML_EXCEPTIONS
#define TOML_EXCEPTIONS 0
#endif
#define TOML_HEADER_ONLY 1
#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <type_traits>

#include "parse.h"
#include "schema.h"
#include "../base/text.h"
#include "../../launcher/abi.h"

namespace llp {
namespace {

class Parser {
 public:
  Parser(const Sources &sources, int file, Diagnostics &diags) : sources_(sources), file_(file), diags_(diags) {}

  bool run(FileLayers &out) {
    const SourceFile &src = sources_.file(file_);
    toml::parse_result result = toml::parse(std::string_view(src.text), std::string_view(src.name));
    if (!result) {
      const toml::parse_error &err = result.error();
      diags_.error(loc(err.source()), "not valid TOML: " + std::string(err.description()),
                   "see man 5 landlock-policy for the format");
      return false;
    }
    const toml::table &root = result.table();
    top(root, out);
    return true;
  }

 private:
  Loc loc(const toml::source_region &r) const {
    return {file_, static_cast<int>(r.begin.line), static_cast<int>(r.begin.column)};
  }
  Loc loc(const toml::node &n) const { return loc(n.source()); }

  void type_error(const toml::node &n, std::string_view key, std::string_view expected) {
    diags_.error(loc(n), "`" + std::string(key) + "` must be " + std::string(expected));
  }

  void unknown_key(const toml::key &k, std::string_view table, const std::vector<std::string_view> &valid) {
    diags_.error(loc(k.source()),
                 "unknown key `" + std::string(k.str()) + "`" +
                     (table.empty() ? std::string() : " in [" + std::string(table) + "]"),
                 suggestion(k.str(), valid));
  }

  // One scalar of exactly the TOML type Stored (no integer-to-bool or similar conversions).
  template <class Stored, class T>
  bool scalar(const toml::node &n, std::string_view key, Setting<T> &out, std::string_view expected) {
    std::optional<Stored> v = n.value_exact<Stored>();
    if (!v) {
      type_error(n, key, expected);
      return false;
    }
    out.value = static_cast<T>(*v);
    out.loc = loc(n);
    return true;
  }
  bool boolean(const toml::node &n, std::string_view key, Setting<bool> &out) {
    return scalar<bool>(n, key, out, "true or false");
  }
  bool string(const toml::node &n, std::string_view key, Setting<std::string> &out) {
    return scalar<std::string>(n, key, out, "a string");
  }
  bool integer(const toml::node &n, std::string_view key, Setting<long> &out) {
    return scalar<int64_t>(n, key, out, "an integer");
  }

  // One path: "string" or { path = "...", optional = true, why = "..." }.
  bool path_entry(const toml::node &n, std::string_view key, const std::vector<std::string_view> &keys,
                  PathEntry &out) {
    out.loc = loc(n);
    if (const auto *s = n.as_string()) {
      out.text = s->get();
      return true;
    }
    const toml::table *t = n.as_table();
    if (!t) {
      type_error(n, key, "a path string or a table like { path = \"...\" }");
      return false;
    }
    bool has_path = false;
    for (auto &&[k, v] : *t) {
      std::string_view name = k.str();
      if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
        unknown_key(k, std::string(key) + " entry", keys);
      } else if (name == "path") {
        if (!v.is_string()) {
          type_error(v, "path", "a string");
          continue;
        }
        out.text = v.as_string()->get();
        out.loc = loc(v);
        has_path = true;
      } else if (name == "optional") {
        if (!v.is_boolean()) type_error(v, "optional", "true or false");
        else out.optional = v.as_boolean()->get();
      } else if (name == "why") {
        if (!v.is_string()) type_error(v, "why", "a string");
        else out.why = v.as_string()->get();
      }
    }
    if (!has_path) diags_.error(loc(n), "this `" + std::string(key) + "` entry has no `path`");
    return has_path;
  }

  void path_list(const toml::node &n, std::string_view key, const std::vector<std::string_view> &keys,
                 std::vector<PathEntry> &out) {
    const toml::array *a = n.as_array();
    if (!a) return type_error(n, key, "an array, like " + std::string(key) + " = [\"...\"]");
    for (const toml::node &el : *a) {
      PathEntry e;
      if (path_entry(el, key, keys, e)) out.push_back(std::move(e));
    }
  }

  // Ports: 443, or "8000-8010" (inclusive), each in 0..65535.
  void port_list(const toml::node &n, std::string_view key, std::vector<PortEntry> &out) {
    const toml::array *a = n.as_array();
    if (!a) return type_error(n, key, "an array of ports, like " + std::string(key) + " = [443, \"8000-8010\"]");
    for (const toml::node &el : *a) {
      PortEntry p;
      p.loc = loc(el);
      if (const auto *i = el.as_integer()) {
        p.lo = p.hi = static_cast<long>(i->get());
        if (i->get() < 0 || i->get() > 65535) {
          diags_.error(p.loc, "port " + std::to_string(i->get()) + " is out of range", "a port is 0 to 65535");
          continue;
        }
      } else if (const auto *s = el.as_string()) {
        if (!parse_range(s->get(), p)) {
          diags_.error(p.loc, "`" + s->get() + "` is not a port range",
                       "write a range as \"LOW-HIGH\" with 0 <= LOW <= HIGH <= 65535, or a port as a number");
          continue;
        }
      } else {
        type_error(el, key, "ports (numbers) or ranges (\"LOW-HIGH\")");
        continue;
      }
      out.push_back(p);
    }
  }

  static bool parse_number(std::string_view s, long &out) {
    if (s.empty() || s.size() > 5) return false;
    long n = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + (c - '0');
    }
    out = n;
    return n <= 65535;
  }
  static bool parse_range(std::string_view s, PortEntry &p) {
    size_t dash = s.find('-');
    if (dash == std::string_view::npos) {
      if (!parse_number(s, p.lo)) return false;
      p.hi = p.lo;
      return true;
    }
    return parse_number(s.substr(0, dash), p.lo) && parse_number(s.substr(dash + 1), p.hi) && p.lo <= p.hi;
  }

  void names(const toml::node &n, std::string_view key, std::vector<NameEntry> &out) {
    const toml::array *a = n.as_array();
    if (!a) return type_error(n, key, "an array of strings");
    for (const toml::node &el : *a) {
      if (!el.is_string()) {
        type_error(el, key, "an array of strings");
        continue;
      }
      out.push_back({el.as_string()->get(), loc(el), Provenance::User});
    }
  }

  // [env] keep and unset: NAME patterns (checked with the launcher's rules in env.cpp).
  void env_patterns(const toml::node &n, std::string_view key, std::vector<EnvPattern> &out) {
    const toml::array *a = n.as_array();
    if (!a) return type_error(n, key, "an array of NAME patterns, like " + std::string(key) + " = [\"*TOKEN*\"]");
    for (const toml::node &el : *a) {
      if (!el.is_string()) {
        type_error(el, key, "an array of NAME patterns (strings)");
        continue;
      }
      out.push_back({el.as_string()->get(), loc(el)});
    }
  }

  // [env] set = { NAME = "VALUE" }: values are literal strings.
  void env_set(const toml::node &n, std::string_view key, std::vector<EnvAssignment> &out) {
    const toml::table *t = n.as_table();
    if (!t) return type_error(n, key, "a table of strings, like set = { NAME = \"VALUE\" }");
    for (auto &&[k, v] : *t) {
      if (!v.is_string()) {
        type_error(v, "set." + std::string(k.str()), "a string (a literal VALUE)");
        continue;
      }
      out.push_back({std::string(k.str()), v.as_string()->get(), loc(k.source())});
    }
  }

  // Calls each(key, node) for known keys of a sub-table, reports the others.
  template <class Each>
  void sub_table(const toml::node &n, std::string_view name, const std::vector<std::string_view> &keys, Each each) {
    const toml::table *t = n.as_table();
    if (!t) return type_error(n, name, "a table ([" + std::string(name) + "])");
    for (auto &&[k, v] : *t) {
      if (std::find(keys.begin(), keys.end(), k.str()) == keys.end()) unknown_key(k, name, keys);
      else each(k.str(), v);
    }
  }

  // One value, parsed by how the schema stores it (the key's row).
  void value(const toml::node &n, std::string_view key, schema::Shape, Setting<bool> &out) { boolean(n, key, out); }
  void value(const toml::node &n, std::string_view key, schema::Shape, Setting<long> &out) { integer(n, key, out); }
  void value(const toml::node &n, std::string_view key, schema::Shape, Setting<std::string> &out) {
    string(n, key, out);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape shape, std::vector<PathEntry> &out) {
    path_list(n, key, schema::entry_keys(shape), out);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape shape, std::optional<PathEntry> &out) {
    PathEntry e;
    if (path_entry(n, key, schema::entry_keys(shape), e)) out = std::move(e);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape, std::vector<PortEntry> &out) {
    port_list(n, key, out);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape, std::vector<NameEntry> &out) {
    names(n, key, out);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape, std::vector<EnvPattern> &out) {
    env_patterns(n, key, out);
  }
  void value(const toml::node &n, std::string_view key, schema::Shape, std::vector<EnvAssignment> &out) {
    env_set(n, key, out);
  }
  // [env] inherit and default_unset: every file's value is kept (env.cpp).
  template <class T>
  void value(const toml::node &n, std::string_view key, schema::Shape shape, std::vector<Setting<T>> &out) {
    Setting<T> s;
    value(n, key, shape, s);
    if (s.value) out.push_back(s);
  }

  // A value of the right type that the row's choices or ABI range refuse:
  // reported here, and never stored, so no later stage sees it.
  bool refused(const schema::Key &row, const toml::node &n) {
    const std::string label =
        row.table.empty() ? std::string(row.name) : "[" + std::string(row.table) + "] " + std::string(row.name);
    if (std::optional<std::string> text = n.value_exact<std::string>(); text && row.value == schema::Value::Choice) {
      const std::vector<std::string_view> choices = schema::choices_of(row);
      if (std::find(choices.begin(), choices.end(), *text) != choices.end()) return false;
      diags_.error(loc(n), "unknown " + label + " `" + printable(*text) + "`", suggestion(*text, choices));
      return true;
    }
    if (std::optional<int64_t> abi = n.value_exact<int64_t>(); abi && row.value == schema::Value::Abi) {
      if (*abi >= 1 && *abi <= launcher::kNewestKnownAbi) return false;
      diags_.error(
          loc(n), label + " = " + std::to_string(*abi) + " is out of range",
          "a Landlock ABI from 1 to " + std::to_string(launcher::kNewestKnownAbi) + " (the newest the launcher knows)");
      return true;
    }
    return false;
  }

  void read(const schema::Key &row, const toml::node &n, Layer &out) {
    if (refused(row, n)) return;
    schema::with_member(row, [&](auto get) { value(n, row.name, row.shape, get(out)); });
  }

  void profiles(const toml::node &v, std::string_view key, FileLayers &file) {
    const toml::table *profiles = v.as_table();
    if (!profiles) return type_error(v, key, "a table of [profiles.NAME] tables");
    for (auto &&[name, body] : *profiles) {
      const toml::table *pt = body.as_table();
      if (!pt) {
        type_error(body, "profiles." + std::string(name.str()), "a table");
        continue;
      }
      std::string pname(name.str());
      file.profile_locs[pname] = loc(name.source());
      layer(*pt, file.profiles[pname], true, nullptr);
    }
  }

  // A file's top level (file set) or one [profiles.NAME] table.
  void layer(const toml::table &t, Layer &out, bool is_profile, FileLayers *file) {
    const std::vector<std::string_view> keys = schema::keys_at(is_profile ? schema::Profiles : schema::Top);
    for (auto &&[k, v] : t) {
      std::string_view key = k.str();
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        unknown_key(k, is_profile ? "profiles.*" : "", keys);
        continue;
      }
      const schema::Key *row = schema::find_key("", key);
      if (!row) {
        sub_table(v, key, schema::keys_in(key),
                  [&](std::string_view sk, const toml::node &sv) { read(*schema::find_key(key, sk), sv, out); });
      } else if (row->value == schema::Value::Profiles) {
        if (file) profiles(v, key, *file);
      } else {
        read(*row, v, out);
      }
    }
  }

  void top(const toml::table &root, FileLayers &out) {
    layer(root, out.base, false, &out);
    if (!out.base.version.value) {
      diags_.error({file_, 1, 1}, "missing `version = 1` at the top of the policy",
                   "the format is versioned so that a future format is never misread: start the file with version = 1");
    } else if (*out.base.version.value != kPolicyVersion) {
      diags_.error(out.base.version.loc, "unsupported policy format version " + std::to_string(*out.base.version.value),
                   "this landlock-policy reads version = 1");
    }
  }

  const Sources &sources_;
  int file_;
  Diagnostics &diags_;
};

// Appends items to the list at table[key] (made when missing); false with
// why when key holds something else.
template <class T>
bool append_to(toml::table &table, std::string_view key, const std::vector<T> &items, std::string &why) {
  if (items.empty()) return true;
  if (!table.contains(key)) table.insert(key, toml::array{});
  toml::array *list = table.get(key)->as_array();
  if (!list) {
    why = "`" + std::string(key) + "` is not a list";
    return false;
  }
  for (const T &item : items) {
    if constexpr (std::is_same_v<T, long>) list->push_back(static_cast<std::int64_t>(item));
    else list->push_back(item);
  }
  return true;
}

}  // namespace

std::string policy_with(std::string_view text, const PolicyAdditions &add, std::string &why) {
  toml::parse_result result = toml::parse(text);
  if (!result) {
    why = "not valid TOML: " + std::string(result.error().description());
    return {};
  }
  toml::table &root = result.table();
  if (!append_to(root, "outputs", add.outputs, why) || !append_to(root, "rw", add.rw, why) ||
      !append_to(root, "ro", add.ro, why))
    return {};
  if (!add.connect.empty() || !add.bind.empty()) {
    if (!root.contains("network")) root.insert("network", toml::table{});
    toml::table *network = root.get("network")->as_table();
    if (!network) {
      why = "`network` is not a table";
      return {};
    }
    if (!append_to(*network, "connect", add.connect, why) || !append_to(*network, "bind", add.bind, why)) return {};
  }
  std::ostringstream out;
  out << toml::toml_formatter(root);
  return out.str() + "\n";
}

bool parse_policy(const Sources &sources, int file, Diagnostics &diags, FileLayers &out) {
  return Parser(sources, file, diags).run(out);
}

}  // namespace llp
