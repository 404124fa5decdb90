// Unit tests (issue 23): `outputs`, created only on a run and never through
// a symlink; the presets' outputs and cache folders; a workspace inside
// ${TMPDIR} getting a temp folder of its own.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/out/explain.h"
#include "../../compiler/out/state_text.h"
#include "../../compiler/plan/normalise.h"
#include "../../compiler/policy/presets.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::exists;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

const Grant *grant_on(const CompileResult &r, const std::string &path) {
  const auto &grants = r.plan.outer.grants;
  auto it = std::find_if(grants.begin(), grants.end(), [&](const Grant &g) { return g.path == path; });
  return it == grants.end() ? nullptr : &*it;
}

}  // namespace

TEST_SUITE("compiler outputs") {
  TEST_CASE("a compile that is not a run creates nothing and says the output is missing") {
    Tree t;
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\noutputs = [\"target/\", \"Cargo.lock\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    REQUIRE(r.plan.outputs.size() == 2);
    CHECK(r.plan.outputs[0].state == OutputState::Missing);
    CHECK_FALSE(exists(t.path("/ws/target")));
    CHECK_FALSE(exists(t.path("/ws/Cargo.lock")));
  }
  TEST_CASE("a run creates a folder and an empty file, and grants each writable by a rule of its own") {
    Tree t;
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\noutputs = [\"out/bin/\", \"Cargo.lock\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    struct stat st {};
    REQUIRE(stat(t.path("/ws/out/bin").c_str(), &st) == 0);
    CHECK(S_ISDIR(st.st_mode));
    REQUIRE(stat(t.path("/ws/Cargo.lock").c_str(), &st) == 0);
    CHECK(S_ISREG(st.st_mode));
    CHECK(st.st_size == 0);
    CHECK(st.st_uid == geteuid());
    REQUIRE(r.plan.outputs.size() == 2);
    CHECK(r.plan.outputs[0].state == OutputState::Created);
    CHECK(r.plan.outputs[0].created == std::vector<std::string>{"out/", "out/bin/"});
  }
  TEST_CASE("in a carved workspace the output's grant is explicit, from outputs") {
    Tree t;
    t.carve_workspace();
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\noutputs = [\"target/\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const Grant *g = grant_on(r, t.path("/ws/target"));
    REQUIRE(g);
    CHECK(g->access == Access::Rw);
    CHECK_FALSE(g->optional);
    CHECK(g->origin == Origin::Output);
  }
  TEST_CASE("a symlink in an output's place is an error at its line, and nothing is created through it") {
    Tree t;
    REQUIRE(symlink(t.path("/data").c_str(), t.path("/ws/link").c_str()) == 0);
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\noutputs = [\"link/made/\"]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "link is a symlink"));
    CHECK_FALSE(exists(t.path("/data/made")));
  }
  TEST_CASE("bad entries are errors: .., absolute, .git, an exception, a read_only entry") {
    Tree t;
    for (const char *entry : {"../x", "/x", "~/x", "${HOME}/x", ".git/hooks", "a/.git", ".envrc", ".vscode/tasks.json",
                              "a//b", "./a", "docs/x"}) {
      CAPTURE(entry);
      CompileResult r = t.run(std::string("version = 1\nmode = \"workspace-write\"\noutputs = [\"") + entry +
                              "\"]\n[protect]\nread_only = [\"docs\"]\n");
      CHECK_FALSE(r.ok);
      CHECK(has_error(r, "outputs `"));
    }
  }
  TEST_CASE("a project policy's output outside your writable grants is a dropped widening; nothing is created") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\noutputs = [\"dist/\"]\n");
    CompileResult r = t.run("version = 1\nmode = \"read-only\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "project policy output `dist/`"));
    CHECK_FALSE(exists(t.path("/ws/dist")));
  }
  TEST_CASE("a preset's outputs apply only in its tool's workspace") {
    Tree t;
    const std::string text = "version = 1\nmode = \"workspace-write\"\nextends = [\"preset:cargo\"]\n";
    CompileResult plain = t.run(text);
    REQUIRE_MESSAGE(plain.ok, plain.rendered());
    CHECK(plain.plan.outputs.empty());
    CHECK_FALSE(exists(t.path("/ws/Cargo.lock")));
    t.file("/ws/Cargo.toml", "[package]\n");
    CompileResult crate = t.run(text);
    REQUIRE_MESSAGE(crate.ok, crate.rendered());
    CHECK(exists(t.path("/ws/Cargo.lock")));
    CHECK(exists(t.path("/ws/target")));
  }
  TEST_CASE("every preset cache folder is one of its preset's rw entries, never ~/.cache or ~ itself") {
    for (const PresetCache &c : preset_caches()) {
      CAPTURE(c.path);
      auto text = preset_text(c.preset);
      REQUIRE(text);
      CHECK(text->find("{ path = \"" + std::string(c.path) + "\"") != std::string_view::npos);
      CHECK(c.path != "~/.cache");
      CHECK(c.path != "~");
      CHECK(c.path.rfind("~/", 0) == 0);
    }
  }
  TEST_CASE("on a fresh HOME a run creates the preset's cache leaves and grants only them") {
    Tree t;
    CompileResult look = t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:go\"]\n");
    REQUIRE_MESSAGE(look.ok, look.rendered());
    CHECK_FALSE(exists(t.path("/home/.cache")));
    CHECK_FALSE(look.plan.cache_folders.empty());
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:go\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(exists(t.path("/home/.cache/go-build")));
    CHECK(exists(t.path("/home/go/pkg/mod")));
    const Grant *leaf = grant_on(r, t.path("/home/.cache/go-build"));
    REQUIRE(leaf);
    CHECK(leaf->access == Access::Rw);
    const Grant *parent = grant_on(r, t.path("/home/.cache"));
    CHECK((parent == nullptr || parent->access == Access::Ro));
  }
  TEST_CASE("a cache folder through a symlink: a state, not a message, drops its grant") {
    Tree t;
    t.dir("/elsewhere");
    REQUIRE(symlink(t.path("/elsewhere").c_str(), t.path("/home/.cache").c_str()) == 0);
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:go\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    auto linked = std::find_if(r.plan.cache_folders.begin(), r.plan.cache_folders.end(),
                               [&](const CacheFolder &f) { return f.path == t.path("/home/.cache/go-build"); });
    REQUIRE(linked != r.plan.cache_folders.end());
    CHECK(linked->state == CacheState::ThroughSymlink);
    CHECK(linked->where == t.path("/home/.cache"));
    CHECK(grant_on(r, t.path("/home/.cache/go-build")) == nullptr);
    CHECK_FALSE(exists(t.path("/elsewhere/go-build")));
    CHECK(state_text(*linked).rfind("not created: " + t.path("/home/.cache") + " is a symlink; run: mkdir -p ", 0) ==
          0);
    CHECK(explain(r).find(state_text(*linked)) != std::string::npos);
  }
  TEST_CASE("the environment's origins are values, rendered in one place") {
    EnvRule r;
    r.from = EnvFrom::Unset;
    CHECK(origin_text(r) == "[env] unset");
    r.provenance = Provenance::Project;
    CHECK(origin_text(r) == "project policy");
    r.from = EnvFrom::ModeDefault;
    r.mode = "read-only";
    r.credential = true;
    CHECK(origin_text(r) == "default of mode read-only (its value holds a credential)");
    CHECK(inherit_text(InheritFrom::Default).empty());
    Hidden h;
    h.by = HiddenBy::ModeSecret;
    h.secret_by = ProtectedBy::BuiltinSecret;
    CHECK(origin_text(h) == "secret hidden by the mode (built-in secret)");
  }
  TEST_CASE("a workspace inside TMPDIR: the command gets a temp folder of its own") {
    Tree t;
    t.dir("/tmp/clone");
    t.dir("/tmp/clone/.git");
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    o.sets = {{"workspace", t.path("/tmp/clone")}};
    o.prepare_run = true;
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    REQUIRE_FALSE(r.plan.private_tmp.empty());
    // Outside ${TMPDIR}: no XDG_RUNTIME_DIR here, so under ~/.local/state.
    CHECK(r.plan.private_tmp.rfind(t.path("/home/.local/state/landlock-policy/tmp/ws-"), 0) == 0);
    struct stat st {};
    REQUIRE(lstat(r.plan.private_tmp.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);
    const Grant *g = grant_on(r, r.plan.private_tmp);
    REQUIRE(g);
    CHECK(g->access == Access::Rw);
    const Grant *root = grant_on(r, t.path("/tmp"));
    CHECK((root == nullptr || root->access == Access::Ro));
    bool set = false;
    for (const EnvRule &e : r.plan.env.set) set = set || (e.text == "TMPDIR" && e.value == r.plan.private_tmp);
    CHECK(set);
  }
  TEST_CASE("preset:NAME-isolated points the caches into the workspace, an output; your own values stay literal") {
    Tree t;
    t.carve_workspace();
    CompileResult r = t.run(
        "version = 1\nmode = \"workspace-write\"\nextends = [\"preset:go-isolated\"]\n"
        "[env]\nset = { MINE = \"${WORKSPACE}\" }\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::map<std::string, std::string> set;
    for (const EnvRule &e : r.plan.env.set) set[e.text] = e.value;
    CHECK(set["GOMODCACHE"] == t.path("/ws/.cache/go/mod"));
    CHECK(set["GOCACHE"] == t.path("/ws/.cache/go/build"));
    CHECK(set["MINE"] == "${WORKSPACE}");
    CHECK(exists(t.path("/ws/.cache/go")));
    // Writable: by its own grant, or by the carve's grant on .cache, created with it.
    CHECK(covering_grant(r.plan.outer.grants, t.path("/ws/.cache/go/mod"), Access::Rw));
    CHECK_FALSE(covering_grant(r.plan.outer.grants, t.path("/ws/new-entry"), Access::Rw));
    CHECK_FALSE(exists(t.path("/home/go")));
  }
  TEST_CASE("every preset whose cache runs code later has an isolated form") {
    for (const char *name : {"cargo", "go", "gradle", "npm", "pip", "pnpm", "poetry", "uv", "yarn"}) {
      CAPTURE(name);
      CHECK(preset_text(std::string(name) + "-isolated"));
    }
  }
}

TEST_SUITE("compiler outputs: checked before anything is created (issue 28)") {
  TEST_CASE(
      "outputs in a nested repository's .envrc and .vscode: nothing created; yours an error, a project's dropped") {
    Tree t;
    t.carve_workspace();
    t.dir("/ws/vendor");
    t.dir("/ws/vendor/sub");
    t.dir("/ws/vendor/sub/.git");
    CompileResult yours = t.run(
        "version = 1\nmode = \"workspace-write\"\n"
        "outputs = [\"vendor/sub/.envrc\", \"vendor/sub/.vscode/tasks.json\", \"build/\"]\n");
    CHECK_FALSE(yours.ok);
    CHECK(has_error(yours, "is `.envrc`, a read-only exception of the carve in " + t.path("/ws/vendor/sub")));
    CHECK(has_error(yours, "lies inside `.vscode`"));
    CHECK_FALSE(exists(t.path("/ws/vendor/sub/.envrc")));
    CHECK_FALSE(exists(t.path("/ws/vendor/sub/.vscode")));
    CHECK_FALSE(exists(t.path("/ws/build")));  // a refused compile creates nothing at all
    t.file("/ws/.landlock.toml",
           "version = 1\noutputs = [\"vendor/sub/.envrc\", \"vendor/sub/.vscode/\", \"build/\"]\n");
    const std::string project = "version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n";
    for (int again = 0; again < 2; ++again) {
      CompileResult r = t.run(project);
      REQUIRE_MESSAGE(r.ok, r.rendered());
      CHECK(has_warning(r, "project policy output `vendor/sub/.envrc`"));
      CHECK_FALSE(exists(t.path("/ws/vendor/sub/.envrc")));
      CHECK_FALSE(exists(t.path("/ws/vendor/sub/.vscode")));
      CHECK(exists(t.path("/ws/build")));
    }
  }
  TEST_CASE("an output inside an existing exception is refused before the carve") {
    Tree t;
    t.carve_workspace();
    t.dir("/ws/lib");
    t.dir("/ws/lib/sub");
    t.file("/ws/lib/sub/.git", "gitdir: ../../.git/modules/sub\n");
    CompileResult r = t.run("version = 1\nmode = \"workspace-write\"\noutputs = [\"lib/sub/.git/hooks/\", \"out/\"]\n");
    CHECK_FALSE(r.ok);
    CHECK_FALSE(exists(t.path("/ws/out")));
  }
}
