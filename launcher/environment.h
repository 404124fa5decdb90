// The command's environment as --clearenv, --keepenv, --unsetenv and --setenv
// make it: the launcher builds it this way, and the compiler's explain uses
// the same rules to say which variables a command would not see.
// Freestanding (no includes, no heap): fixed storage with limits far above a
// real environment; exceeding one is an error, never a silent cut.
#pragma once

namespace launcher {

// Whether the NAME of "NAME=VALUE" (or of a bare "NAME") matches pattern,
// where '*' matches any run of characters: "LC_*", "*TOKEN*", "PATH".
constexpr bool name_matches(const char *pattern, const char *name) {
  const char *star = nullptr;  // the last '*' of the pattern, to retry from
  const char *retry = name;    // where the name resumes after it
  while (*name != '\0' && *name != '=') {
    if (*pattern == '*') {
      star = pattern;
      pattern += 1;
      retry = name;
    } else if (*pattern == *name) {
      pattern += 1;
      name += 1;
    } else if (star) {
      pattern = star + 1;
      retry += 1;
      name = retry;
    } else {
      return false;
    }
  }
  while (*pattern == '*') pattern += 1;
  return *pattern == '\0';
}

// A NULL-terminated list of NAME=VALUE strings, as execve(2) takes it.
// The counts come first and the arrays are left unset: a new Environment
// touches one page, whatever its size (the launcher keeps it on its stack).
struct Environment {
  static constexpr int kMaxVariables = 8192;
  static constexpr int kMaxSetBytes = 65536;
  int count = 0;
  int text_used = 0;
  char *vars[kMaxVariables + 1];        // vars[count] is always NULL
  char text[kMaxSetBytes];              // the NAME=VALUE strings that set() writes
  Environment() { vars[0] = nullptr; }  // cppcheck-suppress uninitMemberVar ; text is written before it is read

  // Appends var; an error text when the list is full.
  const char *add(char *var) {
    if (count >= kMaxVariables) return "more than 8192 variables";
    vars[count] = var;
    count += 1;
    vars[count] = nullptr;
    return nullptr;
  }
  void remove_matching(const char *pattern) {
    int kept = 0;
    for (int i = 0; i < count; ++i) {
      if (!name_matches(pattern, vars[i])) {
        vars[kept] = vars[i];
        kept += 1;
      }
    }
    count = kept;
    vars[count] = nullptr;
  }
  // Sets name (which has no '*' and no '=') to value, replacing it if set.
  const char *set(const char *name, const char *value) {
    int start = text_used;
    const char *parts[] = {name, "=", value};
    for (const char *part : parts) {
      for (const char *c = part; *c != '\0'; ++c) {
        if (text_used >= kMaxSetBytes - 1) return "the values of --setenv exceed 64 KiB in all";
        text[text_used] = *c;
        text_used += 1;
      }
    }
    text[text_used] = '\0';
    text_used += 1;
    remove_matching(name);
    return add(text + start);
  }
};

}  // namespace launcher
