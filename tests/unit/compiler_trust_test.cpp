// The compiler's trust boundary (docs/policy-format.md, "Threat model"):
// the repository is the attacker. Each case plants what a hostile
// workspace or an earlier confined run could have left, then compiles; each
// failed against the compiler before the fix it pins. The two-phase attacks
// with the real launcher, as an unprivileged user, are tests/hostile/.
#include <doctest/doctest.h>

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../compiler/out/explain.h"
#include "../../compiler/out/state_text.h"
#include "../../compiler/plan/normalise.h"
#include "../../compiler/plan/protect.h"
#include "../../compiler/plan/trust.h"
#include "../../compiler/host/mounts.h"
#include "../../compiler/host/paths.h"
#include "../../compiler/host/read.h"
#include "../../compiler/base/text.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::grants_of;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

std::string custom(const std::string &body) { return "version = 1\nmode = \"custom\"\n" + body; }

bool covered(const CompileResult &r, const std::string &path) {
  for (const Grant &g : r.plan.outer.grants)
    if (is_within(path, g.path) || is_within(g.path, path)) return true;
  return false;
}

bool any_grant_under(const CompileResult &r, const std::string &path) {
  for (const LayerPlan *layer : {&r.plan.outer, &r.plan.inner})
    for (const Grant &g : layer->grants)
      if (is_within(g.path, path)) return true;
  return false;
}

void link(const Tree &t, const std::string &target, const std::string &rel) {
  REQUIRE(symlink(target.c_str(), t.path(rel).c_str()) == 0);
}

// A user policy that extends `file` and names a project policy in the workspace.
std::string user_policy(const std::string &extends) {
  return "version = 1\nmode = \"workspace-write\"\nextends = [\"" + extends + "\"]\n";
}

const char *kWidening =
    "version = 1\nkeep_fds = true\nbest_effort = true\nrw = [\"~/.ssh\"]\n"
    "[protect]\nunprotect = [\"~/.ssh\"]\n[launcher]\npath = \"/bin/sh\"\n";

}  // namespace

