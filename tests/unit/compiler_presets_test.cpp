// Unit tests: the built-in presets (`extends = ["preset:NAME"]`) and the
// trust model around them: a preset is a trusted text compiled into the
// binary, never a file, and an untrusted policy cannot reach one.
#include <doctest/doctest.h>

#include "../../compiler/explain.h"
#include "../../compiler/presets.h"
#include "../compiler/fixture.h"

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
      CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:" + std::string(name) + "\"]\n");
      CHECK_MESSAGE(r.ok, r.rendered());
      CompileResult plain = t.compile("version = 1\nmode = \"workspace-write\"\n");
      for (const Grant &g : r.plan.outer.grants) {
        bool in_plain = std::any_of(plain.plan.outer.grants.begin(), plain.plan.outer.grants.end(),
                                    [&](const Grant &p) { return p.path == g.path && p.access == g.access; });
        if (in_plain) continue;
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
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nextends = [\"preset:ccache\", \"preset:ccache\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(explain(r).find("at preset:ccache:") != std::string::npos);
  }
}
