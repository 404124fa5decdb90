// Unit tests of the launcher's pure parts: the argument parser, the ABI to
// access-mask mapping, file/directory masking, and the error texts. The
// launcher source is compiled in without main (and without anything that
// restricts or execs), exactly the code the static binary runs.
#define LANDLOCK_RUN_NO_MAIN
#include "../../launcher/landlock-run.cpp"  // NOLINT(bugprone-suspicious-include): the launcher is one file by design

#include <doctest/doctest.h>

#include <stdio.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

using launcher::Error;
using launcher::Flag;
using launcher::Options;

struct Parsed {
  std::vector<std::string> storage;
  std::vector<char *> argv;
  Options options;
  Error error;
};

// Parses {"landlock-run", args...}; argv storage outlives the Options.
Parsed parse(std::vector<std::string> args) {
  Parsed p;
  p.storage = std::move(args);
  p.storage.insert(p.storage.begin(), "landlock-run");
  for (std::string &s : p.storage) p.argv.push_back(s.data());
  p.argv.push_back(nullptr);
  p.error = launcher::parse_args(static_cast<int>(p.storage.size()), p.argv.data(), p.options);
  return p;
}

std::string error_text(const Parsed &p) {
  if (!p.error.what) return std::string();
  std::string text = std::string(p.error.what) + ": " + p.error.why;
  if (p.error.detail) text += std::string(" ") + p.error.detail;
  return text;
}

std::vector<std::pair<Flag, std::string>> valued_flags(const Parsed &p) {
  std::vector<std::pair<Flag, std::string>> out;
  launcher::for_each_valued_flag(p.argv.data(), p.options,
                                 [&](Flag f, const char *value, const char *) { out.emplace_back(f, value); });
  return out;
}

struct GrantSeen {
  Flag flag;
  std::string path;
  bool no_symlinks;
  bool operator==(const GrantSeen &) const = default;
};

std::vector<GrantSeen> grants(const Parsed &p) {
  std::vector<GrantSeen> out;
  launcher::for_each_grant(p.argv.data(), p.options, [&](const launcher::Grant &g) {
    out.push_back({g.flag, g.path, g.no_symlinks});
  });
  return out;
}

}  // namespace

