// Unit tests: the built-in presets (`extends = ["preset:NAME"]`) and the
// trust model around them: a preset is the user's own text compiled into the
// binary, never a file, and a project policy cannot reach one.
#include <doctest/doctest.h>

#include <filesystem>

#include "../../compiler/out/explain.h"
#include "../../compiler/host/paths.h"
#include "../../compiler/policy/presets.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

TEST_SUITE("compiler presets") {
  TEST_CASE("every preset compiles, grants only optional paths under HOME, sets no mode, extends nothing") {
    REQUIRE_FALSE(preset_names().empty());
    for (std::string_view name : preset_names()) {
      CAPTURE(name);
      Tree t;
      std::string text(*preset_text(name));
      CHECK(text.find("mode") == std::string::npos);
      CHECK(text.find("extends") == std::string::npos);
      CompileResult r =
          t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:" + std::string(name) + "\"]\n");
      CHECK_MESSAGE(r.ok, r.rendered());
      CompileResult plain = t.compile("version = 1\nmode = \"workspace-write\"\n");
      for (const Grant &g : r.plan.outer.grants) {
        bool in_plain = std::any_of(plain.plan.outer.grants.begin(), plain.plan.outer.grants.end(),
                                    [&](const Grant &p) { return p.path == g.path && p.access == g.access; });
        if (in_plain) continue;
        CAPTURE(g.path);
        CHECK(g.optional);
        CHECK(g.path.rfind(t.path("/home/"), 0) == 0);
      }
    }
  }
  TEST_CASE("a preset is never read from the disk, whatever is there") {
    Tree t;
    // A file with the preset's name beside the policy and in the cwd.
    t.file("/preset:ccache", "version = 1\nrw = [\"/\"]\n");
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:ccache\"]\n");
    std::vector<std::string> reads;
    o.read_file = [&reads](const std::string &path, std::string &, std::string &error) {
      reads.push_back(path);
      error = "no read expected";
      return false;
    };
    CompileResult r = compile(o);
    CHECK_MESSAGE(r.ok, r.rendered());
    CHECK(reads.empty());
    for (const Grant &g : r.plan.outer.grants) CHECK(g.path != "/");
  }
  TEST_CASE("an unknown preset is an error with a suggestion") {
    Tree t;
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:ccach\"]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "unknown preset `ccach`"));
    CHECK(r.rendered().find("did you mean `ccache`?") != std::string::npos);
  }
  TEST_CASE("a project policy cannot extend a preset") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nextends = [\"preset:ccache\"]\n");
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    CHECK_MESSAGE(r.ok, r.rendered());
    CHECK(has_warning(r, "cannot extend other files"));
    for (const Grant &g : r.plan.outer.grants) CHECK(g.path.find("ccache") == std::string::npos);
  }
  TEST_CASE("explain names the preset a grant came from; the same preset twice is no error") {
    Tree t;
    CompileResult r =
        t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:ccache\", \"preset:ccache\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(explain(r).find("at preset:ccache:") != std::string::npos);
  }
}