TEST_SUITE("compiler trust: provenance follows every path a file was reached through") {
  TEST_CASE("an extended file reached through a symlink in the workspace is the project's, wherever it ends") {
    Tree t;
    t.file("/data/evil.toml", kWidening);  // outside every writable area: the old check called it the user's
    link(t, t.path("/data/evil.toml"), "/ws/base.toml");
    CompileResult r = t.compile(user_policy("${WORKSPACE}/base.toml"));
    CHECK_FALSE(r.plan.keep_fds);
    CHECK_FALSE(r.plan.best_effort);
    CHECK_FALSE(any_grant_under(r, t.path("/home/.ssh")));
    CHECK(r.plan.launcher == t.path("/bin/landlock-run"));
    // A project policy ending outside the workspace: not even read.
    CHECK(has_error(r, "project policy file " + t.path("/ws/base.toml") + " resolves to " + t.path("/data/evil.toml") +
                           ", outside the workspace: not read"));
  }
  TEST_CASE("a folder on the way swapped for a symlink: the file is still the project's") {
    Tree t;
    t.dir("/ws/real");
    t.file("/ws/real/base.toml", kWidening);
    link(t, t.path("/ws/real"), "/ws/conf");
    CompileResult r = t.compile(user_policy("${WORKSPACE}/conf/base.toml"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(r.plan.keep_fds);
    CHECK_FALSE(r.plan.best_effort);
    CHECK_FALSE(any_grant_under(r, t.path("/home/.ssh")));
    CHECK(r.plan.launcher == t.path("/bin/landlock-run"));
    CHECK(has_warning(r, "cannot set `keep_fds`"));
    CHECK(has_warning(r, "cannot unprotect"));
    // explain names the file and why it is the project's.
    CHECK(explain(r).find("project policy: " + t.path("/ws/conf/base.toml") + ": reached through " +
                          t.path("/ws/conf")) != std::string::npos);
  }
  TEST_CASE("a file reached through ${TMPDIR} is the project's too") {
    Tree t;
    t.file("/tmp/base.toml", kWidening);
    CompileResult r = t.compile(user_policy("${TMPDIR}/base.toml"));
    CHECK_FALSE(r.plan.keep_fds);
    CHECK_FALSE(any_grant_under(r, t.path("/home/.ssh")));
  }
  TEST_CASE("a project policy extends nothing: /proc/self/environ and keys are never read") {
    Tree t;
    t.file("/home/.netrc", "machine x password NETRC-SECRET\n");
    t.file("/home/.ssh/id_ed25519", "SSHKEY-SECRET\n");
    t.file("/ws/.landlock.toml",
           "version = 1\nextends = [\"/proc/self/environ\", \"~/.ssh/id_ed25519\", \"~/.netrc\"]\n");
    CompileOptions o =
        t.options("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    o.env["LLP_TOKEN"] = "ENV-SECRET";
    CompileResult r = compile(o);
    std::string shown = r.rendered() + explain(r);
    CHECK(shown.find("NETRC-SECRET") == std::string::npos);
    CHECK(shown.find("SSHKEY-SECRET") == std::string::npos);
    CHECK(shown.find("ENV-SECRET") == std::string::npos);
    CHECK(has_warning(r, "cannot extend other files"));
  }
  TEST_CASE("a project policy that is a symlink out of the workspace is not read") {
    Tree t;
    t.file("/home/.netrc", "[x\nmachine x password NETRC-SECRET\n");
    link(t, t.path("/home/.netrc"), "/ws/.landlock.toml");
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    CHECK(has_error(r, "outside the workspace: not read"));
    CHECK(r.rendered().find("NETRC-SECRET") == std::string::npos);
  }
}

TEST_SUITE("compiler trust: a project policy cannot read the environment") {
  TEST_CASE("${env.NAME} in a project policy is not expanded, so no diagnostic can print a token") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nro = [\"${env.LLP_TOKEN}\"]\nrw = [\"/${env.LLP_TOKEN}/x\"]\n");
    CompileOptions o =
        t.options("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    o.env["LLP_TOKEN"] = "ENV-SECRET";
    CompileResult r = compile(o);
    CHECK(has_error(r, "${env.LLP_TOKEN} in a project policy: not expanded"));
    CHECK(r.rendered().find("ENV-SECRET") == std::string::npos);
  }
}

TEST_SUITE("compiler trust: only regular files of bounded size are read") {
  TEST_CASE("a FIFO, a device and a huge file are refused without blocking") {
    Tree t;
    REQUIRE(mkfifo(t.path("/ws/.landlock.toml").c_str(), 0644) == 0);
    const std::string policy = "version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n";
    CHECK(has_error(t.compile(policy), "not a regular file (a FIFO)"));
    REQUIRE(unlink(t.path("/ws/.landlock.toml").c_str()) == 0);
    t.file("/ws/big.toml", std::string(2 << 20, '#'));
    link(t, t.path("/ws/big.toml"), "/ws/.landlock.toml");
    CHECK(has_error(t.compile(policy), "larger than 1 MiB"));
    std::string text, error;
    CHECK_FALSE(read_policy_file("/dev/zero", text, error));
    CHECK(error == "not a regular file (a character device)");
    CHECK(text.empty());
  }
}

TEST_SUITE("compiler trust: grants cannot be redirected through symlinks") {
  TEST_CASE("a grant under the workspace that resolves outside it is an error naming the chain") {
    Tree t;
    link(t, t.path("/home/notes.txt"), "/ws/target");
    CompileResult r = t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/ws/target\"]\n"));
    CHECK(has_error(r, "through the symlink " + t.path("/ws/target")));
    CHECK_FALSE(r.ok);
  }
  TEST_CASE("a symlink inside the workspace that stays inside is fine") {
    Tree t;
    link(t, t.path("/ws/src"), "/ws/alias");
    CompileResult r = t.compile(custom("ro = [\"${WORKSPACE}/alias\"]\n"));
    CHECK_MESSAGE(r.ok, r.rendered());
  }
  TEST_CASE("a dangling optional grant whose would-be target is protected is refused") {
    Tree t;
    link(t, t.path("/home/.kube"), "/ws/kube");  // ~/.kube does not exist
    CompileResult r = t.compile(
        "version = 1\nmode = \"workspace-write\"\n"
        "rw = [{ path = \"${WORKSPACE}/kube\", optional = true }]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "protected path " + t.path("/home/.kube")));
  }
  TEST_CASE("symlink chains in a protected folder are followed to the end, dangling or not") {
    Tree t;
    link(t, t.path("/data/hop"), "/home/.ssh/link");
    link(t, t.path("/data/final"), "/data/hop");  // dangling: final does not exist yet
    CompileResult r = t.compile(custom("rw = [{ path = \"${env.LLP_TEST_ROOT}/data/final\", optional = true }]\n"));
    CHECK(has_error(r, "symlink target inside protected"));
  }
  TEST_CASE("resolve_host follows chains, relative links and .. the way the kernel does") {
    Tree t;
    link(t, "../data/a", "/ws/rel");               // relative to the link's folder
    link(t, t.path("/ws/rel/deep/.."), "/ws/up");  // .. after a link
    link(t, t.path("/missing/x"), "/ws/dangling");
    link(t, t.path("/ws/loop2"), "/ws/loop1");
    link(t, t.path("/ws/loop1"), "/ws/loop2");
    HostPath rel = resolve_host(t.path("/ws/rel/f"));
    CHECK(rel.exists);
    CHECK(rel.path == t.path("/data/a/f"));
    CHECK(rel.hops.size() == 1);
    CHECK(resolve_host(t.path("/ws/up")).path == t.path("/data/a"));
    HostPath dangling = resolve_host(t.path("/ws/dangling/more"));
    CHECK_FALSE(dangling.exists);
    CHECK(dangling.path == t.path("/missing/x/more"));
    CHECK(dangling.error == ENOENT);
    CHECK(resolve_host(t.path("/ws/loop1")).error == ELOOP);
    std::vector<std::string> chain = chain_of(t.path("/ws/rel/f"), rel);
    CHECK(std::find(chain.begin(), chain.end(), t.path("/ws/rel")) != chain.end());
  }
}

TEST_SUITE("compiler trust: objects, not strings") {
  TEST_CASE("a bind mount's other path is found in the mount table") {
    const std::string table =
        "22 1 8:1 / / rw - ext4 /dev/sda1 rw\n"
        "40 22 8:1 /home/u/.ssh /mnt/keys rw - ext4 /dev/sda1 rw\n"
        "41 22 8:1 /home /srv/home\\040copy rw - ext4 /dev/sda1 rw\n"
        "42 22 0:5 / /proc rw - proc proc rw\n";
    std::vector<MountEntry> mounts = parse_mountinfo(table);
    REQUIRE(mounts.size() == 4);
    CHECK(mounts[2].mount_point == "/srv/home copy");
    CHECK(mount_aliases(mounts, "/home/u/.ssh") == std::vector<std::string>{"/mnt/keys", "/srv/home copy/u/.ssh"});
    CHECK(mount_aliases(mounts, "/mnt/keys/id") ==
          std::vector<std::string>{"/home/u/.ssh/id", "/srv/home copy/u/.ssh/id"});
    CHECK(mount_aliases(mounts, "/etc").empty());
  }
  TEST_CASE("a hard link to a hidden file among the complement's siblings is not granted") {
    Tree t;
    REQUIRE(::link(t.path("/home/.ssh/id_ed25519").c_str(), t.path("/home/key-copy").c_str()) == 0);
    CompileResult r = t.compile("version = 1\nmode = \"read-only\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK_FALSE(covered(r, t.path("/home/key-copy")));
    CHECK(covered(r, t.path("/home/notes.txt")));
    CHECK(has_warning(r, "hard links"));
  }
}

TEST_SUITE("compiler trust: persistence points and the wider secret list") {
  TEST_CASE("shell start-up files, autostart, ~/.local/bin, git config and .git are never writable") {
    Tree t;
    for (const char *d : {"/home/.local", "/home/.local/bin", "/home/.config", "/home/.config/autostart",
                          "/home/.config/git", "/ws/.git", "/ws/.git/hooks"})
      t.dir(d);
    for (const char *f : {"/home/.bashrc", "/home/.profile", "/home/.zshrc", "/home/.gitconfig"}) t.file(f, "x");
    for (const char *grant : {"~/.bashrc", "~/.profile", "~/.zshrc", "~/.gitconfig", "~/.local/bin",
                              "~/.config/autostart", "~/.config/git"}) {
      CAPTURE(grant);
      CHECK(has_error(t.compile(custom(std::string("rw = [\"") + grant + "\"]\n")), "built-in persistence point"));
    }
    CHECK(has_error(t.compile(custom("rw = [\"${WORKSPACE}/.git\"]\n")), "a .git folder"));
    CHECK(has_error(t.compile(custom("rw = [\"${WORKSPACE}/.git/hooks\"]\n")), "a .git folder"));
  }
  TEST_CASE("credential files are hidden by the modes; persistence points stay readable") {
    Tree t;
    for (const char *d : {"/home/.cargo", "/home/.config", "/home/.config/gh", "/home/.azure"}) t.dir(d);
    for (const char *f : {"/home/.npmrc", "/home/.pypirc", "/home/.cargo/credentials.toml",
                          "/home/.config/gh/hosts.yml", "/home/.azure/x", "/home/.bashrc"})
      t.file(f, "x");
    CompileResult r = t.compile("version = 1\nmode = \"read-only\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    for (const char *hidden :
         {"/home/.npmrc", "/home/.pypirc", "/home/.cargo/credentials.toml", "/home/.config/gh", "/home/.azure"}) {
      CAPTURE(hidden);
      CHECK_FALSE(covered(r, t.path(hidden)));
    }
    CHECK(covered(r, t.path("/home/.bashrc")));
  }
}

TEST_SUITE("compiler trust: variables are what the docs promise") {
  TEST_CASE("an empty or relative HOME is an error, never /.ssh or /home") {
    Tree t;
    for (const char *home : {"", "rel"}) {
      CAPTURE(home);
      CompileOptions o = t.options("version = 1\nmode = \"read-only\"\n");
      o.env["HOME"] = home;
      CompileResult r = compile(o);
      CHECK_FALSE(r.ok);
      CHECK(r.argv.empty());
    }
  }
  TEST_CASE("a workspace named through a symlink in the temp folder that leads out of it is refused") {
    Tree t;
    link(t, t.path("/data/b"), "/tmp/ws-link");
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    o.sets = {{"workspace", t.path("/tmp/ws-link")}};
    CHECK(has_error(compile(o), "through the symlink " + t.path("/tmp/ws-link")));
    o.sets = {{"workspace", t.path("/data/b")}};
    CHECK_MESSAGE(compile(o).ok, compile(o).rendered());
  }
  TEST_CASE("--set workspace is a literal path: a $ in it is a $") {
    Tree t;
    t.dir("/ws$x");
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    o.sets = {{"workspace", t.path("/ws$x")}};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(std::find(r.argv.begin(), r.argv.end(), t.path("/ws$x")) != r.argv.end());
  }
}

TEST_SUITE("compiler trust: the launcher cannot be substituted") {
  TEST_CASE("a bare name is refused: it would be looked up in PATH when the argv runs") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"read-only\"\n");
    o.launcher = "landlock-run";
    CHECK(has_error(compile(o), "is not a path"));
  }
  TEST_CASE("a launcher inside the workspace or the temp dir is refused") {
    Tree t;
    for (const char *where : {"/ws/landlock-run", "/tmp/landlock-run"}) {
      CAPTURE(where);
      t.file(where, "#!/bin/sh\n");
      chmod(t.path(where).c_str(), 0755);
      CompileOptions o = t.options("version = 1\nmode = \"read-only\"\n");
      o.launcher = t.path(where);
      CHECK(has_error(compile(o), "which a confined command can write"));
    }
  }
  TEST_CASE("a launcher reached through a symlink is protected at the link and at its target") {
    Tree t;
    t.dir("/data/b/bin");
    t.file("/data/b/bin/landlock-run", "#!/bin/sh\n");
    chmod(t.path("/data/b/bin/landlock-run").c_str(), 0755);
    link(t, t.path("/data/b/bin/landlock-run"), "/data/a/landlock-run");
    CompileOptions o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    o.launcher = t.path("/data/a/landlock-run");
    CHECK(has_error(compile(o), "the launcher binary"));
    o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/data/a\"]\n"));
    o.launcher = t.path("/data/a/landlock-run");
    CHECK(has_error(compile(o), "the launcher binary"));
  }
}

