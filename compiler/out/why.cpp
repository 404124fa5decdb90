#include "why.h"

#include <algorithm>

#include "../base/quote.h"
#include "../host/paths.h"
#include "../plan/carve_list.h"

namespace llp {

namespace {

// "the workspace root /ws" or the folder's path.
std::string folder_words(const Plan &p, const std::string &folder) {
  return folder == p.workspace ? "the workspace root " + folder : folder;
}

// What the carve keeps the folder read-only for: its exceptions, relative
// to it (".git", "vendor/sub/.git"), the first three named.
std::string guarded(const Plan &p, const std::string &folder) {
  std::vector<std::string> names;
  for (const Carved &c : p.carved)
    if (is_within(c.path, folder) && c.path != folder) names.push_back(relative_to(folder, c.path));
  if (names.empty()) return "its read-only exceptions stay";
  std::string out;
  for (size_t i = 0; i < names.size() && i < 3; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > 3) out += " and " + std::to_string(names.size() - 3) + " more";
  return out + (names.size() == 1 ? " stays" : " stay");
}

// `outputs = ["REL"]` as TOML, "" when outputs cannot name it (a variable,
// a leading ~, bytes that are not UTF-8): check_written's rules.
std::string outputs_line(const std::string &relative) {
  std::string quoted;
  if (relative.empty() || relative[0] == '~' || relative.find('$') != std::string::npos) return {};
  if (!toml_string(relative, quoted)) return {};
  return "outputs = [" + quoted + "]";
}

// The fix for a new entry of a carved folder inside the workspace: the
// shortest output, from the entry down, that holds no carve name (an
// output may not), with a / when the path lies deeper.
std::string new_entry_fix(const Plan &p, const std::string &folder, const std::string &path) {
  const std::string below = relative_to(folder, path);
  std::string prefix = first_component(below);
  while (prefix != below && !carve_name_in(p, folder, prefix).empty())
    prefix = below.substr(0, below.find('/', prefix.size() + 1));
  const std::string in_workspace = relative_to(p.workspace, folder + "/" + prefix);
  if (in_workspace.empty())
    return "outputs name entries of the workspace only: create it outside the sandbox, then compile again";
  const std::string as_folder = outputs_line(in_workspace + "/");
  if (as_folder.empty())
    return "outputs cannot name it (a variable, a leading ~ or bytes that are not UTF-8): create it outside the "
           "sandbox, then compile again";
  const std::string made = " (made before each run, then writable), not a grant";
  if (prefix != below) return "the fix is " + as_folder + " in your policy" + made;
  return "the fix is " + as_folder + " in your policy for a folder, or " + outputs_line(in_workspace) + " for a file" +
         made;
}

}  // namespace

std::string carve_refusal_text(const CompileResult &r, const Coverage &c, const std::string &path) {
  const Plan &p = r.plan;
  if (const Output *o = c.pending_output) {
    const std::string where = r.sources.where(o->loc);
    return "outputs `" + o->written + "`" + (where.empty() ? "" : " at " + where) +
           " names it and is missing: argv, exec and learn create it before the run, then it is writable";
  }
  if (c.carved)
    return "it is or lies inside " + c.carved->path + ", a read-only exception of the carve (" + c.carved->written +
           ": " + origin_text(*c.carved) + "): no output can open it";
  if (c.protection)
    return "it is or lies inside protected " + protected_text(*c.protection) +
           ": no grant or output can make it writable";
  if (!c.carved_folder) return {};
  const std::string &folder = *c.carved_folder;
  const std::string keeps =
      "the carve keeps " + folder_words(p, folder) + " read-only so that " + guarded(p, folder) + " protected";
  if (!c.carve_name.empty())
    return "`" + std::string(c.carve_name) + "` is a read-only exception of the carve in " + folder_words(p, folder) +
           " (default, even before it exists): no output can open it";
  if (path == folder)
    return keeps +
           ": nothing can be created, removed or renamed directly in it (its entries stay writable; outputs "
           "names a new one)";
  if (c.new_entry.empty()) return {};
  return keeps + ", and " + relative_to(folder, c.new_entry) + " was not in it when the policy compiled; " +
         new_entry_fix(p, folder, path);
}

}  // namespace llp
