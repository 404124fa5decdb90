// Unit tests of the compile pipeline on a throw-away tree: modes, grants,
// protection, merging, composition, hiding, trust and network. Every rule
// has a hostile case (refused) and a benign one (accepted).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "../../compiler/compile.h"
#include "../../compiler/host/paths.h"
#include "../../compiler/host/walk.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::grants_of;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

bool covered_by_any(const CompileResult &r, const std::string &path) {
  for (const Grant &g : r.plan.outer.grants)
    if (is_within(path, g.path) || is_within(g.path, path)) return true;
  return false;
}
bool contains(const std::vector<std::string> &v, const std::string &s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
std::string custom(const std::string &body) { return "version = 1\nmode = \"custom\"\n" + body; }

// A policy that only names a mode; it must compile.
CompileResult compile_mode(const Tree &t, const std::string &mode) {
  CompileResult r = t.compile("version = 1\nmode = \"" + mode + "\"\n");
  REQUIRE_MESSAGE(r.ok, r.rendered());
  return r;
}

}  // namespace

TEST_SUITE("compiler modes") {
  TEST_CASE("read-only reads everywhere, writes /dev/null, hides the secrets") {
    Tree t;
    CompileResult r = compile_mode(t, "read-only");
    auto g = grants_of(r, t.root);
    CHECK(contains(g, "rw /dev/null"));
    CHECK(contains(g, "ro-try @/home/notes.txt"));  // a complement entry: -try, so a saved argv survives its removal
    CHECK_FALSE(covered_by_any(r, t.path("/home/.ssh")));
    CHECK_FALSE(covered_by_any(r, t.path("/home/.aws")));
    CHECK(std::none_of(g.begin(), g.end(), [](const std::string &s) { return s == "ro /"; }));
    CHECK(contains(r.plan.unlistable, "/"));
  }
  TEST_CASE("workspace-write adds the workspace and the temp dir") {
    Tree t;
    auto g = grants_of(compile_mode(t, "workspace-write"), t.root);
    CHECK(contains(g, "rw @/ws"));
    CHECK(contains(g, "rw @/tmp"));
    CHECK(contains(g, "rw /dev/null"));
  }
  TEST_CASE("danger-full-access is the command alone, and says so") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"danger-full-access\"\n");
    o.command = {"id", "-u"};
    CompileResult r = compile(o);
    REQUIRE(r.ok);
    CHECK(r.argv == std::vector<std::string>{"id", "-u"});
    CHECK(has_warning(r, "no sandbox"));
    CHECK(has_error(t.compile("version = 1\nmode = \"danger-full-access\"\nro = [\"/usr\"]\n"), "without a sandbox"));
  }
  TEST_CASE("custom grants only what is listed") {
    Tree t;
    CompileResult r = t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro @/data"});
  }
  TEST_CASE("mode and version are required and checked") {
    Tree t;
    CHECK(has_error(t.compile("version = 1\n"), "missing `mode`"));
    CHECK(has_error(t.compile("mode = \"custom\"\n"), "missing `version = 1`"));
    CHECK(has_error(t.compile("version = 2\nmode = \"custom\"\n"), "unsupported policy format version 2"));
    CompileResult r = t.compile("version = 1\nmode = \"read-onyl\"\n");
    REQUIRE(has_error(r, "unknown mode"));
    CHECK(r.rendered().find("did you mean `read-only`?") != std::string::npos);
  }
}