TEST_SUITE("compiler trust: nothing reaches the terminal raw") {
  TEST_CASE("printable escapes C0, DEL, C1, bidi overrides and invalid UTF-8, and keeps the rest") {
    CHECK(printable("a\x1b]52;c;SGVsbG8=\x07") == "a\\x1b]52;c;SGVsbG8=\\x07");
    CHECK(printable("\xc2\x9b"
                    "2J") == "\\xc2\\x9b2J");               // CSI as UTF-8 C1
    CHECK(printable("\x9b") == "\\x9b");                    // a raw C1 byte: invalid UTF-8
    CHECK(printable("\xe2\x80\xae") == "\\xe2\\x80\\xae");  // right-to-left override
    CHECK(printable("caf\xc3\xa9 \xe2\x82\xac") == "caf\xc3\xa9 \xe2\x82\xac");
    CHECK(printable_lines("a\nb\x1b") == "a\nb\\x1b");
  }
  TEST_CASE("an escape in a project policy's line, key or scope is printed escaped") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nscopes = [\"\x1b]52;c;x\x07\"]\n\xc2\x9bkey = 1 # \x1b[2J\n");
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    std::string shown = r.rendered();
    CHECK_FALSE(shown.empty());
    CHECK(shown.find('\x1b') == std::string::npos);
    CHECK(shown.find('\x07') == std::string::npos);
    CHECK(shown.find("\xc2\x9b") == std::string::npos);
  }
  TEST_CASE("a directory name with an escape, listed by hiding, is printed escaped by explain") {
    Tree t;
    t.dir("/data/\x1b]52;c;x\x07");  // a sibling of the hidden path: listed, granted, explained
    CompileResult r =
        t.compile(custom("ro = [\"${env.LLP_TEST_ROOT}/data\"]\nhide = [\"${env.LLP_TEST_ROOT}/data/a\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::string text = explain(r);
    CHECK(text.find('\x1b') == std::string::npos);
  }
}

// [env] (issue 11): a project policy may add unset patterns and narrow
// inherit (all -> core -> none); keep, set, default_unset = false and a
// wider inherit are errors that say why. A project must not pass the user's
// tokens into the sandbox, nor override what the user's policy sets.
namespace {

const char *kEnvUser =
    "version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n"
    "[env]\ninherit = \"core\"\nunset = [\"GH_*\"]\nset = { TOOL_HOME = \"/opt/tool\" }\n";

std::vector<std::string> env_texts(const std::vector<EnvRule> &rules) {
  std::vector<std::string> out(rules.size());
  std::transform(rules.begin(), rules.end(), out.begin(), [](const EnvRule &r) { return r.text; });
  return out;
}

bool argv_has(const CompileResult &r, const std::string &arg) {
  return std::find(r.argv.begin(), r.argv.end(), arg) != r.argv.end();
}

}  // namespace

TEST_SUITE("compiler trust: a project policy may only narrow the environment") {
  TEST_CASE("keep, set, default_unset = false and a wider inherit are refused, each saying why") {
    Tree t;
    struct Attempt {
      const char *env;
      const char *says;
    };
    for (const Attempt &a :
         {Attempt{"inherit = \"all\"",
                  "cannot widen the environment: inherit = \"all\" passes more of your variables than your policy's "
                  "inherit = \"core\""},
          Attempt{"keep = [\"*TOKEN*\"]",
                  "cannot keep `*TOKEN*` in the environment: it would pass your variables (tokens among them) into the "
                  "sandbox"},
          Attempt{"set = { TOOL_HOME = \"/ws/evil\" }",
                  "cannot set `TOOL_HOME` in the environment: it would override what your policy"},
          Attempt{"set = { LD_PRELOAD = \"/ws/evil.so\" }", "cannot set `LD_PRELOAD`"},
          Attempt{"default_unset = false", "cannot set [env] default_unset = false: it would pass your tokens"}}) {
      CAPTURE(a.env);
      t.file("/ws/.landlock.toml", std::string("version = 1\n[env]\n") + a.env + "\n");
      CompileOptions o = t.options(kEnvUser);
      o.env["GITHUB_TOKEN"] = "ENV-SECRET";
      CompileResult r = compile(o);
      CHECK_FALSE(r.ok);
      CHECK(r.argv.empty());
      CHECK(has_error(r, std::string("a project policy ") + a.says));
      CHECK(r.rendered().find(".landlock.toml:3:") != std::string::npos);
      CHECK(r.rendered().find("may only narrow the environment yours gives") != std::string::npos);
      CHECK(r.rendered().find("ENV-SECRET") == std::string::npos);
    }
  }
  TEST_CASE("strict or not, the refusals are errors (never dropped with a warning)") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\nstrict = false\n[env]\nkeep = [\"*\"]\n");
    CompileResult r = t.compile(kEnvUser);
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "cannot keep `*`"));
  }
  TEST_CASE("an inherit equal to yours is fine; over the default all, core and none narrow") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\n[env]\ninherit = \"core\"\n");
    CompileResult r = t.compile(kEnvUser);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    t.file("/ws/.landlock.toml", "version = 1\n[env]\ninherit = \"none\"\n");
    r = t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.env.inherit == "none");
    CHECK(argv_has(r, "--clearenv"));
    CHECK(r.plan.env.keep.empty());
    CHECK(explain(r).find("environment: inherit = \"none\" (project policy at " + t.path("/ws/.landlock.toml") +
                          ":3:11)") != std::string::npos);
    // explain names the project policy and why it is one.
    CHECK(explain(r).find("project policy: " + t.path("/ws/.landlock.toml") +
                          ": named by `project` (it may only narrow)\n") != std::string::npos);
  }
  TEST_CASE(
      "narrowing: its unset patterns are added, none over your core drops the core variables, your keep and set stay") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\n[env]\ninherit = \"none\"\nunset = [\"NPM_*\", \"TOOL_HOME\"]\n");
    CompileResult r = t.compile(std::string(kEnvUser) + "keep = [\"CARGO_HOME\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_texts(r.plan.env.keep) == std::vector<std::string>{"CARGO_HOME"});
    std::vector<std::string> unset = env_texts(r.plan.env.unset);
    CHECK(std::find(unset.begin(), unset.end(), "NPM_*") != unset.end());
    CHECK(std::find(unset.begin(), unset.end(), "GH_*") != unset.end());
    // Your set comes last: a project's unset cannot take it away either.
    REQUIRE(r.plan.env.set.size() == 1);
    CHECK(r.plan.env.set[0].value == "/opt/tool");
    auto unset_at = std::find(r.argv.begin(), r.argv.end(), "TOOL_HOME");
    auto set_at = std::find(unset_at + 1, r.argv.end(), "TOOL_HOME");
    CHECK(unset_at < set_at);
    CHECK(*(set_at - 1) == "--setenv");
    CHECK(explain(r).find("unset NPM_*  (project policy at ") != std::string::npos);
  }
  TEST_CASE("default_unset = true from a project adds the defaults even in custom mode") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\n[env]\ndefault_unset = true\n");
    CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\nro = [\"${WORKSPACE}\"]\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(argv_has(r, "*TOKEN*"));
    CHECK(argv_has(r, "SSH_AUTH_SOCK"));
  }
  TEST_CASE("an extended file reached through the workspace is held to the same rules") {
    Tree t;
    t.dir("/ws/conf");
    t.file("/ws/conf/base.toml", "version = 1\n[env]\nkeep = [\"*TOKEN*\"]\ndefault_unset = false\n");
    t.file("/ws/conf/wide.toml", "version = 1\n[env]\ninherit = \"all\"\nset = { PATH = \"/ws/bin\" }\n");
    CompileResult r = t.compile(
        "version = 1\nmode = \"workspace-write\"\nextends = [\"${WORKSPACE}/conf/base.toml\"]\n"
        "[env]\ninherit = \"core\"\n");
    CHECK_FALSE(r.ok);
    CHECK(r.diags.count(Severity::Error) == 2);
    CHECK(has_error(r, "cannot keep `*TOKEN*`"));
    CHECK(has_error(r, "cannot set [env] default_unset = false"));
    r = t.compile(
        "version = 1\nmode = \"workspace-write\"\nextends = [\"${WORKSPACE}/conf/wide.toml\"]\n"
        "[env]\ninherit = \"core\"\n");
    CHECK(r.diags.count(Severity::Error) == 2);
    CHECK(has_error(r, "cannot widen the environment"));
    CHECK(has_error(r, "cannot set `PATH`"));
    // Reached through ${TMPDIR}: the project's and outside the workspace, so not even read.
    t.file("/tmp/base.toml", "version = 1\n[env]\nkeep = [\"*TOKEN*\"]\n");
    r = t.compile(
        "version = 1\nmode = \"workspace-write\"\nextends = [\"${TMPDIR}/base.toml\"]\n[env]\ninherit = \"core\"\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "outside the workspace: not read"));
    // The same file, outside every writable area, composes as the user's own.
    t.file("/data/base.toml", "version = 1\n[env]\nkeep = [\"CARGO_*\"]\nset = { PATH = \"/usr/bin\" }\n");
    r = t.compile(
        "version = 1\nmode = \"workspace-write\"\nextends = [\"data/base.toml\"]\n[env]\ninherit = \"core\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(argv_has(r, "CARGO_*"));
  }
  TEST_CASE("a project policy's patterns are printed escaped by explain") {
    Tree t;
    t.file("/ws/.landlock.toml", "version = 1\n[env]\nunset = [\"\\u001b]52;c;x\\u0007\", \"X\\nunset FORGED\"]\n");
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\nproject = \"${WORKSPACE}/.landlock.toml\"\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::string text = explain(r);
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find("\nunset FORGED") == std::string::npos);
  }
}

