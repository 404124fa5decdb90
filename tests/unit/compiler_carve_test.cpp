// Writable except (compiler/carve.h): in workspace-write, .git, .envrc and
// the editor folders are carved out of the writable workspace read-only.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/explain.h"
#include "../../compiler/paths.h"
#include "../compiler/fixture.h"

using namespace llp;
using llp_test::grants_of;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

// A small repository: ws/.git (hooks, config), ws/.envrc, ws/.vscode,
// ws/src (with a file), ws/README.md.
void repository(const Tree &t) {
  for (const char *d : {"/ws/.git", "/ws/.git/hooks", "/ws/.vscode"}) t.dir(d);
  t.file("/ws/.git/config", "[core]\n");
  t.file("/ws/.envrc", "use nix\n");
  t.file("/ws/README.md", "readme\n");
  t.file("/ws/src/main.c", "int main;\n");
}

// The writable grant that covers path, if any, in the final outer layer.
bool writable(const CompileResult &r, const std::string &path) {
  for (const Grant &g : r.plan.outer.grants)
    if (g.access == Access::Rw && is_within(path, g.path)) return true;
  return false;
}
bool readable(const CompileResult &r, const std::string &path) {
  for (const Grant &g : r.plan.outer.grants)
    if (is_within(path, g.path)) return true;
  return false;
}

const char *kWorkspaceWrite = "version = 1\nmode = \"workspace-write\"\n";

}  // namespace