TEST_SUITE("compiler grants") {
  TEST_CASE("optional grants emit -try; a missing required path is an error naming its line") {
    Tree t;
    CompileResult ok = t.compile(custom("ro = [{ path = \"/nonexistent-llp\", optional = true }]\n"));
    REQUIRE_MESSAGE(ok.ok, ok.rendered());
    CHECK(ok.argv[3] == "--no-symlinks");  // host paths are canonical: a symlink at run time was planted
    CHECK(ok.argv[4] == "--ro-try");
    CompileResult bad = t.compile(custom("ro = [\n  \"/usr\",\n  \"/nonexistent-llp\",\n]\n"));
    CHECK_FALSE(bad.ok);
    CHECK(bad.rendered().find("policy.toml:5:3: error: ro `/nonexistent-llp`") != std::string::npos);
    CHECK(bad.argv.empty());
  }
  TEST_CASE("relative paths resolve against the policy's folder, not the cwd") {
    Tree t;
    CompileOptions o = t.options(custom("ro = [\"a\"]\n"));
    o.policy_name = t.path("/data/policy.toml");
    o.cwd = "/";
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro @/data/a"});
    CHECK(r.plan.outer.grants[0].relative);
  }
  TEST_CASE("symlinks are canonicalised and the target is emitted") {
    Tree t;
    REQUIRE(symlink(t.path("/data/a").c_str(), t.path("/data/link").c_str()) == 0);
    CompileResult r = t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data/link\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro @/data/a"});
    CHECK(r.plan.outer.grants[0].expanded == t.path("/data/link"));
  }
  TEST_CASE("control characters in a path are refused") {
    Tree t;
    CHECK(has_error(t.compile(custom("ro = [\"/usr\\nlib\"]\n")), "control character"));
    CHECK(has_error(t.compile(custom("ro = [\"/usr\\u001b\"]\n")), "control character"));
  }
  TEST_CASE("unknown keys are errors with the nearest valid key") {
    Tree t;
    CompileResult r = t.compile(custom("rx = [\"/usr\"]\n[network]\nconect = [1]\n"));
    CHECK(has_error(r, "unknown key `rx`"));
    CHECK(has_error(r, "unknown key `conect` in [network]"));
    std::string text = r.rendered();
    CHECK(text.find("did you mean `ro`?") != std::string::npos);
    CHECK(text.find("did you mean `connect`?") != std::string::npos);
    CHECK(text.find("policy.toml:3:1: error: unknown key `rx`\n 3 | rx = [\"/usr\"]\n   | ^\n") != std::string::npos);
    CHECK(has_error(t.compile(custom("ro = [{ path = \"/usr\", optinal = true }]\n")), "unknown key `optinal`"));
  }
  TEST_CASE("several errors are reported in one run") {
    Tree t;
    CompileResult r = t.compile(custom("ro = [\"${NOPE}\", \"/nonexistent-llp\"]\nrw = [\"/\"]\n"));
    CHECK(r.diags.count(Severity::Error) == 3);
  }
}

