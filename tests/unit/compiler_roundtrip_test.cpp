// Round trip: the compiler's argv, parsed by the launcher's own parser
// (launcher/landlock-run.cpp without its main), gives back exactly the
// grants, ports and switches of the plan; and a randomised property test:
// for random policies the emitted grants neither widen nor lose what was asked.
#include "../../launcher/cli_parse.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "../../compiler/compile.h"
#include "../../compiler/host/paths.h"
#include "../support/fixture.h"

namespace {

using launcher::Flag;
using llp::Access;

struct Parsed {
  launcher::Error error;
  launcher::Options options;
  std::multiset<std::pair<int, std::string>> valued;  // (Flag, value)
  std::vector<std::string> command;
};

Parsed parse_with_launcher(const std::vector<std::string> &argv) {
  std::vector<char *> args(argv.size() + 1, nullptr);
  std::transform(argv.begin(), argv.end(), args.begin(),
                 [](const std::string &a) { return const_cast<char *>(a.c_str()); });  // NOLINT: argv's type
  Parsed p;
  p.error = launcher::parse_args(static_cast<int>(argv.size()), args.data(), p.options);
  if (p.error.what) return p;
  launcher::for_each_valued_flag(args.data(), p.options, [&](Flag f, const char *v, const char *v2) {
    // --setenv NAME VALUE comes back as "NAME=VALUE"
    p.valued.emplace(static_cast<int>(f), v2 ? std::string(v) + "=" + v2 : std::string(v));
  });
  for (size_t i = static_cast<size_t>(p.options.command); i < argv.size(); ++i) p.command.push_back(argv[i]);
  return p;
}

std::multiset<std::pair<int, std::string>> expected_flags(const llp::Plan &plan, const std::string &version) {
  std::multiset<std::pair<int, std::string>> out;
  for (const llp::Grant &g : plan.outer.grants) {
    Flag f = g.optional ? Flag::RoTry : Flag::Ro;
    if (g.access == Access::Rw) f = g.optional ? Flag::RwTry : Flag::Rw;
    out.emplace(static_cast<int>(f), g.path);
  }
  for (long p : plan.outer.net.connect) out.emplace(static_cast<int>(Flag::ConnectTcp), std::to_string(p));
  for (long p : plan.outer.net.bind) out.emplace(static_cast<int>(Flag::BindTcp), std::to_string(p));
  for (const std::string &s : plan.outer.scopes) out.emplace(static_cast<int>(Flag::Scope), s);
  for (const std::string &s : plan.outer.try_scopes) out.emplace(static_cast<int>(Flag::ScopeTry), s);
  if (plan.pinned) out.emplace(static_cast<int>(Flag::ExpectVersion), version);
  if (plan.require_abi) out.emplace(static_cast<int>(Flag::RequireAbi), std::to_string(plan.require_abi));
  for (const llp::EnvRule &k : plan.env.keep) out.emplace(static_cast<int>(Flag::KeepEnv), k.text);
  for (const llp::EnvRule &u : plan.env.unset) out.emplace(static_cast<int>(Flag::UnsetEnv), u.text);
  for (const llp::EnvRule &v : plan.env.set) out.emplace(static_cast<int>(Flag::SetEnv), v.text + "=" + v.value);
  return out;
}

}  // namespace

