// Writable except (compiler/plan/carve.h): in workspace-write, .git, .envrc and
// the editor folders are carved out of the writable workspace read-only.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <tuple>

#include "../../compiler/host/git_config.h"
#include "../../compiler/plan/carve_list.h"
#include "../../compiler/out/explain.h"
#include "../../compiler/host/paths.h"
#include "../../compiler/host/walk.h"
#include "../support/fixture.h"

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
  TEST_CASE("cover says what covers a path as data: the carve's default, a grant, a hidden secret, a protected path") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const Coverage git = cover(r.plan, t.path("/ws/.git/config"), Access::Rw);
    CHECK(git.kind == Covered::ReadOnly);
    REQUIRE(git.carved != nullptr);
    CHECK(git.carved->by == CarvedBy::Default);
    CHECK(origin_text(*git.carved) == "default");
    const Coverage src = cover(r.plan, t.path("/ws/src/main.c"), Access::Rw);
    CHECK(src.kind == Covered::Granted);
    CHECK(src.grants.size() == 1);
    CHECK(src.carved == nullptr);
    const Coverage key = cover(r.plan, t.path("/home/.ssh/id_ed25519"), Access::Ro);
    CHECK(key.kind == Covered::Hidden);
    REQUIRE(key.protection != nullptr);
    CHECK(key.protection->by == ProtectedBy::BuiltinSecret);
    CHECK(protected_text(*key.protection) == t.path("/home/.ssh") + "  (built-in secret)");
  }

  TEST_CASE("workspace-write keeps .git, .envrc and editor folders read-only, the rest writable") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const char *ro : {"/ws/.git/hooks/pre-commit", "/ws/.git/config", "/ws/.envrc", "/ws/.vscode/tasks.json",
                           "/ws/new-top-level"}) {
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
        "version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n[protect]\nread_only = [\".git\", "
        "\".github/workflows\", \"Makefile\"]\n");
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
    CHECK(has_error(t.compile(std::string(kWorkspaceWrite) + "[protect]\nkeep_writable = [\"src\"]\n"),
                    "not carved out by default"));
    CHECK(has_error(t.compile(std::string(kWorkspaceWrite) + "[protect]\nread_only = [\"../x\"]\n"),
                    "relative to each writable grant"));
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
    CHECK(writable(again, t.path("/tmp/other/x")));              // an existing folder beside the carve stays writable
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
    CHECK(writable(r, t.path("/tmp/new-file")));                        // mktemp keeps working
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
    CompileResult first = t.compile(kWorkspaceWrite);
    REQUIRE(first.ok);
    CHECK(t.compile(kWorkspaceWrite).argv == first.argv);
  }
}

namespace {

// A policy in workspace-write with more lines.
std::string ws_write(const std::string &body) { return std::string(kWorkspaceWrite) + body; }

// A compile with a global git config of the test's own (never the real ~/.gitconfig).
CompileResult compile_with_global(const Tree &t, const std::string &text, const std::string &global) {
  t.file("/home/gitconfig", global);
  CompileOptions o = t.options(text);
  o.env["GIT_CONFIG_GLOBAL"] = t.path("/home/gitconfig");
  o.env["GIT_CONFIG_SYSTEM"] = "/dev/null";
  return compile(o);
}

void put_u32(std::string &out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}

// An index (version 2) as git writes it, with one entry per (mode, path).
std::string index_v2(const std::vector<std::pair<uint32_t, std::string>> &entries) {
  std::string out = "DIRC";
  put_u32(out, 2);
  put_u32(out, static_cast<uint32_t>(entries.size()));
  for (const auto &[mode, path] : entries) {
    std::string e;
    for (int i = 0; i < 6; ++i) put_u32(e, 0);
    put_u32(e, mode);
    for (int i = 0; i < 3; ++i) put_u32(e, 0);
    e += std::string(20, '\x11');
    e += static_cast<char>((path.size() >> 8) & 0x0f);
    e += static_cast<char>(path.size() & 0xff);
    e += path;
    e += std::string(8 - (e.size() % 8), '\0');
    out += e;
  }
  return out + std::string(20, '\0');  // the checksum: not read
}

}  // namespace

