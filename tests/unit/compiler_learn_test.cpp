// landlock-policy learn without running anything: the audit records' fields
// and their mapping to the command's domain, and the classification of
// denials (sandbox, on purpose, not the sandbox) and the grants suggested.
#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include "../../compiler/learn/learn_audit.h"
#include "../../compiler/learn/learn_report.h"
#include "../support/fixture.h"
#include "../support/learn_fixture.h"

using namespace llp;
using llp_test::traced;
using llp_test::Tree;

namespace {

const char *kPolicy =
    "version = 1\nmode = \"custom\"\nro = [\"${env.LLP_TEST_ROOT}/data/a\"]\nrw = [\"${WORKSPACE}\"]\n"
    "hide = [\"~/.ssh\"]\n[network]\nconnect = [1]\n";

struct Learned {
  Tree t;
  CompileResult r;
  LearnOptions o;
  explicit Learned(const char *policy = kPolicy) : r(t.compile(policy)) {
    o.policy_file = t.path("/policy.toml");
    o.home = t.path("/home");
    o.compile_text = [this](const std::string &name, const std::string &text) {
      CompileOptions c = t.options(text);
      c.policy_name = name;
      return compile(c);
    };
  }
};

}  // namespace

TEST_SUITE("compiler learn") {
  TEST_CASE("audit fields: quoted, hexadecimal (untrusted strings), plain, first") {
    std::string rec =
        "audit(1796272426.711:52): domain=10a7c55db blockers=fs.make_reg path=\"/tmp/a b\" dev=\"vda\" ino=7";
    CHECK(audit_field(rec, "domain") == "10a7c55db");
    CHECK(audit_field(rec, "blockers") == "fs.make_reg");
    CHECK(audit_field(rec, "path") == "/tmp/a b");
    CHECK(audit_field(rec, "ino") == "7");
    CHECK(audit_field(rec, "missing").empty());
    CHECK(audit_serial(rec) == 52);
    // A path with a space or a quote is written in hexadecimal.
    CHECK(audit_field("audit(1.2:3): domain=1 blockers=fs.read_file path=2F6120622227", "path") == "/a b\"'");
    CHECK(audit_serial("not a record") == 0);
  }

  TEST_CASE("audit records: only the launcher's domains, with the SYSCALL record's errno and program") {
    std::vector<AuditRecord> recs = {
        {1423, "audit(1.0:10): domain=aa blockers=fs.read_file path=\"/etc/x\" dev=\"vda\" ino=1"},
        {1424, "audit(1.0:10): domain=aa status=allocated mode=enforcing pid=42 uid=0 exe=\"/l\" comm=\"l\""},
        {1300, "audit(1.0:10): arch=c000003e syscall=257 success=no exit=-13 pid=43 comm=\"op\" exe=\"/bin/op\""},
        // Another process's domain: never the command's.
        {1423, "audit(1.0:11): domain=bb blockers=fs.write_file path=\"/other\" dev=\"vda\" ino=2"},
        {1424, "audit(1.0:11): domain=bb status=allocated mode=enforcing pid=99 uid=0 exe=\"/x\" comm=\"x\""},
        // A link refused with EXDEV: one record on the source's folder.
        {1423,
         "audit(1.0:12): domain=aa blockers=fs.write_file,fs.make_reg,fs.refer,fs.truncate path=\"/src\" dev=\"v\" "
         "ino=3"},
        {1300, "audit(1.0:12): arch=c000003e syscall=86 success=no exit=-18 pid=43 exe=\"/bin/op\""},
        {1423, "audit(1.0:13): domain=aa blockers=net.connect_tcp daddr=127.0.0.1 dest=18123"},
        {1423, "audit(1.0:14): domain=aa blockers=scope.signal opid=1 ocomm=\"x\""},
        {1424, "audit(1.0:15): domain=aa status=deallocated denials=4"},
    };
    AuditFindings f = audit_findings(recs, 42);
    REQUIRE(f.denials.size() == 3);
    CHECK(f.denials[0].path == "/etc/x");
    CHECK(f.denials[0].error == EACCES);
    CHECK(f.denials[0].program == "/bin/op");
    CHECK_FALSE(f.denials[0].across);
    CHECK(f.denials[1].across);
    CHECK(f.denials[1].error == EXDEV);
    CHECK(f.denials[2].port == 18123);
    CHECK(f.unmapped == 1);
    CHECK(f.counted == 4);
    CHECK(f.all_freed);
    CHECK(audit_findings(recs, 7).denials.empty());
    // Without the deallocation, the domain is still alive.
    recs.pop_back();
    CHECK_FALSE(audit_findings(recs, 42).all_freed);
  }

  TEST_CASE("audit denials: the strongest access of a file; creating and removing name the folder") {
    AuditDenial exec;
    exec.blockers = {"fs.execute", "fs.read_file"};
    exec.path = "/opt/tool";
    auto f = findings_of(exec);
    REQUIRE(f.size() == 1);
    CHECK(f[0].kind == LearnKind::Execute);
    CHECK(f[0].kernel);
    AuditDenial mk;
    mk.blockers = {"fs.make_reg"};
    mk.path = "/w";
    f = findings_of(mk);
    REQUIRE(f.size() == 1);
    CHECK(f[0].kind == LearnKind::Create);
    CHECK(f[0].folder);
    AuditDenial src;  // a rename's source side, refused with EACCES
    src.blockers = {"fs.write_file", "fs.remove_file", "fs.make_reg", "fs.refer"};
    src.path = "/src";
    src.error = EACCES;
    f = findings_of(src);
    REQUIRE(f.size() == 1);
    CHECK(f[0].kind == LearnKind::Remove);
    AuditDenial ioctl;
    ioctl.blockers = {"fs.ioctl_dev"};
    ioctl.path = "/dev/tty";
    f = findings_of(ioctl);
    REQUIRE(f.size() == 1);
    CHECK(std::string(kind_name(f[0].kind)) == "device ioctl");
  }

  TEST_CASE("a read is granted as its folder, never the file") {
    Learned l;
    REQUIRE_MESSAGE(l.r.ok, l.r.rendered());
    l.t.dir("/data/b/sub");
    l.t.file("/data/b/sub/f.txt", "x");
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/data/b/sub/f.txt"), EACCES, O_RDONLY));
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].section == "ro");
    CHECK(learner.suggestions()[0].path == l.t.path("/data/b/sub"));
    CHECK_FALSE(learner.suggestions()[0].optional);
  }

  TEST_CASE("a create in a missing folder is suggested optional") {
    Learned l;
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Mkdir, l.t.path("/data/b/new/dir")));
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].section == "rw");
    CHECK(learner.suggestions()[0].path == l.t.path("/data/b/new"));
    CHECK(learner.suggestions()[0].optional);
    CHECK(learner.suggestions()[0].toml.find("optional = true") != std::string::npos);
  }

  TEST_CASE("a hidden path is refused on purpose, never suggested, either way") {
    Learned l;
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/home/.ssh/id_ed25519"), EACCES, O_RDONLY));
    AuditDenial d;
    d.blockers = {"fs.read_file"};
    d.path = l.t.path("/home/.ssh/id_ed25519");
    learner.add(d);
    learner.suggest();
    REQUIRE(learner.findings().size() == 1);
    CHECK(learner.findings()[0].cause == LearnCause::OnPurpose);
    CHECK(learner.findings()[0].count == 2);
    CHECK(learner.findings()[0].reason.find("hidden") != std::string::npos);
    CHECK(learner.suggestions().empty());
  }

  TEST_CASE("a protected path is never a writable grant: the policy file, the home") {
    Learned l;
    REQUIRE_MESSAGE(l.r.ok, l.r.rendered());
    l.t.file("/policy.toml", kPolicy);
    Learner learner(l.r, l.o);
    // The policy file (protected: a command must not rewrite its own policy).
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/policy.toml"), EACCES, O_WRONLY));
    // A file in the home: its folder, the home, is a grant the compiler refuses.
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/home/notes.txt"), EACCES, O_WRONLY));
    learner.suggest();
    REQUIRE(learner.findings().size() == 2);
    for (const Finding &f : learner.findings()) {
      CAPTURE(f.path);
      CHECK(f.cause == LearnCause::OnPurpose);
      CHECK_FALSE(f.reason.empty());
    }
    CHECK(learner.suggestions().empty());
  }

  TEST_CASE("ordinary permissions are not blamed on the sandbox") {
    Learned l;
    Learner learner(l.r, l.o);
    // EPERM is never Landlock's answer to a file access.
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/data/b/x"), EPERM, O_RDONLY));
    // ioctl: Landlock restricts it on devices only.
    learner.add(traced(learn_arch::Call::Ioctl, l.t.path("/data/a/f")));
    learner.suggest();
    REQUIRE(learner.findings().size() == 2);
    for (const Finding &f : learner.findings()) CHECK(f.cause == LearnCause::Permissions);
    CHECK(learner.suggestions().empty());
    if (geteuid() != 0) {  // root reads a mode 000 file all the same
      l.t.file("/data/b/locked", "x");
      chmod(l.t.path("/data/b/locked").c_str(), 0);
      Learner l2(l.r, l.o);
      l2.add(traced(learn_arch::Call::Openat, l.t.path("/data/b/locked"), EACCES, O_RDONLY));
      REQUIRE(l2.findings().size() == 1);
      CHECK(l2.findings()[0].cause == LearnCause::Permissions);
    }
  }

  TEST_CASE("a device ioctl: the device alone, writable; the report names the way") {
    Learned l;
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Ioctl, "/dev/null"));
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].section == "rw");
    CHECK(learner.suggestions()[0].path == "/dev/null");
    RunSummary run;
    run.way = "audit";
    CHECK(learner.text_report(run).rfind("landlock-policy learn (audit): ", 0) == 0);
    CHECK(learner.text_report(run).find("device ioctl /dev/null") != std::string::npos);
    CHECK(learner.json_report(run).find("\"method\": \"audit\"") != std::string::npos);
  }

  TEST_CASE("a TCP connect is the sandbox's only when its TCP is restricted") {
    Learned l;
    Learner learner(l.r, l.o);
    TracedDenial d = traced(learn_arch::Call::Connect, "");
    d.port = 8080;
    learner.add(d);
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].toml == "[network] connect = [8080]");
    Learned open("version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n");
    Learner l2(open.r, open.o);
    l2.add(d);
    REQUIRE(l2.findings().size() == 1);
    CHECK(l2.findings()[0].cause == LearnCause::Permissions);
  }

  TEST_CASE("learn_refusal: one table with the compiler's protection, each entry with its reason") {
    Plan plan;
    RefusalTable t = refusal_table("/home/u", "/usr/bin:/opt/tools/bin:relative", plan);
    CHECK(t.path_folders.size() == 2);
    // Secrets: read or write, inside or containing.
    CHECK(learn_refusal(t, "/home/u/.ssh", false).find("built-in secret ~/.ssh") != std::string::npos);
    CHECK(learn_refusal(t, "/home/u/.aws", false).find("built-in secret ~/.aws") != std::string::npos);
    CHECK(learn_refusal(t, "/home/u", false).find("it contains the built-in secret") != std::string::npos);
    // Terminals: read too; system folders, start-up places, PATH: write only.
    CHECK(learn_refusal(t, "/dev/tty", false).find("TIOCSTI") != std::string::npos);
    CHECK(learn_refusal(t, "/dev/pts/3", true).find("TIOCSTI") != std::string::npos);
    CHECK_FALSE(learn_refusal(t, "/dev/console", false).empty());
    CHECK(learn_refusal(t, "/etc", false).empty());
    CHECK(learn_refusal(t, "/etc", true).find("a system folder") != std::string::npos);
    CHECK_FALSE(learn_refusal(t, "/lib64", true).empty());
    CHECK_FALSE(learn_refusal(t, "/var/lib/x", true).empty());
    CHECK_FALSE(learn_refusal(t, "/home/u/.local/lib/python3.11/site-packages", true).empty());
    CHECK_FALSE(learn_refusal(t, "/home/u/.config/nvim", true).empty());
    CHECK_FALSE(learn_refusal(t, "/home/u/.cargo/bin", true).empty());
    CHECK_FALSE(learn_refusal(t, "/home/u/.local/share/direnv/allow", true).empty());
    // Agents' and editors' user settings, and what a build or a shell runs at its start.
    for (const char *later : {"/home/u/.claude", "/home/u/.claude/settings.json", "/home/u/.gradle/init.d",
                              "/home/u/.ipython/profile_default/startup", "/home/u/.config/Code/User", "/home/u/.codex",
                              "/home/u/.config/environment.d"}) {
      CAPTURE(later);
      CHECK_FALSE(learn_refusal(t, later, true).empty());
    }
    CHECK(learn_refusal(t, "/opt/tools/bin", true).find("a folder on PATH") != std::string::npos);
    CHECK(learn_refusal(t, "/opt/tools", true).find("it contains /opt/tools/bin, a folder on PATH") !=
          std::string::npos);
    CHECK(learn_refusal(t, "/opt/tools/bin", false).empty());
    CHECK(learn_refusal(t, "/home/u/.bashrc", true).find("persistence point") != std::string::npos);
    // The folders every tool shares: never writable whole; their leaves are fine.
    CHECK(learn_refusal(t, "/home/u/.cache", true).find("shared by every tool") != std::string::npos);
    CHECK(learn_refusal(t, "/home/u/.cache/go-build", true).empty());
    CHECK(learn_refusal(t, "/srv/data", true).empty());
    // The carve's exceptions (write).
    Carved git;
    git.path = "/w/.git";
    git.written = ".git";
    git.by = CarvedBy::Default;
    plan.carved.push_back(git);
    CHECK(learn_refusal(t, "/w", true).find("read-only exception .git") != std::string::npos);
  }

  TEST_CASE("under the home, a writable grant only where data, caches or state live (kHomePlaces)") {
    Plan plan;
    plan.workspace = "/home/u/src/proj";
    RefusalTable t = refusal_table("/home/u", "/usr/bin", plan);
    // Issue 28's reproduction: folders whose contents run later.
    for (const char *later : {"/home/u/.local/share/systemd/user",
                              "/home/u/.config/systemd/user.control",
                              "/home/u/.local/share/nvim/site/plugin",
                              "/home/u/.oh-my-zsh/custom",
                              "/home/u/.nvm",
                              "/home/u/.config/tmux",
                              "/home/u/.config/kitty",
                              "/home/u/.local/share/applications",
                              "/home/u/.bun/bin",
                              "/home/u/.deno/bin",
                              "/home/u/.npm-global/bin",
                              "/home/u/.pyenv/shims",
                              "/home/u/.local/lib/node",
                              "/home/u/go/bin",
                              "/home/u/.cache/tool/bin",
                              "/home/u/.cache/pre-commit",
                              "/home/u/.cache/pre-commit/repo1",
                              "/home/u/.cache/node",
                              "/home/u/.cache/node/corepack/v1",
                              "/home/u/.config/landlock-policy",
                              "/home/u/.local/state/landlock-policy/tmp",
                              "/home/u/Documents",
                              "/home/u/src/other"}) {
      CAPTURE(later);
      std::string why = learn_refusal(t, later, true);
      CHECK_FALSE(why.empty());
      CHECK(why.find("if you mean it, grant it by hand in your own policy: rw = [\"~/") != std::string::npos);
      CHECK(why.find('\n') == std::string::npos);
      CHECK(learn_refusal(t, later, false).empty());  // reading is not what runs later
    }
    CHECK(learn_refusal(t, "/home/u/.nvm", true).find("it lies in ~/.nvm, a dot-folder at the home's root") !=
          std::string::npos);
    CHECK(learn_refusal(t, "/home/u/.pyenv/shims", true).find("a folder named shims") != std::string::npos);
    CHECK(learn_refusal(t, "/home/u/.cache/node", true).find("it contains ~/.cache/node/corepack: corepack") !=
          std::string::npos);
    CHECK(learn_refusal(t, "/home/u/.cache/pre-commit", true).find("hook repositories") != std::string::npos);
    // What is known to hold data, caches or state: suggested.
    for (const char *data :
         {"/home/u/.cache/go-build", "/home/u/.cache/tool/obj", "/home/u/.local/state/tool",
          "/home/u/.cargo/registry/index", "/home/u/.m2/repository", "/home/u/.npm", "/home/u/go/pkg/mod",
          "/home/u/.local/share/pnpm/store", "/home/u/src/proj/build", "/srv/data"}) {
      CAPTURE(data);
      CHECK(learn_refusal(t, data, true).empty());
    }
    // A preset's read-only folder is not a writable one.
    CHECK_FALSE(learn_refusal(t, "/home/u/.local/share/uv/python", true).empty());
    // The hint is TOML a user can paste: quotes escaped, $ doubled.
    std::string odd = learn_refusal(t, "/home/u/.config/a\"b${x}", true);
    CHECK(odd.find("rw = [\"~/.config/a\\\"b$${x}\"]") != std::string::npos);
  }

  TEST_CASE("the preset that covers a shared folder: the tool's own first") {
    Plan plan;
    RefusalTable t = refusal_table("/home/u", "", plan);
    std::vector<std::string> go = presets_covering(t, "/home/u/.cache", "go");
    REQUIRE(go.size() == 1);
    CHECK(go[0] == "preset:go (~/.cache/go-build)");
    CHECK(presets_covering(t, "/home/u/.cache", "unknown-tool").size() > 1);
  }

  TEST_CASE("a $ in an observed path is written as $$, never expanded") {
    Learned l;
    l.t.dir("/data/b/${env.TOKEN}");
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/data/b/${env.TOKEN}/f"), EACCES, O_WRONLY | O_CREAT));
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].toml.find("/data/b/$${env.TOKEN}\"") != std::string::npos);
  }

  TEST_CASE("a newline in a path cannot start a line of the text report") {
    Learned l;
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/data/b/x\nrw = [\"/\"]"), EACCES, O_RDONLY));
    learner.suggest();
    std::string text = learner.text_report(RunSummary{});
    CHECK(text.find("\nrw = [\"/\"]") == std::string::npos);
    CHECK(text.find("x\\x0arw") != std::string::npos);
  }

  TEST_CASE("a path that changed between entry and exit is reported as such, never suggested") {
    Learned l;
    Learner learner(l.r, l.o);
    TracedDenial d = traced(learn_arch::Call::Openat, l.t.path("/data/b/f"), EACCES, O_RDONLY);
    d.changed = true;
    learner.add(d);
    learner.suggest();
    REQUIRE(learner.findings().size() == 1);
    CHECK(learner.findings()[0].cause == LearnCause::OnPurpose);
    CHECK(learner.findings()[0].reason.find("changed between the call's entry and its exit") != std::string::npos);
    CHECK(learner.suggestions().empty());
  }

  TEST_CASE("a terminal, a secret read, a cache's shared folder: never suggested; the cache's leaf is") {
    Learned l("version = 1\nmode = \"custom\"\nrw = [\"${WORKSPACE}\"]\n");
    REQUIRE_MESSAGE(l.r.ok, l.r.rendered());
    l.t.dir("/home/.cache");
    Learner learner(l.r, l.o);
    learner.add(traced(learn_arch::Call::Openat, "/dev/tty", EACCES, O_RDWR));
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/home/.aws/credentials"), EACCES, O_RDONLY));
    learner.add(traced(learn_arch::Call::Mkdir, l.t.path("/home/.cache/go-build")));
    learner.add(traced(learn_arch::Call::Openat, l.t.path("/home/.cache/loose.db"), EACCES, O_WRONLY | O_CREAT));
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].path == l.t.path("/home/.cache/go-build"));
    CHECK(learner.suggestions()[0].create_first);
    auto refused = std::count_if(learner.findings().begin(), learner.findings().end(),
                                 [](const Finding &f) { return f.cause == LearnCause::OnPurpose; });
    CHECK(refused == 3);
  }

  TEST_CASE("a new entry at the carved root: a folder output for mkdir, a file output for a file, told by children") {
    Learned l;
    const std::string ws = l.t.path("/ws");
    l.t.dir("/ws/.git");
    CompileResult carved = l.t.compile("version = 1\nmode = \"workspace-write\"\n");
    REQUIRE_MESSAGE(carved.ok, carved.rendered());
    REQUIRE(std::find(carved.plan.carved_folders.begin(), carved.plan.carved_folders.end(), ws) !=
            carved.plan.carved_folders.end());
    Learner learner(carved, l.o);
    learner.add(traced(learn_arch::Call::Mkdir, ws + "/build"));
    learner.add(traced(learn_arch::Call::Openat, ws + "/stamp", EACCES, O_WRONLY | O_CREAT));
    // A rename whose source is gone: learn cannot tell; a path inside it
    // makes it a folder, none a file.
    TracedDenial moved = traced(learn_arch::Call::Rename, l.t.path("/gone-a"));
    moved.path2 = ws + "/moved-dir";
    learner.add(moved);
    learner.add(traced(learn_arch::Call::Openat, ws + "/moved-dir/x", EACCES, O_WRONLY | O_CREAT));
    TracedDenial lone = traced(learn_arch::Call::Rename, l.t.path("/gone-b"));
    lone.path2 = ws + "/moved-file";
    learner.add(lone);
    learner.suggest();
    std::vector<std::string> outputs;
    for (const Suggestion &s : learner.suggestions())
      if (s.section == "outputs") outputs.push_back(s.path);
    std::sort(outputs.begin(), outputs.end());
    CHECK(outputs == std::vector<std::string>{"build/", "moved-dir/", "moved-file", "stamp"});
    auto reason_of = [&](const std::string &path) {
      auto f = std::find_if(learner.findings().begin(), learner.findings().end(),
                            [&](const Finding &x) { return x.path == path && x.kind == LearnKind::Create; });
      return f == learner.findings().end() ? std::string() : f->reason;
    };
    CHECK(reason_of(ws + "/build").find("`outputs = [\"build/\"]`") != std::string::npos);
    CHECK(reason_of(ws + "/moved-dir").find("cannot tell a folder from a file here: a folder") != std::string::npos);
    CHECK(reason_of(ws + "/moved-file").find("cannot tell a folder from a file here: a file") != std::string::npos);
    CHECK_FALSE(learner.nothing_learned());
  }

  TEST_CASE("the audit way's unnamed creation at the carved root is named by the second run") {
    Learned l;
    l.t.dir("/ws/.git");
    CompileResult carved = l.t.compile("version = 1\nmode = \"workspace-write\"\n");
    REQUIRE_MESSAGE(carved.ok, carved.rendered());
    const std::string ws = l.t.path("/ws");
    Learner learner(carved, l.o);
    AuditDenial d;
    d.blockers = {"fs.make_dir"};
    d.path = ws;
    d.program = "/usr/bin/mkdir";
    learner.add(d);
    REQUIRE(learner.unnamed_folders() == std::vector<std::string>{ws});
    CHECK(learner.add_names({traced(learn_arch::Call::Mkdir, ws + "/build")}) == 1);
    learner.suggest();
    REQUIRE(learner.suggestions().size() == 1);
    CHECK(learner.suggestions()[0].section == "outputs");
    CHECK(learner.suggestions()[0].path == "build/");
    CHECK(
        std::none_of(learner.findings().begin(), learner.findings().end(), [](const Finding &f) { return f.folder; }));
  }

  TEST_CASE("nothing learned: no suggestion, so --write writes nothing") {
    Learned l;
    Learner learner(l.r, l.o);
    learner.suggest();
    CHECK(learner.nothing_learned());
    CHECK(learner.shared_to_make().empty());
  }
}
