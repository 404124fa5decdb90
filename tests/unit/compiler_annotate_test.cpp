// Unit tests: diagnostics for machines (gcc lines, GitHub workflow commands).
#include <doctest/doctest.h>

#include "../../compiler/out/annotate.h"

using namespace llp;

namespace {

struct World {
  Sources sources;
  Diagnostics diags;
};

World one_file(const std::string &name, const std::string &text) {
  World w;
  w.sources.add({name, text, Provenance::User, {}});
  return w;
}

}  // namespace

TEST_SUITE("compiler annotations") {
  TEST_CASE("the runner's escapes: data and properties") {
    CHECK(github_escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext");
    CHECK(github_escape_data("a:b,c") == "a:b,c");
    CHECK(github_escape_property("dir,1/a:b%.toml") == "dir%2C1/a%3Ab%25.toml");
    CHECK(github_escape_property("\n\r") == "%0A%0D");
  }
  TEST_CASE("format names") {
    DiagFormat f = DiagFormat::Text;
    CHECK(parse_diag_format("github", f));
    CHECK(f == DiagFormat::Github);
    CHECK(parse_diag_format("gcc", f));
    CHECK(f == DiagFormat::Gcc);
    CHECK(parse_diag_format("text", f));
    CHECK(f == DiagFormat::Text);
    CHECK_FALSE(parse_diag_format("GitHub", f));
    CHECK_FALSE(parse_diag_format("", f));
  }
  TEST_CASE("an error with a note and a hint is one annotation, in file order") {
    World w = one_file("policy.toml", "version = 1\nro = [\"/a\"]\n");
    Diagnostic &d = w.diags.error({0, 2, 7}, "ro grant `/a` lies under rw", "grant the subfolders");
    d.related.push_back({{0, 1, 1}, "the rw grant is here"});
    w.diags.warning({0, 1, 0}, "an early warning");
    w.diags.note({}, "from the command line");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github) ==
          "::warning file=policy.toml,line=1,title=landlock-policy::an early warning\n"
          "::error file=policy.toml,line=2,col=7,title=landlock-policy::ro grant `/a` lies under rw"
          "%0Apolicy.toml:1:1: note: the rw grant is here%0Ahint: grant the subfolders\n"
          "::notice title=landlock-policy::from the command line\n");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Gcc) ==
          "policy.toml:1: warning: an early warning\n"
          "policy.toml:2:7: error: ro grant `/a` lies under rw\n"
          "policy.toml:1:1: note: the rw grant is here\n"
          "policy.toml:2:7: note: hint: grant the subfolders\n"
          "landlock-policy: note: from the command line\n");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Text) == w.diags.render(w.sources));
  }
  TEST_CASE("a warning about the environment is for a person: a terminal or gcc, never github or a pipe") {
    World w = one_file("policy.toml", "version = 1\n");
    w.diags.warning({}, "writable grant `${TMPDIR}` contains /tmp/x/.git", "review it").concern = Concern::Environment;
    w.diags.warning({0, 1, 0}, "about your run");
    const std::string to_a_pipe = render_diagnostics(w.diags, w.sources, DiagFormat::Text);
    CHECK(to_a_pipe.find("about your run") != std::string::npos);
    CHECK(to_a_pipe.find(".git") == std::string::npos);  // npm's `warnings` read this
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github) ==
          "::warning file=policy.toml,line=1,title=landlock-policy::about your run\n");
    const std::string on_a_terminal = render_diagnostics(w.diags, w.sources, DiagFormat::Text, "", true);
    CHECK(on_a_terminal == w.diags.render(w.sources));
    CHECK(on_a_terminal.find(
              "landlock-policy: warning: writable grant `${TMPDIR}` contains /tmp/x/.git\n  hint: review it\n") !=
          std::string::npos);
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Gcc).find("contains /tmp/x/.git") != std::string::npos);
    // Under strict it is an error, which every reader gets.
    w.diags.error({}, "strict: contains /tmp/y/.git").concern = Concern::Environment;
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github).find("::error title=landlock-policy::strict") !=
          std::string::npos);
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Text).find("/tmp/y/.git") != std::string::npos);
  }
  TEST_CASE("hostile bytes never reach the log raw and cannot start a command") {
    // A file name and a message that try to end the workflow command and
    // start another one, with ESC, CR, a C1 control and the separators.
    World w = one_file("a,b:c\n::error::x.toml", "x");
    w.diags.error({0, 1, 1}, "grant `/x\r\n::add-mask::y\x1b[31m\xc2\x9b%`");
    std::string out = render_diagnostics(w.diags, w.sources, DiagFormat::Github);
    CHECK(out ==
          "::error file=a%2Cb%3Ac\\x0a%3A%3Aerror%3A%3Ax.toml,line=1,col=1,title=landlock-policy::"
          "grant `/x\\x0d\\x0a::add-mask::y\\x1b[31m\\xc2\\x9b%25`\n");
    for (char c : out) CHECK((c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f)));
    std::string gcc = render_diagnostics(w.diags, w.sources, DiagFormat::Gcc);
    CHECK(gcc.find('\x1b') == std::string::npos);
    CHECK(gcc.find('\r') == std::string::npos);
  }
  TEST_CASE("file names under GITHUB_WORKSPACE become relative to it") {
    World w = one_file("/home/runner/work/repo/ci/policy.toml", "x");
    w.diags.error({0, 1, 1}, "bad");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github, "/home/runner/work/repo") ==
          "::error file=ci/policy.toml,line=1,col=1,title=landlock-policy::bad\n");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github, "/home/runner/work/repo/") ==
          "::error file=ci/policy.toml,line=1,col=1,title=landlock-policy::bad\n");
    // A sibling folder that only shares the prefix is outside the repository:
    // no file property GitHub could not place, the place in the message.
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github, "/home/runner/work/re") ==
          "::error title=landlock-policy::/home/runner/work/repo/ci/policy.toml:1:1: bad\n");
  }
  TEST_CASE("a file outside GITHUB_WORKSPACE (a copy in RUNNER_TEMP) is not named as an annotation's file (issue 24)") {
    World w = one_file("/home/runner/work/_temp/landlock-run/policy/policy.toml", "x");
    w.diags.warning({0, 2, 8}, "w");
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github, "/home/runner/work/repo/repo") ==
          "::warning title=landlock-policy::/home/runner/work/_temp/landlock-run/policy/policy.toml:2:8: w\n");
    // Without a repository root (not in a workflow), the file is named as it is.
    CHECK(render_diagnostics(w.diags, w.sources, DiagFormat::Github) ==
          "::warning "
          "file=/home/runner/work/_temp/landlock-run/policy/policy.toml,line=2,col=8,title=landlock-policy::w\n");
  }
}