namespace {

// Every folder and file the presets name, the secrets beside them and the
// folders of binaries a preset must never make writable, all present: an
// optional grant is emitted only for what exists.
void make_toolchain_home(const Tree &t) {
  for (const char *d : {".cargo/registry",
                        ".cargo/git",
                        ".cargo/bin",
                        ".rustup",
                        ".cache/ccache",
                        ".ccache",
                        ".npm",
                        ".cache/pip",
                        ".cache/go-build",
                        ".cache/pypoetry",
                        ".cache/uv",
                        ".cache/yarn",
                        ".cache/pnpm",
                        "go/pkg/mod",
                        "go/pkg/sumdb",
                        "go/bin",
                        ".gradle/caches",
                        ".gradle/native",
                        ".gradle/workers",
                        ".gradle/daemon",
                        ".gradle/wrapper",
                        ".gradle/jdks",
                        ".gradle/.tmp",
                        ".gradle/notifications",
                        ".gradle/init.d",
                        ".m2/repository",
                        ".local/share/pnpm/store",
                        ".local/share/uv/python",
                        ".local/share/uv/credentials",
                        ".local/bin",
                        ".yarn/berry",
                        ".yarn/bin",
                        ".config/go",
                        ".config/pypoetry",
                        ".config/uv"})
    std::filesystem::create_directories(t.path("/home/") + d);
  for (const char *f : {".cargo/config.toml", ".cargo/config", ".cargo/credentials.toml", ".cargo/credentials",
                        ".yarnrc", ".config/go/env", ".config/pypoetry/config.toml", ".config/pypoetry/auth.toml",
                        ".config/uv/uv.toml", ".local/share/uv/credentials/credentials.toml", ".m2/settings.xml",
                        ".m2/settings-security.xml", ".gradle/gradle.properties", ".npmrc"})
    t.file(std::string("/home/") + f, "x");
}

bool meets(const std::string &a, const std::string &b) { return a == b || is_within(a, b) || is_within(b, a); }

}  // namespace

TEST_SUITE("compiler presets: what a preset may grant") {
  TEST_CASE("no preset grants a secret, a folder holding one, or a folder of binaries writable") {
    Tree t;
    make_toolchain_home(t);
    // Secrets and credential files (hidden or not), and where binaries
    // that run outside the sandbox live (on the PATH, toolchains).
    const char *never[] = {".ssh",
                           ".aws",
                           ".npmrc",
                           ".cargo/credentials.toml",
                           ".cargo/credentials",
                           ".m2/settings-security.xml",
                           ".m2/settings.xml",
                           ".gradle/gradle.properties",
                           ".config/pypoetry/auth.toml",
                           ".local/share/uv/credentials"};
    const char *never_writable[] = {".cargo/bin",
                                    ".rustup",
                                    "go/bin",
                                    ".local/bin",
                                    ".local/share/pnpm/global",
                                    ".yarn/bin",
                                    ".local/share/uv/python",
                                    ".gradle/init.d",
                                    ".bashrc"};
    for (std::string_view name : preset_names()) {
      CAPTURE(name);
      // custom: nothing hidden, nothing but the preset's own grants.
      CompileResult r = t.compile("version = 1\nmode = \"custom\"\nextends = [\"preset:" + std::string(name) + "\"]\n");
      REQUIRE_MESSAGE(r.ok, r.rendered());
      // An isolated form grants nothing under HOME: its caches are outputs in the workspace.
      if (!name.ends_with("-isolated")) CHECK_FALSE(r.plan.outer.grants.empty());
      for (const Grant &g : r.plan.outer.grants) {
        CAPTURE(g.path);
        CHECK(g.optional);
        for (const char *n : never) CHECK_FALSE(meets(g.path, t.path("/home/") + n));
        if (g.access == Access::Rw)
          for (const char *n : never_writable) CHECK_FALSE(meets(g.path, t.path("/home/") + n));
      }
      // The PNPM_HOME folder itself (global binaries) is not writable either.
      for (const Grant &g : r.plan.outer.grants)
        if (g.access == Access::Rw) CHECK(g.path != t.path("/home/.local/share/pnpm"));
    }
  }
  TEST_CASE("the toolchains' credential stores are hidden by workspace-write, with every preset") {
    Tree t;
    make_toolchain_home(t);
    std::string all = "version = 1\nmode = \"workspace-write\"\nextends = [";
    for (std::string_view name : preset_names()) all += "\"preset:" + std::string(name) + "\", ";
    all += "]\n";
    CompileResult r = t.compile(all);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const char *s : {".m2/settings-security.xml", ".config/pypoetry/auth.toml", ".local/share/uv/credentials",
                          ".cargo/credentials.toml"})
      for (const Grant &g : r.plan.outer.grants) {
        CAPTURE(g.path);
        CHECK_FALSE(meets(g.path, t.path("/home/") + s));
      }
  }
}
