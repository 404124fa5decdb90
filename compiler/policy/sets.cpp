#include "sets.h"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <type_traits>

#include "../base/text.h"
#include "schema.h"

namespace llp {

namespace {

// The settable row --set KEY names (its own name, or its table's:
// launcher is [launcher] path), or nullptr.
const schema::Key *settable_row(const std::string &key) {
  const std::span<const schema::Key> rows = schema::keys();
  const auto found = std::find_if(rows.begin(), rows.end(), [&](const schema::Key &k) {
    return k.settable == schema::Settable::Yes && schema::outer_name(k) == key;
  });
  return found == rows.end() ? nullptr : &*found;
}

// VALUE as the row's scalar: "" when it fits, else what was expected.
std::string parse_value(const std::string &value, std::optional<bool> &out) {
  if (value != "true" && value != "false") return "expected true or false";
  out = value == "true";
  return {};
}
std::string parse_value(const std::string &value, std::optional<long> &out) {
  char *end = nullptr;
  const long number = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0') return "expected a number";
  out = number;
  return {};
}
std::string parse_value(const std::string &value, std::optional<std::string> &out) {
  out = value;
  return {};
}

// The row's value in the layer set to VALUE, typed by the row's field: ""
// or what was expected.
std::string set_field(const schema::Key &row, const std::string &value, Layer &user) {
  std::string why = "cannot be set";  // a list: no settable row is one (the schema test says so)
  std::visit(
      [&](auto member) {
        using Member = decltype(member);
        if constexpr (std::is_same_v<Member, Setting<bool> Layer::*> ||
                      std::is_same_v<Member, Setting<long> Layer::*> ||
                      std::is_same_v<Member, Setting<std::string> Layer::*>) {
          auto &setting = user.*member;
          why = parse_value(value, setting.value);
          setting.loc = {};  // the command line's: no file, no line
        }
      },
      row.field);
  return why;
}

}  // namespace

void apply_sets(const std::vector<std::pair<std::string, std::string>> &sets, Diagnostics &diags, Layer &user) {
  for (const auto &[key, value] : sets) {
    const schema::Key *row = settable_row(key);
    if (!row) {
      diags.error({}, "--set " + key + ": unknown key", suggestion(key, schema::settable_keys()));
      continue;
    }
    const std::string why = set_field(*row, value, user);
    if (why.empty()) continue;
    std::string message = "--set " + key;
    message += "=" + value;
    message += ": " + why;
    diags.error({}, message);
  }
  // A path typed on the command line is a path, not a template: $ is a $
  // (load.cpp takes --set workspace the same way, while loading).
  user.launcher_literal = user.launcher_path.value && user.launcher_path.loc.file < 0;
}

}  // namespace llp