TEST_SUITE("compiler trust: the main policy file lies where no confined run can write (issue 22)") {
  TEST_CASE("a main policy file in the workspace or ${TMPDIR} is refused, and not protected") {
    Tree t;
    for (const char *where : {"/ws/policy.toml", "/tmp/policy.toml"}) {
      CompileOptions o = t.options("version = 1\nmode = \"danger-full-access\"\n");
      o.policy_name = t.path(where);
      CompileResult r = compile(o);
      CHECK_FALSE(r.ok);
      CHECK(has_error(r, "lies inside"));
      CHECK(r.rendered().find("the threat model counts the grants of earlier runs") != std::string::npos);
      // One diagnostic: not also "writable grant contains protected path".
      o.policy_text = "version = 1\nmode = \"workspace-write\"\n";
      r = compile(o);
      CHECK_FALSE(has_error(r, "protected path"));
      // explain and why: answered, with a warning.
      o.writable_main_is_warning = true;
      r = compile(o);
      CHECK_MESSAGE(r.ok, r.rendered());
      CHECK(has_warning(r, "lies inside"));
    }
  }
  TEST_CASE("a main policy file reached through a symlink in the workspace is refused") {
    Tree t;
    t.file("/data/policy.toml", "version = 1\nmode = \"read-only\"\n");
    REQUIRE(symlink(t.path("/data").c_str(), t.path("/ws/conf").c_str()) == 0);
    CompileOptions o = t.options("version = 1\nmode = \"read-only\"\n");
    o.policy_name = t.path("/ws/conf/policy.toml");
    CompileResult r = compile(o);
    CHECK(has_error(r, "is reached through " + t.path("/ws/conf")));
    o.policy_name = t.path("/data/policy.toml");
    r = compile(o);
    CHECK_MESSAGE(r.ok, r.rendered());
  }
  TEST_CASE("a policy on standard input is the caller's own: the user's, named <stdin>, relative to the cwd") {
    Tree t;
    CompileOptions o = t.options(custom("ro = [\"data/a\"]\nrw = [\"${TMPDIR}\"]\nmode = \"bogus\"\n"));
    o.policy_from_stdin = true;
    o.policy_name = "<stdin>";
    o.cwd = t.path("/ws");  // the cwd may be the workspace: nothing is read from it
    CompileResult r = compile(o);
    CHECK(r.rendered().find("<stdin>:") != std::string::npos);
    o.policy_text = custom("ro = [\"../data/a\"]\nrw = [\"${TMPDIR}\"]\n");
    r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(covered(r, t.path("/data/a")));
  }
}

