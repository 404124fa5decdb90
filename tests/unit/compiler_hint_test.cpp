// Unit tests (issue 29): the failing-run hint, given only when the mode
// carves the workspace root, and the record format that carries it.
#include <doctest/doctest.h>

#include <string>

#include "../../compiler/out/hint.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::Tree;

TEST_CASE(
    "failure hint: workspace-write carves a repository's root, so a failing run is told about outputs and learn") {
  Tree t;
  t.dir("/ws/.git");
  CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\n");
  REQUIRE(r.ok);
  const std::string hint = failure_hint(r.plan);
  CHECK(hint.find("outputs") != std::string::npos);
  CHECK(hint.find("build/") != std::string::npos);
  CHECK(hint.find("landlock-policy learn") != std::string::npos);
  CHECK(hint.find('\n') == std::string::npos);  // one line
}

TEST_CASE("failure hint: none where the workspace root is writable or not granted") {
  Tree t;
  // custom: the workspace writable with no exception beneath it.
  CompileResult custom = t.compile("version = 1\nmode = \"custom\"\nro = [\"/\"]\nrw = [\"${WORKSPACE}\"]\n");
  REQUIRE(custom.ok);
  CHECK(failure_hint(custom.plan).empty());
  // workspace-write with nothing to carve (no .git, no other exception): the root stays writable.
  CompileResult plain = t.compile("version = 1\nmode = \"workspace-write\"\n");
  REQUIRE(plain.ok);
  CHECK(failure_hint(plain.plan).empty());
  CompileResult read_only = t.compile("version = 1\nmode = \"read-only\"\n");
  REQUIRE(read_only.ok);
  CHECK(failure_hint(read_only.plan).empty());
  CompileResult unconfined = t.compile("version = 1\nmode = \"danger-full-access\"\n");
  REQUIRE(unconfined.ok);
  CHECK(failure_hint(unconfined.plan).empty());
}

TEST_CASE("failure hint: a ro grant inside the writable workspace carves its root in any mode") {
  Tree t;
  CompileResult r = t.compile(
      "version = 1\nmode = \"custom\"\nro = [\"/\", \"${WORKSPACE}/src\"]\n"
      "rw = [\"${WORKSPACE}\"]\n");
  REQUIRE(r.ok);
  // The root is on the way down to src: read-only, so the hint is given.
  CHECK_FALSE(failure_hint(r.plan).empty());
}

TEST_CASE("record format: the argv array and the hint in one JSON object") {
  std::string out;
  REQUIRE(format_record({"/bin/landlock-run", "--", "make"}, "a \"b\"", out));
  CHECK(out == "{\"argv\": [\"/bin/landlock-run\", \"--\", \"make\"], \"failure_hint\": \"a \\\"b\\\"\"}\n");
  REQUIRE(format_record({"true"}, "", out));
  CHECK(out == "{\"argv\": [\"true\"], \"failure_hint\": \"\"}\n");
  CHECK_FALSE(format_record({"\xff"}, "", out));
}
