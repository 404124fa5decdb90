#include "learn_refuse.h"

#include <algorithm>
#include <string_view>

#include "../base/quote.h"
#include "../host/paths.h"
#include "../policy/presets.h"
#include "../plan/protect.h"

namespace llp {

namespace {

// ~/x with the home, "" when the home is unknown; other entries as written.
std::string expand_entry(const RefusalTable &t, std::string_view entry) {
  if (!entry.starts_with("~")) return std::string(entry);
  if (t.home.empty()) return {};
  return t.home + std::string(entry.substr(1));
}

bool has_component(const std::string &path, std::string_view name) {
  size_t at = 0;
  while ((at = path.find(name, at)) != std::string::npos) {
    bool starts = at > 0 && path[at - 1] == '/';
    size_t end = at + name.size();
    bool ends = end == path.size() || path[end] == '/';
    if (starts && ends) return true;
    ++at;
  }
  return false;
}

// How grant meets entry: 'w' lies within it (or is it), 'c' contains it, 0 neither.
char relation(const std::string &grant, const std::string &entry) {
  if (entry.empty()) return 0;
  if (is_within(grant, entry)) return 'w';
  if (is_within(entry, grant)) return 'c';
  return 0;
}

// The same for a kNeverLearned pattern ("/lib*", "*/NAME", a path).
char pattern_relation(const RefusalTable &t, const std::string &grant, std::string_view pattern) {
  if (pattern.starts_with("*/")) return has_component(grant, pattern.substr(2)) ? 'w' : 0;
  if (pattern.ends_with("*")) {
    std::string_view prefix = pattern.substr(0, pattern.size() - 1);  // "/lib"
    if (grant == "/") return 'c';
    std::string first = grant.substr(0, grant.find('/', 1));
    return first.starts_with(prefix) ? 'w' : 0;
  }
  return relation(grant, expand_entry(t, pattern));
}

std::string shown(const RefusalTable &t, const std::string &p) {
  if (!t.home.empty() && t.home != "/" && is_within(p, t.home)) return "~" + p.substr(t.home.size());
  return p;
}

std::string said(char how, const std::string &what) { return (how == 'w' ? "it lies in " : "it contains ") + what; }

// Each `path = "~/..."` of the text, expanded.
std::vector<std::string> home_paths_in(const RefusalTable &t, std::string_view text) {
  std::vector<std::string> out;
  static constexpr std::string_view kNeedle = "path = \"~/";
  size_t at = 0;
  while ((at = text.find(kNeedle, at)) != std::string_view::npos) {
    size_t begin = at + kNeedle.size() - 2;
    size_t end = text.find('"', begin);
    if (end == std::string_view::npos) break;
    std::string path = expand_entry(t, text.substr(begin, end - begin));
    if (!path.empty()) out.push_back(path);
    at = end;
  }
  return out;
}

// Whether grant lies in a folder a preset grants writable (its `rw = [` block).
bool in_preset_rw(const RefusalTable &t, const std::string &grant) {
  for (std::string_view name : preset_names()) {
    std::optional<std::string_view> text = preset_text(name);
    if (!text) continue;
    size_t begin = text->find("\nrw = [");
    if (begin == std::string_view::npos) continue;
    std::string_view rw = text->substr(begin, text->find("\n]", begin) - begin);
    std::vector<std::string> folders = home_paths_in(t, rw);
    if (std::any_of(folders.begin(), folders.end(), [&](const std::string &f) { return is_within(grant, f); }))
      return true;
  }
  return false;
}

// How row meets grant (strictly inside the home): 'w', 'c' or 0, as relation().
char home_relation(const RefusalTable &t, const std::string &grant, const HomePlace &row) {
  std::string below = grant.substr(t.home.size());  // "/.config/x"
  switch (row.match) {
    case HomeMatch::Place: return relation(grant, expand_entry(t, row.place));
    case HomeMatch::Below: {
      std::string place = expand_entry(t, row.place);
      return grant != place && is_within(grant, place) ? 'w' : 0;
    }
    case HomeMatch::Component: return has_component(below, row.place) ? 'w' : 0;
    case HomeMatch::PresetRw: return in_preset_rw(t, grant) ? 'w' : 0;
    case HomeMatch::DotFolder: return below.starts_with("/.") ? 'w' : 0;
  }
  return 0;
}

// What a refused row names: the place, the component, the dot-folder.
std::string home_place_said(const RefusalTable &t, const std::string &grant, const HomePlace &row) {
  switch (row.match) {
    case HomeMatch::Component: return std::string("a folder named ") + row.place;
    case HomeMatch::DotFolder: {
      std::string below = grant.substr(t.home.size() + 1);  // ".nvm/x"
      return "~/" + below.substr(0, below.find('/')) + ", a dot-folder at the home's root";
    }
    case HomeMatch::Below:
      if (std::string_view(row.place) == "~") return "the home folder";
      return row.place;
    case HomeMatch::Place:
    case HomeMatch::PresetRw: break;
  }
  return row.place;
}

// The line a user who means it pastes into their own policy.
std::string by_hand(const RefusalTable &t, const std::string &grant) {
  std::string literal;
  for (char c : shown(t, grant)) {
    if (c == '$') literal += '$';  // `$` is `$$` in the policy format (expand.h)
    literal += c;
  }
  std::string quoted;
  if (!toml_string(literal, quoted)) return "; if you mean it, grant it by hand in your own policy's rw";
  return "; if you mean it, grant it by hand in your own policy: rw = [" + quoted + "]";
}

}  // namespace

std::string home_refusal(const RefusalTable &t, const std::string &grant) {
  if (t.home.empty() || t.home == "/" || grant == t.home || !is_within(grant, t.home)) return {};
  if (t.plan && !t.plan->workspace.empty() && t.plan->workspace != t.home && is_within(grant, t.plan->workspace))
    return {};
  for (const HomePlace &row : kHomePlaces) {
    char how = home_relation(t, grant, row);
    if (how == 0) continue;
    if (row.verdict == HomeVerdict::Suggested) return {};
    return said(how, home_place_said(t, grant, row)) + ": " + row.reason +
           "; learn suggests writable under the home only "
           "what holds data, caches or state (a preset's folders, ~/.cache/TOOL, ~/.local/state/TOOL)" +
           by_hand(t, grant);
  }
  return {};
}

RefusalTable refusal_table(const std::string &home, const std::string &path_env, const Plan &plan) {
  RefusalTable t;
  t.plan = &plan;
  if (!home.empty() && home[0] == '/') t.home = canonical_or_lexical(lexical_normalize(home));
  size_t start = 0;
  while (start <= path_env.size()) {
    size_t end = path_env.find(':', start);
    if (end == std::string::npos) end = path_env.size();
    std::string entry = path_env.substr(start, end - start);
    if (!entry.empty() && entry[0] == '/') t.path_folders.push_back(canonical_or_lexical(lexical_normalize(entry)));
    start = end + 1;
  }
  return t;
}

std::string learn_refusal(const RefusalTable &t, const std::string &grant, bool write, RefusalKind *kind) {
  RefusalKind ignored = RefusalKind::None;
  RefusalKind &said_kind = kind ? *kind : ignored;
  said_kind = RefusalKind::Secret;
  auto meets = [&](const std::string &entry) { return relation(grant, entry) != 0; };
  auto meets_entry = [&](const char *entry) { return meets(expand_entry(t, entry)); };
  const auto *secret = std::find_if(std::begin(kBuiltinSecrets), std::end(kBuiltinSecrets), meets_entry);
  if (secret != std::end(kBuiltinSecrets))
    return said(relation(grant, expand_entry(t, *secret)), std::string("the built-in secret ") + *secret) +
           ": secrets are never granted, to read or to write (hidden in the modes, protected in every mode)";
  said_kind = RefusalKind::NotOffered;
  const auto *never = std::find_if(std::begin(kNeverLearned), std::end(kNeverLearned), [&](const NeverLearned &n) {
    return (write || n.read_too) && pattern_relation(t, grant, n.path) != 0;
  });
  if (never != std::end(kNeverLearned))
    return said(pattern_relation(t, grant, never->path), never->path) + ": " + never->reason;
  said_kind = RefusalKind::None;
  if (!write) return {};
  said_kind = RefusalKind::Protected;
  const auto *point = std::find_if(std::begin(kPersistencePoints), std::end(kPersistencePoints), meets_entry);
  if (point != std::end(kPersistencePoints))
    return said(relation(grant, expand_entry(t, *point)), std::string("the built-in persistence point ") + *point) +
           ": what is written there runs later outside the sandbox";
  said_kind = RefusalKind::Carve;
  if (t.plan) {
    auto carved =
        std::find_if(t.plan->carved.begin(), t.plan->carved.end(), [&](const Carved &c) { return meets(c.path); });
    if (carved != t.plan->carved.end())
      return said(relation(grant, carved->path),
                  "the read-only exception " + carved->written + " (" + origin_text(*carved) + ")") +
             ": it runs code at the user's next git command; it is carved out on purpose";
  }
  said_kind = RefusalKind::NotOffered;
  auto on_path = std::find_if(t.path_folders.begin(), t.path_folders.end(), meets);
  if (on_path != t.path_folders.end())
    return said(relation(grant, *on_path), shown(t, *on_path) + ", a folder on PATH") +
           ": a program planted there runs at the user's next command";
  if (shared_folder(t, grant))
    return shown(t, grant) +
           " is shared by every tool (a writable grant reaches the caches and settings of programs "
           "that run later outside the sandbox): grant the leaf the tool uses, or its preset";
  std::string home = home_refusal(t, grant);
  if (home.empty()) said_kind = RefusalKind::None;
  return home;
}

bool shared_folder(const RefusalTable &t, const std::string &folder) {
  if (t.home.empty()) return false;
  static constexpr const char *kShared[] = {"", "/.cache", "/.config", "/.local", "/.local/share", "/.local/state"};
  return std::any_of(std::begin(kShared), std::end(kShared),
                     [&](const char *shared) { return folder == t.home + shared; });
}

std::vector<std::string> presets_covering(const RefusalTable &t, const std::string &folder,
                                          const std::string &program) {
  std::vector<std::string> all;
  std::vector<std::string> own;
  for (std::string_view name : preset_names()) {
    std::optional<std::string_view> text = preset_text(name);
    if (!text) continue;
    // Each `path = "~/..."` the preset grants.
    size_t at = 0;
    std::string_view needle = "path = \"~/";
    while ((at = text->find(needle, at)) != std::string_view::npos) {
      size_t begin = at + needle.size() - 2;
      size_t end = text->find('"', begin);
      at = begin;
      if (end == std::string_view::npos) break;
      std::string path = expand_entry(t, text->substr(begin, end - begin));
      if (path.empty() || !relation(path, folder)) continue;
      std::string entry = "preset:" + std::string(name) + " (" + shown(t, path) + ")";
      all.push_back(entry);
      if (name == program) own.push_back(entry);
      break;
    }
  }
  return own.empty() ? all : own;
}

}  // namespace llp