TEST_SUITE("compiler trust: protection follows links through every hop (issue 23)") {
  TEST_CASE("a link inside the folder a first link reaches is protected and hidden too") {
    Tree t;
    // ~/.ssh/keys.d -> data/a, and data/a/more -> data/b: b is as secret as a.
    link(t, t.path("/data/a"), "/home/.ssh/keys.d");
    link(t, t.path("/data/b"), "/data/a/more");
    t.file("/data/b/key", "secret");
    CompileResult rw = t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/b\"]\n"));
    CHECK(has_error(rw, "protected path " + t.path("/data/b")));
    CompileResult ro = t.compile("version = 1\nmode = \"read-only\"\n");
    REQUIRE_MESSAGE(ro.ok, ro.rendered());
    CHECK_FALSE(covered(ro, t.path("/data/b/key")));
    CHECK_FALSE(covered(ro, t.path("/data/a/f")));
    CHECK(covered(ro, t.path("/home/notes.txt")));
  }
  TEST_CASE("three hops, and a loop of links between folders ends") {
    Tree t;
    t.dir("/data/c");
    link(t, t.path("/data/a"), "/home/.ssh/keys.d");
    link(t, t.path("/data/b"), "/data/a/more");
    link(t, t.path("/data/c"), "/data/b/further");
    link(t, t.path("/data/a"), "/data/c/back");  // a loop: walked once
    CompileResult rw = t.compile(custom("rw = [\"${env.LLP_TEST_ROOT}/data/c\"]\n"));
    CHECK(has_error(rw, "protected path " + t.path("/data/c")));
  }
}

