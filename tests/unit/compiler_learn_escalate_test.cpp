// landlock-policy learn's escalation (issue 32) without running anything:
// denials fed directly, as the kernel would report them; what, added to
// the run's policy, would allow them, and what is refused with its kind.
#include <doctest/doctest.h>

#include <cerrno>
#include <fcntl.h>

#include "../../compiler/learn/learn_report.h"
#include "../support/fixture.h"
#include "../support/learn_fixture.h"

using namespace llp;
using llp_test::traced;
using llp_test::Tree;

namespace {

using Run = llp_test::LearnRun;

}  // namespace

TEST_SUITE("compiler learn escalation") {
  TEST_CASE("read-only, a new folder at the workspace root: workspace-write with its output") {
    Run run("read-only");
    REQUIRE_MESSAGE(run.r.ok, run.r.rendered());
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Mkdir, run.t.path("/ws/build")));
    l.suggest();
    const Escalation e = l.escalation();
    CHECK(e.mode == "workspace-write");
    CHECK(e.outputs == std::vector<std::string>{"build/"});
    CHECK(e.rw.empty());  // never the workspace whole: .git would be writable
    CHECK(e.covers == std::vector<size_t>{0});
    CHECK(Learner::escalation_toml(e) == "mode = \"workspace-write\"\noutputs = [\"build/\"]\n");
  }

  TEST_CASE("workspace-write, a new folder at the root: the output alone") {
    Run run("workspace-write");
    REQUIRE_MESSAGE(run.r.ok, run.r.rendered());
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Mkdir, run.t.path("/ws/build")));
    l.suggest();
    const Escalation e = l.escalation();
    CHECK(e.mode.empty());
    CHECK(e.outputs == std::vector<std::string>{"build/"});
    CHECK(Learner::escalation_json(e).find("\"policy\": {\"outputs\": [\"build/\"]}") != std::string::npos);
  }

  TEST_CASE("a tool's cache: its leaf grant, never a mode") {
    Run run("read-only");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Openat, run.t.path("/home/.cache/tool/obj"), EACCES, O_WRONLY | O_CREAT));
    l.suggest();
    const Escalation e = l.escalation();
    CHECK(e.mode.empty());
    CHECK(e.rw == std::vector<std::string>{run.t.path("/home/.cache/tool")});
  }

  TEST_CASE("a carve exception and a secret: refused with their kind, never escalated") {
    Run run("workspace-write");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Openat, run.t.path("/ws/.git/hooks/pre-commit"), EACCES, O_WRONLY | O_CREAT));
    l.add(traced(learn_arch::Call::Openat, run.t.path("/home/.ssh/id_ed25519"), EACCES, O_RDONLY));
    l.suggest();
    REQUIRE(l.findings().size() == 2);
    CHECK(l.findings()[0].refusal == RefusalKind::Carve);
    CHECK(l.findings()[1].refusal == RefusalKind::Hidden);
    CHECK(l.escalation().covers.empty());
    CHECK(Learner::escalation_json(l.escalation()) == "null");
    RunSummary summary;
    const std::string json = l.json_report(summary);
    CHECK(json.find("\"reason_kind\": \"carve\"") != std::string::npos);
    CHECK(json.find("\"reason_kind\": \"secret\"") != std::string::npos);  // a hidden secret says so
    CHECK(json.find("\"escalation\": null") != std::string::npos);
  }

  TEST_CASE("read-only, a write in .git: no grant, and workspace-write does not allow it either") {
    Run run("read-only");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Openat, run.t.path("/ws/.git/hooks/pre-commit"), EACCES, O_WRONLY | O_CREAT));
    l.suggest();
    CHECK(l.escalation().covers.empty());
  }

  TEST_CASE("a port: the port alone") {
    Run run("read-only");
    Learner l(run.r, run.o);
    AuditDenial d;
    d.blockers = {"net.connect_tcp"};
    d.port = 443;
    l.add(d);
    l.suggest();
    const Escalation e = l.escalation();
    if (!run.r.plan.outer.net.restricted) return;  // read-only leaves TCP open: nothing to escalate
    CHECK(e.connect == std::vector<long>{443});
  }

  TEST_CASE("danger-full-access: never an escalation") {
    Run run("danger-full-access");
    Learner l(run.r, run.o);
    l.add(traced(learn_arch::Call::Mkdir, run.t.path("/ws/build")));
    l.suggest();
    CHECK(l.escalation().covers.empty());
  }
}
