// Unit tests (issue 31): a widening is a value (policy/widening.h), said in
// one place (out/state_text.cpp) and reported once per value
// (out/widenings.cpp): the same widening from two producers or two layers
// is one warning; two different ones at one location are two.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../compiler/base/text.h"
#include "../../compiler/out/state_text.h"
#include "../../compiler/out/widenings.h"
#include "../../compiler/plan/protect.h"
#include "../../compiler/plan/trust.h"
#include "../../compiler/policy/parse.h"
#include "../../compiler/policy/schema.h"

using namespace llp;

namespace {

constexpr Loc kAt{0, 3, 7};

// A project policy's rw on ~/.ssh, written at kAt.
Grant project_ssh() {
  Grant g;
  g.path = "/h/.ssh";
  g.written = "~/.ssh";
  g.access = Access::Rw;
  g.provenance = Provenance::Project;
  g.loc = kAt;
  return g;
}

Protection ssh_protected() {
  Protection p;
  p.paths.push_back({"/h/.ssh", "~/.ssh", ProtectedBy::BuiltinSecret, ProtectedAs::Itself, {}, {}, true, {}});
  return p;
}

Widening port(const char *list, long number) {
  Widening w = Widening::of(WideningKind::Port, kAt, "");
  w.key = list;
  w.port = number;
  return w;
}

// A compile's context with nothing loaded yet: what the stages and the report read.
struct World {
  CompileOptions opt;
  Sources sources;
  Diagnostics diags;
  const Context ctx{opt, sources, diags, Variables{}, false, false};
};

// The messages report_widenings gave, in order.
std::vector<std::string> reported(const std::vector<Widening> &widenings) {
  World world;
  report_widenings(world.ctx, widenings);
  std::vector<std::string> out;
  for (const Diagnostic &d : world.diags.all()) {
    CHECK(d.severity == Severity::Warning);
    out.push_back(d.message);
  }
  return out;
}

}  // namespace

TEST_SUITE("compiler widenings: values, reported once each (issue 31)") {
  TEST_CASE("the same widening from two layers, or from two producers, is reported once") {
    World world;
    // The same project grant in the outer and the inner layer: protect drops it twice.
    const Grant g = project_ssh();
    ProtectResult checked = protect_layers(world.ctx, ssh_protected(), {{LayerId::Outer, {g}}, {LayerId::Inner, {g}}});
    REQUIRE(checked.widenings.size() == 2);
    CHECK(checked.widenings[0] == checked.widenings[1]);
    // The same project policy file stripped twice (reached twice while loading).
    const int file = world.sources.add({"project.toml", "version = 1\nmode = \"custom\"\n", Provenance::Project, {}});
    FileLayers parsed;
    REQUIRE(parse_policy(world.sources, file, world.diags, parsed));
    Layer first = parsed.base;
    Layer second = parsed.base;
    std::vector<Widening> all = strip_widening(first);
    const std::vector<Widening> again = strip_widening(second);
    all.insert(all.end(), again.begin(), again.end());
    all.insert(all.end(), checked.widenings.begin(), checked.widenings.end());
    // And one port that two stages would both have said.
    all.push_back(port("connect", 80));
    all.push_back(port("connect", 80));
    const std::vector<std::string> said = reported(all);
    REQUIRE(said.size() == 3);
    CHECK(std::count(said.begin(), said.end(), "a project policy cannot set `mode`: the mode is the user's choice") ==
          1);
    CHECK(std::count(said.begin(), said.end(), "project policy connect port 80 widens your [network]: dropped") == 1);
    CHECK(std::count_if(said.begin(), said.end(), [](const std::string &m) {
            return m.starts_with("project policy writable grant `~/.ssh` (/h/.ssh)") && m.ends_with(": dropped");
          }) == 1);
  }

  TEST_CASE("two different widenings at one location are both reported") {
    World world;
    // One project grant, two stages' reasons: trust (not covered by yours) and protect.
    const Grant g = project_ssh();
    std::vector<Widening> all = apply_trust({g}, false).widenings;
    const ProtectResult checked = protect_layers(world.ctx, ssh_protected(), {{LayerId::Inner, {g}}});
    all.insert(all.end(), checked.widenings.begin(), checked.widenings.end());
    REQUIRE(all.size() == 2);
    CHECK(all[0].loc.line == all[1].loc.line);
    CHECK(all[0].loc.col == all[1].loc.col);
    // Ports at one location that differ only in the list, or only in the number.
    all.push_back(port("bind", 80));
    all.push_back(port("connect", 80));
    all.push_back(port("connect", 81));
    const std::vector<std::string> said = reported(all);
    REQUIRE(said.size() == 5);
    CHECK(said[0] == "project policy grant rw `~/.ssh` widens what your policy grants: dropped");
    CHECK(said[1].starts_with("project policy writable grant `~/.ssh` (/h/.ssh)"));
    CHECK(std::count(said.begin(), said.end(), "project policy bind port 80 widens your [network]: dropped") == 1);
    CHECK(std::count(said.begin(), said.end(), "project policy connect port 80 widens your [network]: dropped") == 1);
    CHECK(std::count(said.begin(), said.end(), "project policy connect port 81 widens your [network]: dropped") == 1);
  }

  TEST_CASE("each kind is said as before the values (tests and docs quote these)") {
    Widening w;
    w.loc = kAt;
    w.text = "build";
    w.rw = true;
    w.only_ro = true;
    CHECK(widening_text(w) ==
          "project policy grant rw `build` widens what your policy grants (it only grants ro there): dropped");
    w.rw = false;
    w.only_ro = false;
    CHECK(widening_text(w) == "project policy grant ro `build` widens what your policy grants: dropped");
    w.kind = WideningKind::UnixSocket;
    w.text = "/run/a\x1b.sock";
    CHECK(widening_text(w) ==
          "project policy [network] unix `" + printable(w.text) + "` widens your [network] unix: dropped");
    w.kind = WideningKind::ExecutableOutput;
    w.text = "hello";
    CHECK(widening_text(w) ==
          "project policy executable_outputs `hello` names an output of your policy: dropped, it is created as your "
          "policy says");
    w.kind = WideningKind::OutputInReadOnly;
    w.path = "${WORKSPACE}/docs";
    CHECK(widening_text(w) ==
          "project policy output `hello` is, holds or lies inside ro grant `${WORKSPACE}/docs`: dropped, nothing "
          "created");
    w.kind = WideningKind::OutputNotWritable;
    CHECK(widening_text(w) ==
          "project policy output `hello` lies outside what your policy makes writable: dropped, nothing created");
    w.kind = WideningKind::OutputCarved;
    w.why = "/w/hello is read-only exception /w/hello (ro list)";
    CHECK(widening_text(w) ==
          "project policy output `hello`: /w/hello is read-only exception /w/hello (ro list): dropped, nothing "
          "created");
    w.kind = WideningKind::Setting;
    w.table = "protect";
    w.key = "unprotect";
    w.text = "~/.x";
    CHECK(widening_text(w) == "a project policy cannot unprotect `~/.x`");
  }
}
