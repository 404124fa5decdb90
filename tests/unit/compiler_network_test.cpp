// [network] unix (pathname UNIX sockets, Landlock ABI 9), the UDP keys (ABI
// 10) and --drop-caps: what the compiler emits, what the launcher's own
// parser reads back, and that a project policy may only narrow.
#include "../../launcher/cli_parse.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../compiler/compile.h"
#include "../../compiler/out/explain.h"
#include "../support/fixture.h"

namespace {

using launcher::Flag;
using llp_test::has_warning;
using llp_test::Tree;

// The values of every FLAG in argv, in order.
std::vector<std::string> values_of(const std::vector<std::string> &argv, Flag flag) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == launcher::spelling(flag)) out.push_back(argv[i + 1]);
  return out;
}

bool has_flag(const std::vector<std::string> &argv, Flag flag) {
  return std::find(argv.begin(), argv.end(), launcher::spelling(flag)) != argv.end();
}

// A socket file at rel in the tree (a listener is not needed: the compiler only resolves the path).
void socket_file(const Tree &t, const std::string &rel) { t.file(rel, ""); }

}  // namespace

TEST_SUITE("compiler network: unix sockets, UDP, capabilities") {
  TEST_CASE("[network] unix and the UDP keys become launcher flags the launcher parses") {
    Tree t;
    t.dir("/run");
    socket_file(t, "/run/agent.sock");
    llp::CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\nro = [\"${env.LLP_TEST_ROOT}/data\"]\n"
        "[network]\nunix = [\"${env.LLP_TEST_ROOT}/run/agent.sock\"]\nconnect_udp = [53]\nbind_udp = "
        "[\"5353-5354\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(values_of(r.argv, Flag::ConnectUnix) == std::vector<std::string>{t.path("/run/agent.sock")});
    CHECK(values_of(r.argv, Flag::ConnectUdp) == std::vector<std::string>{"53"});
    CHECK(values_of(r.argv, Flag::BindUdp) == std::vector<std::string>{"5353", "5354"});
    CHECK_FALSE(has_flag(r.argv, Flag::RestrictUdp));  // the ports restrict UDP already
    CHECK_FALSE(has_flag(r.argv, Flag::RestrictTcp));  // UDP keys leave TCP alone
    CHECK_FALSE(has_flag(r.argv, Flag::DropCaps));     // custom: the user says what runs
    std::vector<char *> args(r.argv.size());
    std::transform(r.argv.begin(), r.argv.end(), args.begin(),
                   [](const std::string &a) { return const_cast<char *>(a.c_str()); });  // NOLINT: argv's type
    args.push_back(const_cast<char *>("true"));                                          // NOLINT: argv's type
    args.push_back(nullptr);
    launcher::Options o;
    launcher::Error e = launcher::parse_args(static_cast<int>(args.size() - 1), args.data(), o);
    REQUIRE_MESSAGE(!e.what, e.what);
    CHECK(o.restricts_udp());
    CHECK_FALSE(o.restricts_tcp());
  }

  TEST_CASE("restrict_udp = true restricts UDP with no port; false beside ports is an error") {
    Tree t;
    llp::CompileResult r = t.compile("version = 1\nmode = \"custom\"\n[network]\nrestrict_udp = true\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(has_flag(r.argv, Flag::RestrictUdp));
    llp::CompileResult bad =
        t.compile("version = 1\nmode = \"custom\"\n[network]\nrestrict_udp = false\nconnect_udp = [53]\n");
    CHECK_FALSE(bad.ok);
  }

  TEST_CASE("read-only and workspace-write drop capabilities and say what ABI 9 changes; custom does not") {
    Tree t;
    for (const char *mode : {"read-only", "workspace-write"}) {
      CAPTURE(mode);
      llp::CompileResult r = t.compile(std::string("version = 1\nmode = \"") + mode + "\"\n");
      REQUIRE_MESSAGE(r.ok, r.rendered());
      CHECK(has_flag(r.argv, Flag::DropCaps));
      CHECK(llp::explain(r).find("pathname UNIX sockets (an SSH agent, D-Bus, docker.sock)") != std::string::npos);
    }
    llp::CompileResult custom = t.compile("version = 1\nmode = \"custom\"\n");
    REQUIRE(custom.ok);
    CHECK_FALSE(has_flag(custom.argv, Flag::DropCaps));
  }

  TEST_CASE("a socket that does not exist is not emitted, with a warning") {
    Tree t;
    llp::CompileResult r =
        t.compile("version = 1\nmode = \"custom\"\n[network]\nunix = [\"${env.LLP_TEST_ROOT}/run/none.sock\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(values_of(r.argv, Flag::ConnectUnix).empty());
    CHECK(has_warning(r, "does not exist: not emitted"));
  }

  TEST_CASE("a project policy's sockets only narrow the user's") {
    Tree t;
    t.dir("/run");
    t.dir("/run/user");
    socket_file(t, "/run/user/bus");
    socket_file(t, "/run/docker.sock");
    t.file("/ws/.landlock.toml", "version = 1\n[network]\nunix = [\"" + t.path("/run/user/bus") + "\", \"" +
                                     t.path("/run/docker.sock") + "\"]\nconnect_udp = [53, 5353]\n");
    llp::CompileResult r = t.compile(
        "version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n"
        "[network]\nunix = [\"${env.LLP_TEST_ROOT}/run/user\"]\nconnect_udp = [53]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    // The docker socket lies outside the user's folder: dropped, and said.
    CHECK(values_of(r.argv, Flag::ConnectUnix) == std::vector<std::string>{t.path("/run/user/bus")});
    CHECK(has_warning(r, "widens your [network] unix: dropped"));
    // UDP: the project's extra port is dropped too.
    CHECK(values_of(r.argv, Flag::ConnectUdp) == std::vector<std::string>{"53"});
    CHECK(has_warning(r, "connect_udp port 5353 widens your [network]"));

    // A user with no socket at all: every project socket is a widening.
    llp::CompileResult none =
        t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(none.ok, none.rendered());
    CHECK(values_of(none.argv, Flag::ConnectUnix).empty());
  }
}