TEST_SUITE("compiler carve: a read-only request is never widened (issue 23)") {
  TEST_CASE("ro inside the workspace in workspace-write is carved out read-only, and explain lists it") {
    Tree t;
    repository(t);
    t.file("/ws/docs/index.md", "docs\n");
    CompileResult r = t.compile(ws_write("ro = [\"${WORKSPACE}/docs\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/docs/index.md")));
    CHECK_FALSE(writable(r, t.path("/ws/docs/new.md")));
    CHECK(readable(r, t.path("/ws/docs/index.md")));
    CHECK(writable(r, t.path("/ws/src/main.c")));
    auto g = grants_of(r, t.root);
    CHECK(std::find(g.begin(), g.end(), "rw-try @/ws/docs") == g.end());
    std::string text = explain(r);
    CHECK(text.find(t.path("/ws/docs") + "  (${WORKSPACE}/docs: ro grant)") != std::string::npos);
  }
  TEST_CASE("in custom mode too, and without a .git; an rw grant inside the ro one stays writable") {
    Tree t;
    t.dir("/ws/docs/build");
    CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\", \"${WORKSPACE}/docs/build\"]\n"
        "ro = [\"${WORKSPACE}/docs\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/docs/x")));
    CHECK(writable(r, t.path("/ws/docs/build/x")));
    CHECK(writable(r, t.path("/ws/src/x")));
  }
  TEST_CASE("a ro grant that does not exist yet cannot be created by the command") {
    Tree t;
    CompileResult r = t.compile(ws_write("ro = [{ path = \"${WORKSPACE}/generated\", optional = true }]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/generated/x")));
    CHECK(writable(r, t.path("/ws/src/x")));
  }
  TEST_CASE("ro and rw on the very same path become rw, with a warning") {
    Tree t;
    CompileResult r = t.compile(ws_write("ro = [\"${WORKSPACE}/docs\"]\nrw = [\"${WORKSPACE}/docs\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "ro and rw grants on the same path"));
    CHECK(writable(r, t.path("/ws/docs/x")));
  }
  TEST_CASE("on a portable target nothing can be carved: an error naming both lines") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"custom\"\nrw = [\"/w\"]\nro = [\"/w/docs\"]\n");
    o.target = Target::Portable;
    CompileResult r = compile(o);
    CHECK(has_error(r, "ro grant `/w/docs` lies under"));
    bool related = false;
    for (const Diagnostic &d : r.diags.all())
      if (d.message.find("lies under") != std::string::npos) related = !d.related.empty();
    CHECK(related);
  }
}

