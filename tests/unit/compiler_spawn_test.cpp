// Unit tests: host/spawn, the one fork/exec with a report pipe that learn's
// two ways and the launcher's version check start their children with.
#include <doctest/doctest.h>

#include <cerrno>
#include <sys/wait.h>
#include <unistd.h>

#include "../../compiler/host/spawn.h"

using namespace llp;

namespace {

int exit_status_of(pid_t pid) {
  int st = 0;
  if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) return -1;
  return WEXITSTATUS(st);
}

}  // namespace

TEST_SUITE("compiler spawn") {
  TEST_CASE("ExecArgs: argv's strings, then nullptr") {
    const std::vector<std::string> argv = {"/bin/echo", "a b", ""};
    ExecArgs args(argv);
    CHECK(std::string(args.program()) == "/bin/echo");
    CHECK(std::string(args.get()[1]) == "a b");
    CHECK(std::string(args.get()[2]).empty());
    CHECK(args.get()[3] == nullptr);
  }

  TEST_CASE("a program that runs: no report (end of file), its own exit status") {
    const std::vector<std::string> argv = {"/bin/sh", "-c", "exit 7"};
    ExecArgs args(argv);
    Spawned child = spawn(args, false, nullptr);
    REQUIRE(child.pid() > 0);
    ChildReport why;
    CHECK_FALSE(child.report(why));
    CHECK(exit_status_of(child.pid()) == 7);
  }

  TEST_CASE("a program not found: the exec step and its errno on the pipe, exit 127") {
    const std::vector<std::string> argv = {"/nonexistent/llp-spawn-test"};
    ExecArgs args(argv);
    Spawned child = spawn(args, false, nullptr);
    REQUIRE(child.pid() > 0);
    ChildReport why;
    REQUIRE(child.report(why));
    CHECK(why.step == kExecStep);
    CHECK(why.error == ENOENT);
    CHECK(exit_status_of(child.pid()) == 127);
  }

  TEST_CASE("search: looked up in PATH only when asked") {
    const std::vector<std::string> argv = {"true"};
    ExecArgs args(argv);
    Spawned searched = spawn(args, true, nullptr);
    REQUIRE(searched.pid() > 0);
    CHECK(exit_status_of(searched.pid()) == 0);
    Spawned not_searched = spawn(args, false, nullptr);
    REQUIRE(not_searched.pid() > 0);
    CHECK(exit_status_of(not_searched.pid()) == 127);
  }

  TEST_CASE("a setup step that fails: its step and errno, no exec, exit 126") {
    const std::vector<std::string> argv = {"/bin/sh", "-c", "exit 0"};
    ExecArgs args(argv);
    Spawned child = spawn(args, false, [] { return ChildReport{5, EPERM}; });
    REQUIRE(child.pid() > 0);
    ChildReport why;
    REQUIRE(child.report(why));
    CHECK(why.step == 5);
    CHECK(why.error == EPERM);
    CHECK(exit_status_of(child.pid()) == 126);
  }
}