TEST_SUITE("compiler trust: the secrets in the session's runtime folder (issue 23)") {
  TEST_CASE("podman's containers/auth.json is hidden by the modes and never writable") {
    Tree t;
    t.dir("/run");
    t.dir("/run/containers");
    t.file("/run/containers/auth.json", "{\"auths\":{}}");
    t.file("/run/bus", "");
    for (const char *mode : {"read-only", "workspace-write"}) {
      CAPTURE(mode);
      CompileOptions o = t.options(std::string("version = 1\nmode = \"") + mode + "\"\n");
      o.env["XDG_RUNTIME_DIR"] = t.path("/run");
      CompileResult r = compile(o);
      REQUIRE_MESSAGE(r.ok, r.rendered());
      CHECK_FALSE(covered(r, t.path("/run/containers/auth.json")));
      CHECK(covered(r, t.path("/run/bus")));
    }
    CompileOptions o = t.options(custom("rw = [\"${env.LLP_TEST_ROOT}/run/containers\"]\n"));
    o.env["XDG_RUNTIME_DIR"] = t.path("/run");
    CHECK(has_error(compile(o), "protected path"));
  }
}

namespace {

Grant grant(const std::string &path, Access access, Provenance provenance, Origin origin = Origin::List) {
  Grant g;
  g.path = path;
  g.written = path;
  g.access = access;
  g.provenance = provenance;
  g.origin = origin;
  return g;
}

bool warned_at(const CompileResult &r, const std::string &file, const std::string &needle) {
  const auto &all = r.diags.all();
  return std::any_of(all.begin(), all.end(), [&](const Diagnostic &d) {
    return d.severity == Severity::Warning && d.message.find(needle) != std::string::npos && d.loc.file >= 0 &&
           r.sources.file(d.loc.file).name == file;
  });
}

bool writable_in(const LayerPlan &layer, const std::string &path) {
  return std::any_of(layer.grants.begin(), layer.grants.end(),
                     [&](const Grant &g) { return g.access == Access::Rw && is_within(path, g.path); });
}

}  // namespace