TEST_SUITE("compiler carve: every place that runs code later (issue 23)") {
  TEST_CASE("every name in the table is carved at the root, and in a nested repository") {
    Tree t;
    repository(t);
    t.dir("/ws/vendor");
    t.dir("/ws/vendor/lib");
    t.dir("/ws/vendor/lib/.git");
    t.dir("/ws/.github");
    t.dir("/ws/vendor/lib/.github");
    for (const CarveEntry &e : kCarveList) {
      if (e.rule != CarveRule::Name || e.what == ".git") continue;
      for (const char *top : {"/ws/", "/ws/vendor/lib/"}) {
        std::string rel = top + std::string(e.what);
        if (e.what.starts_with(".") && e.what.find('.', 1) == std::string_view::npos && e.what != ".envrc" &&
            e.what != ".gitmodules")
          t.dir(rel);
        else if (e.what == ".gitmodules")
          t.file(rel, "# no submodule\n");  // read whole, or the compile fails (issue 28)
        else t.file(rel, "x\n");
      }
    }
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const CarveEntry &e : kCarveList) {
      if (e.rule != CarveRule::Name) continue;
      for (const char *top : {"/ws/", "/ws/vendor/lib/"}) {
        std::string rel = top + std::string(e.what);
        CAPTURE(rel);
        CHECK_FALSE(writable(r, t.path(rel)));
        CHECK_FALSE(writable(r, t.path(rel + "/x")));
      }
    }
    CHECK(writable(r, t.path("/ws/src/main.c")));
    CompileResult nope = t.compile(ws_write("[protect]\nkeep_writable = [\"nope\"]\n"));
    bool listed = false;
    for (const Diagnostic &d : nope.diags.all())
      listed = listed ||
               (d.message.find("not carved out by default") != std::string::npos &&
                d.hint.find("`.claude`") != std::string::npos && d.hint.find("`.github/hooks`") != std::string::npos);
    CHECK(listed);
    CompileResult kept = t.compile(ws_write("[protect]\nkeep_writable = [\".claude\"]\n"));
    CHECK(writable(kept, t.path("/ws/.claude/x")));
  }
  TEST_CASE("core.hooksPath of the repository: husky's folder, and one that does not exist yet") {
    Tree t;
    repository(t);
    t.dir("/ws/tools");
    t.file("/ws/.git/config", "[core]\n\tbare = false\n\thooksPath = tools/hooks\n");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/tools/hooks/pre-commit")));
    CHECK(writable(r, t.path("/ws/src/x")));
    t.dir("/ws/tools/hooks");
    t.file("/ws/tools/other", "x\n");
    t.file("/ws/.git/config", "[core \"ignored\"]\n[Core]\n  HooksPath = \"tools/hooks\" ; comment\n");
    CompileResult again = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(again.ok, again.rendered());
    CHECK_FALSE(writable(again, t.path("/ws/tools/hooks/pre-commit")));
    CHECK(writable(again, t.path("/ws/tools/other")));
  }
  TEST_CASE("husky in a monorepo's subfolder: the .husky folder above hooksPath `_` is carved too") {
    Tree t;
    repository(t);
    for (const char *d : {"/ws/frontend", "/ws/frontend/.husky", "/ws/frontend/.husky/_", "/ws/frontend/src"}) t.dir(d);
    t.file("/ws/frontend/.husky/pre-commit", "npm test\n");
    t.file("/ws/frontend/.husky/_/h", "stub\n");
    t.file("/ws/.git/config", "[core]\n\thooksPath = frontend/.husky/_\n");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/frontend/.husky/pre-commit")));  // what husky's `_/h` runs
    CHECK_FALSE(writable(r, t.path("/ws/frontend/.husky/_/pre-commit")));
    CHECK(writable(r, t.path("/ws/frontend/src/x")));
  }
  TEST_CASE("a git config with a byte order mark is read as git reads it") {
    Tree t;
    repository(t);
    t.dir("/ws/src/hooks");
    t.file("/ws/.git/config", "\xEF\xBB\xBF[core]\n\thooksPath = src/hooks\n");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/src/hooks/pre-commit")));
    CHECK(writable(r, t.path("/ws/src/main.c")));
    GitConfigText c = parse_git_config("\xEF\xBB\xBF[core]\nhooksPath = x\n");
    CHECK(c.complete);
    REQUIRE(c.entries.size() == 1);
    CHECK(c.entries[0] == std::pair<std::string, std::string>{"core.hookspath", "x"});
  }
  TEST_CASE("a git config that cannot be read whole fails the compile, naming the file") {
    Tree t;
    repository(t);
    t.file("/ws/.git/config", "[core]\n\tbare = false\n@@ not git syntax\n\thooksPath = src/hooks\n");
    CompileResult bad = t.compile(kWorkspaceWrite);
    CHECK_FALSE(bad.ok);
    CHECK(has_error(bad, "cannot read the git config " + t.path("/ws/.git/config")));
    t.file("/ws/.git/config", "[include]\n\tpath = ../conf.inc\n");
    REQUIRE(mkfifo(t.path("/ws/conf.inc").c_str(), 0600) == 0);  // exists, never read whole
    CompileResult fifo = t.compile(kWorkspaceWrite);
    CHECK_FALSE(fifo.ok);
    CHECK(has_error(fifo, "cannot read the git config " + t.path("/ws/conf.inc")));
    REQUIRE(unlink(t.path("/ws/conf.inc").c_str()) == 0);
    CompileResult missing = t.compile(kWorkspaceWrite);  // a missing include says nothing, as for git
    REQUIRE_MESSAGE(missing.ok, missing.rendered());
    t.file("/ws/.git/config", "[core]\n");
    CompileResult global = compile_with_global(t, kWorkspaceWrite, "[core\nhooksPath = githooks\n");
    CHECK_FALSE(global.ok);
    CHECK(has_error(global, "cannot read your git config " + t.path("/home/gitconfig")));
  }
  TEST_CASE("an output cannot create a name the carve added later (.cargo)") {
    Tree t;
    repository(t);
    CompileResult r = t.compile(ws_write("outputs = [\".cargo/config.toml\"]\n"));
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "a read-only exception of the carve"));
  }
  TEST_CASE("core.hooksPath of your global config, relative (every repository) or absolute") {
    Tree t;
    repository(t);
    t.dir("/ws/githooks");
    t.dir("/ws/shared");
    CompileResult r = compile_with_global(t, kWorkspaceWrite, "[core]\nhooksPath = githooks\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/githooks/pre-commit")));
    CompileResult abs = compile_with_global(t, kWorkspaceWrite, "[core]\nhooksPath = " + t.path("/ws/shared") + "\n");
    REQUIRE_MESSAGE(abs.ok, abs.rendered());
    CHECK_FALSE(writable(abs, t.path("/ws/shared/pre-commit")));
  }
  TEST_CASE("a config file the repository's config includes is carved, and what it says is read") {
    Tree t;
    repository(t);
    t.dir("/ws/conf");
    t.file("/ws/.git/config",
           "[include]\n\tpath = ../conf/git.inc\n[includeIf \"onbranch:main\"]\n\tpath = ../conf/other.inc\n");
    t.file("/ws/conf/git.inc", "[core]\n\thooksPath = conf/hooks\n");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/conf/git.inc")));
    CHECK_FALSE(writable(r, t.path("/ws/conf/other.inc")));  // not there yet: cannot appear
    CHECK_FALSE(writable(r, t.path("/ws/conf/hooks/pre-commit")));
  }
  TEST_CASE("a submodule at depth five: its .git file is carved, whatever the depth") {
    Tree t;
    repository(t);
    std::string at = "/ws";
    for (const char *d : {"a", "b", "c", "d", "e"}) {
      at += std::string("/") + d;
      t.dir(at);
    }
    t.file(at + "/.git", "gitdir: ../../../../../.git/modules/e\n");
    t.dir(at + "/src");
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path(at + "/.git")));
    CHECK(writable(r, t.path(at + "/src/x")));
  }
  TEST_CASE("submodule paths named by .gitmodules and the index: no .git can be planted there") {
    Tree t;
    repository(t);
    for (const char *d : {"/ws/lib", "/ws/lib/one", "/ws/lib/one/src", "/ws/lib/two", "/ws/lib/two/src"}) t.dir(d);
    t.file("/ws/.gitmodules", "[submodule \"one\"]\n\tpath = lib/one\n\turl = https://example.org/one\n");
    t.file("/ws/.git/index", index_v2({{0100644, "README.md"}, {0160000, "lib/two"}}));
    CompileResult r = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(writable(r, t.path("/ws/lib/one/.git")));
    CHECK_FALSE(writable(r, t.path("/ws/lib/two/.git")));
    CHECK(writable(r, t.path("/ws/lib/one/src/x")));
    CHECK(writable(r, t.path("/ws/lib/two/src/x")));
    std::string truncated = "DIRC";
    put_u32(truncated, 2);
    put_u32(truncated, 5);
    t.file("/ws/.git/index", truncated + "short");
    CHECK(has_error(t.compile(kWorkspaceWrite), "cannot read the submodules"));
  }
  TEST_CASE("a .gitmodules that cannot be read whole fails the compile, naming it (issue 28)") {
    Tree t;
    repository(t);
    t.dir("/ws/lib");
    t.dir("/ws/lib/one");
    const std::string modules = t.path("/ws/.gitmodules");
    t.file("/ws/.gitmodules", "[submodule \"one\"]\n\tpath = lib/one\n@@ not git syntax\n");
    CHECK(has_error(t.compile(kWorkspaceWrite), "cannot read " + modules + ": a line this reader"));
    t.file("/ws/.gitmodules", std::string((size_t{1} << 20) + 1, '#') + "\n[submodule \"one\"]\n\tpath = lib/one\n");
    CHECK(has_error(t.compile(kWorkspaceWrite), "cannot read " + modules + ": larger than"));
    REQUIRE(unlink(modules.c_str()) == 0);
    REQUIRE(mkfifo(modules.c_str(), 0600) == 0);
    CHECK(has_error(t.compile(kWorkspaceWrite), "cannot read " + modules + ": not a regular file"));
    REQUIRE(unlink(modules.c_str()) == 0);
    CompileResult missing = t.compile(kWorkspaceWrite);  // a missing .gitmodules names no submodule
    REQUIRE_MESSAGE(missing.ok, missing.rendered());
    std::vector<std::string> paths;
    std::string why;
    CHECK(gitmodules_paths(modules, paths, why));
    CHECK(paths.empty());
  }
  TEST_CASE("the index reader: versions 2 and 4, gitlinks only") {
    Tree t;
    t.file("/idx", index_v2({{0100644, "a"}, {0160000, "sub/module"}, {0120000, "link"}}));
    std::vector<std::string> paths;
    std::string why;
    size_t budget = kMaxIndexBytes;
    REQUIRE(index_gitlinks(t.path("/idx"), false, paths, why, budget));
    CHECK(paths == std::vector<std::string>{"sub/module"});
    // Version 4: each path is the previous one less N bytes, plus its own.
    std::string v4 = "DIRC";
    put_u32(v4, 4);
    put_u32(v4, 2);
    for (const auto &[mode, strip, suffix] :
         {std::tuple<uint32_t, char, std::string>{0160000, 0, "lib/aa"}, {0160000, 2, "bb"}}) {
      for (int i = 0; i < 6; ++i) put_u32(v4, 0);
      put_u32(v4, mode);
      for (int i = 0; i < 3; ++i) put_u32(v4, 0);
      v4 += std::string(20, '\x22');
      v4 += std::string(2, '\0');
      v4 += strip;
      v4 += suffix;
      v4 += '\0';
    }
    t.file("/idx4", v4);
    paths.clear();
    REQUIRE_MESSAGE(index_gitlinks(t.path("/idx4"), false, paths, why, budget), why);
    CHECK(paths == std::vector<std::string>{"lib/aa", "lib/bb"});
    paths.clear();
    CHECK(index_gitlinks(t.path("/missing"), false, paths, why, budget));
    CHECK(paths.empty());
    REQUIRE(mkfifo(t.path("/fifo").c_str(), 0600) == 0);
    CHECK_FALSE(index_gitlinks(t.path("/fifo"), false, paths, why, budget));  // never blocks
    size_t small = 64;
    CHECK_FALSE(index_gitlinks(t.path("/idx"), false, paths, why, small));  // past the compile's budget
    CHECK(why.find("larger than") != std::string::npos);
  }
  TEST_CASE("the git config reader follows git's syntax") {
    GitConfigText c = parse_git_config(
        "# comment\n[core]\n\thooksPath = \"a b\" # tail\n[Submodule \"Lib/X\"]\n path = lib/x\\\n/y\n"
        "[old.Sub] key\n[include] path = ~/inc ; c\n");
    CHECK(c.complete);
    REQUIRE(c.entries.size() == 4);
    CHECK(c.entries[0] == std::pair<std::string, std::string>{"core.hookspath", "a b"});
    CHECK(c.entries[1] == std::pair<std::string, std::string>{"submodule.Lib/X.path", "lib/x/y"});
    CHECK(c.entries[2] == std::pair<std::string, std::string>{"old.sub.key", "true"});
    CHECK(c.entries[3] == std::pair<std::string, std::string>{"include.path", "~/inc"});
    CHECK_FALSE(parse_git_config("[core\nhooksPath = x\n").complete);
  }
  TEST_CASE("a walk that cannot finish fails closed") {
    Tree t;
    std::string at = "/data/a/deep";
    for (int i = 0; i < 4; ++i) {
      at += "/d";
      t.dir(at);
    }
    WalkResult r =
        walk_tree(t.path("/data"), WalkLimits{2, 1000, true}, [](const std::string &, bool, bool) { return true; });
    CHECK(r.status == WalkStatus::TooLarge);
    WalkResult few =
        walk_tree(t.path("/data"), WalkLimits{100, 3, true}, [](const std::string &, bool, bool) { return true; });
    CHECK(few.status == WalkStatus::TooLarge);
  }
  TEST_CASE("docs/policy-format.md renders the table the code holds") {
    const char *root = std::getenv("LLR_ROOT");  // NOLINT(concurrency-mt-unsafe): read once, no threads
    std::ifstream in(std::string(root ? root : ".") + "/docs/policy-format.md");
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    const std::string table = carve_list_markdown();
    CHECK_MESSAGE(text.str().find(table) != std::string::npos, "docs/policy-format.md lacks the table:\n" << table);
  }
}