TEST_SUITE("compiler protection") {
  TEST_CASE("/ , home and its ancestors are never writable") {
    Tree t;
    CHECK(has_error(t.compile(custom("rw = [\"/\"]\n")), "whole file system"));
    CHECK(has_error(t.compile(custom("rw = [\"~\"]\n")), "is the home directory"));
    CHECK(has_error(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}\"]\n")), "contains the home directory"));
    t.dir("/home/projects");
    CompileResult ok = t.compile(custom("rw = [\"~/projects\"]\n"));
    CHECK_MESSAGE(ok.ok, ok.rendered());
  }
  TEST_CASE("a writable grant is, lies inside or contains a secret: refused") {
    Tree t;
    CHECK(has_error(t.compile(custom("rw = [\"~/.ssh\"]\n")), "is protected path"));
    CHECK(has_error(t.compile(custom("rw = [\"~/.aws\"]\n")), "is protected path"));
    t.dir("/home/.ssh/sub");
    CHECK(has_error(t.compile(custom("rw = [\"~/.ssh/sub\"]\n")), "lies inside protected path"));
    // A future secret is protected too: ~/.kube does not exist yet.
    t.dir("/home/k");
    CHECK(has_error(t.compile(custom("rw = [{ path = \"~/.kube\", optional = true }]\n")), "protected path"));
  }
  TEST_CASE("[protect] extends the list; unprotect only removes built-ins, loudly") {
    Tree t;
    std::string protect = "[protect]\npaths = [\"${env.LLP_TEST_ROOT}/data/a\"]\n";
    CHECK(has_error(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/a/deep\"]\n" + protect)),
                    "lies inside protected"));
    CHECK(has_error(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data\"]\n" + protect)), "contains protected"));
    CHECK(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n" + protect)).ok);
    CompileResult un = t.compile(custom("rw = [\"~/.aws\"]\n[protect]\nunprotect = [\"~/.aws\"]\n"));
    CHECK_MESSAGE(un.ok, un.rendered());
    CHECK(has_warning(un, "unprotect `~/.aws`"));
    CHECK(has_error(t.compile(custom("[protect]\nunprotect = [\"~/.sshh\"]\n")), "not a built-in protected path"));
  }
  TEST_CASE("$XDG_RUNTIME_DIR is protected when set, ignored when empty") {
    Tree t;
    CompileOptions o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    o.env["XDG_RUNTIME_DIR"] = t.path("/data");
    CHECK(has_error(compile(o), "lies inside protected path"));
    o.env["XDG_RUNTIME_DIR"] = "";
    CompileResult r = compile(o);
    CHECK_MESSAGE(r.ok, r.rendered());
  }
  TEST_CASE("the policy files and the launcher binary are protected") {
    Tree t;
    CompileOptions o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    o.policy_name = t.path("/data/b/policy.toml");
    CHECK(has_error(compile(o), "a policy file"));
    o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    t.file("/data/b/landlock-run", "#!/bin/sh\n");
    t.file("/data/a/landlock-run", "#!/bin/sh\n");
    chmod(t.path("/data/b/landlock-run").c_str(), 0755);
    chmod(t.path("/data/a/landlock-run").c_str(), 0755);
    o.launcher = t.path("/data/b/landlock-run");
    CHECK(has_error(compile(o), "the launcher binary"));
    o.launcher = t.path("/data/a/landlock-run");
    CHECK_MESSAGE(compile(o).ok, compile(o).rendered());
  }
  TEST_CASE("a symlink inside a protected folder protects (and hides) its target") {
    Tree t;
    REQUIRE(symlink(t.path("/data/b").c_str(), t.path("/home/.ssh/keys").c_str()) == 0);
    CHECK(has_error(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n")), "symlink target inside protected"));
    CompileResult ro = t.compile("version = 1\nmode = \"read-only\"\n");
    REQUIRE_MESSAGE(ro.ok, ro.rendered());
    CHECK_FALSE(covered_by_any(ro, t.path("/data/b")));
    CHECK(covered_by_any(ro, t.path("/data/a")));
  }
  TEST_CASE("when the protection walk cannot finish, every writable grant is refused") {
    Tree t;
    CompileOptions o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\nro = [\"/usr\"]\n"));
    o.env.erase("HOME");
    CHECK(has_error(compile(o), "HOME is not set"));
    o.policy_text = custom("ro = [\"/usr\"]\n");
    CHECK(compile(o).ok);  // nothing writable: nothing to refuse
    for (long i = 0; i <= llp::kProtectedFolderWalk.max_entries; ++i) t.file("/home/.aws/f" + std::to_string(i), "");
    CHECK(has_error(t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n")), "did not finish"));
  }
  TEST_CASE(".git inside a writable grant: a warning, an error under strict") {
    Tree t;
    CHECK_FALSE(has_warning(t.compile(custom("rw = [\"${WORKSPACE}\"]\n")), ".git"));
    t.dir("/ws/.git");
    CompileResult r = t.compile(custom("rw = [\"${WORKSPACE}\"]\n"));
    CHECK(r.ok);
    CHECK(has_warning(r, ".git/hooks"));
    CHECK(has_error(t.compile(custom("strict = true\nrw = [\"${WORKSPACE}\"]\n")), ".git/hooks"));
  }
}

TEST_SUITE("compiler merging") {
  TEST_CASE("duplicates merge, ro+rw becomes rw, covered children are dropped") {
    Tree t;
    CompileResult r = t.compile(
        custom("ro = [\"${env.LLP_TEST_ROOT}/data/a\", \"${env.LLP_TEST_ROOT}/data/a\", \"${env.LLP_TEST_ROOT}/data\","
               " \"${env.LLP_TEST_ROOT}/data/a/deep\"]\nrw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"
               "[[x]]\n"));
    CHECK(has_error(r, "unknown key `x`"));
    r =
        t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data/a\", \"${env.LLP_TEST_ROOT}/data/a\", "
                         "\"${env.LLP_TEST_ROOT}/data\", \"${env.LLP_TEST_ROOT}/data/b\"]\n"
                         "rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro @/data", "rw @/data/b"});
    CHECK(r.plan.dropped.size() == 3);
  }
  TEST_CASE("a ro grant under a rw grant is an error naming both lines where it cannot be carved") {
    Tree t;
    // On the host it is carved out read-only (compiler_carve_test.cpp); a
    // portable argv has no listing to carve from.
    CompileOptions o =
        t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data\"]\nro = [\"${env.LLP_TEST_ROOT}/data/a\"]\n"));
    o.target = Target::Portable;
    o.env["LLP_TEST_ROOT"] = "/w";
    CompileResult r = compile(o);
    REQUIRE(has_error(r, "still writable"));
    std::string text = r.rendered();
    CHECK(text.find("policy.toml:4:7: error: ro grant") != std::string::npos);
    CHECK(text.find("policy.toml:3:7: note: the rw grant is here") != std::string::npos);
    // Benign: rw under ro is a widening the user asked for.
    CHECK(t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data\"]\nrw = [\"${env.LLP_TEST_ROOT}/data/a\"]\n")).ok);
  }
  TEST_CASE("the result does not depend on the order of entries") {
    Tree t;
    std::vector<std::string> paths = {"/data/a", "/data/b", "/usr", "/etc", "/data/a/deep", "/home/notes.txt"};
    std::string first;
    for (int round = 0; round < 6; ++round) {
      std::rotate(paths.begin(), paths.begin() + 1, paths.end());
      std::string list;
      for (const std::string &p : paths) list += "\"" + (p[1] == 'd' || p[1] == 'h' ? t.root + p : p) + "\", ";
      CompileResult r = t.compile(custom("ro = [" + list + "]\n"));
      REQUIRE_MESSAGE(r.ok, r.rendered());
      std::string joined;
      for (const std::string &a : r.argv) joined += a + " ";
      if (round == 0) first = joined;
      CHECK(joined == first);
    }
  }
  TEST_CASE("extends: lists append, scalars override, relative to the including file") {
    Tree t;
    t.dir("/pol");
    t.file("/pol/base.toml", "version = 1\nmode = \"read-only\"\nro = [\"/usr\"]\n[network]\nconnect = [80]\n");
    CompileOptions o = t.options(
        "version = 1\nextends = [\"pol/base.toml\"]\nmode = \"custom\"\n"
        "ro = [\"/etc\"]\n[network]\nconnect = [443]\n");
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.mode == "custom");
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro /etc", "ro /usr"});
    CHECK(r.plan.outer.net.connect == std::vector<long>{80, 443});
  }
  TEST_CASE("extends cycles and missing files are reported") {
    Tree t;
    t.file("/a.toml", "version = 1\nextends = [\"b.toml\"]\n");
    t.file("/b.toml", "version = 1\nextends = [\"a.toml\"]\n");
    CompileOptions o = t.options("version = 1\nmode = \"custom\"\nextends = [\"a.toml\"]\n");
    o.policy_name = t.path("/a.toml");
    o.policy_text = "version = 1\nmode = \"custom\"\nextends = [\"b.toml\"]\n";
    CHECK(has_error(compile(o), "cycle"));
    CHECK(
        has_error(t.compile("version = 1\nmode = \"custom\"\nextends = [\"nope.toml\"]\n"), "cannot read policy file"));
  }
  TEST_CASE("extends depth is limited") {
    Tree t;
    for (int i = 0; i < 12; ++i)
      t.file("/e" + std::to_string(i) + ".toml", "version = 1\nextends = [\"e" + std::to_string(i + 1) + ".toml\"]\n");
    t.file("/e12.toml", "version = 1\n");
    CHECK(has_error(t.compile("version = 1\nmode = \"custom\"\nextends = [\"e0.toml\"]\n"), "deeper than"));
  }
  TEST_CASE("profiles add to and override the base; unknown profiles are errors") {
    Tree t;
    std::string text = custom("ro = [\"/usr\"]\n[profiles.ci]\nmode = \"read-only\"\nro = [\"/etc\"]\n");
    CompileOptions o = t.options(text);
    o.profile = "ci";
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.mode == "read-only");
    o.profile = "cj";
    CompileResult bad = compile(o);
    CHECK(has_error(bad, "no profile named `cj`"));
    CHECK(bad.rendered().find("did you mean `ci`?") != std::string::npos);
  }
  TEST_CASE("a later rw never silently wins over a protected path") {
    Tree t;
    CompileOptions o = t.options(custom("[profiles.dev]\nrw = [\"~/.ssh\"]\n"));
    o.profile = "dev";
    CHECK(has_error(compile(o), "protected path"));
  }
  TEST_CASE("--set overrides workspace, mode and strict") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"custom\"\n");
    o.sets = {{"workspace", t.path("/data/b")}, {"mode", "workspace-write"}};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(contains(grants_of(r, t.root), "rw @/data/b"));
    o.sets = {{"workspace", "data/b"}, {"mode", "workspace-write"}};  // relative to the cwd
    o.cwd = t.root;
    o.policy_name = t.path("/ws/policy.toml");
    r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(contains(grants_of(r, t.root), "rw @/data/b"));
    o.sets = {{"strict", "maybe"}};
    CHECK(has_error(compile(o), "expected true or false"));
  }
}

