// Unit tests: small string helpers, variable expansion and lexical paths.
#include <doctest/doctest.h>

#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/policy/expand.h"
#include "../../compiler/host/paths.h"
#include "../../compiler/base/text.h"

using namespace llp;

TEST_SUITE("compiler text") {
  TEST_CASE("utf-8 validation refuses overlongs, surrogates and truncation") {
    CHECK(valid_utf8("plain"));
    CHECK(valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));
    CHECK_FALSE(valid_utf8("\xc0\xaf"));      // overlong '/'
    CHECK_FALSE(valid_utf8("\xed\xa0\x80"));  // surrogate
    CHECK_FALSE(valid_utf8("\xe2\x82"));      // truncated
    CHECK_FALSE(valid_utf8("\xff"));
    CHECK_FALSE(valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  }
  TEST_CASE("control characters are found, printable ones are not") {
    CHECK(find_control("/a/b") == std::string_view::npos);
    CHECK(find_control("/a\nb") == 2);
    CHECK(find_control(std::string_view("/a\0b", 4)) == 2);
    CHECK(find_control("/a\x7f") == 2);
  }
  TEST_CASE("did-you-mean suggests close keys only") {
    CHECK(nearest("rx", {"ro", "rw", "mode"}) == "ro");
    CHECK(nearest("workspace-writ", {"read-only", "workspace-write"}) == "workspace-write");
    CHECK(nearest("zzzzzz", {"ro", "rw", "mode"}).empty());
    CHECK(suggestion("zzzzzz", {"ro", "rw"}) == "valid here: `ro` or `rw`");
    CHECK(edit_distance("kitten", "sitting") == 3);
  }
}

TEST_SUITE("compiler expansion") {
  Variables vars() {
    static const std::map<std::string, std::string> env = {{"CACHE", "/var/cache"}, {"EMPTY", ""}};
    Variables v;
    v.home = "/home/u";
    v.pwd = "/src";
    v.workspace = "/ws";
    v.tmpdir = "/tmp";
    v.env = &env;
    return v;
  }
  TEST_CASE("every variable expands") {
    CHECK(expand_variables("~", vars()).value == "/home/u");
    CHECK(expand_variables("~/.cache", vars()).value == "/home/u/.cache");
    CHECK(expand_variables("${HOME}/x${PWD}${WORKSPACE}${TMPDIR}", vars()).value == "/home/u/x/src/ws/tmp");
    CHECK(expand_variables("${env.CACHE}/tool", vars()).value == "/var/cache/tool");
    CHECK(expand_variables("/a$$b", vars()).value == "/a$b");
    CHECK(expand_variables("/a~b", vars()).value == "/a~b");  // ~ only at the start
  }
  TEST_CASE("unknown or unset variables are errors, never empty strings") {
    CHECK(expand_variables("${env.NOT_SET}/x", vars()).error == "environment variable NOT_SET is not set");
    CHECK(expand_variables("${HOEM}", vars()).hint == "did you mean `HOME`?");
    CHECK_FALSE(expand_variables("${HOME", vars()).error.empty());
    CHECK_FALSE(expand_variables("/a$b", vars()).error.empty());
    Variables no_home = vars();
    no_home.home.reset();
    CHECK_FALSE(expand_variables("~/x", no_home).error.empty());
    // Set but empty is an error too: "${env.EMPTY}/cache" would become "/cache".
    CHECK(expand_variables("${env.EMPTY}/cache", vars()).error == "environment variable EMPTY is empty");
  }
}

TEST_SUITE("compiler paths") {
  TEST_CASE("lexical normalisation") {
    CHECK(lexical_normalize("/a//b/./c/../d/") == "/a/b/d");
    CHECK(lexical_normalize("/../..") == "/");
    CHECK(lexical_normalize("/") == "/");
  }
  TEST_CASE("containment is per component") {
    CHECK(is_within("/a/b", "/a"));
    CHECK(is_within("/a", "/a"));
    CHECK(is_within("/anything", "/"));
    CHECK_FALSE(is_within("/a/bc", "/a/b"));
    CHECK_FALSE(is_within("/a", "/a/b"));
  }
  TEST_CASE("parents and folders") {
    CHECK(parent_path("/a/b") == "/a");
    CHECK(parent_path("/a") == "/");
    CHECK(parent_path("/").empty());
    CHECK(dir_name("p.toml") == ".");
    CHECK(dir_name("d/p.toml") == "d");
    CHECK(join_path("/d", "x") == "/d/x");
    CHECK(join_path("/d", "/abs") == "/abs");
  }
  TEST_CASE("path validation: hostile and benign") {
    CHECK(path_problem("/usr/lib").empty());
    CHECK(path_problem("/caf\xc3\xa9").empty());
    CHECK(path_problem("relative") == "the path is not absolute");
    CHECK(path_problem("/a\nb").find("control character") != std::string::npos);
    CHECK(path_problem("/a\x1b[31m").find("control character") != std::string::npos);
    CHECK(path_problem("/\xff").find("UTF-8") != std::string::npos);
    CHECK(path_problem("/" + std::string(5000, 'a')).find("PATH_MAX") != std::string::npos);
    CHECK(path_problem("/" + std::string(4000, 'a')).empty());
  }
  TEST_CASE("canonicalisation resolves symlinks, and the missing tail lexically") {
    char tmpl[] = "/tmp/llp-canon.XXXXXX";
    std::string root = mkdtemp(tmpl);
    std::string real = root + "/real";
    REQUIRE(mkdir(real.c_str(), 0755) == 0);
    REQUIRE(symlink(real.c_str(), (root + "/link").c_str()) == 0);
    int err = 0;
    CHECK(canonical(root + "/link", &err) == real);
    CHECK_FALSE(canonical(root + "/missing", &err));
    CHECK(err == ENOENT);
    CHECK(canonical_or_lexical(root + "/link/not/yet") == real + "/not/yet");
    CHECK(kind_of(real) == Kind::Directory);
    CHECK(is_symlink(root + "/link"));
    std::string cmd = "rm -rf '" + root + "'";
    CHECK(std::system(cmd.c_str()) == 0);
  }
}
