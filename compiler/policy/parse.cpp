// TOML text -> Layer. The only file that includes toml++ (header-only, so
// the binary needs no shared library and the sanitizers see all of it).
#include "toml_fix.h"  // first: it changes how toml++ is compiled
#ifndef TOML_EXCEPTIONS
#define TOML_EXCEPTIONS 0
#endif
#define TOML_HEADER_ONLY 1
#include <toml++/toml.h>

#include <algorithm>

#include "parse.h"
#include "../base/text.h"

namespace llp {
namespace {

// Keys each kind of table accepts; anything else is an error with a hint.
const std::vector<std::string_view> kTopKeys = {
    "version", "mode", "workspace", "strict", "extends", "ro", "rw", "hide", "hide_secrets",
    "protect", "launcher", "network", "scopes", "audit", "best_effort", "require_abi",
    "keep_fds", "project", "compose", "env", "outputs", "profiles"};
const std::vector<std::string_view> kProfileKeys = {
    "mode", "workspace", "strict", "ro", "rw", "hide", "hide_secrets", "protect", "launcher",
    "network", "scopes", "audit", "best_effort", "require_abi", "keep_fds", "compose", "env", "outputs"};
const std::vector<std::string_view> kGrantKeys = {"path", "optional", "why"};
const std::vector<std::string_view> kHideKeys = {"path", "why"};
const std::vector<std::string_view> kProjectKeys = {"path", "optional"};
const std::vector<std::string_view> kProtectKeys = {"paths", "unprotect", "read_only", "keep_writable"};
const std::vector<std::string_view> kLauncherKeys = {"path"};
const std::vector<std::string_view> kNetworkKeys = {"restrict", "connect", "bind", "unix", "restrict_udp",
                                                    "connect_udp", "bind_udp"};
const std::vector<std::string_view> kAuditKeys = {"log_denials", "log_launcher"};
const std::vector<std::string_view> kEnvKeys = {"inherit", "keep", "unset", "set", "default_unset"};

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
    diags_.error(loc(k.source()), "unknown key `" + std::string(k.str()) + "`" +
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
        if (!v.is_string()) type_error(v, "path", "a string");
        else out.text = v.as_string()->get(), out.loc = loc(v), has_path = true;
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
      out.push_back({el.as_string()->get(), loc(el), true});
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
  void env_set(const toml::node &n, std::vector<EnvAssignment> &out) {
    const toml::table *t = n.as_table();
    if (!t) return type_error(n, "set", "a table of strings, like set = { NAME = \"VALUE\" }");
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

  void layer(const toml::table &t, Layer &out, bool is_profile, FileLayers *file) {
    const std::vector<std::string_view> &keys = is_profile ? kProfileKeys : kTopKeys;
    for (auto &&[k, v] : t) {
      std::string_view key = k.str();
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        unknown_key(k, is_profile ? "profiles.*" : "", keys);
        continue;
      }
      if (key == "version") integer(v, key, out.version);
      else if (key == "mode") string(v, key, out.mode);
      else if (key == "workspace") string(v, key, out.workspace);
      else if (key == "compose") string(v, key, out.compose);
      else if (key == "strict") boolean(v, key, out.strict);
      else if (key == "best_effort") boolean(v, key, out.best_effort);
      else if (key == "keep_fds") boolean(v, key, out.keep_fds);
      else if (key == "hide_secrets") boolean(v, key, out.hide_secrets);
      else if (key == "require_abi") integer(v, key, out.require_abi);
      else if (key == "extends") path_list(v, key, {}, out.extends);
      else if (key == "ro") path_list(v, key, kGrantKeys, out.ro);
      else if (key == "rw") path_list(v, key, kGrantKeys, out.rw);
      else if (key == "hide") path_list(v, key, kHideKeys, out.hide);
      else if (key == "outputs") path_list(v, key, kHideKeys, out.outputs);
      else if (key == "scopes") names(v, key, out.scopes);
      else if (key == "project") {
        PathEntry e;
        if (path_entry(v, key, kProjectKeys, e)) out.project = std::move(e);
      } else if (key == "protect") {
        sub_table(v, key, kProtectKeys, [&](std::string_view sk, const toml::node &sv) {
          if (sk == "paths") path_list(sv, sk, {}, out.protect);
          else if (sk == "unprotect") path_list(sv, sk, {}, out.unprotect);
          else if (sk == "read_only") path_list(sv, sk, kHideKeys, out.read_only);
          else path_list(sv, sk, {}, out.keep_writable);
        });
      } else if (key == "launcher") {
        sub_table(v, key, kLauncherKeys, [&](std::string_view sk, const toml::node &sv) {
          string(sv, sk, out.launcher_path);
        });
      } else if (key == "network") {
        sub_table(v, key, kNetworkKeys, [&](std::string_view sk, const toml::node &sv) {
          if (sk == "restrict") boolean(sv, sk, out.net_restrict);
          else if (sk == "restrict_udp") boolean(sv, sk, out.restrict_udp);
          else if (sk == "unix") path_list(sv, sk, {}, out.unix_sockets);
          else if (sk == "connect_udp") port_list(sv, sk, out.connect_udp);
          else if (sk == "bind_udp") port_list(sv, sk, out.bind_udp);
          else port_list(sv, sk, sk == "connect" ? out.connect : out.bind);
        });
      } else if (key == "audit") {
        sub_table(v, key, kAuditKeys, [&](std::string_view sk, const toml::node &sv) {
          boolean(sv, sk, sk == "log_denials" ? out.log_denials : out.log_launcher);
        });
      } else if (key == "env") {
        sub_table(v, key, kEnvKeys, [&](std::string_view sk, const toml::node &sv) {
          if (sk == "inherit") {
            Setting<std::string> s;
            if (string(sv, sk, s)) out.env.inherit.push_back(s);
          } else if (sk == "default_unset") {
            Setting<bool> s;
            if (boolean(sv, sk, s)) out.env.default_unset.push_back(s);
          } else if (sk == "set") {
            env_set(sv, out.env.set);
          } else {
            env_patterns(sv, sk, sk == "keep" ? out.env.keep : out.env.unset);
          }
        });
      } else if (key == "profiles" && file) {
        const toml::table *profiles = v.as_table();
        if (!profiles) {
          type_error(v, key, "a table of [profiles.NAME] tables");
          continue;
        }
        for (auto &&[name, body] : *profiles) {
          const toml::table *pt = body.as_table();
          if (!pt) {
            type_error(body, "profiles." + std::string(name.str()), "a table");
            continue;
          }
          std::string pname(name.str());
          file->profile_locs[pname] = loc(name.source());
          layer(*pt, file->profiles[pname], true, nullptr);
        }
      }
    }
  }

  void top(const toml::table &root, FileLayers &out) {
    layer(root, out.base, false, &out);
    if (!out.base.version.value) {
      diags_.error({file_, 1, 1}, "missing `version = 1` at the top of the policy",
                   "the format is versioned so that a future format is never misread: start the file with version = 1");
    } else if (*out.base.version.value != kPolicyVersion) {
      diags_.error(out.base.version.loc,
                   "unsupported policy format version " + std::to_string(*out.base.version.value),
                   "this landlock-policy reads version = 1");
    }
  }

  const Sources &sources_;
  int file_;
  Diagnostics &diags_;
};

template <class T>
void append(std::vector<T> &into, const std::vector<T> &from) {
  into.insert(into.end(), from.begin(), from.end());
}
template <class T>
void override_with(Setting<T> &into, const Setting<T> &from) {
  if (from.value) into = from;
}

}  // namespace

bool parse_policy(const Sources &sources, int file, Diagnostics &diags, FileLayers &out) {
  return Parser(sources, file, diags).run(out);
}

void merge_layer(Layer &into, const Layer &from) {
  override_with(into.mode, from.mode);
  override_with(into.workspace, from.workspace);
  override_with(into.compose, from.compose);
  override_with(into.launcher_path, from.launcher_path);
  override_with(into.strict, from.strict);
  override_with(into.best_effort, from.best_effort);
  override_with(into.keep_fds, from.keep_fds);
  override_with(into.hide_secrets, from.hide_secrets);
  override_with(into.net_restrict, from.net_restrict);
  override_with(into.restrict_udp, from.restrict_udp);
  override_with(into.log_denials, from.log_denials);
  override_with(into.log_launcher, from.log_launcher);
  override_with(into.require_abi, from.require_abi);
  append(into.ro, from.ro);
  append(into.rw, from.rw);
  append(into.hide, from.hide);
  append(into.protect, from.protect);
  append(into.unprotect, from.unprotect);
  append(into.read_only, from.read_only);
  append(into.keep_writable, from.keep_writable);
  append(into.outputs, from.outputs);
  append(into.connect, from.connect);
  append(into.bind, from.bind);
  append(into.connect_udp, from.connect_udp);
  append(into.bind_udp, from.bind_udp);
  append(into.unix_sockets, from.unix_sockets);
  append(into.scopes, from.scopes);
  if (from.project) into.project = from.project;
  // [env]: every entry kept in merge order; env.cpp gives them their meaning.
  append(into.env.inherit, from.env.inherit);
  append(into.env.default_unset, from.env.default_unset);
  append(into.env.keep, from.env.keep);
  append(into.env.unset, from.env.unset);
  append(into.env.set, from.env.set);
}

}  // namespace llp