TEST_SUITE("compiler hiding") {
  TEST_CASE("hide turns a covering grant into its complement") {
    Tree t;
    CompileResult r =
        t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data\"]\nhide = [\"${env.LLP_TEST_ROOT}/data/a\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro-try @/data/b"});
    CHECK(contains(r.plan.unlistable, t.path("/data")));
    CHECK_FALSE(covered_by_any(r, t.path("/data/a/f")));
  }
  TEST_CASE("a symlink sibling is never granted (it could lead into the hidden path)") {
    Tree t;
    REQUIRE(symlink(t.path("/data/a").c_str(), t.path("/data/to-a").c_str()) == 0);
    CompileResult r =
        t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data\"]\nhide = [\"${env.LLP_TEST_ROOT}/data/a\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro-try @/data/b"});
  }
  TEST_CASE("a written grant inside a hidden path is an error") {
    Tree t;
    CHECK(has_error(
        t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data/a/f\"]\nhide = [\"${env.LLP_TEST_ROOT}/data/a\"]\n")),
        "lies inside hidden path"));
  }
  TEST_CASE("portable targets cannot hide, so the modes need hide_secrets = false there") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"read-only\"\n");
    o.target = Target::Portable;
    CHECK(has_error(compile(o), "needs --target host"));
    o.policy_text = "version = 1\nmode = \"read-only\"\nhide_secrets = false\n";
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "hide_secrets = false"));
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro /", "rw /dev/null"});
  }
  TEST_CASE("portable: paths as written, optional as -try, no existence checks") {
    Tree t;
    CompileOptions o = t.options(custom("ro = [\"/not/here\", { path = \"/maybe\", optional = true }]\n"));
    o.target = Target::Portable;
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(grants_of(r, t.root) == std::vector<std::string>{"ro-try /maybe", "ro /not/here"});
    o.policy_text = custom("ro = [\"/a/../b\"]\n");
    CHECK(has_error(compile(o), "`..` in a portable path"));
  }
}

