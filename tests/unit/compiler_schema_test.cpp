// The policy schema (compiler/policy/schema.h) walked row by row: every key
// parses where the table says it may be written, merges by its rule, keeps
// or loses a project policy's value by its rule, and is among the rows
// npm's generator reads; and the mode table (compiler/plan/modes.h), pinned.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "../../compiler/out/state_text.h"
#include "../../compiler/policy/parse.h"
#include "../../compiler/policy/schema.h"
#include "../../compiler/policy/sets.h"
#include "../../compiler/base/text.h"
#include "../../compiler/plan/env.h"
#include "../../compiler/plan/modes.h"
#include "../../launcher/abi.h"

using namespace llp;
using schema::Key;

namespace {

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};

// A valid TOML value for a row, by how the row stores it; `widening` picks
// the value a project policy may not set (false for OnlyTrue, true for OnlyFalse).
template <class T>
std::string sample(const Key &key, bool widening) {
  const std::vector<std::string_view> choices = schema::choices_of(key);
  std::string text = choices.empty() ? "\"x\"" : "\"" + std::string(choices.front()) + "\"";
  // The value that narrows: true, except where true is what widens.
  bool narrowing = key.from_project != schema::FromProject::OnlyFalse;
  if (widening &&
      (key.from_project == schema::FromProject::OnlyTrue || key.from_project == schema::FromProject::OnlyFalse))
    narrowing = !narrowing;
  std::string boolean = narrowing ? "true" : "false";
  if constexpr (std::is_same_v<T, Setting<bool>> || std::is_same_v<T, std::vector<Setting<bool>>>) return boolean;
  else if constexpr (std::is_same_v<T, Setting<long>>) return "1";
  else if constexpr (std::is_same_v<T, Setting<std::string>> || std::is_same_v<T, std::vector<Setting<std::string>>>)
    return text;
  else if constexpr (std::is_same_v<T, std::optional<PathEntry>>) return "\"/p\"";
  else if constexpr (std::is_same_v<T, std::vector<PathEntry>>) return "[\"/p\", \"/q\"]";
  else if constexpr (std::is_same_v<T, std::vector<PortEntry>>) return "[443]";
  else if constexpr (std::is_same_v<T, std::vector<NameEntry>>) return "[\"signal\"]";
  else if constexpr (std::is_same_v<T, std::vector<EnvPattern>>) return "[\"FOO\"]";
  else return "{ A = \"b\" }";
}

template <class T>
bool given(const T &value) {
  if constexpr (IsVector<T>::value) return !value.empty();
  else if constexpr (requires { value.has_value(); }) return value.has_value();
  else return value.value.has_value();
}

// The text of a policy that sets row `key` (in [profiles.p] when profile).
std::string policy_setting(const Key &key, bool profile, bool widening) {
  std::string value;
  schema::with_member(key, [&](auto get) {
    using T = std::remove_cvref_t<decltype(get(std::declval<Layer &>()))>;
    value = sample<T>(key, widening);
  });
  std::string out = "version = 1\n";
  if (key.name == "version" && !profile) return out;
  std::string table = profile ? "profiles.p" : "";
  if (!key.table.empty()) table += (table.empty() ? "" : ".") + std::string(key.table);
  if (!table.empty()) out += "[" + table + "]\n";
  return out + std::string(key.name) + " = " + value + "\n";
}

struct Parsed {
  bool ok = false;
  std::string diagnostics;
  FileLayers layers;
};

Parsed parse(const std::string &text) {
  Sources sources;
  Diagnostics diags;
  Parsed out;
  const int file = sources.add({"test.toml", text, Provenance::User, {}});
  out.ok = parse_policy(sources, file, diags, out.layers) && !diags.has_errors();
  out.diagnostics = diags.render(sources);
  return out;
}

bool row_given(const Key &key, const Layer &layer) {
  bool out = false;
  schema::with_member(key, [&](auto get) { out = given(get(layer)); });
  return out;
}

bool is_data(const Key &key) { return key.value != schema::Value::Profiles; }

}  // namespace