TEST_SUITE("launcher") {
  TEST_CASE("grants and the command are found; nothing after -- is a flag") {
    Parsed p = parse({"--ro", "/usr", "--rw", "/tmp", "--", "cmd", "--rw", "/"});
    REQUIRE(error_text(p).empty());
    CHECK(p.options.command == 6);
    CHECK(std::string(p.argv[p.options.command]) == "cmd");
    auto flags = valued_flags(p);
    REQUIRE(flags.size() == 2);
    CHECK(flags[0] == std::make_pair(Flag::Ro, std::string("/usr")));
    CHECK(flags[1] == std::make_pair(Flag::Rw, std::string("/tmp")));
  }

  TEST_CASE("values are literal: never split on , or :") {
    Parsed p = parse({"--ro", "/a,b:c", "--", "x"});
    REQUIRE(error_text(p).empty());
    CHECK(valued_flags(p)[0].second == "/a,b:c");
  }

  TEST_CASE("no grant at all is valid (it denies everything)") {
    Parsed p = parse({"--", "true"});
    CHECK(error_text(p).empty());
    CHECK(valued_flags(p).empty());
  }

  TEST_CASE("bad command lines get one clear error") {
    CHECK(error_text(parse({"--ro", "/"})) ==
          "missing '--': usage: landlock-run [GRANT|OPTION]... -- COMMAND [ARG]...");
    CHECK(error_text(parse({"--ro", "/", "--"})) == "--: no COMMAND after it");
    CHECK(error_text(parse({"--ro"})) == "--ro: needs a value");
    CHECK(error_text(parse({"--ro", "--", "true"})) == "--ro: needs a value");
    CHECK(error_text(parse({"--ro", "", "--", "true"})) == "--ro: empty PATH");
    CHECK(error_text(parse({"--rw-try", "", "--", "true"})) == "--rw-try: empty PATH");
    CHECK(error_text(parse({"--bogus", "--", "true"})) == "--bogus: unknown option (see landlock-run --help)");
    CHECK(error_text(parse({"true"})) == "true: unexpected argument: the command must follow '--'");
    CHECK(error_text(parse({""})) == "'': unexpected argument: the command must follow '--'");
    CHECK(error_text(parse({"--ro=/", "--", "true"})) ==
          "--ro=/: a flag and its value are two arguments: write --ro PATH, not --ro=PATH");
  }

  TEST_CASE("--no-symlinks applies to the grants after it, and only to them") {
    Parsed p = parse({"--ro", "/a", "--connect-tcp", "80", "--no-symlinks", "--rw", "/b", "--ro-try", "/c", "--rw-try",
                      "/d", "--", "x", "--no-symlinks", "--ro", "/e"});
    REQUIRE(error_text(p).empty());
    std::vector<GrantSeen> want{
        {Flag::Ro, "/a", false}, {Flag::Rw, "/b", true}, {Flag::RoTry, "/c", true}, {Flag::RwTry, "/d", true}};
    CHECK(grants(p) == want);
    CHECK(valued_flags(p).size() == 5);  // the flag itself takes no value: the grants read the same
    Parsed first = parse({"--no-symlinks", "--ro", "/a", "--no-symlinks", "--rw", "/b", "--", "x"});
    REQUIRE(error_text(first).empty());
    CHECK(grants(first) == std::vector<GrantSeen>{{Flag::Ro, "/a", true}, {Flag::Rw, "/b", true}});
    Parsed none = parse({"--ro", "/a", "--", "x"});
    CHECK(grants(none) == std::vector<GrantSeen>{{Flag::Ro, "/a", false}});
    CHECK(error_text(parse({"--no-symlinks", "--", "x"})).empty());
    CHECK(error_text(parse({"--no-symlinks", "/a", "--", "x"})) ==
          "/a: unexpected argument: the command must follow '--'");
    CHECK(std::string(launcher::kFlags[0].spelling) == "--no-symlinks");  // emitted before every grant
    CHECK(std::string(launcher::spelling(Flag::NoSymlinks)) == "--no-symlinks");
  }

  TEST_CASE("ports: 0 to 65535, digits only") {
    CHECK(error_text(parse({"--connect-tcp", "0", "--", "x"})).empty());
    CHECK(error_text(parse({"--bind-tcp", "65535", "--", "x"})).empty());
    for (const char *bad : {"65536", "-1", "+1", "", "1k", " 80", "99999999999999999999"})
      CHECK(error_text(parse({"--connect-tcp", bad, "--", "x"})) ==
            "--connect-tcp: PORT must be a number from 0 to 65535");
    Parsed p = parse({"--connect-tcp", "443", "--", "x"});
    CHECK(p.options.restricts_tcp());
    CHECK_FALSE(parse({"--ro", "/", "--", "x"}).options.restricts_tcp());  // file-only policy: TCP untouched
  }

  TEST_CASE("UDP ports: the grammar of TCP's; each restricts UDP, never TCP") {
    for (const char *flag : {"--connect-udp", "--bind-udp"}) {
      CAPTURE(flag);
      CHECK(error_text(parse({flag, "0", "--", "x"})).empty());
      CHECK(error_text(parse({flag, "65535", "--", "x"})).empty());
      for (const char *bad : {"65536", "-1", "+1", "", "1k", " 53", "dns"})
        CHECK(error_text(parse({flag, bad, "--", "x"})) ==
              std::string(flag) + ": PORT must be a number from 0 to 65535");
      Parsed p = parse({flag, "53", "--", "x"});
      CHECK(p.options.restricts_udp());
      CHECK_FALSE(p.options.restricts_tcp());
    }
    CHECK(error_text(parse({"--connect-udp", "--", "x"})) == "--connect-udp: needs a value");
    CHECK(parse({"--restrict-udp", "--", "x"}).options.restricts_udp());
    CHECK_FALSE(parse({"--restrict-tcp", "--", "x"}).options.restricts_udp());
    CHECK(valued_flags(parse({"--bind-udp", "5353", "--connect-udp", "53", "--", "x"})) ==
          std::vector<std::pair<Flag, std::string>>{{Flag::BindUdp, "5353"}, {Flag::ConnectUdp, "53"}});
  }

  TEST_CASE("--connect-unix PATH: a path rule visited with the grants, but no grant") {
    Parsed p = parse({"--no-symlinks", "--connect-unix", "/run/user/1000/bus", "--ro", "/", "--", "x"});
    REQUIRE(error_text(p).empty());
    CHECK(p.options.grants_a_path());  // by --ro: --connect-unix makes nothing executable
    CHECK_FALSE(parse({"--connect-unix", "/run/user/1000/bus", "--", "x"}).options.grants_a_path());
    CHECK(grants(p) == std::vector<GrantSeen>{{Flag::ConnectUnix, "/run/user/1000/bus", true}, {Flag::Ro, "/", true}});
    CHECK(error_text(parse({"--connect-unix", "", "--", "x"})) == "--connect-unix: empty PATH");
    CHECK(error_text(parse({"--connect-unix", "~/.ssh/agent", "--", "x"})).find("no shell expanded") !=
          std::string::npos);
    CHECK(error_text(parse({"--connect-unix", "--", "x"})) == "--connect-unix: needs a value");
    CHECK(error_text(parse({"--connect-unix=/s", "--", "x"})).find("two arguments") != std::string::npos);
  }

  TEST_CASE("--drop-caps takes no value") {
    Parsed p = parse({"--drop-caps", "--ro", "/", "--", "x"});
    REQUIRE(error_text(p).empty());
    CHECK(p.options.has(Flag::DropCaps));
    CHECK(grants(p).size() == 1);
    CHECK(error_text(parse({"--drop-cap", "--", "x"})) == "--drop-cap: unknown option; the nearest is --drop-caps");
  }

  TEST_CASE("scopes and audit switches") {
    Parsed p = parse({"--scope", "signal", "--scope", "abstract-unix", "--log-denials", "--no-log", "--", "x"});
    REQUIRE(error_text(p).empty());
    CHECK(p.options.scopes == (launcher::LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | launcher::LANDLOCK_SCOPE_SIGNAL));
    CHECK(p.options.has(Flag::LogDenials));
    CHECK(p.options.has(Flag::NoLog));
    CHECK(error_text(parse({"--scope", "net", "--", "x"})) == "--scope: NAME must be abstract-unix or signal");
  }

  TEST_CASE("--require-abi and --expect-version") {
    CHECK(parse({"--require-abi", "3", "--", "x"}).options.require_abi == 3);
    const std::string abi_range =
        "--require-abi: N must be a Landlock ABI from 1 to the newest this launcher knows: 11";
    CHECK(error_text(parse({"--require-abi", "0", "--", "x"})) == abi_range);
    CHECK(error_text(parse({"--require-abi", "12", "--", "x"})) == abi_range);
    CHECK(parse({"--require-abi", "11", "--", "x"}).options.require_abi == 11);
    CHECK(error_text(parse({"--require-abi", "2", "--require-abi", "3", "--", "x"})) == "--require-abi: given twice");
    CHECK(std::string(parse({"--expect-version", "1.2.3", "--", "x"}).options.expect_version) == "1.2.3");
  }

  TEST_CASE("actions stand alone") {
    CHECK(parse({"--probe"}).options.has(Flag::Probe));
    CHECK(error_text(parse({"--version"})).empty());
    CHECK(!error_text(parse({"--probe", "--", "x"})).empty());
    CHECK(!error_text(parse({"--probe", "--version"})).empty());
  }

  TEST_CASE("ten thousand grants parse without copying") {
    std::vector<std::string> args;
    for (int i = 0; i < 10000; ++i) args.insert(args.end(), {"--ro", "/p" + std::to_string(i)});
    args.insert(args.end(), {"--", "x"});
    Parsed p = parse(args);
    REQUIRE(error_text(p).empty());
    auto flags = valued_flags(p);
    REQUIRE(flags.size() == 10000);
    CHECK(flags[9999].second == "/p9999");
  }

  TEST_CASE("every flag in the shared table round-trips through the parser") {
    for (const launcher::FlagSpec &spec : launcher::kFlags) {
      CAPTURE(spec.spelling);
      CHECK(launcher::find_flag(spec.spelling) == &spec);
      CHECK(std::string(launcher::spelling(spec.flag)) == spec.spelling);
      if (spec.flag == Flag::Probe || spec.flag == Flag::Version || spec.flag == Flag::Help) continue;
      std::string value = "/v";
      if (spec.flag == Flag::ConnectTcp || spec.flag == Flag::BindTcp) value = "80";
      if (spec.flag == Flag::ConnectUdp || spec.flag == Flag::BindUdp) value = "53";
      if (spec.flag == Flag::Scope || spec.flag == Flag::ScopeTry) value = "signal";
      if (spec.flag == Flag::RequireAbi || spec.flag == Flag::StatusFd) value = "3";
      if (spec.flag == Flag::SetEnv || spec.flag == Flag::UnsetEnv || spec.flag == Flag::KeepEnv) value = "NAME";
      std::vector<std::string> args{spec.spelling};
      if (spec.values >= 1) args.push_back(value);
      if (spec.values == 2) args.push_back("second");
      if (spec.flag == Flag::KeepEnv) args.push_back("--clearenv");
      args.insert(args.end(), {"--", "x"});
      Parsed p = parse(args);
      CHECK(error_text(p).empty());
      if (spec.values >= 1) {
        REQUIRE(valued_flags(p).size() == 1);
        CHECK(valued_flags(p)[0] == std::make_pair(spec.flag, std::string(value)));
      }
    }
  }

  TEST_CASE("mistakes get a hint that names them") {
    CHECK(error_text(parse({"--rw-tyr", "/a", "--", "x"})) == "--rw-tyr: unknown option; the nearest is --rw-try");
    CHECK(error_text(parse({"--scopes", "signal", "--", "x"})) == "--scopes: unknown option; the nearest is --scope");
    CHECK(error_text(parse({"-help"})) == "-help: unknown option; the nearest is --help");
    CHECK(error_text(parse({"--rw=/tmp", "--", "x"})) ==
          "--rw=/tmp: a flag and its value are two arguments: write --ro PATH, not --ro=PATH");
    CHECK(error_text(parse({"--ro", "~/src", "--", "x"})) ==
          "--ro: PATH starts with '~', which no shell expanded here: write $HOME/...");
    CHECK(error_text(parse({"--ro", "./~", "--", "x"})).empty());  // a file named ~ is still reachable
    CHECK_FALSE(parse({"--", "x"}).options.grants_a_path());
    CHECK(parse({"--rw-try", "/b", "--", "x"}).options.grants_a_path());
  }

  TEST_CASE("--status-fd takes one descriptor above 2") {
    CHECK(parse({"--status-fd", "3", "--", "x"}).options.status_fd == 3);
    CHECK(parse({"--", "x"}).options.status_fd == -1);
    for (const char *bad : {"0", "1", "2", "-1", "x", "", "9999999999"})
      CHECK(error_text(parse({"--status-fd", bad, "--", "x"})) == "--status-fd: N must be a file descriptor above 2");
    CHECK(error_text(parse({"--status-fd", "3", "--status-fd", "4", "--", "x"})) == "--status-fd: given twice");
  }

  TEST_CASE("environment flags: names, patterns and the order they apply in") {
    CHECK(error_text(parse({"--setenv", "A"})) == "--setenv: needs a value");
    CHECK(error_text(parse({"--setenv", "A", "--", "x"})) == "--setenv: needs a value");
    CHECK(error_text(parse({"--setenv", "A=B", "c", "--", "x"})) ==
          "--setenv: NAME must be non-empty, without '=' or '*'");
    CHECK(error_text(parse({"--setenv", "*", "c", "--", "x"})) ==
          "--setenv: NAME must be non-empty, without '=' or '*'");
    CHECK(error_text(parse({"--unsetenv", "", "--", "x"})) == "--unsetenv: PATTERN must be non-empty and have no '='");
    CHECK(error_text(parse({"--keepenv", "LC_*", "--", "x"})) == "--keepenv: needs --clearenv (it names what to keep)");
    Parsed p = parse({"--clearenv", "--keepenv",  "LC_*",    "--keepenv", "PATH",     "--setenv", "A",
                      "1",          "--unsetenv", "*TOKEN*", "--setenv",  "B_TOKEN",  "kept",     "--setenv",
                      "A",          "2",          "--",      "x",         "--setenv", "C",        "3"});
    REQUIRE(error_text(p).empty());
    std::vector<std::string> inherited_text{"PATH=/bin", "LC_ALL=C", "HOME=/root", "GH_TOKEN=secret", "LCX=1"};
    std::vector<char *> inherited(inherited_text.size() + 1, nullptr);
    std::transform(inherited_text.begin(), inherited_text.end(), inherited.begin(),
                   [](std::string &v) { return v.data(); });
    auto fresh = std::make_unique<launcher::Environment>();
    launcher::Environment &env = *fresh;
    REQUIRE(launcher::build_environment(p.argv.data(), p.options, inherited.data(), env).what == nullptr);
    std::vector<std::string> got(env.vars, env.vars + env.count);
    // --clearenv keeps only what --keepenv names; --setenv replaces; a later --setenv
    // of a name an earlier --unsetenv pattern matched is set (argv order); "--"'s tail is the command's.
    CHECK(got == std::vector<std::string>{"PATH=/bin", "LC_ALL=C", "B_TOKEN=kept", "A=2"});
    CHECK(env.vars[env.count] == nullptr);
    Parsed unset = parse({"--unsetenv", "*TOKEN*", "--unsetenv", "SSH_AUTH_SOCK", "--", "x"});
    fresh = std::make_unique<launcher::Environment>();
    REQUIRE(launcher::build_environment(unset.argv.data(), unset.options, inherited.data(), *fresh).what == nullptr);
    std::vector<std::string> kept(fresh->vars, fresh->vars + fresh->count);
    CHECK(kept == std::vector<std::string>{"PATH=/bin", "LC_ALL=C", "HOME=/root", "LCX=1"});
  }

  TEST_CASE("environment patterns: '*' matches any run, the rest literally, on the name only") {
    using launcher::name_matches;
    CHECK(name_matches("*TOKEN*", "GITHUB_TOKEN=x"));
    CHECK(name_matches("*TOKEN*", "TOKEN"));
    CHECK(name_matches("*_KEY", "AWS_SECRET_ACCESS_KEY=abc"));
    CHECK_FALSE(name_matches("*_KEY", "KEYRING=x"));
    CHECK_FALSE(name_matches("*TOKEN*", "PATH=/TOKEN"));  // the value is never matched
    CHECK(name_matches("LC_*", "LC_ALL=C"));
    CHECK_FALSE(name_matches("LC_*", "LANG=C"));
    CHECK(name_matches("PATH", "PATH=/bin"));
    CHECK_FALSE(name_matches("PATH", "PATHX=/bin"));
    CHECK(name_matches("a*b*c", "axxbyyc"));
    CHECK_FALSE(name_matches("a*b*c", "axxbyy"));
    CHECK(name_matches("**", "ANY"));
  }

  TEST_CASE("the environment's limits are errors, never a silent cut") {
    auto big = std::make_unique<launcher::Environment>();
    std::string value(70000, 'v');
    CHECK(std::string(big->set("BIG", value.c_str())) == "the values of --setenv exceed 64 KiB in all");
    auto many = std::make_unique<launcher::Environment>();
    static char var[] = "A=1";
    for (int i = 0; i < launcher::Environment::kMaxVariables; ++i) REQUIRE(many->add(var) == nullptr);
    CHECK(std::string(many->add(var)) == "more than 8192 variables");
    Parsed none = parse({"--ro", "/", "--", "x"});
    auto untouched = std::make_unique<launcher::Environment>();
    char *no_vars[] = {var, nullptr};
    CHECK(launcher::build_environment(none.argv.data(), none.options, no_vars, *untouched).what == nullptr);
    CHECK(untouched->count == 0);  // no environment flag: nothing built, the launcher keeps environ
  }

  TEST_CASE("JSON status text escapes quotes and backslashes and masks controls") {
    launcher::Line status;
    status.add("{\"error\":\"");
    status.json = true;
    status.add(
        "a\"b\\c\nd\xe2\x80\xae"
        "e");  // a quote, a backslash, a newline, U+202E (bidi override)
    status.json = false;
    status.add("\"}");
    CHECK(std::string(status.buf) == "{\"error\":\"a\\\"b\\\\c?d?e\"}");
  }

  TEST_CASE("ABI to handled filesystem rights") {
    using namespace launcher;
    const uint64_t abi1 = (1ull << 13) - 1;  // the kernel's bits 0 to 12, counted independently here
    CHECK(fs_rights_for_abi(1) == abi1);
    CHECK(fs_rights_for_abi(2) == (abi1 | LANDLOCK_ACCESS_FS_REFER));
    CHECK(fs_rights_for_abi(3) == (abi1 | LANDLOCK_ACCESS_FS_REFER | LANDLOCK_ACCESS_FS_TRUNCATE));
    CHECK(fs_rights_for_abi(4) == fs_rights_for_abi(3));
    CHECK(fs_rights_for_abi(5) == (fs_rights_for_abi(3) | LANDLOCK_ACCESS_FS_IOCTL_DEV));
    CHECK(fs_rights_for_abi(7) == fs_rights_for_abi(5));
    CHECK(fs_rights_for_abi(8) == fs_rights_for_abi(5));
    CHECK(fs_rights_for_abi(9) == (fs_rights_for_abi(5) | LANDLOCK_ACCESS_FS_RESOLVE_UNIX));
    CHECK(LANDLOCK_ACCESS_FS_RESOLVE_UNIX == 0x10000);  // include/uapi/linux/landlock.h, 1ULL << 16
    CHECK(LANDLOCK_SCOPE_SIGNAL == 2);
    CHECK_FALSE(fs_enforcement_full(2));
    CHECK_FALSE(fs_enforcement_full(4));
    CHECK(fs_enforcement_full(5));
  }

  TEST_CASE("grant masks: files lose directory-only rights; no unknown bit is ever set") {
    using namespace launcher;
    for (int abi = 1; abi <= launcher::kNewestKnownAbi; ++abi) {
      CAPTURE(abi);
      for (Flag flag : {Flag::Ro, Flag::Rw, Flag::RoTry, Flag::RwTry, Flag::ConnectUnix})
        for (bool dir : {false, true}) {
          uint64_t m = grant_rights(flag, dir, abi);
          CHECK((m & ~fs_rights_for_abi(abi)) == 0);
          if (!dir) CHECK((m & ~kFileRights) == 0);
          if (flag != Flag::ConnectUnix) CHECK((m & LANDLOCK_ACCESS_FS_READ_FILE) != 0);
        }
      CHECK(grant_rights(Flag::Ro, true, abi) == kReadRights);
      CHECK(grant_rights(Flag::Ro, false, abi) == (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE));
      // --rw: every handled right but RESOLVE_UNIX, which only --connect-unix gives (ABI 9).
      CHECK(grant_rights(Flag::Rw, true, abi) == (fs_rights_for_abi(abi) & ~LANDLOCK_ACCESS_FS_RESOLVE_UNIX));
      CHECK(grant_rights(Flag::RwTry, false, abi) == grant_rights(Flag::Rw, false, abi));
      CHECK((grant_rights(Flag::Rw, false, abi) & LANDLOCK_ACCESS_FS_WRITE_FILE) != 0);
      CHECK((grant_rights(Flag::Rw, true, abi) & LANDLOCK_ACCESS_FS_RESOLVE_UNIX) == 0);
      uint64_t unix_socket = abi >= 9 ? LANDLOCK_ACCESS_FS_RESOLVE_UNIX : 0;  // below ABI 9: no rule at all
      CHECK(grant_rights(Flag::ConnectUnix, false, abi) == unix_socket);
      CHECK(grant_rights(Flag::ConnectUnix, true, abi) == unix_socket);
      uint64_t truncate = grant_rights(Flag::Rw, false, abi) & LANDLOCK_ACCESS_FS_TRUNCATE;
      CHECK(truncate == (abi >= 3 ? LANDLOCK_ACCESS_FS_TRUNCATE : 0));
    }
  }

  TEST_CASE("the ABI table: one row per ABI, what each adds, the attribute's size and the flags' ABI") {
    using namespace launcher;
    REQUIRE(launcher::kNewestKnownAbi == 11);
    for (int abi = 1; abi <= launcher::kNewestKnownAbi; ++abi) CHECK(kAbis[abi - 1].abi == abi);
    CHECK(attr_size(1) == 8);  // handled_access_fs only
    CHECK(attr_size(3) == 8);
    CHECK(attr_size(4) == 16);  // + handled_access_net
    CHECK(attr_size(6) == 24);  // + scoped
    CHECK(attr_size(9) == 24);
    CHECK(attr_size(10) == 48);  // + quiet_access_fs, quiet_access_net, quiet_scoped
    CHECK(attr_size(11) == 48);
    CHECK(sizeof(landlock_ruleset_attr) == 48);
    CHECK(LANDLOCK_ACCESS_NET_BIND_UDP == 4);          // include/uapi/linux/landlock.h: 1ULL << 2
    CHECK(LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP == 8);  // 1ULL << 3
    CHECK(launcher::min_abi(Flag::Ro) == 1);
    CHECK(launcher::min_abi(Flag::ConnectTcp) == 4);
    CHECK(launcher::min_abi(Flag::RestrictTcp) == 4);
    CHECK(launcher::min_abi(Flag::Scope) == 6);
    CHECK(launcher::min_abi(Flag::NoLog) == 7);
    CHECK(launcher::min_abi(Flag::ConnectUdp) == 10);
    CHECK(launcher::min_abi(Flag::BindUdp) == 10);
    CHECK(launcher::min_abi(Flag::RestrictUdp) == 10);
    CHECK(std::string(kAbis[10].linux_release) == "7.3");
    CHECK(launcher::min_abi(Flag::ConnectUnix) == 0);  // accepted below ABI 9: there is nothing to restrict
    CHECK(launcher::min_abi(Flag::DropCaps) == 0);
    CHECK(launcher::min_abi(Flag::NoSymlinks) == 0);
    CHECK(launcher::lists("--a --b", "--b"));
    CHECK_FALSE(launcher::lists("--ro-try", "--ro"));
    CHECK_FALSE(launcher::lists("--ro", "--ro-try"));
    CHECK_FALSE(launcher::lists("--ro", ""));
  }

  TEST_CASE("every ABI 1 right by its UAPI name (include/uapi/linux/landlock.h), as sandboxer.c spells them") {
    using namespace launcher;
    const u64 named[] = {LANDLOCK_ACCESS_FS_EXECUTE,   LANDLOCK_ACCESS_FS_WRITE_FILE, LANDLOCK_ACCESS_FS_READ_FILE,
                         LANDLOCK_ACCESS_FS_READ_DIR,  LANDLOCK_ACCESS_FS_REMOVE_DIR, LANDLOCK_ACCESS_FS_REMOVE_FILE,
                         LANDLOCK_ACCESS_FS_MAKE_CHAR, LANDLOCK_ACCESS_FS_MAKE_DIR,   LANDLOCK_ACCESS_FS_MAKE_REG,
                         LANDLOCK_ACCESS_FS_MAKE_SOCK, LANDLOCK_ACCESS_FS_MAKE_FIFO,  LANDLOCK_ACCESS_FS_MAKE_BLOCK,
                         LANDLOCK_ACCESS_FS_MAKE_SYM};
    u64 all = 0;
    for (unsigned bit = 0; bit < 13; ++bit) {
      CAPTURE(bit);
      CHECK(named[bit] == 1ULL << bit);  // the header's order is its bit order
      all |= named[bit];
    }
    CHECK(kAbi1Rights == all);
    CHECK(LANDLOCK_ACCESS_FS_REMOVE_DIR == 0x10);
    CHECK(LANDLOCK_ACCESS_FS_MAKE_REG == 0x100);
    CHECK(LANDLOCK_ACCESS_FS_MAKE_BLOCK == 0x800);
  }

  TEST_CASE("ABI 11: LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS from the table, and no prctl before it") {
    using namespace launcher;
    CHECK(LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS == 16);  // include/uapi/linux/landlock.h: 1U << 4
    for (int abi = 1; abi <= 10; ++abi) CHECK(restrict_flags_for_abi(abi) == 0);
    CHECK(restrict_flags_for_abi(11) == LANDLOCK_RESTRICT_SELF_NO_NEW_PRIVS);
    // enforce() in a child, as the launcher and the probe's child call it, with the flags of
    // ABI 10 and of ABI 11. The child reports: the step that failed, errno, and no_new_privs after.
    auto enforce_in_child = [](uint32_t flags) {
      int pipe_fds[2];
      REQUIRE(pipe(pipe_fds) == 0);
      pid_t child = fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        landlock_ruleset_attr attr{};
        attr.handled_access_fs = LANDLOCK_ACCESS_FS_MAKE_SOCK;  // harmless to the child's last steps
        long ruleset = syscall(SYS_landlock_create_ruleset, &attr, 8, 0);
        const char *failed = ruleset < 0 ? "create_ruleset" : enforce(ruleset, flags);
        int error = errno;
        char report[64];
        int n = snprintf(report, sizeof report, "%s %d %d", failed ? failed : "ok", failed ? error : 0,
                         prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
        _exit(write(pipe_fds[1], report, static_cast<size_t>(n)) == n ? 0 : 1);
      }
      close(pipe_fds[1]);
      char report[64] = {};
      ssize_t got = read(pipe_fds[0], report, sizeof report - 1);
      close(pipe_fds[0]);
      int status = 0;
      waitpid(child, &status, 0);
      return got > 0 ? std::string(report) : std::string("no report");
    };
    long kernel_abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (kernel_abi < 1) {
      MESSAGE("SKIP enforce(): this kernel has no Landlock");
      return;
    }
    CHECK(enforce_in_child(restrict_flags_for_abi(10)) == "ok 0 1");  // prctl, then the restriction
    if (kernel_abi >= 11) {
      CHECK(enforce_in_child(restrict_flags_for_abi(11)) == "ok 0 1");  // the kernel set it
    } else {
      // The kernel refuses the unknown flag: had prctl run first, no_new_privs would be 1 here.
      CHECK(enforce_in_child(restrict_flags_for_abi(11)) == "restrict_self " + std::to_string(EINVAL) + " 0");
    }
  }

  TEST_CASE("CVE-2026-72183: which kernel releases carry the fix of the SIGIO path") {
    using launcher::sigio_scope_fixed;
    for (const char *fixed : {"6.12.101", "6.12.118+deb12-cloud-amd64", "6.18.40", "6.18.44-fc-v1252", "7.1.5",
                              "7.1.12", "7.2", "7.2.0", "7.2.13+deb14-cloud-amd64", "7.3.0-rc7", "8.0", "10.1.2"}) {
      CAPTURE(std::string(fixed));
      CHECK(sigio_scope_fixed(fixed));
    }
    for (const char *affected : {"6.12.0", "6.12.100", "6.13.5", "6.14.0-37-generic", "6.18.39", "6.18", "6.19.1",
                                 "7.0.9", "7.1.4", "7.1", "2.6.78-fc-v1252", "", "x.y", "6.11.300"}) {
      CAPTURE(std::string(affected));
      CHECK_FALSE(sigio_scope_fixed(affected));
    }
    CHECK(launcher::kernel_release(6, 12, 300) ==
          launcher::kernel_release(6, 12, 255));  // a patch level past 255 saturates
  }

  TEST_CASE("the probe's errata fields: the mask, the names from the table, never 0 for unknown") {
    auto errata = [](long mask) {
      launcher::Line line;
      return std::string(launcher::add_errata(line, mask).buf);
    };
    CHECK(errata(-1) == " errata=unknown fixes=unknown");  // EINVAL: a kernel before the query
    CHECK(errata(0) == " errata=0 fixes=none");
    CHECK(errata(7) == " errata=7 fixes=tcp-sockets,same-process-signals,disconnected-dirs");
    CHECK(errata(15) == " errata=15 fixes=tcp-sockets,same-process-signals,disconnected-dirs,whiteouts");
    CHECK(errata(5) == " errata=5 fixes=tcp-sockets,disconnected-dirs");
    CHECK(errata(16) == " errata=16 fixes=none");  // a bit the table does not know: in the mask only
    int number = 0;
    for (const launcher::Erratum &erratum : launcher::kErrata) {
      number += 1;
      CHECK(erratum.number == number);  // in order, none missing
      CHECK(erratum.abi >= 1);
      CHECK(erratum.abi <= launcher::kNewestKnownAbi);
    }
    CHECK(launcher::LANDLOCK_CREATE_RULESET_ERRATA == 2);  // include/uapi/linux/landlock.h: 1U << 1
  }

  TEST_CASE("the handled rights and the port rights come from the table") {
    using namespace launcher;
    CHECK((fs_rights_for_abi(9) & LANDLOCK_ACCESS_FS_RESOLVE_UNIX) != 0);  // handled: sockets outside are denied
    CHECK(port_right(Flag::ConnectUdp) == LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP);
    CHECK(port_right(Flag::BindUdp) == LANDLOCK_ACCESS_NET_BIND_UDP);
    CHECK(port_right(Flag::ConnectTcp) == LANDLOCK_ACCESS_NET_CONNECT_TCP);
    CHECK(port_right(Flag::Rw) == 0);
  }

  TEST_CASE("report lines are assembled without allocation and never overflow") {
    launcher::Line line;
    line.add("abi=").num(7).add(" n=").num(0).add(" big=").num(1234567890);
    CHECK(std::string(line.buf) == "abi=7 n=0 big=1234567890");
    launcher::Line full;
    std::string huge(10000, 'x');
    full.add(huge.c_str());
    CHECK(full.len == sizeof full.buf - 2);
    CHECK(full.buf[full.len] == '\0');
    launcher::Line forged;
    forged.add("--ro\nlandlock-run: fake\t\x7f");
    CHECK(std::string(forged.buf) == "--ro?landlock-run: fake??");
    launcher::Line clipped;
    clipped.add(huge.c_str(), 4).add(": why");
    CHECK(std::string(clipped.buf) == "xxxx...: why");
  }

  TEST_CASE("report lines mask C1 controls and bytes that are not UTF-8, and keep valid UTF-8") {
    auto shown = [](const char *text) { return std::string(launcher::Line().add(text).buf); };
    CHECK(shown("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0") ==
          "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0");
    CHECK(shown("a\xc2\x9b"
                "31mb") == "a?31mb");                   // U+009B, CSI in UTF-8: one '?'
    CHECK(shown("\xc2\x80\xc2\x85\xc2\x9f") == "???");  // U+0080, NEL, U+009F
    CHECK(shown("a\x9b"
                "31mb") == "a?31mb");            // a raw CSI byte
    CHECK(shown("\x1b[31m\x07") == "?[31m?");    // C0 as before
    CHECK(shown("\xff\xfe\x80\xbf") == "????");  // never valid, lone continuation bytes
    CHECK(shown("\xc3") == "?");                 // cut short by the end
    CHECK(shown("\xc3(") == "?(");               // cut short by ASCII
    CHECK(shown("\xe2\x82") == "??");
    CHECK(shown("\xc0\xaf\xc1\xbf") == "????");                                      // overlong two-byte forms
    CHECK(shown("\xe0\x80\xaf") == "???");                                           // overlong three-byte form
    CHECK(shown("\xed\xa0\x80") == "???");                                           // a UTF-16 surrogate
    CHECK(shown("\xf0\x8f\xbf\xbf") == "????");                                      // overlong four-byte form
    CHECK(shown("\xf4\x90\x80\x80\xf5\x80") == "??????");                            // beyond U+10FFFF
    CHECK(shown("\xed\x9f\xbf\xf4\x8f\xbf\xbf") == "\xed\x9f\xbf\xf4\x8f\xbf\xbf");  // the edges, kept
    launcher::Line clipped;
    clipped.add("\xc3\xa9\xc3\xa9\xc3\xa9", 3);
    CHECK(std::string(clipped.buf) == "\xc3\xa9\xc3\xa9...");  // a sequence is never split by the clip
    launcher::Line full;
    std::string almost(sizeof full.buf - 3, 'x');
    full.add(almost.c_str()).add("\xe2\x82\xac");
    CHECK(full.len == almost.size());  // nor by a full buffer: the whole sequence is left out
    CHECK(std::string(full.buf) == almost);
  }

  // A tiny classic-BPF interpreter for the instructions the filter uses (load
  // word, jump if equal, return): what the kernel would answer for one call.
  TEST_CASE("--no-tty-inject's filter refuses TIOCSTI and TIOCLINUX by every entry point, and nothing else") {
    using namespace launcher;
    auto verdict = [](u32 arch, u32 nr, unsigned long long request) {
      unsigned char data[64] = {};
      memcpy(data + kNrOffset, &nr, 4);
      memcpy(data + kArchOffset, &arch, 4);
      memcpy(data + 16 + 8, &request, 8);  // args[1], little-endian like every machine this runs on
      u32 accumulator = 0;
      for (unsigned pc = 0; pc < kSteps; ++pc) {
        const sock_filter &insn = kTtyFilter[pc];
        if (insn.code == (BPF_LD | BPF_W | BPF_ABS)) memcpy(&accumulator, data + insn.k, 4);
        if (insn.code == (BPF_JMP | BPF_JEQ | BPF_K)) pc += accumulator == insn.k ? insn.jt : insn.jf;
        if (insn.code == BPF_RET) return insn.k;
      }
      return 0xdeadU;  // fell off the end: the kernel refuses such a program
    };
    const u32 refused = SECCOMP_RET_ERRNO | kEPERM;
    CHECK(verdict(kNativeArch, kNativeIoctl, TIOCSTI) == refused);
    CHECK(verdict(kNativeArch, kNativeIoctl, TIOCLINUX) == refused);
    CHECK(verdict(kNativeArch, kNativeIoctl, TIOCSTI | (1ULL << 32)) == refused);  // only the low 32 bits count
    CHECK(verdict(kNativeArch, kX32Ioctl, TIOCSTI) == refused);
    CHECK(verdict(kCompatArch, kCompatIoctl, TIOCSTI) == refused);
    CHECK(verdict(kCompatArch, kCompatIoctl, TIOCLINUX) == refused);
    CHECK(verdict(kNativeArch, kNativeIoctl, 0x5401) == SECCOMP_RET_ALLOW);       // TCGETS
    CHECK(verdict(kNativeArch, kNativeIoctl + 1, TIOCSTI) == SECCOMP_RET_ALLOW);  // another call with that value
    CHECK(verdict(kCompatArch, kNativeIoctl, TIOCSTI) == SECCOMP_RET_ALLOW);  // the compat ABI's call of that number
    CHECK(verdict(0x12345678U, kNativeIoctl, 0) == (SECCOMP_RET_ERRNO | kENOSYS));  // an unknown ABI
    for (const sock_filter &insn : kTtyFilter)  // every jump lands inside the program
      if (insn.code == (BPF_JMP | BPF_JEQ | BPF_K)) CHECK(&insn - kTtyFilter + 1 + std::max(insn.jt, insn.jf) < kSteps);
  }

  TEST_CASE("--scope-try takes the names --scope takes, into its own set") {
    Parsed p = parse({"--scope-try", "signal", "--scope", "abstract-unix", "--", "true"});
    CHECK(p.error.what == nullptr);
    CHECK(p.options.try_scopes == launcher::LANDLOCK_SCOPE_SIGNAL);
    CHECK(p.options.scopes == launcher::LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET);
    CHECK(error_text(parse({"--scope-try", "network", "--", "true"})) ==
          "--scope-try: NAME must be abstract-unix or signal");
  }
}
