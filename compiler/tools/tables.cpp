// tables: prints the project's tables for what is built around them, so that
// nothing outside C++ restates a flag, a schema key or a mode by hand.
//   tables flags      flags.json: launcher/cli_flags.h with launcher/abi.h
//   tables policy     policy.json: compiler/policy/schema.cpp, plan/modes.cpp
//   tables run-modes  the mode check of integrations/lib/run.sh
//   tables dts        the unions of npm's index.d.ts (Scope, Mode, Compose...)
//   tables names      the names the docs must document, one a line
// A build-only program (`make tables` writes the committed copies; suite 31
// fails when one is stale), not a landlock-policy option: the shipped
// compiler carries no JSON printer, and its command line stays the user's.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "../../launcher/cli_flags.h"
#include "../base/text.h"
#include "../plan/modes.h"
#include "../policy/presets.h"
#include "../policy/schema.h"

namespace llp {
namespace {

// The flags ABI abi brings that older kernels skip (abi.h's kSkippedFlags), "" for none.
const char *skipped_at(int abi) {
  const auto *step = std::find_if(std::begin(launcher::kSkippedFlags), std::end(launcher::kSkippedFlags),
                                  [abi](const launcher::SkippedFlags &row) { return row.abi == abi; });
  return step == std::end(launcher::kSkippedFlags) ? "" : step->flags;
}

// A JSON value, printed as JSON.stringify(value, null, 2) prints it. An
// object holds its members as items, each named by its key.
struct Json {
  std::variant<std::string, long, bool, std::vector<Json>> value;
  bool object = false;
  std::string key{};
};
using Items = std::vector<Json>;
using Members = std::vector<std::pair<std::string, Json>>;

Json array(Items items) { return {std::move(items)}; }
Json object(const Members &members) {
  Items items;
  std::transform(members.begin(), members.end(), std::back_inserter(items), [](const auto &member) {
    Json named = member.second;
    named.key = member.first;
    return named;
  });
  return {std::move(items), true};
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (byte < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", byte);
      out += hex;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void print(const Json &j, int depth, std::string &out) {
  if (const auto *s = std::get_if<std::string>(&j.value)) out += quoted(*s);
  else if (const auto *n = std::get_if<long>(&j.value)) out += std::to_string(*n);
  else if (const auto *b = std::get_if<bool>(&j.value)) out += *b ? "true" : "false";
  else {
    const Items &items = std::get<Items>(j.value);
    out += j.object ? '{' : '[';
    const std::string indent(2 * static_cast<size_t>(depth + 1), ' ');
    for (size_t i = 0; i < items.size(); ++i) {
      out += i == 0 ? "\n" : ",\n";
      out += indent;
      if (j.object) out += quoted(items[i].key) + ": ";
      print(items[i], depth + 1, out);
    }
    if (!items.empty()) out += "\n" + std::string(2 * static_cast<size_t>(depth), ' ');
    out += j.object ? '}' : ']';
  }
}

Json text(std::string_view s) { return {std::string(s)}; }
Json number(long n) { return {n}; }
Json yes(bool b) { return {b}; }
Json texts(const std::vector<std::string_view> &list) {
  Items out;
  std::transform(list.begin(), list.end(), std::back_inserter(out), text);
  return array(std::move(out));
}

// The parts of a list that `separator` separates ("--ro --rw"; "no-tty-inject").
std::vector<std::string_view> parts(std::string_view list, char separator) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const size_t at = list.find(separator);
    if (at != 0) out.push_back(list.substr(0, at));
    list = at == std::string_view::npos ? std::string_view() : list.substr(at + 1);
  }
  return out;
}
std::vector<std::string_view> words(std::string_view list) { return parts(list, ' '); }

// A --probe field without its leading space (" tcp=yes").
std::string_view trim(std::string_view s) { return s.starts_with(' ') ? s.substr(1) : s; }

// npm's name of a flag: --no-tty-inject is noTtyInject, and a trailing
// "env" is a word of its own (--clearenv is clearEnv), as in Flag::ClearEnv.
std::string flag_key(std::string_view spelling) {
  std::string out;
  for (std::string_view word : parts(spelling.substr(2), '-')) {
    std::string w(word);
    if (w.size() > 3 && w.ends_with("env")) w.replace(w.size() - 3, 1, "E");
    if (!out.empty()) w[0] = static_cast<char>(w[0] - 'a' + 'A');
    out += w;
  }
  return out;
}

Json flags_json() {
  Items flags;
  for (const launcher::FlagSpec &f : launcher::kFlags) {
    std::string key = flag_key(f.spelling);
    std::string name = key;
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
    flags.push_back(object({{"name", text(name)},
                            {"key", text(key)},
                            {"spelling", text(f.spelling)},
                            {"takesValue", yes(f.values != 0)},
                            {"values", number(f.values)},
                            {"operand", text(f.operand)},
                            {"minAbi", number(launcher::min_abi(f.flag))},
                            {"enforcedFrom", number(launcher::enforced_from(f.flag))},
                            {"means", text(f.means)}}));
  }
  Items abis;
  std::transform(std::begin(launcher::kAbis), std::end(launcher::kAbis), std::back_inserter(abis),
                 [](const launcher::AbiStep &step) {
                   return object({{"abi", number(step.abi)},
                                  {"linux", text(step.linux_release)},
                                  {"probeYes", text(trim(step.probe_yes))},
                                  {"probeNo", text(trim(step.probe_no))},
                                  {"ungoverned", text(step.ungoverned)},
                                  {"flags", texts(words(step.flags))},
                                  {"skipped", texts(words(skipped_at(step.abi)))}});
                 });
  return object({
      {"source", text("launcher/cli_flags.h")},
      {"flags", array(std::move(flags))},
      {"abis", array(std::move(abis))},
      {"separator", text(launcher::kSeparator)},
      {"scopes", texts({launcher::kScopeAbstractUnix, launcher::kScopeSignal})},
      {"newestKnownAbi", number(launcher::kNewestKnownAbi)},
      {"exit", object({{"launcherFailed", number(launcher::kExitLauncherFailed)},
                       {"cannotExecute", number(launcher::kExitCannotExecute)},
                       {"notFound", number(launcher::kExitNotFound)}})},
  });
}

// The enumerators' names, as policy.json spells them (a new one fails to
// compile here with -Wswitch until it is named).
const char *name_of(schema::Value v) {
  switch (v) {
    case schema::Value::Bool: return "Bool";
    case schema::Value::Integer: return "Integer";
    case schema::Value::Abi: return "Abi";
    case schema::Value::Text: return "Text";
    case schema::Value::Choice: return "Choice";
    case schema::Value::Path: return "Path";
    case schema::Value::Relative: return "Relative";
    case schema::Value::Port: return "Port";
    case schema::Value::Name: return "Name";
    case schema::Value::Pattern: return "Pattern";
    case schema::Value::Assignment: return "Assignment";
    case schema::Value::Profiles: return "Profiles";
  }
  return "";
}
const char *name_of(schema::Merge m) {
  switch (m) {
    case schema::Merge::None: return "None";
    case schema::Merge::Override: return "Override";
    case schema::Merge::Append: return "Append";
    case schema::Merge::Replace: return "Replace";
  }
  return "";
}
const char *name_of(schema::FromProject f) {
  switch (f) {
    case schema::FromProject::May: return "May";
    case schema::FromProject::Never: return "Never";
    case schema::FromProject::OnlyFalse: return "OnlyFalse";
    case schema::FromProject::OnlyTrue: return "OnlyTrue";
    case schema::FromProject::Ignored: return "Ignored";
  }
  return "";
}
const char *name_of(schema::Grants g) {
  switch (g) {
    case schema::Grants::No: return "No";
    case schema::Grants::Yes: return "Yes";
    case schema::Grants::Unnested: return "Unnested";
  }
  return "";
}

// A key's value in TOML, by its storage: one value, one entry, a list, or tables.
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

std::string toml_of(const schema::Key &key) {
  std::string out = "tables";
  schema::with_member(key, [&](auto get) {
    using Stored = std::remove_cvref_t<decltype(get(std::declval<Layer &>()))>;
    // [env] inherit and default_unset are lists of settings, one per file: one value in TOML.
    constexpr bool one_setting = requires(Stored v) { v.front().value.has_value(); };
    if constexpr (IsOptional<Stored>::value) out = "entry";
    else if constexpr (!IsVector<Stored>::value || one_setting) out = "one";
    else out = "list";
  });
  return out;
}

Json key_json(const schema::Key &k) {
  Members row{{"name", text(k.name)},
              {"table", text(k.table)},
              {"top", yes((k.in & schema::Top) != 0)},
              {"profiles", yes((k.in & schema::Profiles) != 0)},
              {"value", text(name_of(k.value))},
              {"toml", text(toml_of(k))},
              {"entryKeys", texts(schema::entry_keys(k.shape))},
              {"merge", text(name_of(k.merge))},
              {"fromProject", text(name_of(k.from_project))},
              {"npm", text(k.npm)},
              {"choices", texts(schema::choices_of(k))},
              {"grants", text(name_of(k.grants))},
              {"settable", yes(k.settable == schema::Settable::Yes)}};
  if (k.value == schema::Value::Abi) row.emplace_back("range", array({number(1), number(launcher::kNewestKnownAbi)}));
  return object(row);
}

Json mode_json(const Mode &m) {
  Items grants;
  std::transform(m.grants.begin(), m.grants.end(), std::back_inserter(grants), [](const ModeGrant &g) {
    return object({{"path", text(g.path)}, {"access", text(access_name(g.access))}, {"why", text(g.why)}});
  });
  return object({{"name", text(m.name)},
                 {"sandboxed", yes(m.sandboxed)},
                 {"hideSecrets", yes(m.hide_secrets)},
                 {"unsetSecrets", yes(m.unset_secrets)},
                 {"dropCaps", yes(m.drop_caps)},
                 {"carve", yes(m.carve)},
                 {"defaultScopes", yes(m.default_scopes)},
                 {"guardTerminal", yes(m.guard_terminal)},
                 {"detectOutputs", yes(m.detect_outputs)},
                 {"init", yes(!m.starter.empty())},
                 {"grants", array(std::move(grants))}});
}

Json policy_json() {
  Items keys;
  std::transform(schema::keys().begin(), schema::keys().end(), std::back_inserter(keys), key_json);
  Items mode_rows;
  std::transform(modes().begin(), modes().end(), std::back_inserter(mode_rows), mode_json);
  return object({
      {"source", texts({"compiler/policy/schema.cpp", "compiler/plan/modes.cpp", "compiler/policy/presets.h"})},
      {"keys", array(std::move(keys))},
      {"modes", array(std::move(mode_rows))},
      {"presetPrefix", text(kPresetPrefix)},
      {"presets", texts(preset_names())},
  });
}

// A policy of a mode alone means something unless it sandboxes with no
// grant at all (custom): those are the modes run.sh's LLR_MODE takes.
std::vector<std::string_view> modes_alone() {
  std::vector<std::string_view> out;
  for (const Mode &m : modes())
    if (!m.sandboxed || !m.grants.empty()) out.push_back(m.name);
  return out;
}

std::string run_modes() {
  const std::vector<std::string_view> alone = modes_alone();
  return "# BEGIN generated by `make tables` (compiler/tools/tables.cpp) from compiler/plan/modes.cpp\n"
         "# The modes LLR_MODE takes: every mode but those that grant nothing alone.\n"
         "llr_mode_alone() {\n"
         "  case $1 in\n"
         "    " +
         join_names(alone, " | ", " | ", false) +
         ") return 0 ;;\n"
         "  esac\n"
         "  return 1\n"
         "}\n"
         "llr_modes_alone=\"" +
         join_names(alone, ", ", " or ", false) +
         "\"\n"
         "# END generated\n";
}

// A TypeScript union of string literals: 'a' | 'b'.
std::string union_of(const std::vector<std::string_view> &names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "'" : " | '") + std::string(n) + "'";
  return out;
}

// The unions of npm's index.d.ts: the scopes, the modes, and one type per
// key with choices, named after its npm name (compose: Compose).
std::string dts() {
  std::string out = "// BEGIN generated by `make tables` (compiler/tools/tables.cpp) from the tables\n";
  out += "/** A Landlock scope name, as `--scope` takes it (launcher/cli_flags.h). */\n";
  out += "export type Scope = " + union_of({launcher::kScopeAbstractUnix, launcher::kScopeSignal}) + ";\n";
  out += "/** A mode (compiler/plan/modes.cpp). */\n";
  out += "export type Mode = " + union_of(mode_names()) + ";\n";
  for (const schema::Key &k : schema::keys()) {
    if (k.value != schema::Value::Choice || k.npm.empty()) continue;
    std::string type(k.npm);
    type[0] = static_cast<char>(type[0] - 'a' + 'A');
    out += "/** The values of `" + std::string(k.npm) + "` (compiler/policy/schema.cpp). */\n";
    out += "export type " + type + " = " + union_of(schema::choices_of(k)) + ";\n";
  }
  return out + "// END generated\n";
}

// One line per name the docs must document (tests/compiler/tables.sh):
// "key NAME" or "key TABLE.NAME", "mode NAME", "flag --SPELLING", and
// "newest N", the newest ABI the launcher knows.
std::string names() {
  std::string out;
  for (const schema::Key &k : schema::keys())
    out += "key " + (k.table.empty() ? std::string() : std::string(k.table) + ".") + std::string(k.name) + "\n";
  for (const Mode &m : modes()) out += "mode " + std::string(m.name) + "\n";
  for (const launcher::FlagSpec &f : launcher::kFlags) out += "flag " + std::string(f.spelling) + "\n";
  return out + "newest " + std::to_string(launcher::kNewestKnownAbi) + "\n";
}

}  // namespace
}  // namespace llp

int main(int argc, char **argv) try {
  const std::string_view what = argc == 2 ? argv[1] : "";
  std::string out;
  if (what == "flags") llp::print(llp::flags_json(), 0, out);
  else if (what == "policy") llp::print(llp::policy_json(), 0, out);
  else if (what == "run-modes") out = llp::run_modes();
  else if (what == "names") out = llp::names();
  else if (what == "dts") out = llp::dts();
  else {
    std::fputs("usage: tables flags|policy|run-modes|dts|names\n", stderr);
    return 2;
  }
  if (what == "flags" || what == "policy") out += "\n";
  return std::fputs(out.c_str(), stdout) < 0 ? 1 : 0;
} catch (...) {
  std::fputs("tables: out of memory\n", stderr);
  return 1;
}
