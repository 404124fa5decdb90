// Unit tests (issue 29): workspace-write declares the common builds' outputs
// by itself, from their marker files at the workspace root (plan/detect.h);
// they yield silently where a written output would be refused, and a name
// read from go.mod is checked before it names anything.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/out/starter.h"
#include "../../compiler/plan/detect.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::exists;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

const char *kWorkspaceWrite = "version = 1\nmode = \"workspace-write\"\n";

const Output *output_named(const CompileResult &r, const std::string &path) {
  auto it = std::find_if(r.plan.outputs.begin(), r.plan.outputs.end(), [&](const Output &o) { return o.path == path; });
  return it == r.plan.outputs.end() ? nullptr : &*it;
}

// The detected outputs' written names, in order.
std::vector<std::string> written_of(const Detection &d) {
  std::vector<std::string> out(d.outputs.size());
  std::transform(d.outputs.begin(), d.outputs.end(), out.begin(), [](const DetectedOutput &o) { return o.written; });
  return out;
}

ProjectRoot root_with(std::vector<std::string> files) {
  ProjectRoot root;
  root.looked = true;
  root.files = std::move(files);
  return root;
}

}  // namespace

TEST_SUITE("compiler detect") {
  TEST_CASE("each build's marker declares that build's outputs, each once, with the first marker") {
    CHECK(written_of(detect_builds(root_with({"Cargo.toml"}))) == std::vector<std::string>{"target/", "Cargo.lock"});
    CHECK(written_of(detect_builds(root_with({"CMakeLists.txt"}))) == std::vector<std::string>{"build/"});
    CHECK(written_of(detect_builds(root_with({"pom.xml"}))) == std::vector<std::string>{"target/"});
    CHECK(written_of(detect_builds(root_with({"settings.gradle.kts"}))) ==
          std::vector<std::string>{"build/", ".gradle/"});
    CHECK(written_of(detect_builds(root_with({"configure"}))) == std::vector<std::string>{"build/"});
    const Detection both = detect_builds(root_with({"configure", "CMakeLists.txt"}));
    REQUIRE(written_of(both) == std::vector<std::string>{"build/"});
    CHECK(both.outputs[0].marker == "CMakeLists.txt");
    const Detection python = detect_builds(root_with({"requirements-dev.txt", "tool.py"}));
    CHECK(written_of(python) ==
          std::vector<std::string>{".venv/", "build/", "dist/", ".pytest_cache/", "__pycache__/"});
    CHECK(python.outputs[0].marker == "requirements-dev.txt");
    CHECK(python.presets == std::vector<std::string>{"pip"});
    CHECK(detect_builds(root_with({"README.md", "Makefile"})).outputs.empty());
    CHECK(detect_builds(ProjectRoot{}).outputs.empty());  // a root that could not be looked at
  }

  TEST_CASE("only the lock file of the package manager actually detected") {
    ProjectRoot npm = root_with({"package.json"});
    CHECK(written_of(detect_builds(npm)) == std::vector<std::string>{"node_modules/", "package-lock.json"});
    ProjectRoot pnpm = root_with({"package.json"});
    pnpm.package_json = R"({"name": "a", "packageManager" : "pnpm@9.15.9"})";
    CHECK(written_of(detect_builds(pnpm)) == std::vector<std::string>{"node_modules/", "pnpm-lock.yaml"});
    CHECK(detect_builds(pnpm).presets == std::vector<std::string>{"pnpm"});
    CHECK(written_of(detect_builds(root_with({"package.json", "pnpm-lock.yaml"}))) ==
          std::vector<std::string>{"node_modules/", "pnpm-lock.yaml"});
    CHECK(written_of(detect_builds(root_with({"package.json", "yarn.lock"}))) ==
          std::vector<std::string>{"node_modules/", "yarn.lock"});
    ProjectRoot berry = root_with({"package.json"});
    berry.package_json = R"({"packageManager": "yarn@4.1.0"})";
    CHECK(written_of(detect_builds(berry)) == std::vector<std::string>{"node_modules/"});
    CHECK(detect_builds(berry).presets == std::vector<std::string>{"yarn"});
    CHECK(written_of(detect_builds(root_with({"package.json", "bun.lockb"}))) ==
          std::vector<std::string>{"node_modules/"});
    // Never yarn.lock or pnpm-lock.yaml in an npm project.
    for (const DetectedOutput &d : detect_builds(npm).outputs) {
      CHECK(d.written != "yarn.lock");
      CHECK(d.written != "pnpm-lock.yaml");
    }
  }

  TEST_CASE("go: the binary is named after the module, only for package main, executable") {
    ProjectRoot go = root_with({"go.mod", "main.go"});
    go.go_mod = "// c\nmodule example.com/tools/hello/v2 // the module\n\ngo 1.19\n";
    CHECK(written_of(detect_builds(go)) == std::vector<std::string>{"go.sum"});  // not package main
    go.go_main = true;
    const Detection d = detect_builds(go);
    REQUIRE(written_of(d) == std::vector<std::string>{"go.sum", "hello"});
    CHECK(d.outputs[1].executable);
    CHECK_FALSE(d.outputs[0].executable);
    std::string why;
    CHECK(go_binary_name("module \"example.com/quoted\"\n", why) == "quoted");
    CHECK(go_binary_name("module `example.com/raw`\n", why) == "raw");
    CHECK(go_binary_name("go 1.19\n", why).empty());
    CHECK(why.empty());  // no module line: nothing to say
  }

  TEST_CASE("a hostile module name is ignored with an escaped warning, never an output") {
    const std::vector<std::string> hostile = {"example.com/.git",
                                              "../x",
                                              "example.com/../x",
                                              ".envrc",
                                              "example.com/.envrc",
                                              "example.com/mise.toml",
                                              "example.com/opencode.json",
                                              "example.com/x\u202Ey",
                                              "example.com/a\x1b[31mb",
                                              "example.com/-rf",
                                              "example.com/package.json",
                                              "example.com/target",
                                              "example.com/a\\b",
                                              "/abs",
                                              "example.com/x y"};
    for (const std::string &module : hostile) {
      CAPTURE(module);
      ProjectRoot go = root_with({"go.mod", "main.go"});
      go.go_main = true;
      go.go_mod = "module " + module + "\n";
      const Detection d = detect_builds(go);
      CHECK(written_of(d) == std::vector<std::string>{"go.sum"});
      REQUIRE(d.warnings.size() == 1);
      for (char c : d.warnings[0]) CHECK(static_cast<unsigned char>(c) >= 0x20);
      CHECK(d.warnings[0].find("\u202E") == std::string::npos);
    }
  }

  TEST_CASE("workspace-write declares them: created on a run, granted, explained with the marker") {
    Tree t;
    t.carve_workspace();
    t.file("/ws/CMakeLists.txt", "project(x)\n");
    CompileResult look = t.compile(kWorkspaceWrite);
    REQUIRE_MESSAGE(look.ok, look.rendered());
    const Output *build = output_named(look, t.path("/ws/build"));
    REQUIRE(build);
    CHECK(build->origin == Origin::Detected);
    CHECK(build->marker == "CMakeLists.txt");
    CHECK(build->state == OutputState::Missing);
    CHECK_FALSE(exists(t.path("/ws/build")));  // not a run: nothing created
    CompileResult r = t.run(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(exists(t.path("/ws/build")));
    auto grant = std::find_if(r.plan.outer.grants.begin(), r.plan.outer.grants.end(),
                              [&](const Grant &g) { return g.path == t.path("/ws/build"); });
    REQUIRE(grant != r.plan.outer.grants.end());
    CHECK(grant->access == Access::Rw);
    CHECK(grant->origin == Origin::Detected);
    CHECK(origin_text(*grant) == "detected: CMakeLists.txt");
  }

  TEST_CASE("read-only, custom, detect_outputs = false and --target portable declare nothing") {
    Tree t;
    t.file("/ws/Cargo.toml", "[package]\n");
    for (const std::string &text : {std::string("version = 1\nmode = \"read-only\"\n"),
                                    std::string("version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n"),
                                    std::string(kWorkspaceWrite) + "detect_outputs = false\n"}) {
      CAPTURE(text);
      CompileResult r = t.run(text);
      REQUIRE_MESSAGE(r.ok, r.rendered());
      CHECK(r.plan.outputs.empty());
    }
    CHECK_FALSE(exists(t.path("/ws/target")));
    CompileOptions o = t.options(kWorkspaceWrite);
    o.target = Target::Portable;
    CHECK(compile(o).plan.outputs.empty());
    // custom with the workspace writable may turn it on.
    CompileResult on = t.compile("version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\ndetect_outputs = true\n");
    REQUIRE_MESSAGE(on.ok, on.rendered());
    CHECK(output_named(on, t.path("/ws/target")));
  }

  TEST_CASE("a detected output yields silently to your ro, a carve exception, a symlink, something in its place") {
    Tree t;
    t.carve_workspace();
    t.dir("/ws/build");
    t.file("/ws/CMakeLists.txt", "project(x)\n");
    t.file("/ws/Cargo.toml", "[package]\n");
    t.file("/ws/target", "a file where the folder would be");
    t.file("/ws/package.json", "{}");
    REQUIRE(symlink(t.path("/data").c_str(), t.path("/ws/node_modules").c_str()) == 0);
    CompileResult r = t.run(std::string(kWorkspaceWrite) + "ro = [\"${WORKSPACE}/build\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(output_named(r, t.path("/ws/build")));
    CHECK_FALSE(output_named(r, t.path("/ws/target")));
    CHECK_FALSE(output_named(r, t.path("/ws/node_modules")));
    CHECK(output_named(r, t.path("/ws/Cargo.lock")));
    for (const Diagnostic &d : r.diags.all()) {
      CAPTURE(d.message);
      CHECK(d.message.find("output") == std::string::npos);
    }
    // The same as written outputs: errors.
    CompileResult written =
        t.run(std::string(kWorkspaceWrite) + "ro = [\"${WORKSPACE}/build\"]\noutputs = [\"build/\"]\n");
    CHECK(has_error(written, "ro grant"));
  }

  TEST_CASE("a project policy can turn detection off, never on; your outputs stay yours") {
    Tree t;
    t.file("/ws/Cargo.toml", "[package]\n");
    const std::string user = std::string(kWorkspaceWrite) + "project = \"${WORKSPACE}/.landlock.toml\"\n";
    t.file("/ws/.landlock.toml", "version = 1\ndetect_outputs = false\n");
    CompileResult off = t.compile(user);
    REQUIRE_MESSAGE(off.ok, off.rendered());
    CHECK(off.plan.outputs.empty());
    t.file("/ws/.landlock.toml", "version = 1\ndetect_outputs = true\n");
    CompileResult on = t.compile(user + "detect_outputs = false\n");
    CHECK(has_warning(on, "cannot set `detect_outputs = true`"));
    CHECK(on.plan.outputs.empty());
    CompileResult mine = t.compile(std::string(kWorkspaceWrite) + "outputs = [\"target/\"]\n");
    REQUIRE_MESSAGE(mine.ok, mine.rendered());
    const Output *target = output_named(mine, t.path("/ws/target"));
    REQUIRE(target);
    CHECK(target->origin == Origin::Output);  // declared once, as you wrote it
  }

  TEST_CASE("the go binary from a real root: package main read, an attacker's name never created") {
    Tree t;
    t.file("/ws/go.mod", "module example.com/hello\n");
    t.file("/ws/main.go", "// Command hello.\npackage main\n\nfunc main() {}\n");
    CompileResult r = t.run(kWorkspaceWrite);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const Output *hello = output_named(r, t.path("/ws/hello"));
    REQUIRE(hello);
    CHECK(hello->executable);
    t.file("/ws/go.mod", "module example.com/.envrc\n");
    CompileResult bad = t.run(kWorkspaceWrite);
    CHECK(has_warning(bad, "go.mod at the workspace root: module `example.com/.envrc`"));
    CHECK_FALSE(exists(t.path("/ws/.envrc")));
    // A go.mod that is a symlink is never read.
    REQUIRE(unlink(t.path("/ws/go.mod").c_str()) == 0);
    t.file("/data/elsewhere", "module example.com/leaked\n");
    REQUIRE(symlink(t.path("/data/elsewhere").c_str(), t.path("/ws/go.mod").c_str()) == 0);
    CompileResult linked = t.run(kWorkspaceWrite);
    CHECK_FALSE(output_named(linked, t.path("/ws/leaked")));
    CHECK_FALSE(exists(t.path("/ws/leaked")));
  }

  TEST_CASE("init: the presets of the builds found, and the outputs said in comments") {
    StarterProject project;
    project.looked = true;
    project.presets = {"cargo"};
    project.outputs = {"target/  (Cargo.toml)"};
    const std::string text = starter_policy("mode = \"workspace-write\"\n\n", project);
    CHECK(text.find("extends = [\"preset:cargo\"]\n") != std::string::npos);
    CHECK(text.find("#   target/  (Cargo.toml)\n") != std::string::npos);
    CHECK(starter_policy("mode = \"read-only\"\n\n").find("extends") == std::string::npos);
    Tree t;
    CompileResult r = t.compile(text);
    CHECK_MESSAGE(r.ok, r.rendered());
  }

  TEST_CASE("docs/policy-format.md shows the builds table as the compiler has it") {
    const char *root = std::getenv("LLR_ROOT");  // NOLINT(concurrency-mt-unsafe): read once, no threads
    std::ifstream in(std::string(root ? root : ".") + "/docs/policy-format.md");
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    const std::string table = builds_markdown();
    CHECK_MESSAGE(text.str().find(table) != std::string::npos, "docs/policy-format.md lacks the table:\n" << table);
  }
}