TEST_SUITE("schema") {
  TEST_CASE("every key parses where its row says, and nowhere else") {
    for (const Key &key : schema::keys()) {
      if (!is_data(key)) continue;
      const std::string name = std::string(key.table) + "." + std::string(key.name);
      CAPTURE(name);
      Parsed top = parse(policy_setting(key, false, false));
      CHECK_MESSAGE(top.ok == ((key.in & schema::Top) != 0), top.diagnostics);
      if (top.ok) CHECK(row_given(key, top.layers.base));
      Parsed profile = parse(policy_setting(key, true, false));
      const bool in_profiles = (key.in & schema::Profiles) != 0;
      CHECK_MESSAGE(profile.ok == in_profiles, profile.diagnostics);
      if (in_profiles && profile.ok) CHECK(row_given(key, profile.layers.profiles["p"]));
    }
  }

  TEST_CASE("every path entry accepts its shape's keys as a table") {
    for (const Key &key : schema::keys()) {
      if (key.shape == schema::Shape::None) continue;
      const std::string name(key.name);
      CAPTURE(name);
      std::string entry = "{ ";
      for (std::string_view k : schema::entry_keys(key.shape)) {
        if (entry.size() > 2) entry += ", ";
        entry += std::string(k) + (k == "optional" ? " = true" : " = \"/p\"");
      }
      entry += " }";
      const bool list = key.merge == schema::Merge::Append;
      const std::string table = key.table.empty() ? "" : "[" + std::string(key.table) + "]\n";
      const std::string value = list ? "[" + entry + "]" : entry;
      std::string text = "version = 1\n";
      text += table;
      text += std::string(key.name) + " = " + value + "\n";
      Parsed p = parse(text);
      CHECK_MESSAGE(p.ok, p.diagnostics);
    }
  }

  TEST_CASE("a typo gets a hint naming the key") {
    Parsed p = parse("version = 1\n[network]\nconect = [443]\n");
    CHECK_FALSE(p.ok);
    CHECK(p.diagnostics.find("did you mean `connect`?") != std::string::npos);
  }

  TEST_CASE("the hints list the keys in the documented order") {
    CHECK(join_quoted(schema::keys_at(schema::Top)) == join_quoted({"version",
                                                                    "mode",
                                                                    "workspace",
                                                                    "strict",
                                                                    "extends",
                                                                    "ro",
                                                                    "rw",
                                                                    "hide",
                                                                    "hide_secrets",
                                                                    "protect",
                                                                    "launcher",
                                                                    "network",
                                                                    "scopes",
                                                                    "default_scopes",
                                                                    "guard_terminal",
                                                                    "audit",
                                                                    "best_effort",
                                                                    "require_abi",
                                                                    "keep_fds",
                                                                    "project",
                                                                    "compose",
                                                                    "env",
                                                                    "outputs",
                                                                    "executable_outputs",
                                                                    "detect_outputs",
                                                                    "profiles"}));
    CHECK(join_quoted(schema::keys_at(schema::Profiles)) == join_quoted({"mode",
                                                                         "workspace",
                                                                         "strict",
                                                                         "ro",
                                                                         "rw",
                                                                         "hide",
                                                                         "hide_secrets",
                                                                         "protect",
                                                                         "launcher",
                                                                         "network",
                                                                         "scopes",
                                                                         "default_scopes",
                                                                         "guard_terminal",
                                                                         "audit",
                                                                         "best_effort",
                                                                         "require_abi",
                                                                         "keep_fds",
                                                                         "compose",
                                                                         "env",
                                                                         "outputs",
                                                                         "executable_outputs",
                                                                         "detect_outputs"}));
    CHECK(join_quoted(schema::keys_in("network")) ==
          join_quoted({"restrict", "connect", "bind", "unix", "restrict_udp", "connect_udp", "bind_udp"}));
    CHECK(join_quoted(schema::keys_in("protect")) == join_quoted({"paths", "unprotect", "read_only", "keep_writable"}));
    CHECK(join_quoted(schema::keys_in("env")) == join_quoted({"inherit", "keep", "unset", "set", "default_unset"}));
    CHECK(join_quoted(schema::keys_in("audit")) == join_quoted({"log_denials", "log_launcher"}));
    CHECK(join_quoted(schema::keys_in("launcher")) == join_quoted({"path"}));
  }

  TEST_CASE("a key's choices are the ones its stage accepts: [env] inherit's, widest first, rank the environment") {
    CHECK(join_quoted(schema::choices_of(*schema::find_key("env", "inherit"))) == join_quoted({"all", "core", "none"}));
  }

  TEST_CASE("every key merges by its rule") {
    for (const Key &key : schema::keys()) {
      if (!is_data(key)) continue;
      const std::string name(key.name);
      CAPTURE(name);
      Parsed p = parse(policy_setting(key, false, false));
      REQUIRE_MESSAGE(p.ok, p.diagnostics);
      Layer merged;
      merge_layer(merged, p.layers.base);
      merge_layer(merged, p.layers.base);
      CHECK(row_given(key, merged) == (key.merge != schema::Merge::None));
      if (key.merge != schema::Merge::Append) continue;
      schema::with_member(key, [&](auto get) {
        if constexpr (IsVector<std::remove_cvref_t<decltype(get(merged))>>::value)
          CHECK(get(merged).size() == 2 * get(p.layers.base).size());
      });
    }
  }

  TEST_CASE("a project policy keeps what narrows and loses what widens") {
    for (const Key &key : schema::keys()) {
      if (!is_data(key)) continue;
      const std::string name(key.name);
      CAPTURE(name);
      for (bool widening : {false, true}) {
        Parsed p = parse(policy_setting(key, false, widening));
        REQUIRE_MESSAGE(p.ok, p.diagnostics);
        Layer layer = p.layers.base;
        mark_from_project(layer);
        std::vector<Widening> dropped = strip_widening(layer);
        bool refused =
            key.from_project == schema::FromProject::Never || key.from_project == schema::FromProject::Ignored;
        if (widening)
          refused = refused || key.from_project == schema::FromProject::OnlyTrue ||
                    key.from_project == schema::FromProject::OnlyFalse;
        CHECK(row_given(key, layer) == !refused);
        CHECK(dropped.empty() == !refused);
        for (const Widening &w : dropped) {
          CHECK(!key.refusal.empty());
          CHECK(widening_text(w).find("{}") == std::string::npos);
          CHECK(widening_text(w).substr(0, 10) == std::string(key.refusal.substr(0, 10)));
        }
        CHECK(layer.provenance == Provenance::Project);
        schema::with_member(key, [&](auto get) {
          if constexpr (requires { get(layer).front().provenance; })
            for (const auto &entry : get(layer)) CHECK(entry.provenance == Provenance::Project);
        });
      }
    }
  }

  TEST_CASE("what a project policy may not set, and what it is told") {
    // Pinned apart from the table: a row that loses its rule fails here.
    const std::vector<std::pair<std::string, std::string>> widening = {
        {"mode = \"custom\"", "a project policy cannot set `mode`: the mode is the user's choice"},
        {"workspace = \"/w\"", "a project policy cannot set `workspace`: the workspace is the user's choice"},
        {"compose = \"nest\"",
         "a project policy cannot set `compose`: only the user's policy chooses how projects compose"},
        {"launcher = { path = \"/l\" }", "a project policy cannot set `launcher`: the launcher is the user's choice"},
        {"best_effort = true", "a project policy cannot set `best_effort`: it would drop restrictions"},
        {"keep_fds = true", "a project policy cannot set `keep_fds`: inherited fds bypass the sandbox"},
        {"hide_secrets = false", "a project policy cannot set `hide_secrets`: it would expose secrets"},
        {"default_scopes = false",
         "a project policy cannot set `default_scopes`: the command could signal processes and "
         "reach abstract sockets outside"},
        {"guard_terminal = false",
         "a project policy cannot set `guard_terminal`: the command could type into your terminal"},
        {"detect_outputs = true", "a project policy cannot set `detect_outputs = true`: only you turn detection on"},
        {"strict = false", "a project policy cannot set `strict`: only the user may relax strictness"},
        {"network = { restrict = false }",
         "a project policy cannot set `network.restrict`: it would lift a restriction"},
        {"network = { restrict_udp = false }",
         "a project policy cannot set `network.restrict_udp`: it would lift a restriction"},
        {"protect = { unprotect = [\"~/.x\"] }", "a project policy cannot unprotect `~/.x`"},
        {"protect = { keep_writable = [\".git\"] }", "a project policy cannot keep `.git` writable"},
        {"project = \"/p\"", "a project policy cannot name another project policy"},
        {"extends = [\"/a\", \"/b\"]", "a project policy cannot extend other files: ignored, nothing was read"},
    };
    for (const auto &row : widening) {
      const std::string &line = row.first;
      const std::string &message = row.second;
      CAPTURE(line);
      Parsed p = parse("version = 1\n" + line + "\n");
      REQUIRE_MESSAGE(p.ok, p.diagnostics);
      std::vector<Widening> dropped = strip_widening(p.layers.base);
      REQUIRE(dropped.size() == 1);
      CHECK(widening_text(dropped.front()) == message);
    }
    const auto rules = std::count_if(schema::keys().begin(), schema::keys().end(),
                                     [](const Key &key) { return key.from_project != schema::FromProject::May; });
    CHECK(static_cast<size_t>(rules) == widening.size());  // one line above per row with a rule
    const std::vector<std::string> narrowing = {
        "best_effort = false",   "keep_fds = false",
        "hide_secrets = true",   "default_scopes = true",
        "guard_terminal = true", "detect_outputs = false",
        "strict = true",         "network = { restrict = true, restrict_udp = true }",
        "ro = [\"/r\"]",         "env = { inherit = \"none\" }",
        "require_abi = 3"};
    for (const std::string &line : narrowing) {
      CAPTURE(line);
      Parsed p = parse("version = 1\n" + line + "\n");
      REQUIRE_MESSAGE(p.ok, p.diagnostics);
      CHECK(strip_widening(p.layers.base).empty());
    }
  }

  TEST_CASE("a project policy cannot unprotect: one refusal per entry, naming it") {
    Parsed p = parse("version = 1\n[protect]\nunprotect = [\"~/.bashrc\", \"~/.profile\"]\n");
    REQUIRE(p.ok);
    std::vector<Widening> dropped = strip_widening(p.layers.base);
    REQUIRE(dropped.size() == 2);
    CHECK(widening_text(dropped[0]) == "a project policy cannot unprotect `~/.bashrc`");
    CHECK(widening_text(dropped[1]) == "a project policy cannot unprotect `~/.profile`");
  }

  TEST_CASE("every row is consistent with itself") {
    for (const Key &key : schema::keys()) {
      const std::string name(key.name);
      CAPTURE(name);
      if (!key.npm.empty()) CHECK(key.value != schema::Value::Profiles);
      if (key.value == schema::Value::Choice) CHECK(schema::choices_of(key).size() >= 2);
      if (key.from_project != schema::FromProject::May) CHECK(!key.refusal.empty());
      CHECK(schema::find_key(key.table, key.name) == &key);
    }
  }

  TEST_CASE("the settable column is what --set takes, the grants column what a policy grants") {
    CHECK(schema::settable_keys() == std::vector<std::string_view>{"mode", "workspace", "strict", "launcher"});
    CHECK_FALSE(schema::holds_grant(parse("version = 1\nstrict = true\n").layers.base, true));
    Layer hide_only = parse("version = 1\nhide = [\"~/.x\"]\n").layers.base;
    CHECK(schema::holds_grant(hide_only, true));
    CHECK_FALSE(schema::holds_grant(hide_only, false));  // a project's hide never calls for nesting
    CHECK(schema::holds_grant(parse("version = 1\n[network]\nrestrict = true\n").layers.base, false));
    CHECK(schema::holds_grant(parse("version = 1\nro = [\"/usr\"]\n").layers.base, false));
  }

  TEST_CASE("--set applies every settable row by its field: a scalar, typed, from the command line") {
    for (const Key &key : schema::keys()) {
      if (key.settable != schema::Settable::Yes) continue;
      const std::string name(schema::outer_name(key));
      CAPTURE(name);
      Layer layer;
      Diagnostics diags;
      bool set = false;
      std::visit(
          [&](auto member) {
            using Member = decltype(member);
            if constexpr (std::is_same_v<Member, Setting<bool> Layer::*>) {
              apply_sets({{name, "true"}}, diags, layer);
              set = (layer.*member).value == std::optional<bool>(true) && (layer.*member).loc.file < 0;
              apply_sets({{name, "maybe"}}, diags, layer);
              CHECK(diags.all().back().message == "--set " + name + "=maybe: expected true or false");
            } else if constexpr (std::is_same_v<Member, Setting<std::string> Layer::*>) {
              apply_sets({{name, "/a/$b"}}, diags, layer);
              set = (layer.*member).value == std::optional<std::string>("/a/$b") && !diags.has_errors();
            }
          },
          key.field);
      CHECK_MESSAGE(set, "a settable row is a bool or a text scalar, and --set sets it");
    }
    Layer layer;
    Diagnostics diags;
    apply_sets({{"launcher", "/opt/$x/landlock-run"}}, diags, layer);
    CHECK(layer.launcher_literal);  // typed on the command line: $ is a $
    apply_sets({{"stric", "true"}}, diags, layer);
    CHECK(diags.all().back().message == "--set stric: unknown key");
  }

  TEST_CASE("parse checks a row's choices and ABI range, and stores nothing it refuses") {
    Parsed compose = parse("version = 1\ncompose = \"nets\"\n");
    CHECK_FALSE(compose.ok);
    CHECK(compose.diagnostics.find("unknown compose `nets`") != std::string::npos);
    CHECK(compose.diagnostics.find("nest") != std::string::npos);
    CHECK_FALSE(compose.layers.base.compose.value);
    Parsed inherit = parse("version = 1\n[env]\ninherit = \"some\"\n");
    CHECK(inherit.diagnostics.find("unknown [env] inherit `some`") != std::string::npos);
    CHECK(inherit.layers.base.env.inherit.empty());
    for (const std::string &abi :
         {std::string("0"), std::to_string(launcher::kNewestKnownAbi + 1), std::string("-1")}) {
      Parsed p = parse("version = 1\nrequire_abi = " + abi + "\n");
      CAPTURE(abi);
      CHECK(p.diagnostics.find("require_abi = " + abi + " is out of range") != std::string::npos);
      CHECK_FALSE(p.layers.base.require_abi.value);
    }
    CHECK(parse("version = 1\nrequire_abi = 11\ncompose = \"nest\"\n[env]\ninherit = \"core\"\n").ok);
  }
}