TEST_SUITE("compiler carve") {
  TEST_CASE("workspace-write keeps .git, .envrc and editor folders read-only, the rest writable") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const char *ro : {"/ws/.git/hooks/pre-commit", "/ws/.git/config", "/ws/.envrc", "/ws/.vscode/tasks.json", "/ws/new-top-level"}) {
      CAPTURE(ro);
      CHECK_FALSE(writable(r, t.path(ro)));
      CHECK(readable(r, t.path(ro)));
    }
    for (const char *rw : {"/ws/src/main.c", "/ws/src/new.c", "/ws/README.md", "/tmp/x"}) {
      CAPTURE(rw);
      CHECK(writable(r, t.path(rw)));
    }
    auto g = grants_of(r, t.root);
    CHECK(std::find(g.begin(), g.end(), "ro @/ws") != g.end());
    CHECK(std::find(g.begin(), g.end(), "rw-try @/ws/src") != g.end());
    CHECK(r.plan.carved_folders == std::vector<std::string>{t.path("/ws")});
    CHECK_FALSE(has_warning(r, "contains"));  // the .git warning is gone where the carve applies
  }
  TEST_CASE("explain lists the carve and its cost") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::string text = explain(r);
    CHECK(text.find("read-only inside writable grants") != std::string::npos);
    CHECK(text.find(t.path("/ws/.git") + "  (.git: default)") != std::string::npos);
    CHECK(text.find("cost: nothing can be created or removed directly in") != std::string::npos);
  }
  TEST_CASE("custom mode carves only what read_only names; workspace-write adds it to the defaults") {
    Tree t;
    repository(t);
    t.dir("/ws/.github");
    t.dir("/ws/.github/workflows");
    t.file("/ws/Makefile", "all:\n");
    CompileResult custom = t.compile("version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n");
    CHECK(has_warning(custom, "contains " + t.path("/ws/.git")));  // no default carve outside workspace-write
    CompileResult carved = t.compile(
        "version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n[protect]\nread_only = [\".git\", \".github/workflows\", \"Makefile\"]\n");
    REQUIRE_MESSAGE(carved.ok, carved.rendered());
    CHECK_FALSE(writable(carved, t.path("/ws/.github/workflows/ci.yml")));
    CHECK_FALSE(writable(carved, t.path("/ws/Makefile")));
    CHECK_FALSE(writable(carved, t.path("/ws/.git/config")));
    CHECK(writable(carved, t.path("/ws/.envrc")));  // not a default in custom
    CHECK(carved.plan.carved_folders == std::vector<std::string>{t.path("/ws"), t.path("/ws/.github")});
  }
  TEST_CASE("keep_writable opts out of a default carve, loudly; unknown names are errors") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(std::string(kWorkspaceWrite) + "[protect]\nkeep_writable = [\".vscode\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "keep_writable `.vscode`"));
    CHECK(writable(r, t.path("/ws/.vscode/tasks.json")));
    CHECK_FALSE(writable(r, t.path("/ws/.git/config")));
    CHECK(has_error(t.compile(std::string(kWorkspaceWrite) + "[protect]\nkeep_writable = [\"src\"]\n"), "not carved out by default"));
    CHECK(has_error(t.compile(std::string(kWorkspaceWrite) + "[protect]\nread_only = [\"../x\"]\n"), "relative to each writable grant"));
  }
  TEST_CASE("a project policy may add read-only exceptions, but not keep one writable") {
    Tree t;
    repository(t);
    t.file("/ws/.landlock.toml", "version = 1\n[protect]\nread_only = [\"README.md\"]\nkeep_writable = [\".git\"]\n");
    CompileResult r = t.compile(std::string(kWorkspaceWrite) + "project = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/README.md")));
    CHECK_FALSE(writable(r, t.path("/ws/.git/config")));
    CHECK(has_warning(r, "cannot keep `.git` writable"));
  }
  TEST_CASE("a worktree's .git file: its gitdir is carved too when it lies under a writable grant") {
    Tree t;
    t.dir("/tmp/main");
    t.dir("/tmp/main/.git");
    t.dir("/tmp/main/.git/worktrees");
    t.dir("/tmp/main/.git/worktrees/ws");
    t.file("/tmp/main/.git/worktrees/ws/commondir", "../..\n");
    t.file("/ws/.git", "gitdir: " + t.path("/tmp/main/.git/worktrees/ws") + "\n");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/.git")));
    CHECK_FALSE(writable(r, t.path("/tmp/main/.git/worktrees/ws/HEAD")));
    CHECK_FALSE(writable(r, t.path("/tmp/main/.git/hooks/pre-commit")));  // the common gitdir
    t.dir("/tmp/other");
    CompileResult again = t.compile(kWorkspaceWrite);
    CHECK(writable(again, t.path("/tmp/other/x")));  // an existing folder beside the carve stays writable
    CHECK_FALSE(writable(again, t.path("/tmp/new-top-level")));  // the cost: /tmp itself is read-only now
  }
  TEST_CASE("a submodule's nested .git and a .git symlink are carved, never followed into a writable place") {
    Tree t;
    t.dir("/ws/.git");
    t.dir("/ws/lib");
    t.dir("/ws/lib/sub");
    t.file("/ws/lib/sub/.git", "gitdir: ../../.git/modules/sub\n");
    t.dir("/ws/lib/sub/src");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/lib/sub/.git")));
    CHECK(writable(r, t.path("/ws/lib/sub/src/file.c")));
    CHECK_FALSE(writable(r, t.path("/ws/lib/sub/new.c")));  // the cost: a folder on the way is read-only
    Tree u;
    u.dir("/tmp/repo.git");
    REQUIRE(symlink(u.path("/tmp/repo.git").c_str(), u.path("/ws/.git").c_str()) == 0);
    CompileResult s = u.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(s.ok, s.rendered());
    CHECK_FALSE(writable(s, u.path("/tmp/repo.git/config")));  // carved at its target, inside TMPDIR
    CHECK_FALSE(writable(s, u.path("/ws/.git")));
  }
  TEST_CASE("a repository nested in the temp folder does not make the temp folder's root read-only") {
    Tree t;
    repository(t);
    t.dir("/tmp/checkout");
    t.dir("/tmp/checkout/.git");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(writable(r, t.path("/tmp/new-file")));  // mktemp keeps working
    CHECK(has_warning(r, "contains " + t.path("/tmp/checkout/.git")));  // still said
  }
  TEST_CASE("an explicit rw grant inside an exception is an error that names the opt-out") {
    Tree t;
    repository(t);
    CHECK(has_error(t.compile(std::string(kWorkspaceWrite) + "rw = [\"${WORKSPACE}/.vscode\"]\n"),
                    "lies inside read-only exception"));
  }
  TEST_CASE("the carve is byte-identical run to run") {
    Tree t;
    repository(t);
    for (const char *d : {"/ws/b", "/ws/a", "/ws/c"}) t.dir(d);
    CompileResult a = t.compile(kWorkspaceWrite);
    CompileResult b = t.compile(kWorkspaceWrite);
    REQUIRE(a.ok);
    CHECK(a.argv == b.argv);
  }
}
