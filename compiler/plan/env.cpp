#include "env.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <memory>

#include "../../launcher/cli_parse.h"
#include "../../launcher/environment.h"
#include "../policy/expand.h"
#include "../host/paths.h"
#include "../host/spawn.h"
#include "../policy/presets.h"
#include "../policy/schema.h"
#include "../base/text.h"
#include "modes.h"

namespace llp {

namespace {

using launcher::Flag;

constexpr char kNarrowHint[] =
    "a project policy may only narrow the environment yours gives (add `unset` patterns, or a narrower `inherit`: "
    "all, then core, then none); move this to your own policy if you want it";

EnvRule env_rule(const std::string &text, EnvFrom from, Loc loc) {
  EnvRule r;
  r.text = text;
  r.from = from;
  r.loc = loc;
  return r;
}

// [env] inherit's values, widest first (all, core, none): the schema's
// choices, which parse checks, so every value here is one of them.
std::vector<std::string_view> inherit_values() { return schema::choices_of(*schema::find_key("env", "inherit")); }

// 0 all, 1 core, 2 none: a higher rank inherits less. -1: not a value.
int inherit_rank(const std::string &value) {
  const std::vector<std::string_view> values = inherit_values();
  const auto found = std::find(values.begin(), values.end(), value);
  return found == values.end() ? -1 : static_cast<int>(found - values.begin());
}

// What landlock-run would say of `FLAG VALUE...` (its own grammar and words,
// launcher/cli_parse.h), or "" when it accepts it. A NUL byte is refused
// first: no argv can carry one, the launcher would see a shorter string.
std::string launcher_refusal(Flag flag, const std::vector<std::string> &values) {
  if (std::any_of(values.begin(), values.end(), [](const std::string &v) { return v.find('\0') != std::string::npos; }))
    return "it holds a NUL byte, which no argv can carry";
  std::vector<std::string> argv = {"landlock-run", launcher::spelling(Flag::ClearEnv), launcher::spelling(flag)};
  argv.insert(argv.end(), values.begin(), values.end());
  argv.insert(argv.end(), {launcher::kSeparator, "true"});
  const ExecArgs args(argv);  // execve's shape: parse_args takes char *const *
  launcher::Options options;
  launcher::Error error = launcher::parse_args(static_cast<int>(argv.size()), args.get(), options);
  if (!error.what) return "";
  std::string why = error.why;
  if (std::find(values.begin(), values.end(), launcher::kSeparator) != values.end())
    why += " (`--` ends the launcher's flags, so it cannot be a value)";
  return why;
}

class EnvPlanner {
 public:
  EnvPlanner(const Context &ctx, const EnvTable &user, const EnvTable &project)
      : ctx_(ctx), user_(user), project_(project) {}

  EnvPlan run(const std::string &mode, Loc mode_loc) {
    inherit();
    keep();
    default_unset(mode, mode_loc);
    unset();
    set();
    finish(plan_.keep);
    finish(plan_.unset);
    unseen();
    return std::move(plan_);
  }

 private:
  bool valid(Flag flag, const char *key, const std::string &text, Loc loc, const std::string *value = nullptr) {
    std::vector<std::string> values{text};
    if (value) values.push_back(*value);
    std::string why = launcher_refusal(flag, values);
    if (why.empty()) return true;
    std::string rule = flag == Flag::SetEnv
                           ? "set = { NAME = \"VALUE\" }: a NAME has no `*` or `=`, a VALUE is literal"
                           : "a pattern is a variable name where `*` matches any run: \"*TOKEN*\", \"LC_*\"";
    ctx_.diags.error(loc, std::string("[env] ") + key + " `" + text + "`: " + why,
                     std::string("landlock-run ") + launcher::spelling(flag) + " would refuse it; " + rule);
    return false;
  }

  bool from_preset(Loc loc) const {
    return loc.file >= 0 && ctx_.sources.file(loc.file).name.rfind(kPresetPrefix, 0) == 0;
  }