TEST_SUITE("compiler trust") {
  std::string user_policy(const std::string &compose) {
    return "version = 1\nmode = \"custom\"\ncompose = \"" + compose +
           "\"\n"
           "ro = [\"${WORKSPACE}\", \"/usr\"]\nproject = \"${WORKSPACE}/.landlock.toml\"\n";
  }
  TEST_CASE("a project policy's widening grants are dropped with a warning, errors under strict") {
    Tree t;
    t.file("/ws/.landlock.toml",
           "version = 1\nrw = [\"${WORKSPACE}/src\"]\nro = [\"/etc\", \"${WORKSPACE}/docs\"]\nmode = \"read-only\"\n");
    CompileResult r = t.compile(user_policy("merge"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "widens what your policy grants"));
    CHECK(has_warning(r, "cannot set `mode`"));
    CHECK(r.plan.mode == "custom");
    // The order of /usr and the tree's paths depends on where the tree lies.
    std::vector<std::string> granted = grants_of(r, t.root);
    std::sort(granted.begin(), granted.end());
    CHECK(granted == std::vector<std::string>{"ro /usr", "ro @/ws"});
    CompileOptions o = t.options(user_policy("merge") + "strict = true\n");
    CHECK(has_error(compile(o), "widens what your policy grants"));
  }
  TEST_CASE("compose = nest emits a second launcher the kernel stacks") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nro = [\"${WORKSPACE}/src\"]\n[network]\nconnect = [443]\n");
    CompileOptions o = t.options(user_policy("nest"));
    o.command = {"make"};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    REQUIRE(r.plan.nested);
    CHECK(std::count(r.argv.begin(), r.argv.end(), "--") == 2);
    CHECK(std::count(r.argv.begin(), r.argv.end(), o.default_launcher) == 2);
    CHECK(r.plan.inner.grants.size() == 1);
    CHECK(r.plan.inner.grants[0].path == t.path("/ws/src"));
    CHECK(r.plan.inner.net.connect == std::vector<long>{443});
    CHECK_FALSE(r.plan.outer.net.restricted);
    CHECK(r.argv.back() == "make");
  }
  TEST_CASE("an extended file inside the workspace is the project's too") {
    Tree t;
    t.file("/ws/base.toml", "version = 1\nrw = [\"../data/b\"]\n");
    CompileOptions o = t.options("version = 1\nmode = \"custom\"\nextends = [\"ws/base.toml\"]\n");
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "widens"));
    CHECK(r.plan.outer.grants.empty());
  }
}

