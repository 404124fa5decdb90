#include "hint.h"

#include <algorithm>

#include "../base/quote.h"
#include "emit.h"

namespace llp {

namespace {

// Said once, here: exec, the JSON record, the docs' examples quote it.
constexpr char kCarvedRootHint[] =
    "the workspace root is read-only in this mode (so .git stays protected): a new file or folder there needs "
    "`outputs` in the policy (e.g. outputs = [\"build/\"]); `landlock-policy learn POLICY.toml -- COMMAND` lists "
    "every denial";

}  // namespace

std::string failure_hint(const Plan &plan) {
  if (!plan.sandboxed || plan.workspace.empty()) return {};
  // carved_folders holds the read-only folders on the way down to a carve
  // exception: the workspace among them is a root where nothing can be created.
  const auto &folders = plan.carved_folders;
  if (std::find(folders.begin(), folders.end(), plan.workspace) == folders.end()) return {};
  return kCarvedRootHint;
}

bool format_record(const std::vector<std::string> &argv, const std::string &hint, std::string &out) {
  std::string array;
  if (!format_json(argv, array)) return false;
  array.pop_back();  // format_json's newline
  std::string quoted_hint;
  if (!json_string(hint, quoted_hint)) return false;
  out = "{\"argv\": " + array;
  out += ", \"failure_hint\": " + quoted_hint;
  out += "}\n";
  return true;
}

}  // namespace llp