  // Yours: the last one given (the extending file's, a profile's). The
  // project's: each may keep or narrow yours, never widen it.
  void inherit() {
    for (const Setting<std::string> &s : user_.inherit)
      if (inherit_rank(*s.value) >= 0) {
        user_rank_ = inherit_rank(*s.value);
        plan_.inherit = *s.value;
        plan_.inherit_from = InheritFrom::User;
        plan_.inherit_loc = s.loc;
      }
    int rank = user_rank_;
    for (const Setting<std::string> &s : project_.inherit) {
      int r = inherit_rank(*s.value);
      if (r < 0) continue;
      if (r < user_rank_) {
        ctx_.diags.error(s.loc,
                         "a project policy cannot widen the environment: inherit = \"" + *s.value +
                             "\" passes more of your variables than your policy's inherit = \"" +
                             std::string(inherit_values()[static_cast<size_t>(user_rank_)]) + "\"",
                         kNarrowHint);
        continue;
      }
      if (r > rank) {
        rank = r;
        plan_.inherit = *s.value;
        plan_.inherit_from = InheritFrom::Project;
        plan_.inherit_loc = s.loc;
      }
    }
    plan_.clear = rank > 0;
    if (rank == 1)
      for (std::string_view name : kCoreVariables)
        plan_.keep.push_back(env_rule(std::string(name), EnvFrom::InheritCore, plan_.inherit_loc));
  }

  void keep() {
    bool said = false;
    for (const EnvPattern &p : user_.keep) {
      if (!valid(Flag::KeepEnv, "keep", p.text, p.loc)) continue;
      if (user_rank_ == 0 && !said) {
        ctx_.diags.error(
            p.loc,
            "[env] keep `" + p.text +
                "` with inherit = \"all\": every variable is inherited already, so keep would mean nothing",
            "set inherit = \"core\" (PATH, HOME, LANG... and what keep names) or \"none\" (only what keep "
            "names); to remove variables, list them in unset");
        said = true;
      }
      plan_.keep.push_back(env_rule(p.text, EnvFrom::Keep, p.loc));
    }
    for (const EnvPattern &p : project_.keep)
      ctx_.diags.error(p.loc,
                       "a project policy cannot keep `" + p.text +
                           "` in the environment: it would pass your variables (tokens among them) into the sandbox",
                       kNarrowHint);
  }

  void default_unset(const std::string &mode, Loc mode_loc) {
    const bool by_mode = mode_unsets_secrets(mode);
    bool on = by_mode;
    EnvRule origin = env_rule({}, EnvFrom::ModeDefault, mode_loc);
    origin.mode = mode;
    bool mode_default = true;  // origin is still the mode's
    Loc loc = mode_loc;
    if (!user_.default_unset.empty()) {
      const Setting<bool> &s = user_.default_unset.back();
      on = *s.value;
      loc = s.loc;
      if (on && !by_mode) {
        origin.from = EnvFrom::DefaultUnset;
        mode_default = false;
      }
    }
    for (const Setting<bool> &s : project_.default_unset) {
      if (!*s.value) {
        ctx_.diags.error(s.loc,
                         "a project policy cannot set [env] default_unset = false: it would pass your tokens, "
                         "secrets and SSH agent socket into the sandbox",
                         kNarrowHint);
      } else if (!on) {
        on = true;
        origin.from = EnvFrom::DefaultUnset;
        origin.provenance = Provenance::Project;
        mode_default = false;
        loc = s.loc;
      }
    }
    if (by_mode && !on) {
      plan_.default_unset_off = true;
      plan_.default_unset_loc = loc;
      ctx_.diags.warning(loc,
                         "[env] default_unset = false: the command sees your tokens, secrets and SSH agent socket "
                         "(" +
                             default_list() + ", and variables whose value holds a credential)",
                         "keep the default, and `set` the one variable the command needs");
    }
    if (!on) return;
    plan_.mode_default_unset = mode_default;
    origin.loc = loc;
    for (std::string_view pattern : kDefaultUnset) {
      origin.text = pattern;
      plan_.unset.push_back(origin);
    }
    // By name: a variable of this environment whose value holds a
    // credential. The value is never printed; the name is, escaped.
    for (const auto &variable : ctx_.opt.env) {
      if (!value_holds_credential(variable.second)) continue;
      const std::string &name = variable.first;
      std::string why = launcher_refusal(Flag::UnsetEnv, {name});
      if (!why.empty()) {
        std::string message = "the variable `" + name;
        message += "` holds a credential, and landlock-run cannot unset it: " + why;
        ctx_.diags.error(loc, message, "unset it before running landlock-policy");
        continue;
      }
      origin.text = name;
      origin.credential = true;
      plan_.unset.push_back(origin);
    }
  }

