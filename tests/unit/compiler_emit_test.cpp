// Unit tests: the output formats, explain and why. Shell quoting is checked against a real
// /bin/sh for every byte value, since "safe to eval" is a claim about sh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "../../compiler/base/quote.h"
#include "../../compiler/out/emit.h"
#include "../../compiler/out/explain.h"
#include "../support/fixture.h"

using namespace llp;

namespace {

// What `sh -c "printf %s QUOTED"` prints.
std::string through_sh(const std::string &arg) {
  std::string script = "printf %s " + shell_quote(arg);
  std::string cmd = "sh -c " + shell_quote(script);
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) return "<popen failed>";
  std::string out;
  char buf[256];
  size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

}  // namespace

TEST_SUITE("compiler emit") {
  TEST_CASE("shell quoting leaves plain words alone and quotes the rest") {
    CHECK(shell_quote("/usr/bin") == "/usr/bin");
    CHECK(shell_quote("--ro") == "--ro");
    CHECK(shell_quote("") == "''");
    CHECK(shell_quote("a b") == "'a b'");
    CHECK(shell_quote("it's") == "'it'\\''s'");
    CHECK(shell_quote("$(rm -rf /)") == "'$(rm -rf /)'");
  }
  TEST_CASE("TOML and JSON strings: bidi and invisible characters as \\uXXXX, read back as they were") {
    // U+202E (RLO), U+2066 (LRI), U+200E (LRM), U+061C (ALM), U+200B (ZWSP),
    // U+2060 (WJ), U+FEFF (BOM), U+0085 (C1 NEL), ESC and DEL.
    const std::string name = "/d/a\u202eb\u2066c\u200ed\u061ce\u200bf\u2060g\ufeffh\u0085i\x1bj\x7fk\u00e9\u20ac";
    std::string quoted;
    REQUIRE(toml_string(name, quoted));
    CHECK(quoted ==
          "\"/d/a\\u202eb\\u2066c\\u200ed\\u061ce\\u200bf\\u2060g\\ufeffh\\u0085i\\u001bj\\u007fk\u00e9\u20ac\"");
    // No control byte, and none of the hidden characters raw (é and € stay as they are).
    CHECK(std::none_of(quoted.begin(), quoted.end(), [](char c) {
      auto byte = static_cast<unsigned char>(c);
      return byte < 0x20 || byte == 0x7f;
    }));
    for (const char *raw : {"\xe2\x80", "\xe2\x81", "\xef\xbb\xbf", "\xc2\x85", "\xd8\x9c"}) {
      CAPTURE(raw);
      CHECK(quoted.find(raw) == std::string::npos);
    }
    std::string json;
    REQUIRE(json_string(name, json));
    CHECK(json == quoted);
    // The compiler reads it back to the same path (C0 controls and DEL aside:
    // a path with one is refused).
    llp_test::Tree t;
    std::string path = t.path("/d/a\u202eb\u2066c\u200ed\u061ce\u200bf\u2060g\ufeffh\u0085i");
    REQUIRE(toml_string(path, quoted));
    CompileResult r = t.compile("version = 1\nmode = \"custom\"\nro = [{ path = " + quoted + ", optional = true }]\n");
    REQUIRE(r.ok);
    CHECK(std::any_of(r.plan.outer.grants.begin(), r.plan.outer.grants.end(),
                      [&](const Grant &g) { return g.path == path; }));
  }
  TEST_CASE("every byte survives eval by /bin/sh") {
    std::string all;
    for (int c = 1; c < 256; ++c) all += static_cast<char>(c);
    CHECK(through_sh(all) == all);
    for (const char *hostile : {"'", "\"", "\\", "`id`", "$HOME", "a\nb", "*", "~", "-n", "!!", "#x", "a;b|c&d"})
      CHECK(through_sh(hostile) == hostile);
  }
  TEST_CASE("random byte strings survive eval") {
    std::mt19937 rng(12345);
    for (int i = 0; i < 40; ++i) {
      std::string s;
      int len = static_cast<int>(rng() % 20);
      for (int k = 0; k < len; ++k) s += static_cast<char>(1 + rng() % 255);
      CHECK(through_sh(s) == s);
    }
  }
  TEST_CASE("json escapes quotes, backslashes and control characters") {
    std::string out;
    REQUIRE(format_json({"a", "q\"b\\", "n\nt\t\x01"}, out));
    CHECK(out == "[\"a\", \"q\\\"b\\\\\", \"n\\nt\\t\\u0001\"]\n");
    CHECK_FALSE(format_json({"\xff"}, out));
    REQUIRE(format_json({}, out));
    CHECK(out == "[]\n");
  }
  TEST_CASE("nul format terminates every argument") { CHECK(format_nul({"a", "b c"}) == std::string("a\0b c\0", 6)); }
  TEST_CASE("argv: pinned launcher, sorted grants, network, separator") {
    Plan plan;
    plan.launcher = "/bin/landlock-run";
    plan.version = "1.2.3";
    Grant ro, rw;
    ro.path = "/usr";
    rw.path = "/ws";
    rw.access = Access::Rw;
    rw.optional = true;
    plan.outer.grants = {ro, rw};
    plan.outer.net.restricted = true;
    plan.outer.net.connect = {443};
    plan.outer.scopes = {"signal"};
    plan.no_log = true;
    std::vector<std::string> argv = build_argv(plan, {"make", "-j"});
    CHECK(argv == std::vector<std::string>{"/bin/landlock-run", "--expect-version", "1.2.3", "--ro", "/usr", "--rw-try",
                                           "/ws", "--connect-tcp", "443", "--scope", "signal", "--no-log", "--", "make",
                                           "-j"});
    plan.pinned = false;
    plan.outer.net.connect.clear();
    CHECK(build_argv(plan, {})[1] == "--ro");
    CHECK(build_argv(plan, {}).back() == "--");
    std::vector<std::string> restrict_only = build_argv(plan, {});
    CHECK(std::find(restrict_only.begin(), restrict_only.end(), "--restrict-tcp") != restrict_only.end());
  }
  TEST_CASE("danger-full-access emits the command alone") {
    Plan plan;
    plan.sandboxed = false;
    CHECK(build_argv(plan, {"id"}) == std::vector<std::string>{"id"});
  }
}

