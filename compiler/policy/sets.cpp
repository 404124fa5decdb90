#include "sets.h"

#include "../base/text.h"
#include "schema.h"

namespace llp {

void apply_sets(const std::vector<std::pair<std::string, std::string>> &sets, Diagnostics &diags, Layer &trusted) {
  for (const auto &[key, value] : sets) {
    if (key == "mode") {
      trusted.mode.value = value;
      trusted.mode.loc = {};
    } else if (key == "launcher") {
      trusted.launcher_path.value = value;
      trusted.launcher_path.loc = {};
      trusted.launcher_literal = true;
    } else if (key == "strict") {
      if (value != "true" && value != "false") {
        diags.error({}, "--set strict=" + value + ": expected true or false");
        continue;
      }
      trusted.strict.value = value == "true";
      trusted.strict.loc = {};
    } else if (key != "workspace") {
      diags.error({}, "--set " + key + ": unknown key", suggestion(key, schema::settable_keys()));
    }
  }
}

}  // namespace llp
