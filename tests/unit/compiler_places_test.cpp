// Unit tests (issue 28, items 5 and 9): where the user's files may lie, as
// ssh checks its own (host/folders.h: check_ownership, make_beneath),
// /tmp counted as run-writable whatever TMPDIR says, and the private temp
// folder of a workspace inside ${TMPDIR}: outside ${TMPDIR}, under
// $XDG_RUNTIME_DIR or ~/.local/state, protected from every other grant.
#include <doctest/doctest.h>

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/host/folders.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::has_error;
using llp_test::Tree;

namespace {

CompileResult run_in_tmpdir_workspace(const Tree &t, const std::vector<std::pair<std::string, std::string>> &env) {
  t.dir("/tmp/clone");
  CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
  o.sets = {{"workspace", t.path("/tmp/clone")}};
  for (const auto &[k, v] : env) o.env[k] = v;
  o.prepare_run = true;
  return compile(o);
}

}  // namespace

TEST_SUITE("compiler places") {
  TEST_CASE("check_ownership: the user's or root's folders, closed to others, pass") {
    Tree t;
    t.file("/home/p.toml", "version = 1\n");
    chmod(t.path("/home/p.toml").c_str(), 0644);
    CHECK(check_ownership({t.path("/home/p.toml")}).verdict == PathOwnership::Safe);
  }
  TEST_CASE("check_ownership: a group- or world-writable folder on the way is named") {
    Tree t;
    t.dir("/shared");
    t.file("/shared/p.toml", "version = 1\n");
    chmod(t.path("/shared/p.toml").c_str(), 0644);
    chmod(t.path("/shared").c_str(), 0775);
    OwnershipCheck g = check_ownership({t.path("/shared/p.toml")});
    CHECK(g.verdict == PathOwnership::GroupWritable);
    CHECK(g.where == t.path("/shared"));
    CHECK_FALSE(g.is_file);
    chmod(t.path("/shared").c_str(), 0777);
    CHECK(check_ownership({t.path("/shared/p.toml")}).verdict == PathOwnership::OthersWritable);
    // Sticky: only an entry's owner may replace it.
    chmod(t.path("/shared").c_str(), 01777);
    CHECK(check_ownership({t.path("/shared/p.toml")}).verdict == PathOwnership::Safe);
    // The file itself, writable by others.
    chmod(t.path("/shared").c_str(), 0755);
    chmod(t.path("/shared/p.toml").c_str(), 0666);
    OwnershipCheck f = check_ownership({t.path("/shared/p.toml")});
    CHECK(f.verdict == PathOwnership::OthersWritable);
    CHECK(f.is_file);
  }
  TEST_CASE("check_ownership: every path of the chain counts, a link's folder too") {
    Tree t;
    t.dir("/shared");
    t.file("/home/p.toml", "version = 1\n");
    chmod(t.path("/home/p.toml").c_str(), 0644);
    REQUIRE(symlink(t.path("/home/p.toml").c_str(), t.path("/shared/p.toml").c_str()) == 0);
    chmod(t.path("/shared").c_str(), 0777);
    OwnershipCheck c = check_ownership({t.path("/shared/p.toml"), t.path("/home/p.toml")});
    CHECK(c.verdict == PathOwnership::OthersWritable);
    CHECK(c.where == t.path("/shared"));
  }
  TEST_CASE("check_ownership: another user's folder (as root only)") {
    if (geteuid() != 0) return;
    Tree t;
    t.dir("/theirs");
    t.file("/theirs/p.toml", "version = 1\n");
    REQUIRE(chown(t.path("/theirs").c_str(), 12345, 12345) == 0);
    OwnershipCheck c = check_ownership({t.path("/theirs/p.toml")});
    CHECK(c.verdict == PathOwnership::OtherOwner);
    CHECK(c.owner == 12345);
  }
  TEST_CASE("a policy file or the launcher in a group-writable folder is refused, naming the folder and the fix") {
    Tree t;
    t.dir("/shared");
    t.file("/shared/p.toml", "version = 1\n");
    chmod(t.path("/shared").c_str(), 0775);
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    o.policy_name = t.path("/shared/p.toml");
    CompileResult r = compile(o);
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "the folder " + t.path("/shared") + " is writable by its group"));
    t.file("/shared/landlock-run", "#!/bin/sh\n");
    chmod(t.path("/shared/landlock-run").c_str(), 0755);
    CompileOptions l = t.options("version = 1\nmode = \"workspace-write\"\n");
    l.launcher = t.path("/shared/landlock-run");
    CompileResult lr = compile(l);
    CHECK_FALSE(lr.ok);
    CHECK(has_error(lr, "the launcher " + t.path("/shared/landlock-run") + " is not yours alone"));
  }
  TEST_CASE("an extends file through a world-writable folder is refused, not read") {
    Tree t;
    t.dir("/shared");
    t.file("/shared/base.toml", "version = 1\nrw = [\"/\"]\n");
    chmod(t.path("/shared").c_str(), 0777);
    CompileResult r =
        t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"" + t.path("/shared/base.toml") + "\"]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "the `extends` file " + t.path("/shared/base.toml") + " is not yours alone"));
  }
  TEST_CASE("/tmp counts as run-writable with TMPDIR elsewhere") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    o.policy_name = "/tmp/llp-unit-not-there/p.toml";
    CompileResult r = compile(o);
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "lies inside /tmp"));
  }
  TEST_CASE("make_beneath makes 0700 folders, never through a symlink or a FIFO") {
    Tree t;
    Beneath private_below;
    private_below.private_from = 1;
    FolderWalk made = make_beneath(t.path("/home"), path_parts("a/b/c"), 0700, private_below);
    CHECK(made.state == FolderState::Ready);
    CHECK(made.made == std::vector<std::string>{t.path("/home/a"), t.path("/home/a/b"), t.path("/home/a/b/c")});
    struct stat st {};
    REQUIRE(lstat(t.path("/home/a/b/c").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);
    REQUIRE(symlink(t.path("/data").c_str(), t.path("/home/link").c_str()) == 0);
    FolderWalk through = make_beneath(t.path("/home"), path_parts("link/x"), 0700);
    CHECK(through.state == FolderState::Symlink);
    CHECK(through.where == t.path("/home/link"));
    CHECK_FALSE(lstat(t.path("/data/x").c_str(), &st) == 0);
    REQUIRE(mkfifo(t.path("/home/fifo").c_str(), 0600) == 0);
    CHECK(make_beneath(t.path("/home"), path_parts("fifo/x"), 0700).state == FolderState::NotFolder);
    chmod(t.path("/home/a/b").c_str(), 0755);
    Beneath look;
    look.create = false;
    look.private_from = 1;
    CHECK(make_beneath(t.path("/home"), path_parts("a/b/c"), 0700, look).state == FolderState::NotPrivate);
    look.private_from = SIZE_MAX;
    FolderWalk missing = make_beneath(t.path("/home"), path_parts("a/missing/deeper"), 0700, look);
    CHECK(missing.state == FolderState::Missing);
    CHECK(missing.where == t.path("/home/a/missing"));
    CHECK_FALSE(lstat(t.path("/home/a/missing").c_str(), &st) == 0);
  }
  TEST_CASE("make_beneath on an open folder: relative names, the last folder handed back open") {
    Tree t;
    const int home = open(t.path("/home").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    REQUIRE(home >= 0);
    Beneath keep;
    keep.keep_open = true;
    FolderWalk made = make_beneath(home, path_parts("x/y"), 0755, keep);
    CHECK(made.state == FolderState::Ready);
    CHECK(made.where == "x/y");
    CHECK(made.made == std::vector<std::string>{"x", "x/y"});
    REQUIRE(made.fd >= 0);
    CHECK(mkdirat(made.fd, "z", 0700) == 0);
    close(made.fd);
    close(home);
    struct stat st {};
    CHECK(lstat(t.path("/home/x/y/z").c_str(), &st) == 0);
  }
  TEST_CASE("the private temp folder: under $XDG_RUNTIME_DIR when it is yours alone, else ~/.local/state") {
    Tree t;
    t.dir("/run");
    chmod(t.path("/run").c_str(), 0700);
    CompileResult r = run_in_tmpdir_workspace(t, {{"XDG_RUNTIME_DIR", t.path("/run")}});
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.private_tmp.rfind(t.path("/run/landlock-policy/ws-"), 0) == 0);
    Tree u;
    u.dir("/run");
    chmod(u.path("/run").c_str(), 0755);  // not yours alone: not used
    CompileResult s = run_in_tmpdir_workspace(u, {{"XDG_RUNTIME_DIR", u.path("/run")}});
    REQUIRE_MESSAGE(s.ok, s.rendered());
    CHECK(s.plan.private_tmp.rfind(u.path("/home/.local/state/landlock-policy/tmp/ws-"), 0) == 0);
    CHECK(s.plan.private_tmp.rfind(u.path("/tmp"), 0) != 0);
  }
  TEST_CASE("the private temp folder: a FIFO in its place is an error naming it; the folder is reused") {
    Tree t;
    CompileResult first = run_in_tmpdir_workspace(t, {});
    REQUIRE_MESSAGE(first.ok, first.rendered());
    CompileResult again = run_in_tmpdir_workspace(t, {});
    REQUIRE_MESSAGE(again.ok, again.rendered());
    CHECK(again.plan.private_tmp == first.plan.private_tmp);
    REQUIRE(rmdir(first.plan.private_tmp.c_str()) == 0);
    REQUIRE(mkfifo(first.plan.private_tmp.c_str(), 0600) == 0);
    CompileResult fifo = run_in_tmpdir_workspace(t, {});
    CHECK_FALSE(fifo.ok);
    CHECK(has_error(fifo, first.plan.private_tmp + " is not a folder"));
  }
  TEST_CASE("no grant covers the private temp folders' root, nor ~/.config/landlock-policy") {
    Tree t;
    for (const char *d : {"/home/.local", "/home/.local/state", "/home/.local/state/landlock-policy",
                          "/home/.local/state/landlock-policy/tmp", "/home/.config", "/home/.config/landlock-policy"})
      t.dir(d);
    for (const char *root : {"~/.local/state", "~/.local/state/landlock-policy/tmp", "~/.config/landlock-policy"}) {
      CAPTURE(root);
      CompileResult r = t.compile(std::string("version = 1\nmode = \"workspace-write\"\nrw = [\"") + root + "\"]\n");
      CHECK_FALSE(r.ok);
      CHECK(has_error(r, "landlock-policy's own folder"));
    }
  }
}
