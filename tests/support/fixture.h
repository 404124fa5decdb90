// Test fixture for the compiler's unit tests: a throw-away directory tree
// with a fake HOME (secrets included), a workspace and a temp dir, and a
// helper that compiles TOML text against it without touching the real HOME.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "../../compiler/compile.h"

namespace llp_test {

struct Tree {
  std::string root;

  Tree() {
    // Not under /tmp: the compiler refuses a policy file or a launcher there
    // (every run whose TMPDIR was unset could write it). /var/tmp is sticky,
    // so the ownership rule accepts it (tests/lib/testdir.sh does the same).
    const char *base = std::getenv("LLR_TEST_DIR_BASE");
    std::string tmpl = std::string(base && *base ? base : "/var/tmp") + "/llp-unit.XXXXXX";
    const char *made = mkdtemp(tmpl.data());
    root = made ? made : "/var/tmp/llp-unit.failed";
    chmod(root.c_str(), 0755);
    for (const char *d : {"/home", "/home/.ssh", "/home/.aws", "/ws", "/ws/src", "/ws/docs", "/tmp", "/data", "/data/a",
                          "/data/b", "/data/a/deep"})
      mkdir((root + d).c_str(), 0755);
    // The launcher the options name: compile() requires an executable file.
    mkdir((root + "/bin").c_str(), 0755);
    file("/bin/landlock-run", "#!/bin/sh\n");
    chmod((root + "/bin/landlock-run").c_str(), 0755);
    file("/home/.ssh/id_ed25519", "secret");
    file("/home/notes.txt", "notes");
    file("/data/a/f", "f");
  }
  ~Tree() {
    std::string cmd = "rm -rf '" + root + "'";
    if (std::system(cmd.c_str()) != 0) {  // NOLINT(cert-env33-c): our own temp dir, quoted
    }
  }
  Tree(const Tree &) = delete;
  Tree &operator=(const Tree &) = delete;

  std::string path(const std::string &rel) const { return root + rel; }
  void file(const std::string &rel, const std::string &text) const { std::ofstream(root + rel) << text; }
  void dir(const std::string &rel) const { mkdir((root + rel).c_str(), 0755); }

  // Options for compiling text as ROOT/policy.toml with HOME, TMPDIR and the workspace inside the tree.
  llp::CompileOptions options(const std::string &text) const {
    llp::CompileOptions o;
    o.policy_name = root + "/policy.toml";
    o.policy_text = text;
    o.env = {{"HOME", root + "/home"}, {"TMPDIR", root + "/tmp"}, {"LLP_TEST_ROOT", root}};
    o.cwd = root;
    o.sets = {{"workspace", root + "/ws"}};
    o.default_launcher = root + "/bin/landlock-run";
    o.version = "9.9.9";
    return o;
  }

  llp::CompileResult compile(const std::string &text) const { return llp::compile(options(text)); }

  // A compile that prepares a run (argv, exec, learn): it creates the
  // outputs and the run's own temp folder, which a plain compile only plans.
  llp::CompileResult run(const std::string &text) const {
    llp::CompileOptions o = options(text);
    o.prepare_run = true;
    return llp::compile(o);
  }

  // The workspace made a repository, which workspace-write carves (its root read-only).
  void carve_workspace() const { dir("/ws/.git"); }
};

// Whether anything (a dangling symlink too) is at path.
inline bool exists(const std::string &path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0;
}

// "--ro PATH" pairs of an argv, as "ro PATH" strings relative to the tree.
inline std::vector<std::string> grants_of(const llp::CompileResult &r, const std::string &root) {
  std::vector<std::string> out;
  for (const llp::Grant &g : r.plan.outer.grants) {
    std::string p = g.path.rfind(root, 0) == 0 ? "@" + g.path.substr(root.size()) : g.path;
    out.push_back(std::string(llp::access_name(g.access)) + (g.optional ? "-try " : " ") + p);
  }
  return out;
}

inline bool has_diagnostic(const llp::CompileResult &r, llp::Severity severity, const std::string &needle) {
  const auto &all = r.diags.all();
  return std::any_of(all.begin(), all.end(), [&](const llp::Diagnostic &d) {
    return d.severity == severity && d.message.find(needle) != std::string::npos;
  });
}
inline bool has_error(const llp::CompileResult &r, const std::string &needle) {
  return has_diagnostic(r, llp::Severity::Error, needle);
}
inline bool has_warning(const llp::CompileResult &r, const std::string &needle) {
  return has_diagnostic(r, llp::Severity::Warning, needle);
}

}  // namespace llp_test
