// The policy schema: one row per key a policy file may write. Parsing
// (parse.cpp), the merge of layers, what a project policy may set, the
// "did you mean" hints and npm's policy object (policy.json, printed by
// compiler/tools/tables.cpp) all come from this one table, so a new
// key is one row plus its meaning in the stage that reads it.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "context.h"
#include "policy.h"

namespace llp {

namespace schema {

// Where a key may be written: the top level of a file, a [profiles.NAME]
// table, or both. A row of a sub-table ([network] ...) says it for the table.
enum In : unsigned { Top = 1, Profiles = 2 };

// What a value looks like, as the format describes it (docs/policy-format.md)
// and as npm writes it. The storage (the row's field) fixes how it is parsed.
enum class Value {
  Bool,        // true or false
  Integer,     // a number
  Abi,         // a Landlock ABI: 1 up to the newest the launcher knows
  Text,        // a string
  Choice,      // one of the row's choices
  Path,        // an absolute path, or one starting with ~ or ${VARIABLE}
  Relative,    // a path relative to each writable grant
  Port,        // 443 or "8000-8010"
  Name,        // a scope name
  Pattern,     // an environment NAME pattern (`*` any run)
  Assignment,  // NAME = "VALUE"
  Profiles,    // [profiles.NAME] tables
};

// The keys a path entry written as a table accepts (besides none at all).
enum class Shape {
  None,     // not a path, or only a string: { ... } is refused
  Hide,     // { path, why }
  Grant,    // { path, optional, why }
  Project,  // { path, optional }
};

// How the same key of two layers combines (lists append, scalars override).
enum class Merge {
  None,      // read where it is written, never merged (version, extends)
  Override,  // the later layer's value wins
  Append,    // every layer's entries, in merge order
  Replace,   // the later layer's one entry wins
};

// What a project policy (the file `project` names, or any file reached
// through a folder a confined run can write) may set; what it may not is
// dropped and reported with the row's refusal ({} stands for an entry's text).
enum class FromProject {
  May,        // it may only narrow by the stage's own rules
  Never,      // the user's choice: dropped (each entry of a list)
  OnlyFalse,  // true would widen (best_effort, keep_fds): dropped when true
  OnlyTrue,   // false would widen (strict, hide_secrets): dropped when false
  Ignored,    // extends: not followed; reported once, at the first entry
};

// Whether a key's entries grant or restrict something: a policy holding
// none of them says nothing about access (compile.cpp).
enum class Grants {
  No,        // a setting
  Yes,       // a grant or a restriction; a project policy's are what compose = "nest" nests
  Unnested,  // hide, outputs, project: they count as grants, but never call for a nested launcher
};

// Whether `landlock-policy --set KEY=VALUE` overrides the key (KEY is the
// key's name, or its table's: --set launcher=PATH is [launcher] path).
enum class Settable { No, Yes };

// Where a key's value lives in a Layer (or in its [env] table).
using Field =
    std::variant<std::monostate, Setting<bool> Layer::*, Setting<long> Layer::*, Setting<std::string> Layer::*,
                 std::vector<PathEntry> Layer::*, std::optional<PathEntry> Layer::*, std::vector<PortEntry> Layer::*,
                 std::vector<NameEntry> Layer::*, std::vector<Setting<std::string>> EnvTable::*,
                 std::vector<Setting<bool>> EnvTable::*, std::vector<EnvPattern> EnvTable::*,
                 std::vector<EnvAssignment> EnvTable::*>;

struct Key {
  std::string_view name;   // the TOML key
  std::string_view table;  // "" at the top level, else the [table] it is in
  unsigned in;             // In: where it (or its table) may be written
  Field field;
  Value value;
  Shape shape;
  Merge merge;
  FromProject from_project;
  std::string_view npm;      // the key of npm's policy object ("" when npm offers none)
  std::string_view choices;  // Value::Choice: "a|b|c"
  std::string_view refusal;  // what a project policy's dropped setting is told
  Grants grants = Grants::No;
  Settable settable = Settable::No;
};

// Calls each(get), get(layer) being the row's value in that layer (a
// Layer, const or not; [env] keys live in its EnvTable).
template <class Each>
void with_member(const Key &key, Each each) {
  std::visit(
      [&](auto member) {
        using Member = decltype(member);
        if constexpr (std::is_member_object_pointer_v<Member>) {
          each([member](auto &&layer) -> auto & {
            if constexpr (std::is_invocable_v<Member, decltype((layer.env))>) return layer.env.*member;
            else return layer.*member;
          });
        }
      },
      key.field);
}

std::span<const Key> keys();

// The row of `name` in `table` ("" for the top level), or nullptr.
const Key *find_key(std::string_view table, std::string_view name);

// The keys valid directly in a top-level or profile table (sub-table names
// included), or in the sub-table `table`, in the table's order: the hints.
std::vector<std::string_view> keys_at(unsigned in);
std::vector<std::string_view> keys_in(std::string_view table);

// The keys of a path entry written as a table.
std::vector<std::string_view> entry_keys(Shape shape);

// The choices of a Value::Choice row, in order.
std::vector<std::string_view> choices_of(const Key &key);

// The name a row is written under in a top-level or profile table: its own,
// or its sub-table's ([launcher] path: "launcher").
std::string_view outer_name(const Key &key);

// The keys --set overrides, in the table's order.
std::vector<std::string_view> settable_keys();

// Whether layer l holds an entry of a key whose grants column is Yes (or
// Unnested, when count_unnested).
bool holds_grant(const Layer &l, bool count_unnested);

}  // namespace schema

// Appends lists and overrides scalars: the merging rule of extends and profiles.
void merge_layer(Layer &into, const Layer &from);

// Marks a layer and every entry in it as a project policy's.
void mark_from_project(Layer &l);

// A project policy may only narrow: the settings that would widen what the
// user's policy grants are removed here and returned as widenings.
std::vector<Widening> strip_widening(Layer &l);

}  // namespace llp