TEST_SUITE("compiler explain") {
  TEST_CASE("port lists print as ranges") {
    CHECK(port_ranges({80, 443, 8000, 8001, 8002}) == "80, 443, 8000-8002");
    CHECK(port_ranges({}).empty());
  }
  TEST_CASE("explain names every grant's origin, rights, canonical form, why, and the hiding cost") {
    llp_test::Tree t;
    REQUIRE(symlink(t.path("/data/a").c_str(), t.path("/data/link").c_str()) == 0);
    CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\n"
        "ro = [{ path = \"data/link\", why = \"sources\" }, \"${env.LLP_TEST_ROOT}/data\"]\n"
        "hide = [\"${env.LLP_TEST_ROOT}/data/b\"]\n[network]\nconnect = [443]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::string text = explain(r);
    CHECK(text.find("relative: resolved against the policy file's folder") != std::string::npos);
    CHECK(text.find("canonical: " + t.path("/data/a")) != std::string::npos);
    CHECK(text.find("why: sources") != std::string::npos);
    CHECK(text.find("cannot be listed") != std::string::npos);
    CHECK(text.find("connect 443; bind none") != std::string::npos);
    CHECK(text.find("dropped") != std::string::npos);
  }
  TEST_CASE("why answers which grant covers a path, or why none does") {
    llp_test::Tree t;
    CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\nro = [\"${env.LLP_TEST_ROOT}/data\"]\n"
        "rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\nhide = [\"${env.LLP_TEST_ROOT}/data/a\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(why(r, t.path("/data/b/x"), true).find("allowed for writing by rw " + t.path("/data/b")) !=
          std::string::npos);
    CHECK(why(r, t.path("/data/a/f"), false).find("denied: hidden") != std::string::npos);
    CHECK(why(r, "/etc/passwd", false).find("denied: no grant covers it") != std::string::npos);
  }
}