TEST_SUITE("compiler trust: a project's rw never wins over your ro (issue 28)") {
  TEST_CASE("trust: your listed ro under your rw decides below it; an rw further up is no cover") {
    std::vector<Grant> grants = {
        grant("/w", Access::Rw, Provenance::User, Origin::Mode), grant("/w/docs", Access::Ro, Provenance::User),
        grant("/w/docs", Access::Rw, Provenance::Project), grant("/w/docs/sub", Access::Rw, Provenance::Project),
        grant("/w/src", Access::Rw, Provenance::Project)};
    TrustResult r = apply_trust(grants, false);
    REQUIRE(r.widenings.size() == 2);
    CHECK(widening_text(r.widenings[0]).find("`/w/docs` widens what your policy grants (it only grants ro there)") !=
          std::string::npos);
    CHECK(widening_text(r.widenings[1]).find("`/w/docs/sub` widens") != std::string::npos);
    // Your own ro and rw on one path merge into rw (policy-format.md): a project rw there is covered.
    grants.push_back(grant("/w/docs", Access::Rw, Provenance::User));
    CHECK(apply_trust(grants, false).widenings.empty());
  }
  TEST_CASE("trust: a ro that is not listed (the mode's) leaves the rw above it to decide") {
    std::vector<Grant> grants = {grant("/w", Access::Rw, Provenance::User),
                                 grant("/w/m", Access::Ro, Provenance::User, Origin::Mode),
                                 grant("/w/m/x", Access::Rw, Provenance::Project)};
    CHECK(apply_trust(grants, false).widenings.empty());
  }
  TEST_CASE("normalise: a project's rw on the path of your ro never wins the merge") {
    CompileOptions opt;
    Sources sources;
    Diagnostics diags;
    const Context ctx{opt, sources, diags, Variables{}, true, false};
    std::vector<Grant> grants = {grant("/w/docs", Access::Rw, Provenance::Project),
                                 grant("/w/docs", Access::Ro, Provenance::User)};
    std::vector<Dropped> dropped = normalise_grants(ctx, grants);
    REQUIRE(grants.size() == 1);
    CHECK(grants[0].access == Access::Ro);
    CHECK(grants[0].from_user());
    REQUIRE(dropped.size() == 1);
    CHECK(dropped[0].grant.access == Access::Rw);
    // Two grants of yours still merge into rw.
    std::vector<Grant> yours = {grant("/w/docs", Access::Rw, Provenance::User),
                                grant("/w/docs", Access::Ro, Provenance::User)};
    normalise_grants(ctx, yours);
    REQUIRE(yours.size() == 1);
    CHECK(yours[0].access == Access::Rw);
  }
  TEST_CASE("compile: dropped at the project file's line, merge and nest; docs stays read-only in every layer") {
    for (const char *compose : {"merge", "nest"}) {
      for (const char *target : {"docs", "docs/sub"}) {
        CAPTURE(compose);
        CAPTURE(target);
        Tree t;
        t.dir("/ws/.git");
        t.dir("/ws/docs/sub");
        t.file("/ws/.landlock.toml", std::string("version = 1\nro = [\"/\"]\nrw = [\"${WORKSPACE}/") + target +
                                         "\", \"${WORKSPACE}/src\"]\n");
        CompileResult r =
            t.compile(std::string("version = 1\nmode = \"workspace-write\"\nro = [\"${WORKSPACE}/docs\"]\n"
                                  "project = \"${WORKSPACE}/.landlock.toml\"\ncompose = \"") +
                      compose + "\"\n");
        REQUIRE_MESSAGE(r.ok, r.rendered());
        CHECK(warned_at(r, t.path("/ws/.landlock.toml"), "widens what your policy grants"));
        CHECK_FALSE(has_warning(r, "ro and rw grants on the same path"));
        CHECK_FALSE(writable_in(r.plan.outer, t.path("/ws/docs/sub/x")));
        CHECK_FALSE(writable_in(r.plan.outer, t.path("/ws/docs/x")));
        CHECK(writable_in(r.plan.outer, t.path("/ws/src/x")));
        if (r.plan.nested) CHECK_FALSE(writable_in(r.plan.inner, t.path("/ws/docs/x")));
      }
    }
  }
}

