// Unit tests (issue 29): file outputs that real tools accept (an old
// timestamp so that make rebuilds them, executable_outputs), and what
// `why --write` says about a write the carve refuses.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/out/explain.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

CompileResult run(const Tree &t, const std::string &text) {
  CompileOptions o = t.options(text);
  o.prepare_run = true;
  return compile(o);
}

struct stat stat_of(const std::string &path) {
  struct stat st {};
  REQUIRE(lstat(path.c_str(), &st) == 0);
  return st;
}

// The permission bits a new file gets from mode (0777 or 0666) here.
mode_t less_umask(mode_t mode) {
  const mode_t mask = umask(0);
  umask(mask);
  return mode & ~mask;
}

bool says(const std::string &text, const std::string &part) {
  INFO(text);
  return text.find(part) != std::string::npos;
}

const std::string kWorkspaceWrite = "version = 1\nmode = \"workspace-write\"\n";

}  // namespace

TEST_SUITE("compiler outputs: files real tools accept (issue 29)") {
  TEST_CASE("a new file output is stamped with the epoch, so make sees it out of date") {
    Tree t;
    CompileResult r = run(t, kWorkspaceWrite + "outputs = [\"hello\", \"out/bin/tool\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const char *file : {"/ws/hello", "/ws/out/bin/tool"}) {
      CAPTURE(file);
      const struct stat st = stat_of(t.path(file));
      CHECK(st.st_mtim.tv_sec == 0);
      CHECK(st.st_atim.tv_sec == 0);
      CHECK(st.st_size == 0);
    }
    // The folders on the way are new folders, as before.
    CHECK(stat_of(t.path("/ws/out")).st_mtim.tv_sec > 0);
  }
  TEST_CASE("executable_outputs makes a new file 0777 less the umask; the others stay 0666 less the umask") {
    Tree t;
    CompileResult r =
        run(t, kWorkspaceWrite + "outputs = [\"hello\", \"Cargo.lock\"]\nexecutable_outputs = [\"hello\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK((stat_of(t.path("/ws/hello")).st_mode & 0777) == less_umask(0777));
    CHECK((stat_of(t.path("/ws/Cargo.lock")).st_mode & 0777) == less_umask(0666));
    REQUIRE(r.plan.outputs.size() == 2);
    CHECK(r.plan.outputs[0].executable);
    CHECK_FALSE(r.plan.outputs[1].executable);
  }
  TEST_CASE("an existing file is never chmod'ed or touched") {
    Tree t;
    t.file("/ws/hello", "built\n");
    REQUIRE(chmod(t.path("/ws/hello").c_str(), 0640) == 0);
    const struct stat before = stat_of(t.path("/ws/hello"));
    CompileResult r = run(t, kWorkspaceWrite + "outputs = [\"hello\"]\nexecutable_outputs = [\"hello\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const struct stat after = stat_of(t.path("/ws/hello"));
    CHECK((after.st_mode & 07777) == 0640);
    CHECK(after.st_mtim.tv_sec == before.st_mtim.tv_sec);
    CHECK(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec);
    CHECK(after.st_size == before.st_size);
  }
  TEST_CASE("an executable_outputs entry must name a file entry of outputs: an error at its line, nothing created") {
    Tree t;
    t.dir("/ws/adir");
    CompileResult r = run(t, kWorkspaceWrite +
                                 "outputs = [\"build/\", \"hello\", \"adir\"]\n"
                                 "executable_outputs = [\"build/\", \"build\", \"nothere\", \"adir\"]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "executable_outputs `build/`: names a folder output"));
    CHECK(has_error(r, "executable_outputs `build`: names a folder output"));
    CHECK(has_error(r, "executable_outputs `nothere`: not an entry of outputs"));
    CHECK(has_error(r, "executable_outputs `adir`: " + t.path("/ws/adir") + " is a folder"));
    struct stat st {};
    CHECK(lstat(t.path("/ws/hello").c_str(), &st) != 0);
  }
  TEST_CASE("a project policy marks only its own outputs executable") {
    Tree t;
    t.file("/ws/.landlock.toml",
           "version = 1\noutputs = [\"dist/app\"]\nexecutable_outputs = [\"dist/app\", \"Cargo.lock\"]\n");
    CompileResult r =
        run(t, kWorkspaceWrite + "project = \"${WORKSPACE}/.landlock.toml\"\noutputs = [\"Cargo.lock\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "project policy executable_outputs `Cargo.lock` names an output of your policy: dropped"));
    CHECK((stat_of(t.path("/ws/Cargo.lock")).st_mode & 0111) == 0);
    CHECK((stat_of(t.path("/ws/dist/app")).st_mode & 0777) == less_umask(0777));
  }
  TEST_CASE("a project policy's entry naming your output is dropped; naming none is an error at its line") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nexecutable_outputs = [\"hello\"]\n");
    CompileResult r = run(t, kWorkspaceWrite + "project = \"${WORKSPACE}/.landlock.toml\"\noutputs = [\"hello\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "project policy executable_outputs `hello` names an output of your policy"));
    Tree u;
    u.file("/ws/.landlock.toml", "version = 1\nexecutable_outputs = [\"tool\"]\n");
    CompileResult s = run(u, kWorkspaceWrite + "project = \"${WORKSPACE}/.landlock.toml\"\n");
    CHECK_FALSE(s.ok);
    CHECK(has_error(s, "executable_outputs `tool`: not an entry of outputs"));
  }
}

TEST_SUITE("compiler why --write: the carve's refusals (issue 29)") {
  TEST_CASE("a new root entry names the carve and the outputs fix, a folder for a deeper path") {
    Tree t;
    t.dir("/ws/.git");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const std::string deep = why(r, t.path("/ws/build/CMakeFiles"), true);
    CHECK(says(deep, "denied for writing: the carve keeps the workspace root " + t.path("/ws") +
                         " read-only so that .git stays protected, and build was not in it when the policy compiled"));
    CHECK(says(deep, "the fix is outputs = [\"build/\"] in your policy (made before each run, then writable)"));
    const Coverage c = cover(r.plan, t.path("/ws/build/CMakeFiles"), Access::Rw);
    CHECK(c.new_entry == t.path("/ws/build"));
    REQUIRE(c.carved_folder);
    CHECK(*c.carved_folder == t.path("/ws"));
  }
  TEST_CASE("a new leaf at the root: a folder or a file output") {
    Tree t;
    t.dir("/ws/.git");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(
        says(why(r, t.path("/ws/newfile"), true),
             "the fix is outputs = [\"newfile/\"] in your policy for a folder, or outputs = [\"newfile\"] for a file"));
  }
  TEST_CASE("inside .git or a carve name no output can open it") {
    Tree t;
    t.dir("/ws/.git");
    t.dir("/ws/.git/hooks");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const std::string hooks = why(r, t.path("/ws/.git/hooks/pre-commit"), true);
    CHECK(says(hooks, "lies inside " + t.path("/ws/.git") + ", a read-only exception of the carve"));
    CHECK(says(hooks, "no output can open it"));
    CHECK_FALSE(says(hooks, "outputs = ["));
    for (const char *name : {"/ws/.envrc", "/ws/.github/hooks/x", "/ws/.vscode/tasks.json"}) {
      const std::string text = why(r, t.path(name), true);
      CHECK(says(text, "a read-only exception of the carve in the workspace root"));
      CHECK(says(text, "no output can open it"));
      CHECK_FALSE(says(text, "outputs = ["));
    }
    // .github holds .github/hooks: the output is the deeper folder.
    CHECK(says(why(r, t.path("/ws/.github/workflows/ci.yml"), true), "the fix is outputs = [\".github/workflows/\"]"));
  }
  TEST_CASE("an existing root entry is not new; the root itself is said to be carved") {
    Tree t;
    t.dir("/ws/.git");
    t.dir("/ws/src");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(says(why(r, t.path("/ws/src/x"), true), "allowed for writing"));
    CHECK(says(why(r, t.path("/ws"), true), "nothing can be created, removed or renamed directly in it"));
    CHECK(cover(r.plan, t.path("/ws/src/x"), Access::Rw).new_entry.empty());
  }
  TEST_CASE("an output not created yet (not a run) is said to be made before the run") {
    Tree t;
    t.dir("/ws/.git");
    CompileResult r = t.compile(kWorkspaceWrite + "outputs = [\"build/\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const std::string text = why(r, t.path("/ws/build/x"), true);
    CHECK(says(text, "outputs `build/` at "));
    CHECK(says(text, "names it and is missing: argv, exec and learn create it before the run"));
  }
  TEST_CASE("a name that outputs cannot hold is said so; the answer is escaped") {
    Tree t;
    t.dir("/ws/.git");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(says(why(r, t.path("/ws/$x/y"), true), "outputs cannot name it"));
    const std::string quoted = why(r, t.path("/ws/a\"b\nc"), true);
    CHECK_FALSE(says(quoted, "\nc"));
    CHECK(says(quoted, "outputs = [\"a\\\"b"));
  }
  TEST_CASE("a read is answered as before") {
    Tree t;
    t.dir("/ws/.git");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(says(why(r, t.path("/ws/build/x"), false), "outputs"));
  }
}