TEST_SUITE("modes") {
  TEST_CASE("the mode table: what each mode does, pinned") {
    std::string summary;
    for (const Mode &m : modes()) {
      summary += std::string(m.name) + ":";
      summary += m.sandboxed ? " sandboxed" : " alone";
      summary += m.hide_secrets ? " hide" : "";
      summary += m.unset_secrets ? " unset" : "";
      summary += m.drop_caps ? " drop-caps" : "";
      summary += m.carve ? " carve" : "";
      summary += m.starter.empty() ? "" : " init";
      for (const ModeGrant &g : m.grants)
        summary += " " + std::string(access_name(g.access)) + "=" + std::string(g.path);
      summary += "\n";
    }
    CHECK(summary ==
          "read-only: sandboxed hide unset drop-caps init ro=/ rw=/dev/null\n"
          "workspace-write: sandboxed hide unset drop-caps carve init ro=/ rw=/dev/null rw=${WORKSPACE} rw=${TMPDIR}\n"
          "danger-full-access: alone\n"
          "custom: sandboxed init\n");
  }

  TEST_CASE("a mode's starter names the mode, and every name is found") {
    for (const Mode &m : modes()) {
      CHECK(find_mode(m.name) == &m);
      if (!m.starter.empty()) CHECK(m.starter.find("mode = \"" + std::string(m.name) + "\"") != std::string_view::npos);
    }
    CHECK(find_mode("read-onl") == nullptr);
    CHECK(join_names(mode_names(), ", ", " or ", true) ==
          "\"read-only\", \"workspace-write\", \"danger-full-access\" or \"custom\"");
  }
}