TEST_SUITE("compiler round trip") {
  TEST_CASE("the launcher's parser reads back exactly the compiled grants") {
    llp_test::Tree t;
    t.file("/data/odd name 'quoted' $x", "x");
    llp::CompileOptions o = t.options(
        "version = 1\nmode = \"workspace-write\"\nscopes = [\"signal\"]\nrequire_abi = 6\n"
        "ro = [{ path = \"/nonexistent-llp\", optional = true }, \"${env.LLP_TEST_ROOT}/data/odd name 'quoted' $$x\"]\n"
        "[network]\nconnect = [443, \"8000-8003\"]\nbind = [0]\n[audit]\nlog_denials = true\n");
    o.command = {"make", "--", "-j8"};
    llp::CompileResult r = llp::compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    Parsed p = parse_with_launcher(r.argv);
    REQUIRE_MESSAGE(!p.error.what, p.error.what, ": ", p.error.why);
    CHECK(p.valued == expected_flags(r.plan, "9.9.9"));
    CHECK(p.command == o.command);
    CHECK(p.options.restricts_tcp());
    CHECK(p.options.has(Flag::LogDenials));
    CHECK(p.options.scopes == launcher::LANDLOCK_SCOPE_SIGNAL);
    CHECK(std::string(p.options.expect_version) == "9.9.9");
    CHECK(p.options.require_abi == 6);
  }

  TEST_CASE("every flag the compiler can emit is one the launcher parses") {
    llp_test::Tree t;
    llp::CompileOptions o = t.options(
        "version = 1\nmode = \"custom\"\nbest_effort = true\nkeep_fds = true\nscopes = [\"abstract-unix\"]\n"
        "rw = [{ path = \"${env.LLP_TEST_ROOT}/data/b\", optional = true }]\n"
        "[network]\nrestrict = true\n[audit]\nlog_launcher = false\n");
    o.command = {"true"};
    llp::CompileResult r = llp::compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    Parsed p = parse_with_launcher(r.argv);
    REQUIRE_MESSAGE(!p.error.what, p.error.what);
    CHECK(p.options.has(Flag::BestEffort));
    CHECK(p.options.has(Flag::KeepFds));
    CHECK(p.options.has(Flag::NoLog));
    CHECK(p.options.restricts_tcp());
    CHECK(p.valued == expected_flags(r.plan, "9.9.9"));
  }

  TEST_CASE("the environment flags come back: --clearenv, every --keepenv, --unsetenv and --setenv") {
    llp_test::Tree t;
    llp::CompileOptions o = t.options(
        "version = 1\nmode = \"workspace-write\"\n"
        "[env]\ninherit = \"core\"\nkeep = [\"CARGO_*\"]\nunset = [\"NPM_*\", \"a b\"]\n"
        "set = { EMPTY = \"\", SPACED = \"x y\", DASHES = \"--ro\" }\n");
    o.command = {"env", "--", "x"};
    llp::CompileResult r = llp::compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    Parsed p = parse_with_launcher(r.argv);
    REQUIRE_MESSAGE(!p.error.what, p.error.what, ": ", p.error.why);
    CHECK(p.options.has(Flag::ClearEnv));
    CHECK(p.options.changes_environment());
    CHECK(p.valued == expected_flags(r.plan, "9.9.9"));
    CHECK(p.valued.count({static_cast<int>(Flag::SetEnv), "DASHES=--ro"}) == 1);
    CHECK(p.valued.count({static_cast<int>(Flag::KeepEnv), "LC_*"}) == 1);
    CHECK(p.valued.count({static_cast<int>(Flag::UnsetEnv), "*TOKEN*"}) == 1);
    CHECK(p.command == o.command);
  }

  TEST_CASE("nested argv: both launchers parse, the second is the first's command") {
    llp_test::Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nro = [\"${WORKSPACE}/src\"]\n");
    llp::CompileOptions o = t.options(
        "version = 1\nmode = \"custom\"\ncompose = \"nest\"\nro = [\"${WORKSPACE}\"]\n"
        "project = \"${WORKSPACE}/.landlock.toml\"\n");
    o.command = {"id"};
    llp::CompileResult r = llp::compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    Parsed outer = parse_with_launcher(r.argv);
    REQUIRE(!outer.error.what);
    CHECK(outer.valued.count({static_cast<int>(Flag::Ro), t.path("/ws")}) == 1);
    Parsed inner = parse_with_launcher(outer.command);
    REQUIRE(!inner.error.what);
    CHECK_FALSE(inner.options.changes_environment());  // the outer launcher builds the environment once
    CHECK(inner.valued.count({static_cast<int>(Flag::Ro), t.path("/ws/src")}) == 1);
    CHECK(inner.command == std::vector<std::string>{"id"});
  }

  TEST_CASE("property: random policies neither widen nor lose a grant, and are order independent") {
    llp_test::Tree t;
    std::mt19937 rng(20261202);
    // A random tree under ROOT/r: folders and files, some nested.
    std::vector<std::string> nodes = {"/r"};
    t.dir("/r");
    for (int i = 0; i < 40; ++i) {
      std::string parent = nodes[rng() % nodes.size()];
      std::string child = parent + "/n" + std::to_string(i);
      if (rng() % 4 == 0 && parent != "/r") {
        t.file(child, "x");
      } else {
        t.dir(child);
        nodes.push_back(child);
      }
    }
    int compiled = 0, carved_rounds = 0;
    for (int round = 0; round < 150; ++round) {
      struct Ask {
        std::string path;
        Access access;
        bool optional;
      };
      std::vector<Ask> asks;
      int n = 1 + static_cast<int>(rng() % 8);
      for (int k = 0; k < n; ++k) {
        std::string path = nodes[rng() % nodes.size()];
        if (rng() % 5 == 0) path += "/missing" + std::to_string(k);
        bool optional = path.find("missing") != std::string::npos || rng() % 6 == 0;
        asks.push_back({path, rng() % 3 == 0 ? Access::Rw : Access::Ro, optional});
      }
      std::vector<long> ports;
      for (int k = static_cast<int>(rng() % 4); k > 0; --k) ports.push_back(static_cast<long>(rng() % 65536));
      auto policy = [&](const std::vector<Ask> &list) {
        std::string ro = "ro = [", rw = "rw = [";
        for (const Ask &a : list) {
          std::string entry =
              "{ path = \"${env.LLP_TEST_ROOT}" + a.path + "\", optional = " + (a.optional ? "true" : "false") + " }, ";
          (a.access == Access::Rw ? rw : ro) += entry;
        }
        std::string net = "[network]\nconnect = [";
        for (long p : ports) net += std::to_string(p) + ", ";
        std::string text = "version = 1\nmode = \"custom\"\n";
        text.append(ro).append("]\n").append(rw).append("]\n").append(net).append("]\n");
        return text;
      };
      llp::CompileOptions o = t.options(policy(asks));
      o.command = {"true"};
      llp::CompileResult r = llp::compile(o);
      // A ro grant under a rw grant is carved out of it (issue 23): it stays
      // read-only. (A ro grant with an rw twin on the same path has become
      // rw: not a case.)
      auto rw_twin = [&](const Ask &a) {
        return std::any_of(asks.begin(), asks.end(),
                           [&](const Ask &b) { return b.access == Access::Rw && b.path == a.path; });
      };
      // An optional rw grant that exists covers like any other; a missing one covers nothing.
      auto carved_under = [&](const Ask &a, const Ask &b) {
        return a.access == Access::Ro && !rw_twin(a) && b.access == Access::Rw && a.path != b.path &&
               llp::is_within(a.path, b.path) && b.path.find("missing") == std::string::npos;
      };
      bool ro_under_rw = false;
      for (const Ask &a : asks)
        for (const Ask &b : asks) ro_under_rw = ro_under_rw || carved_under(a, b);
      REQUIRE_MESSAGE(r.ok, r.rendered());
      ++compiled;
      if (ro_under_rw) ++carved_rounds;
      Parsed p = parse_with_launcher(r.argv);
      REQUIRE_MESSAGE(!p.error.what, p.error.what);
      CHECK(p.valued == expected_flags(r.plan, "9.9.9"));
      std::sort(ports.begin(), ports.end());
      ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
      CHECK(r.plan.outer.net.connect == ports);
      // No widening: each emitted grant is covered by an asked grant of at least its access.
      for (const llp::Grant &g : r.plan.outer.grants) {
        bool asked = std::any_of(asks.begin(), asks.end(), [&](const Ask &a) {
          return llp::is_within(g.path, t.path(a.path)) && (g.access == Access::Ro || a.access == Access::Rw);
        });
        CHECK_MESSAGE(asked, g.path);
      }
      // A read-only request is never widened: no writable grant covers a ro
      // path without an rw twin, unless a more specific rw grant asked inside it.
      for (const Ask &a : asks) {
        if (a.access != Access::Ro || rw_twin(a)) continue;
        for (const llp::Grant &g : r.plan.outer.grants) {
          if (g.access != Access::Rw || !llp::is_within(t.path(a.path), g.path)) continue;
          CHECK_MESSAGE(false, a.path << " is writable through " << g.path);
        }
      }
      // Nothing lost: each asked, existing grant is covered by an emitted one
      // of at least its access; an rw grant with a carve inside keeps what lies
      // beside the carve (its root is read-only: the cost).
      for (const Ask &a : asks) {
        if (a.optional) continue;
        const bool carved = std::any_of(asks.begin(), asks.end(), [&](const Ask &c) { return carved_under(c, a); });
        if (carved) continue;
        bool kept = std::any_of(r.plan.outer.grants.begin(), r.plan.outer.grants.end(), [&](const llp::Grant &g) {
          return llp::is_within(t.path(a.path), g.path) && (a.access == Access::Ro || g.access == Access::Rw);
        });
        CHECK_MESSAGE(kept, a.path);
      }
      // Order independence: the reversed policy compiles to the same argv.
      std::vector<Ask> reversed(asks.rbegin(), asks.rend());
      llp::CompileOptions o2 = t.options(policy(reversed));
      o2.command = {"true"};
      CHECK(llp::compile(o2).argv == r.argv);
    }
    MESSAGE("compiled ", compiled, ", of which carved (ro under rw) ", carved_rounds);
    CHECK(compiled > 50);
    CHECK(carved_rounds > 0);
  }
}
