// exec --ask (issue 32) without a terminal: the screen learn builds from
// the kernel's denials (the escalation, what stays refused, every name
// escaped), and the retry's policy text (the call's, with the escalation's
// lists added), compiled as the retry compiles it.
#include <doctest/doctest.h>

#include <cerrno>
#include <fcntl.h>

#include "../../compiler/learn/learn_report.h"
#include "../../compiler/policy/parse.h"
#include "../support/fixture.h"
#include "../support/learn_fixture.h"

using namespace llp;
using llp_test::traced;
using llp_test::Tree;

namespace {

using Run = llp_test::LearnRun;

bool holds(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_SUITE("compiler exec --ask") {
  TEST_CASE("the screen: the denial, the escalation as TOML lines, no question when nothing is offered") {
    Run run("read-only");
    REQUIRE_MESSAGE(run.r.ok, run.r.rendered());
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Mkdir, run.t.path("/ws/build")));
    l.suggest();
    RunSummary summary;
    summary.status = 1;
    summary.stopped = 2;
    const std::string screen = l.ask_screen(summary, l.escalation());
    CHECK(holds(screen, "the command exited 1 under read-only"));
    CHECK(holds(screen, "  create " + run.t.path("/ws/build") + "  (by /usr/bin/tool)\n"));
    CHECK(holds(screen, "  mode = \"workspace-write\"\n  outputs = [\"build/\"]\n"));
    CHECK(holds(screen, "2 processes of the run left running stopped"));
    CHECK_FALSE(holds(screen, "nothing to ask"));
  }

  TEST_CASE("the screen: a protected path stays refused with its reason, and nothing is asked") {
    Run run("workspace-write");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Openat, run.t.path("/ws/.git/hooks/x"), EACCES, O_WRONLY | O_CREAT));
    l.suggest();
    const Escalation e = l.escalation();
    CHECK(e.covers.empty());
    const std::string screen = l.ask_screen(RunSummary{}, e);
    CHECK(holds(screen, "stays refused"));
    CHECK(holds(screen, run.t.path("/ws/.git/hooks/x")));
    CHECK(holds(screen, "nothing to ask"));
    CHECK_FALSE(holds(screen, "re-run"));
  }

  TEST_CASE("the screen: a name the command chose is escaped, never drawn") {
    Run run("read-only");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Openat, run.t.path("/ws/.git/\x1b[2Jx\xe2\x80\xaey"), EACCES, O_WRONLY | O_CREAT));
    l.suggest();
    const std::string screen = l.ask_screen(RunSummary{}, l.escalation());
    CHECK_FALSE(screen.empty());
    CHECK_FALSE(holds(screen, "\x1b"));
    CHECK_FALSE(holds(screen, "\xe2\x80\xae"));
  }

  TEST_CASE("the screen: nothing denied, nothing to show") {
    Run run("read-only");
    Learner l(run.r, run.o);
    l.suggest();
    CHECK(l.ask_screen(RunSummary{}, l.escalation()).empty());
  }

  TEST_CASE("the retry's policy: the escalation's lists appended to the call's, compiled in its mode") {
    Tree t;
    t.dir("/ws/.git");
    t.dir("/cache");
    std::string why;
    const std::string text = policy_with(
        "version = 1\nmode = \"read-only\"\n# a comment\noutputs = [\"dist/\"]\n[network]\nrestrict = true\n",
        PolicyAdditions{{"build/"}, {t.path("/cache")}, {}, {443}, {}}, why);
    REQUIRE_MESSAGE(!text.empty(), why);
    CHECK(holds(text, "dist/"));  // toml++ writes it again, in its own quotes
    CHECK(holds(text, "build/"));
    CHECK(holds(text, "443"));
    CompileOptions c = t.options(text);
    c.sets.emplace_back("mode", "workspace-write");
    const CompileResult r = compile(c);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.mode == "workspace-write");
  }

  TEST_CASE("the retry's policy: a key that is not a list, or text that is not TOML, is refused") {
    std::string why;
    CHECK(policy_with("version = 1\noutputs = \"x\"\n", PolicyAdditions{{"build/"}, {}, {}, {}, {}}, why).empty());
    CHECK(holds(why, "`outputs` is not a list"));
    CHECK(policy_with("version = 1\nnetwork = 3\n", PolicyAdditions{{}, {}, {}, {443}, {}}, why).empty());
    CHECK(holds(why, "`network` is not a table"));
    CHECK(policy_with("version = [", PolicyAdditions{}, why).empty());
    CHECK(holds(why, "not valid TOML"));
  }
}