  static std::string default_list() {
    std::string out;
    for (std::string_view pattern : kDefaultUnset) {
      if (!out.empty()) out += ", ";
      out += pattern;
    }
    return out;
  }

  void unset() {
    for (const EnvTable *table : {&user_, &project_})
      for (const EnvPattern &p : table->unset)
        if (valid(Flag::UnsetEnv, "unset", p.text, p.loc)) {
          EnvRule r = env_rule(p.text, EnvFrom::Unset, p.loc);
          r.provenance = table == &user_ ? Provenance::User : Provenance::Project;
          plan_.unset.push_back(std::move(r));
        }
  }

  // Per NAME, the last file's value (the extending file's, a profile's).
  void set() {
    std::map<std::string, EnvRule> by_name;
    for (const EnvAssignment &a : user_.set) {
      std::string value = a.value;
      // A preset's values name folders in the workspace (preset:NAME-isolated):
      // its ${WORKSPACE} is expanded. Your own values stay literal.
      if (from_preset(a.loc)) {
        Expansion x = expand_variables(value, ctx_.vars);
        if (!x.error.empty()) {
          ctx_.diags.error(a.loc, "[env] set " + a.name + ": " + x.error, x.hint);
          continue;
        }
        value = ctx_.host ? canonical_or_lexical(x.value) : x.value;
      }
      if (!valid(Flag::SetEnv, "set", a.name, a.loc, &value)) continue;
      EnvRule r = env_rule(a.name, EnvFrom::Set, a.loc);
      r.value = value;
      by_name[a.name] = std::move(r);
    }
    for (const EnvAssignment &a : project_.set)
      ctx_.diags.error(
          a.loc,
          "a project policy cannot set `" + a.name +
              "` in the environment: it would override what your policy and your environment give the command",
          kNarrowHint);
    // The launcher's own limit on what --setenv writes, checked the way it
    // checks it (environment.h), so that a compiled argv never fails there.
    auto simulated = std::make_unique<launcher::Environment>();
    for (auto &[name, rule] : by_name) {
      if (const char *full = simulated->set(rule.text.c_str(), rule.value.c_str())) {
        ctx_.diags.error(rule.loc, std::string("[env] set: ") + full + " (the launcher's limit)",
                         "set only what the command needs");
        break;
      }
    }
    for (auto &[name, rule] : by_name) plan_.set.push_back(std::move(rule));
  }

  // Sorted by text, one per text: the first origin given (the mode's and
  // inherit's before yours, yours before the project's) is the one explained.
  static void finish(std::vector<EnvRule> &rules) {
    std::stable_sort(rules.begin(), rules.end(), [](const EnvRule &a, const EnvRule &b) { return a.text < b.text; });
    rules.erase(
        std::unique(rules.begin(), rules.end(), [](const EnvRule &a, const EnvRule &b) { return a.text == b.text; }),
        rules.end());
  }

  static bool any_matches(const std::vector<EnvRule> &rules, const std::string &name) {
    return std::any_of(rules.begin(), rules.end(),
                       [&](const EnvRule &r) { return launcher::name_matches(r.text.c_str(), name.c_str()); });
  }

  // The names of the compiler's own environment that the command would not
  // see, by the launcher's rules: --clearenv keeps what a --keepenv names;
  // then every --unsetenv, then every --setenv (which wins).
  void unseen() {
    plan_.variables_here = ctx_.opt.env.size();
    for (const auto &variable : ctx_.opt.env) {
      const std::string &name = variable.first;  // (a structured binding cannot be captured under C++20)
      bool seen = !plan_.clear || any_matches(plan_.keep, name);
      if (seen && any_matches(plan_.unset, name)) seen = false;
      bool is_set = std::any_of(plan_.set.begin(), plan_.set.end(), [&](const EnvRule &r) { return r.text == name; });
      if (!seen && !is_set) plan_.unseen.push_back(name);
    }
  }

