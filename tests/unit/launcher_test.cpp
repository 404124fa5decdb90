// Unit tests of the launcher's pure parts: the argument parser, the ABI to
// access-mask mapping, file/directory masking, and the error texts. The
// launcher source is compiled in without main (and without anything that
// restricts or execs), exactly the code the static binary runs.
#define LANDLOCK_RUN_NO_MAIN
#include "../../launcher/landlock-run.cpp"  // NOLINT(bugprone-suspicious-include): the launcher is one file by design

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using llr::Error;
using llr::Options;
using llr_cli::Flag;

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
  p.error = llr::parse_args(static_cast<int>(p.storage.size()), p.argv.data(), p.options);
  return p;
}

std::string error_text(const Parsed &p) {
  return p.error.what ? std::string(p.error.what) + ": " + p.error.why : std::string();
}

std::vector<std::pair<Flag, std::string>> valued_flags(const Parsed &p) {
  std::vector<std::pair<Flag, std::string>> out;
  llr::for_each_valued_flag(p.argv.data(), p.options,
                            [&](Flag f, const char *value) { out.emplace_back(f, value); });
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
  llr::for_each_grant(p.argv.data(), p.options,
                      [&](const llr::Grant &g) { out.push_back({g.flag, g.path, g.no_symlinks}); });
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
    CHECK(error_text(parse({"--ro=/", "--", "true"})) == "--ro=/: unknown option (see landlock-run --help)");
  }

  TEST_CASE("--no-symlinks applies to the grants after it, and only to them") {
    Parsed p = parse({"--ro", "/a", "--connect-tcp", "80", "--no-symlinks", "--rw", "/b", "--ro-try", "/c",
                      "--rw-try", "/d", "--", "x", "--no-symlinks", "--ro", "/e"});
    REQUIRE(error_text(p).empty());
    std::vector<GrantSeen> want{{Flag::Ro, "/a", false},
                                {Flag::Rw, "/b", true},
                                {Flag::RoTry, "/c", true},
                                {Flag::RwTry, "/d", true}};
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
    CHECK(std::string(llr_cli::kFlags[0].spelling) == "--no-symlinks");  // emitted before every grant
    CHECK(std::string(llr_cli::spelling(Flag::NoSymlinks)) == "--no-symlinks");
  }

  TEST_CASE("ports: 0 to 65535, digits only") {
    CHECK(error_text(parse({"--connect-tcp", "0", "--", "x"})).empty());
    CHECK(error_text(parse({"--bind-tcp", "65535", "--", "x"})).empty());
    for (const char *bad : {"65536", "-1", "+1", "", "1k", " 80", "99999999999999999999"})
      CHECK(error_text(parse({"--connect-tcp", bad, "--", "x"})) ==
            "--connect-tcp: PORT must be a number from 0 to 65535");
    Parsed p = parse({"--connect-tcp", "443", "--", "x"});
    CHECK(p.options.restrict_tcp);
    CHECK_FALSE(parse({"--ro", "/", "--", "x"}).options.restrict_tcp);  // file-only policy: TCP untouched
  }

  TEST_CASE("scopes and audit switches") {
    Parsed p = parse({"--scope", "signal", "--scope", "abstract-unix", "--log-denials", "--no-log", "--", "x"});
    REQUIRE(error_text(p).empty());
    CHECK(p.options.scopes == (llr::kScopeAbstract | llr::kScopeSignalBit));
    CHECK(p.options.log_denials);
    CHECK(p.options.no_log);
    CHECK(error_text(parse({"--scope", "net", "--", "x"})) == "--scope: NAME must be abstract-unix or signal");
  }

  TEST_CASE("--require-abi and --expect-version") {
    CHECK(parse({"--require-abi", "3", "--", "x"}).options.require_abi == 3);
    const std::string abi_range = "--require-abi: N must be a Landlock ABI from 1 to 9 (the newest this launcher knows)";
    CHECK(error_text(parse({"--require-abi", "0", "--", "x"})) == abi_range);
    CHECK(error_text(parse({"--require-abi", "10", "--", "x"})) == abi_range);
    CHECK(error_text(parse({"--require-abi", "2", "--require-abi", "3", "--", "x"})) ==
          "--require-abi: given twice");
    CHECK(std::string(parse({"--expect-version", "1.2.3", "--", "x"}).options.expect_version) == "1.2.3");
  }

  TEST_CASE("actions stand alone") {
    CHECK(parse({"--probe"}).options.probe);
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
    for (const llr_cli::FlagSpec &spec : llr_cli::kFlags) {
      CAPTURE(spec.spelling);
      CHECK(llr::find_flag(spec.spelling) == &spec);
      CHECK(std::string(llr_cli::spelling(spec.flag)) == spec.spelling);
      if (spec.flag == Flag::Probe || spec.flag == Flag::Version || spec.flag == Flag::Help) continue;
      const char *value = spec.flag == Flag::ConnectTcp || spec.flag == Flag::BindTcp ? "80"
                          : spec.flag == Flag::Scope ? "signal" : spec.flag == Flag::RequireAbi ? "1" : "/v";
      std::vector<std::string> args{spec.spelling};
      if (spec.takes_value) args.push_back(value);
      args.insert(args.end(), {"--", "x"});
      Parsed p = parse(args);
      CHECK(error_text(p).empty());
      if (spec.takes_value) {
        REQUIRE(valued_flags(p).size() == 1);
        CHECK(valued_flags(p)[0] == std::make_pair(spec.flag, std::string(value)));
      }
    }
  }

  TEST_CASE("ABI to handled filesystem rights") {
    using namespace llr;
    const uint64_t abi1 = (1ull << 13) - 1;
    CHECK(fs_rights_for_abi(1) == abi1);
    CHECK(fs_rights_for_abi(2) == (abi1 | kRefer));
    CHECK(fs_rights_for_abi(3) == (abi1 | kRefer | kTruncate));
    CHECK(fs_rights_for_abi(4) == fs_rights_for_abi(3));
    CHECK(fs_rights_for_abi(5) == (abi1 | kRefer | kTruncate | kIoctlDev));
    CHECK(fs_rights_for_abi(7) == fs_rights_for_abi(5));
    CHECK(fs_rights_for_abi(8) == fs_rights_for_abi(5));
    CHECK(fs_rights_for_abi(9) == (fs_rights_for_abi(5) | kResolveUnix));
    CHECK_FALSE(fs_enforcement_full(2));
    CHECK_FALSE(fs_enforcement_full(4));
    CHECK(fs_enforcement_full(5));
  }

  TEST_CASE("grant masks: files lose directory-only rights; no unknown bit is ever set") {
    using namespace llr;
    for (int abi = 1; abi <= llr_cli::kNewestKnownAbi; ++abi) {
      CAPTURE(abi);
      for (bool writable : {false, true})
        for (bool dir : {false, true}) {
          uint64_t m = grant_rights(writable, dir, abi);
          CHECK((m & ~fs_rights_for_abi(abi)) == 0);
          if (!dir) CHECK((m & ~kFileRights) == 0);
          CHECK((m & kReadFile) != 0);
        }
      CHECK(grant_rights(false, true, abi) == kReadRights);
      CHECK(grant_rights(false, false, abi) == (kExecute | kReadFile));
      CHECK(grant_rights(true, true, abi) == fs_rights_for_abi(abi));
      CHECK((grant_rights(true, false, abi) & kWriteFile) != 0);
      CHECK((grant_rights(true, false, abi) & kTruncate) == (abi >= 3 ? kTruncate : 0));
    }
  }

  TEST_CASE("report lines are assembled without allocation and never overflow") {
    llr::Line line;
    line.add("abi=").num(7).add(" n=").num(0).add(" big=").num(1234567890);
    CHECK(std::string(line.buf) == "abi=7 n=0 big=1234567890");
    llr::Line full;
    std::string huge(10000, 'x');
    full.add(huge.c_str());
    CHECK(full.len == sizeof full.buf - 2);
    CHECK(full.buf[full.len] == '\0');
    llr::Line forged;
    forged.add("--ro\nlandlock-run: fake\t\x7f");
    CHECK(std::string(forged.buf) == "--ro?landlock-run: fake??");
    llr::Line clipped;
    clipped.add(huge.c_str(), 4).add(": why");
    CHECK(std::string(clipped.buf) == "xxxx...: why");
  }

  TEST_CASE("report lines mask C1 controls and bytes that are not UTF-8, and keep valid UTF-8") {
    auto shown = [](const char *text) { return std::string(llr::Line().add(text).buf); };
    CHECK(shown("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0") == "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0");
    CHECK(shown("a\xc2\x9b" "31mb") == "a?31mb");        // U+009B, CSI in UTF-8: one '?'
    CHECK(shown("\xc2\x80\xc2\x85\xc2\x9f") == "???");  // U+0080, NEL, U+009F
    CHECK(shown("a\x9b" "31mb") == "a?31mb");            // a raw CSI byte
    CHECK(shown("\x1b[31m\x07") == "?[31m?");           // C0 as before
    CHECK(shown("\xff\xfe\x80\xbf") == "????");         // never valid, lone continuation bytes
    CHECK(shown("\xc3") == "?");                       // cut short by the end
    CHECK(shown("\xc3(") == "?(");                     // cut short by ASCII
    CHECK(shown("\xe2\x82") == "??");
    CHECK(shown("\xc0\xaf\xc1\xbf") == "????");         // overlong two-byte forms
    CHECK(shown("\xe0\x80\xaf") == "???");             // overlong three-byte form
    CHECK(shown("\xed\xa0\x80") == "???");             // a UTF-16 surrogate
    CHECK(shown("\xf0\x8f\xbf\xbf") == "????");         // overlong four-byte form
    CHECK(shown("\xf4\x90\x80\x80\xf5\x80") == "??????");  // beyond U+10FFFF
    CHECK(shown("\xed\x9f\xbf\xf4\x8f\xbf\xbf") == "\xed\x9f\xbf\xf4\x8f\xbf\xbf");  // the edges, kept
    llr::Line clipped;
    clipped.add("\xc3\xa9\xc3\xa9\xc3\xa9", 3);
    CHECK(std::string(clipped.buf) == "\xc3\xa9\xc3\xa9...");  // a sequence is never split by the clip
    llr::Line full;
    std::string almost(sizeof full.buf - 3, 'x');
    full.add(almost.c_str()).add("\xe2\x82\xac");
    CHECK(full.len == almost.size());  // nor by a full buffer: the whole sequence is left out
    CHECK(std::string(full.buf) == almost);
  }
}