// Protect is correct on its own: it judges every layer's writable grants,
// whoever wrote them, and does not count on trust (which runs before it) to
// have dropped a project's widenings. Each case would fail against a protect
// that checks the user's grants only.
TEST_SUITE("compiler protect: it stands alone, whatever trust dropped before it (issue 31)") {
  TEST_CASE("protect_layers: a project's grant over a secret is dropped, a user's refused, each said once") {
    CompileOptions opt;
    Sources sources;
    Diagnostics diags;
    Variables vars;
    vars.home = "/h";
    const Context ctx{opt, sources, diags, vars, false, false};
    Protection protection;
    Protected ssh;
    ssh.path = "/h/.ssh";
    ssh.written = "~/.ssh";
    ssh.by = ProtectedBy::BuiltinSecret;
    protection.paths.push_back(ssh);
    const Grant workspace = grant("/w", Access::Rw, Provenance::User);
    const Grant user_key = grant("/h/.ssh/keys", Access::Rw, Provenance::User);
    const Grant project_ssh = grant("/h/.ssh", Access::Rw, Provenance::Project);  // never went through trust
    std::vector<GrantLayer> layers = {{LayerId::Outer, {workspace, user_key}},
                                      {LayerId::Inner, {project_ssh, user_key}}};
    ProtectResult r = protect_layers(ctx, protection, layers);
    REQUIRE(r.layers.size() == 2);
    // The project's: dropped as a widening, in no layer.
    REQUIRE(r.dropped.size() == 1);
    CHECK(r.dropped[0].grant.path == "/h/.ssh");
    REQUIRE(r.widenings.size() == 1);
    CHECK(widening_text(r.widenings[0]) ==
          "project policy writable grant `/h/.ssh` is protected path /h/.ssh (built-in secret): dropped");
    for (const GrantLayer &layer : r.layers)
      CHECK(std::none_of(layer.grants.begin(), layer.grants.end(), [](const Grant &g) { return g.path == "/h/.ssh"; }));
    // The user's: refused in both layers, one error (the inner copy is not said again).
    CHECK(diags.count(Severity::Error) == 1);
    CHECK_FALSE(r.layers[0].grants[0].refused);
    CHECK(r.layers[0].grants[1].refused);
    REQUIRE(r.layers[1].grants.size() == 1);
    CHECK(r.layers[1].grants[0].refused);
  }
  TEST_CASE("compile, nest: a project's rw .git that trust keeps (your rw covers it) is dropped by protect") {
    Tree t;
    t.dir("/ws/.git");
    t.file("/ws/.landlock.toml", "version = 1\nrw = [\"${WORKSPACE}/.git\"]\n");
    CompileResult r =
        t.compile(custom("rw = [\"${WORKSPACE}\"]\nproject = \"${WORKSPACE}/.landlock.toml\"\n"
                         "compose = \"nest\"\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    REQUIRE(r.plan.nested);
    CHECK(warned_at(r, t.path("/ws/.landlock.toml"), "is or lies inside a .git folder: dropped"));
    CHECK_FALSE(std::any_of(r.plan.inner.grants.begin(), r.plan.inner.grants.end(),
                            [&](const Grant &g) { return g.path == t.path("/ws/.git"); }));
  }
}
