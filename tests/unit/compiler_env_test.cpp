// [env] (issue 11): the command's environment as the policy says it, emitted
// as the launcher's --clearenv, --keepenv, --unsetenv and --setenv; checked
// with the launcher's own grammar; composed through extends and profiles;
// explained by name, never by value. The trust rules (a project policy may
// only narrow it) are in compiler_trust_test.cpp.
#include "../../launcher/cli_parse.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../../compiler/compile.h"
#include "../../compiler/plan/env.h"
#include "../../compiler/out/explain.h"
#include "../support/fixture.h"

using namespace llp;
using llp_test::has_error;
using llp_test::has_warning;
using llp_test::Tree;

namespace {

std::string custom(const std::string &body) { return "version = 1\nmode = \"custom\"\n" + body; }

// The env flags of an argv, in order, as "--flag VALUE [VALUE]" strings.
std::vector<std::string> env_flags(const std::vector<std::string> &argv) {
  std::vector<std::string> out;
  for (size_t i = 0; i < argv.size() && argv[i] != "--"; ++i) {
    const launcher::FlagSpec *spec = launcher::find_flag(argv[i].c_str());
    if (!spec) continue;
    bool env = spec->flag == launcher::Flag::ClearEnv || spec->flag == launcher::Flag::KeepEnv ||
               spec->flag == launcher::Flag::UnsetEnv || spec->flag == launcher::Flag::SetEnv;
    std::string flag = argv[i];
    for (int v = 1; v <= spec->values; ++v) flag += " " + argv[i + static_cast<size_t>(v)];
    i += static_cast<size_t>(spec->values);
    if (env) out.push_back(flag);
  }
  return out;
}

// execve's shape: pointers into v, then a null.
std::vector<char *> c_strings(std::vector<std::string> &v) {
  std::vector<char *> out(v.size() + 1, nullptr);
  std::transform(v.begin(), v.end(), out.begin(), [](std::string &s) -> char * { return s.data(); });
  return out;
}

bool contains(const std::vector<std::string> &v, const std::string &s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::vector<std::string> texts(const std::vector<EnvRule> &rules) {
  std::vector<std::string> out(rules.size());
  std::transform(rules.begin(), rules.end(), out.begin(), [](const EnvRule &r) { return r.text; });
  return out;
}

// What landlock-run itself says of VALUE after FLAG: the compiler must refuse with the same words.
std::string launcher_says(launcher::Flag flag, const char *value) {
  launcher::Options o;
  launcher::Error e = launcher::take_flag(*launcher::find_flag(launcher::spelling(flag)), value, o);
  return e.why ? e.why : "";
}

// The default patterns as the argv carries them: sorted, one flag each.
std::vector<std::string> default_flags() {
  std::vector<std::string> out(std::size(kDefaultUnset));
  std::transform(std::begin(kDefaultUnset), std::end(kDefaultUnset), out.begin(),
                 [](std::string_view pattern) { return "--unsetenv " + std::string(pattern); });
  std::sort(out.begin(), out.end());
  return out;
}
const std::vector<std::string> kDefaults = default_flags();

// The names of env that the launcher, given argv, leaves in the command's environment.
std::vector<std::string> seen_by_command(const std::map<std::string, std::string> &vars_here,
                                         std::vector<std::string> argv) {
  std::vector<std::string> vars(vars_here.size());
  std::transform(vars_here.begin(), vars_here.end(), vars.begin(),
                 [](const auto &kv) { return kv.first + '=' + kv.second; });
  std::vector<char *> inherited = c_strings(vars), args = c_strings(argv);
  launcher::Options opts;
  std::vector<std::string> seen;
  if (launcher::parse_args(static_cast<int>(argv.size()), args.data(), opts).what != nullptr) return {"(argv refused)"};
  auto env = std::make_unique<launcher::Environment>();
  if (launcher::build_environment(args.data(), opts, inherited.data(), *env).what != nullptr)
    return {"(environment refused)"};
  for (int i = 0; i < env->count; ++i) {
    std::string var = env->vars[i];
    seen.push_back(var.substr(0, var.find('=')));
  }
  return seen;
}

}  // namespace

TEST_SUITE("compiler [env]: the modes") {
  TEST_CASE("the two agent modes unset tokens, secrets, passwords, keys and the SSH agent socket") {
    Tree t;
    for (const char *mode : {"read-only", "workspace-write"}) {
      CAPTURE(mode);
      CompileResult r = t.compile(std::string("version = 1\nmode = \"") + mode + "\"\n");
      REQUIRE_MESSAGE(r.ok, r.rendered());
      CHECK(env_flags(r.argv) == kDefaults);  // sorted, no --clearenv: everything else is inherited
      std::string text = explain(r);
      CHECK(text.find("unset *TOKEN*  (default of mode " + std::string(mode)) != std::string::npos);
      CHECK(text.find("opt out with [env] default_unset = false") != std::string::npos);
    }
  }
  TEST_CASE("the agent modes unset the credentials of CI jobs and tools, in both cases (issue 24)") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    const std::vector<std::string> secrets = {"CI_REPOSITORY_URL",
                                              "CI_JOB_JWT",
                                              "CI_JOB_JWT_V2",
                                              "CI_REGISTRY_PASSWORD",
                                              "CI_DEPLOY_PASSWORD",
                                              "DOCKER_AUTH_CONFIG",
                                              "GOOGLE_CREDENTIALS",
                                              "GOOGLE_APPLICATION_CREDENTIALS",
                                              "GPG_PASSPHRASE",
                                              "MYSQL_PWD",
                                              "FTP_PASS",
                                              "SENTRY_DSN",
                                              "SLACK_WEBHOOK_URL",
                                              "SSH_PRIVATE_KEY_B64",
                                              "github_token",
                                              "npm_config__authToken",
                                              "npm_config__auth",
                                              "ci_job_jwt",
                                              "docker_auth_config",
                                              "gpg_passphrase",
                                              "mysql_pwd",
                                              "sentry_dsn",
                                              "slack_webhook_url",
                                              "ssh_private_key",
                                              "aws_secret_access_key",
                                              "my_password",
                                              "some_credentials"};
    for (const std::string &name : secrets) o.env[name] = "a-secret";
    // A URL with a password, whatever the name: unset by name.
    o.env["DATABASE_URL"] = "postgres://app:hunter2@db.internal:5432/app";
    o.env["HTTPS_PROXY"] = "http://user:pw@proxy:3128";
    o.env["PIP_INDEX_URL"] = "https://__token__:pypi-AgEN@pypi.example/simple";
    o.env["PIP_EXTRA_INDEX_URL"] = "https://pypi.org/simple https://u:p@mirror/simple";
    // Not credentials: kept.
    const std::vector<std::string> kept = {"EDITOR", "OLDPWD", "PWD", "PIP_NO_INDEX", "NO_PROXY", "CI"};
    for (const std::string &name : kept) o.env[name] = "kept";
    o.env["HTTP_PROXY"] = "http://proxy:3128";          // a URL without a password
    o.env["GIT_URL"] = "ssh://git@github.com/o/r.git";  // a user but no password
    o.command = {"true"};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::vector<std::string> seen = seen_by_command(o.env, r.argv);
    for (const std::string &name : secrets) {
      CAPTURE(name);
      CHECK_FALSE(contains(seen, name));
    }
    for (const char *name : {"DATABASE_URL", "HTTPS_PROXY", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL"}) {
      CAPTURE(name);
      CHECK_FALSE(contains(seen, name));
      CHECK(contains(env_flags(r.argv), std::string("--unsetenv ") + name));
    }
    for (const std::string &name : kept) {
      CAPTURE(name);
      CHECK(contains(seen, name));
    }
    CHECK(contains(seen, "HTTP_PROXY"));
    CHECK(contains(seen, "GIT_URL"));
    std::string text = explain(r);
    CHECK(text.find("unset DATABASE_URL  (default of mode workspace-write (its value holds a credential)") !=
          std::string::npos);
    CHECK(text.find("hunter2") == std::string::npos);
  }
  TEST_CASE("secrets under other common names and values (issue 28): unset; the shell's own variables kept") {
    Tree t;
    CompileOptions o = t.options("version = 1\nmode = \"workspace-write\"\n");
    const std::vector<std::string> secrets = {"GITHUB_PAT", "GH_PAT",    "OPENAI_APIKEY", "NUGET_APIKEY", "API_KEY_1",
                                              "ApiKey",     "apiKey",    "STRIPE_SK",     "SONAR_LOGIN",  "PGPASS",
                                              "PGPASSWORD", "DB_PASSWD", "my_api_key_2",  "gh_pat"};
    for (const std::string &name : secrets) o.env[name] = "a-secret";
    // Values that hold a credential, whatever the name.
    const std::map<std::string, std::string> values = {
        {"JDBC_URL", "jdbc:postgresql://h/db?user=u&password=p"},
        {"CONN", "Server=db;Database=app;User Id=u;Pwd=hunter2;"},
        {"CURL_HEADER", "Authorization: Basic dXNlcjpwYXNz"},
        {"AUTH_HEADER", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"},
        {"BASIC_ONLY", "Basic dXNlcjpwYXNz"}};
    for (const auto &[name, value] : values) o.env[name] = value;
    // Not credentials: kept.
    const std::vector<std::string> kept = {"PATH",
                                           "HOME",
                                           "USER",
                                           "SHELL",
                                           "LANG",
                                           "LC_ALL",
                                           "TERM",
                                           "TZ",
                                           "TMPDIR",
                                           "XDG_RUNTIME_DIR",
                                           "XDG_CONFIG_HOME",
                                           "XDG_SESSION_DESKTOP",
                                           "PWD",
                                           "OLDPWD",
                                           "SHLVL",
                                           "PAGER",
                                           "EDITOR",
                                           "DISPLAY",
                                           "COLORTERM",
                                           "MANPATH",
                                           "PYTHONPATH",
                                           "GOPATH",
                                           "LD_LIBRARY_PATH",
                                           "SSH_TTY",
                                           "HOSTNAME",
                                           "DESKTOP_SESSION",
                                           "SONAR_HOST_URL",
                                           "KEYBOARD_LAYOUT",
                                           "LOGNAME"};
    for (const std::string &name : kept) o.env.emplace(name, "kept");  // HOME and TMPDIR keep the tree's
    o.env["DOC"] = "Basic usage: see the manual";                      // words, not a credential
    o.env["HINT"] = "Bearer tokens expire";
    o.env["QUERY"] = "https://h/search?q=password";
    o.command = {"true"};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::vector<std::string> seen = seen_by_command(o.env, r.argv);
    for (const std::string &name : secrets) {
      CAPTURE(name);
      CHECK_FALSE(contains(seen, name));
    }
    for (const auto &entry : values) {
      const std::string &name = entry.first;  // (CAPTURE cannot take a structured binding under C++20)
      CAPTURE(name);
      CHECK_FALSE(contains(seen, name));
      CHECK(contains(env_flags(r.argv), std::string("--unsetenv ") + name));
    }
    for (const std::string &name : kept) {
      CAPTURE(name);
      CHECK(contains(seen, name));
    }
    for (const char *name : {"DOC", "HINT", "QUERY"}) {
      CAPTURE(name);
      CHECK(contains(seen, name));
    }
    CHECK(explain(r).find("hunter2") == std::string::npos);
  }
  TEST_CASE("value_holds_credential: a URL's password, a password parameter, an Authorization value") {
    CHECK(value_holds_credential("jdbc:postgresql://h/db?user=u&password=p"));
    CHECK(value_holds_credential("jdbc:mysql://h/db?PASSWORD=p"));
    CHECK(value_holds_credential("password=p"));
    CHECK(value_holds_credential("mysql --password=p"));
    CHECK(value_holds_credential("Host=h;Passwd=p"));
    CHECK(value_holds_credential("Authorization: Basic dXNlcjpwYXNz"));
    CHECK(value_holds_credential("authorization: token abc"));
    CHECK(value_holds_credential("Basic dXNlcjpwYXNz"));
    CHECK(value_holds_credential("-H 'Bearer abcdefghijklmnop1234'"));
    CHECK_FALSE(value_holds_credential("password="));
    CHECK_FALSE(value_holds_credential("https://h/x?password=&u=1"));
    CHECK_FALSE(value_holds_credential("mypassword=x"));
    CHECK_FALSE(value_holds_credential("Authorization:"));
    CHECK_FALSE(value_holds_credential("Bearer short"));
    CHECK_FALSE(value_holds_credential("Basic Auth"));
    CHECK_FALSE(value_holds_credential("/usr/local/bin:/usr/bin"));
  }
  TEST_CASE("value_holds_credential: scheme://user:password@host, in a list too, never a bare user or a path") {
    CHECK(value_holds_credential("https://u:p@h/x"));
    CHECK(value_holds_credential("postgres://app:hunter2@db:5432/app?sslmode=require"));
    CHECK(value_holds_credential("https://a/simple https://u:p@b/simple"));
    CHECK(value_holds_credential("redis://:secret@cache:6379"));
    CHECK_FALSE(value_holds_credential("https://u@h/x"));
    CHECK_FALSE(value_holds_credential("https://h/x?u=a:b@c"));
    CHECK_FALSE(value_holds_credential("https://h/a:b@c"));
    CHECK_FALSE(value_holds_credential("http://u:@h/"));
    CHECK_FALSE(value_holds_credential("user:pw@host"));
    CHECK_FALSE(value_holds_credential(""));
  }
  TEST_CASE("custom changes nothing unless asked; default_unset = true asks for the defaults") {
    Tree t;
    CompileResult r = t.compile(custom(""));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv).empty());
    r = t.compile(custom("[env]\ndefault_unset = true\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv) == kDefaults);
  }
  TEST_CASE("default_unset = false opts out, loudly, and explain says so") {
    Tree t;
    CompileResult r = t.compile("version = 1\nmode = \"workspace-write\"\n[env]\ndefault_unset = false\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv).empty());
    CHECK(has_warning(r, "default_unset = false: the command sees your tokens"));
    CHECK(explain(r).find("default unset patterns off ([env] default_unset = false at " + t.path("/policy.toml") +
                          ":4:17)") != std::string::npos);
  }
  TEST_CASE("danger-full-access cannot apply [env]") {
    Tree t;
    CompileResult r = t.compile("version = 1\nmode = \"danger-full-access\"\n[env]\nunset = [\"*TOKEN*\"]\n");
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "[env] cannot be applied"));
  }
}

TEST_SUITE("compiler [env]: inherit, keep, unset, set") {
  TEST_CASE("inherit = core: --clearenv and --keepenv for the core variables, and keep adds more") {
    Tree t;
    CompileResult r = t.compile(custom("[env]\ninherit = \"core\"\nkeep = [\"CARGO_*\", \"PATH\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv) == std::vector<std::string>{"--clearenv", "--keepenv CARGO_*", "--keepenv HOME",
                                                        "--keepenv LANG", "--keepenv LC_*", "--keepenv LOGNAME",
                                                        "--keepenv PATH", "--keepenv SHELL", "--keepenv TERM",
                                                        "--keepenv TMPDIR", "--keepenv TZ", "--keepenv USER"});
  }
  TEST_CASE("inherit = none: --clearenv alone, plus what keep names") {
    Tree t;
    CompileResult r = t.compile(custom("[env]\ninherit = \"none\"\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv) == std::vector<std::string>{"--clearenv"});
    r = t.compile(custom("[env]\ninherit = \"none\"\nkeep = [\"LANG\"]\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv) == std::vector<std::string>{"--clearenv", "--keepenv LANG"});
  }
  TEST_CASE("keep with inherit = all is an error that says why") {
    Tree t;
    CompileResult r = t.compile(custom("[env]\nkeep = [\"LANG\", \"LC_*\"]\n"));
    CHECK_FALSE(r.ok);
    CHECK(has_error(r, "every variable is inherited already, so keep would mean nothing"));
    CHECK(r.diags.count(Severity::Error) == 1);  // said once
    CHECK(r.rendered().find("policy.toml:4:9: error") != std::string::npos);
  }
  TEST_CASE("an unknown inherit, an unknown key and a wrong type point at their line, with a hint") {
    Tree t;
    CompileResult r =
        t.compile(custom("[env]\ninherit = \"cor\"\nunsets = [\"X\"]\nset = { A = 1 }\nkeep = \"LANG\"\n"));
    CHECK_FALSE(r.ok);
    std::string text = r.rendered();
    CHECK(text.find("policy.toml:4:11: error: unknown [env] inherit `cor`") != std::string::npos);
    CHECK(text.find("did you mean `core`?") != std::string::npos);
    CHECK(text.find("policy.toml:5:1: error: unknown key `unsets` in [env]") != std::string::npos);
    CHECK(text.find("did you mean `unset`?") != std::string::npos);
    CHECK(has_error(r, "`set.A` must be a string"));
    CHECK(has_error(r, "`keep` must be an array of NAME patterns"));
    CHECK(t.compile("version = 1\nmode = \"custom\"\n[envv]\n").rendered().find("did you mean `env`?") !=
          std::string::npos);
  }
  TEST_CASE("patterns and names follow the launcher's rules, in its words") {
    Tree t;
    const std::string pattern_rule = launcher_says(launcher::Flag::UnsetEnv, "A=B");
    const std::string name_rule = launcher_says(launcher::Flag::SetEnv, "A*");
    REQUIRE_FALSE(pattern_rule.empty());
    REQUIRE_FALSE(name_rule.empty());
    CHECK(has_error(t.compile(custom("[env]\nunset = [\"A=B\"]\n")), "[env] unset `A=B`: " + pattern_rule));
    CHECK(has_error(t.compile(custom("[env]\nunset = [\"\"]\n")), "[env] unset ``: " + pattern_rule));
    CHECK(has_error(t.compile(custom("[env]\ninherit = \"none\"\nkeep = [\"X=\"]\n")),
                    "[env] keep `X=`: " + pattern_rule));
    CHECK(has_error(t.compile(custom("[env]\nset = { \"A*\" = \"1\" }\n")), "[env] set `A*`: " + name_rule));
    CHECK(has_error(t.compile(custom("[env]\nset = { \"A=B\" = \"1\" }\n")), "[env] set `A=B`: " + name_rule));
    CHECK(has_error(t.compile(custom("[env]\nunset = [\"A\\u0000B\"]\n")), "NUL byte"));
    CHECK(has_error(t.compile(custom("[env]\nset = { A = \"x\\u0000y\" }\n")), "NUL byte"));
    // `--` ends the launcher's flags: it can be neither a value nor a pattern.
    CHECK(has_error(t.compile(custom("[env]\nset = { A = \"--\" }\n")), "`--` ends the launcher's flags"));
    CHECK(has_error(t.compile(custom("[env]\nunset = [\"--\"]\n")), "`--` ends the launcher's flags"));
    // What the launcher accepts, the compiler accepts: any byte but '=' (and NUL).
    CompileResult r = t.compile(custom("[env]\nunset = [\"*\", \"a b\", \"é*\"]\nset = { \"x.y\" = \"\" }\n"));
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(contains(env_flags(r.argv), "--setenv x.y "));
  }
  TEST_CASE("set: literal values, sorted by name, after every unset, so a set variable is seen") {
    Tree t;
    CompileResult r = t.compile(
        "version = 1\nmode = \"workspace-write\"\n"
        "[env]\nset = { Z = \"${HOME}\", GITHUB_TOKEN = \"for-the-tool\", A = \"a b\" }\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::vector<std::string> flags = env_flags(r.argv);
    std::vector<std::string> want = kDefaults;
    want.insert(want.end(), {"--setenv A a b", "--setenv GITHUB_TOKEN for-the-tool", "--setenv Z ${HOME}"});
    CHECK(flags == want);
  }
  TEST_CASE("set: more than the launcher's 64 KiB in all is refused at compile time") {
    Tree t;
    CompileResult r = t.compile(
        custom("[env]\nset = { A = \"" + std::string(40000, 'a') + "\", B = \"" + std::string(40000, 'b') + "\" }\n"));
    CHECK(has_error(r, "exceed 64 KiB"));
  }
}

TEST_SUITE("compiler [env]: composition") {
  TEST_CASE("extends: unset and keep are a union, set is the extending file's per name, inherit the extending file's") {
    Tree t;
    t.file("/data/base.toml",
           "version = 1\n[env]\ninherit = \"none\"\nkeep = [\"LANG\"]\nunset = [\"A_*\"]\n"
           "set = { X = \"base\", Y = \"base\" }\n");
    CompileResult r = t.compile(
        "version = 1\nmode = \"custom\"\nextends = [\"data/base.toml\"]\n"
        "[env]\ninherit = \"core\"\nkeep = [\"CARGO_HOME\"]\nunset = [\"B_*\"]\nset = { X = \"main\" }\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    const EnvPlan &env = r.plan.env;
    CHECK(env.inherit == "core");
    CHECK(env.clear);
    CHECK(contains(texts(env.keep), "LANG"));
    CHECK(contains(texts(env.keep), "CARGO_HOME"));
    CHECK(contains(texts(env.keep), "PATH"));
    CHECK(texts(env.unset) == std::vector<std::string>{"A_*", "B_*"});
    REQUIRE(env.set.size() == 2);
    CHECK((env.set[0].text == "X" && env.set[0].value == "main"));
    CHECK((env.set[1].text == "Y" && env.set[1].value == "base"));
    // A base's inherit applies when the extending file gives none.
    r = t.compile("version = 1\nmode = \"custom\"\nextends = [\"data/base.toml\"]\n");
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(r.plan.env.inherit == "none");
    CHECK(texts(r.plan.env.keep) == std::vector<std::string>{"LANG"});
  }
  TEST_CASE("a profile overrides inherit and set, and adds to unset") {
    Tree t;
    CompileOptions o = t.options(
        "version = 1\nmode = \"custom\"\n[env]\nset = { X = \"top\" }\nunset = [\"A\"]\n"
        "[profiles.ci.env]\ninherit = \"none\"\nset = { X = \"ci\" }\nunset = [\"B\"]\n");
    o.profile = "ci";
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    CHECK(env_flags(r.argv) == std::vector<std::string>{"--clearenv", "--unsetenv A", "--unsetenv B", "--setenv X ci"});
  }
  TEST_CASE("the output does not depend on the order of entries") {
    Tree t;
    CompileResult a = t.compile(custom("[env]\nunset = [\"B\", \"A\", \"B\"]\nset = { Y = \"1\", X = \"2\" }\n"));
    CompileResult b = t.compile(custom("[env]\nset = { X = \"2\", Y = \"1\" }\nunset = [\"A\", \"B\"]\n"));
    REQUIRE_MESSAGE(a.ok, a.rendered());
    CHECK(a.argv == b.argv);
  }
}

TEST_SUITE("compiler [env]: explain") {
  TEST_CASE("explain names the variables here that the command would not see, never their values") {
    Tree t;
    CompileOptions o = t.options(
        "version = 1\nmode = \"workspace-write\"\n[env]\nunset = [\"NPM_*\"]\nset = { MY_PASSWORD = \"given\" }\n");
    o.env["GITHUB_TOKEN"] = "VALUE-OF-THE-TOKEN";
    o.env["SSH_AUTH_SOCK"] = "/run/agent.sock";
    o.env["NPM_CONFIG_X"] = "1";
    o.env["MY_PASSWORD"] = "VALUE-OF-THE-PASSWORD";
    o.env["EDITOR"] = "vi";
    o.env["BAD\x1b]52;c;x\x07TOKEN"] = "1";  // a name is bytes too: printed escaped
    o.env["A_TOKEN\nunset FORGED"] = "1";    // and a newline cannot forge a line
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::string text = explain(r);
    size_t start = text.find("  not seen by the command, of the 10 variables");
    REQUIRE(start != std::string::npos);
    std::string unseen = text.substr(start);
    CHECK(unseen.find("    GITHUB_TOKEN\n") != std::string::npos);
    CHECK(unseen.find("    SSH_AUTH_SOCK\n") != std::string::npos);
    CHECK(unseen.find("    NPM_CONFIG_X\n") != std::string::npos);
    CHECK(text.find("    EDITOR\n") == std::string::npos);
    CHECK(text.find("    MY_PASSWORD\n") == std::string::npos);  // set: seen, with the policy's value
    CHECK(text.find("VALUE-OF-THE") == std::string::npos);
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find("    BAD\\x1b]52;c;x\\x07TOKEN\n") != std::string::npos);
    CHECK(text.find("\nunset FORGED") == std::string::npos);
    CHECK(text.find("    A_TOKEN\\x0aunset FORGED\n") != std::string::npos);
    CHECK(text.find("environment: inherit = \"all\" (the default)") != std::string::npos);
    CHECK(text.find("  unset NPM_*  ([env] unset at " + t.path("/policy.toml") + ":4:10)") != std::string::npos);
    CHECK(text.find("  set MY_PASSWORD=given  ([env] set at ") != std::string::npos);
  }
  TEST_CASE("explain's unseen list is what the launcher's own build_environment leaves out") {
    Tree t;
    CompileOptions o =
        t.options(custom("[env]\ninherit = \"core\"\nkeep = [\"CARGO_*\"]\nunset = [\"LC_ALL\"]\n"
                         "default_unset = true\nset = { AWS_SECRET_KEY = \"x\" }\n"));
    for (const char *name : {"LANG", "LC_ALL", "LC_CTYPE", "CARGO_HOME", "GITHUB_TOKEN", "EDITOR", "AWS_SECRET_KEY",
                             "USER", "SSH_AUTH_SOCK", "HOME_TOKEN"})
      o.env[name] = "v";
    o.command = {"true"};
    CompileResult r = compile(o);
    REQUIRE_MESSAGE(r.ok, r.rendered());
    std::vector<std::string> vars(o.env.size());
    std::transform(o.env.begin(), o.env.end(), vars.begin(), [](const auto &kv) { return kv.first + '=' + kv.second; });
    std::vector<std::string> argv = r.argv;
    std::vector<char *> inherited = c_strings(vars), args = c_strings(argv);
    launcher::Options opts;
    REQUIRE(launcher::parse_args(static_cast<int>(argv.size()), args.data(), opts).what == nullptr);
    auto env = std::make_unique<launcher::Environment>();
    REQUIRE(launcher::build_environment(args.data(), opts, inherited.data(), *env).what == nullptr);
    std::vector<std::string> seen;
    for (int i = 0; i < env->count; ++i) {
      std::string var = env->vars[i];
      seen.push_back(var.substr(0, var.find('=')));
    }
    std::vector<std::string> unseen;
    for (const auto &[name, value] : o.env)
      if (!contains(seen, name)) unseen.push_back(name);
    CHECK(r.plan.env.unseen == unseen);
    CHECK(contains(unseen, "GITHUB_TOKEN"));
    CHECK(contains(unseen, "LC_ALL"));
    CHECK(contains(unseen, "EDITOR"));
    CHECK(contains(seen, "LC_CTYPE"));
    CHECK(contains(seen, "CARGO_HOME"));
    CHECK(contains(seen, "AWS_SECRET_KEY"));  // set wins over the default *SECRET* and *_KEY
  }
}