  const Context &ctx_;
  const EnvTable &user_;
  const EnvTable &project_;
  int user_rank_ = 0;
  EnvPlan plan_;
};

}  // namespace

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

bool is_one_of(char c, std::string_view set) { return set.find(c) != std::string_view::npos; }

// scheme://user:password@host, in a list of URLs too.
bool url_has_password(std::string_view value) {
  for (size_t scheme_end = value.find("://"); scheme_end != std::string_view::npos;
       scheme_end = value.find("://", scheme_end + 3)) {
    std::string_view rest = value.substr(scheme_end + 3);
    // The authority ends at the path, query, fragment or a separator of a list of URLs.
    std::string_view authority = rest.substr(0, rest.find_first_of("/?# \t\n,;"));
    size_t at = authority.rfind('@');
    if (at == std::string_view::npos) continue;
    size_t colon = authority.substr(0, at).find(':');
    if (colon != std::string_view::npos && colon + 1 < at) return true;
  }
  return false;
}

// password=, passwd= or pwd= (any case) with a value, starting the text or
// after ? & ; , - or a blank: a JDBC or ODBC URL's query, an ADO.NET
// connection string, a command line's --password=.
bool has_password_parameter(std::string_view value) {
  std::string low = lowered(value);
  for (std::string_view key : {"password=", "passwd=", "pwd="}) {
    for (size_t at = low.find(key); at != std::string::npos; at = low.find(key, at + 1)) {
      bool starts = at == 0 || is_one_of(low[at - 1], "?&;,- \t");
      size_t end = at + key.size();
      bool has_value = end < low.size() && !is_one_of(low[end], "&;, \t");
      if (starts && has_value) return true;
    }
  }
  return false;
}

// The run of RFC 7235 token68 characters at s[from].
std::string_view token68_at(std::string_view s, size_t from) {
  size_t end = from;
  while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) != 0 || is_one_of(s[end], "-._~+/")))
    ++end;
  while (end < s.size() && s[end] == '=') ++end;
  return s.substr(from, end - from);
}

// Whether text is base64 of something holding a `:` (Basic's user:password).
bool base64_of_pair(std::string_view text) {
  static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  unsigned bits = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=') break;
    size_t digit = kAlphabet.find(c);
    if (digit == std::string_view::npos) return false;
    bits = (bits << 6) | static_cast<unsigned>(digit);
    count += 6;
    if (count < 8) continue;
    count -= 8;
    if (((bits >> count) & 0xff) == ':') return true;
  }
  return false;
}

// An HTTP Authorization value: `Authorization:` with a value, `Bearer` and a
// token of 16 characters or more, `Basic` and base64 of user:password.
bool has_authorization(std::string_view value) {
  std::string low = lowered(value);
  static constexpr std::string_view kHeader = "authorization:";
  size_t header = low.find(kHeader);
  if (header != std::string::npos && low.find_first_not_of(" \t\"'", header + kHeader.size()) != std::string::npos)
    return true;
  for (size_t at = 0; at < low.size(); ++at) {
    if (at > 0 && std::isalnum(static_cast<unsigned char>(low[at - 1])) != 0) continue;
    std::string_view rest = std::string_view(low).substr(at);
    if (rest.starts_with("bearer ") && token68_at(value, at + 7).size() >= 16) return true;
    if (rest.starts_with("basic ") && base64_of_pair(token68_at(value, at + 6))) return true;
  }
  return false;
}

}  // namespace

bool value_holds_credential(std::string_view value) {
  return url_has_password(value) || has_password_parameter(value) || has_authorization(value);
}

bool mode_unsets_secrets(const std::string &mode) {
  const Mode *row = find_mode(mode);
  return row && row->unset_secrets;
}

bool env_changes(const EnvTable &env) {
  bool narrows = std::any_of(env.inherit.begin(), env.inherit.end(),
                             [](const Setting<std::string> &s) { return *s.value != "all"; });
  return narrows || !env.keep.empty() || !env.unset.empty() || !env.set.empty();
}

EnvPlan plan_env(const Context &ctx, const Layers &layers, const std::string &mode, Loc mode_loc) {
  return EnvPlanner(ctx, layers.user.env, layers.project.env).run(mode, mode_loc);
}

}  // namespace llp
