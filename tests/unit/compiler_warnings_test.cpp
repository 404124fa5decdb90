// Unit tests (issue 29): the warning about a .git inside a writable grant
// (the mode's ${TMPDIR}) is given only for a repository this user owns.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <unistd.h>

#include "../support/fixture.h"

using namespace llp;
using llp_test::Tree;

namespace {

constexpr unsigned kNobody = 65534;

size_t git_warnings(const CompileResult &r) {
  const auto &all = r.diags.all();
  return static_cast<size_t>(std::count_if(all.begin(), all.end(), [](const Diagnostic &d) {
    return d.severity == Severity::Warning && d.message.find("/.git: a planted") != std::string::npos;
  }));
}

}  // namespace

TEST_CASE("the ${TMPDIR} .git warning: another user's clone is not warned about, your own is") {
  if (geteuid() != 0) {
    MESSAGE("SKIP: giving a clone to another user needs root (chown)");
    return;
  }
  Tree t;
  t.dir("/tmp/theirs");
  t.dir("/tmp/theirs/.git");
  REQUIRE(chown(t.path("/tmp/theirs/.git").c_str(), kNobody, kNobody) == 0);
  REQUIRE(chown(t.path("/tmp/theirs").c_str(), kNobody, kNobody) == 0);
  CompileResult theirs = t.compile("version = 1\nmode = \"workspace-write\"\n");
  REQUIRE(theirs.ok);
  CHECK(git_warnings(theirs) == 0);

  t.dir("/tmp/mine");
  t.dir("/tmp/mine/.git");
  CompileResult mine = t.compile("version = 1\nmode = \"workspace-write\"\n");
  REQUIRE(mine.ok);
  CHECK(git_warnings(mine) == 1);
  const auto &all = mine.diags.all();
  CHECK(std::any_of(all.begin(), all.end(),
                    [](const Diagnostic &d) { return d.message.find("/mine/.git") != std::string::npos; }));
}