TEST_SUITE("compiler network") {
  TEST_CASE("ports and ranges expand sorted and unique") {
    Tree t;
    CompileResult r = t.compile(custom("[network]\nconnect = [443, \"80-82\", 81]\nbind = [8080]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.outer.net.connect == std::vector<long>{80, 81, 82, 443});
    CHECK(r.plan.outer.net.bind == std::vector<long>{8080});
  }
  TEST_CASE("bad ports and scopes point at their line") {
    Tree t;
    CompileResult r = t.compile(custom("[network]\nconnect = [65536, \"9-3\", \"x\"]\nbind = [-1]\n"));
    CHECK(r.diags.count(Severity::Error) == 4);
    CHECK(r.rendered().find("policy.toml:4:12: error: port 65536 is out of range") != std::string::npos);
    CHECK(has_error(t.compile(custom("scopes = [\"signals\"]\n")), "unknown scope `signals`"));
    CHECK(has_error(t.compile(custom("[network]\nrestrict = false\nconnect = [1]\n")), "restrict = false"));
  }
  TEST_CASE("restrict alone, scopes, audit, best_effort, require_abi") {
    Tree t;
    CompileOptions o =
        t.options(custom("best_effort = true\nrequire_abi = 4\nscopes = [\"signal\", \"abstract-unix\", \"signal\"]\n"
                         "[network]\nrestrict = true\n[audit]\nlog_denials = true\nlog_launcher = false\n"));
    o.command = {"x"};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.argv == std::vector<std::string>{o.default_launcher, "--expect-version", "9.9.9", "--require-abi", "4",
                                             "--restrict-tcp", "--scope", "abstract-unix", "--scope", "signal",
                                             "--log-denials", "--no-log", "--best-effort", "--", "x"});
    CHECK(has_error(t.compile(custom("require_abi = 12\n")), "out of range"));
    CHECK_FALSE(
        has_error(t.compile(custom("require_abi = 11\n")), "out of range"));  // ABI 11 (Linux 7.3): the newest known
  }
}
