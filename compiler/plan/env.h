// [env]: the command's environment, planned into the launcher's --clearenv,
// --keepenv, --unsetenv and --setenv (docs/policy-format.md, "The
// environment"). Patterns and names are checked with the launcher's own
// grammar (launcher/cli_parse.h), so the compiler refuses exactly what
// landlock-run would. A project policy may only narrow: add unset
// patterns, or narrow inherit (all -> core -> none); anything that would
// widen is an error.
#pragma once
#include <string>
#include <string_view>

#include "../policy/context.h"
#include "plan.h"

namespace llp {

// inherit = "core": what a command needs to behave as in your shell.
inline constexpr std::string_view kCoreVariables[] = {"PATH", "HOME", "USER", "LOGNAME", "SHELL",
                                                      "LANG", "LC_*", "TERM", "TZ",      "TMPDIR"};

// Unset by default in read-only and workspace-write ([env] default_unset = false
// opts out): the one table of the names that carry credentials. Each in upper
// and lower case (the launcher's patterns match case-sensitively), plus the
// mixed-case names tools really use. None matches PATH, HOME, USER, SHELL,
// LANG, LC_*, TERM, TZ, TMPDIR, XDG_*, PWD, OLDPWD, SHLVL, PAGER, EDITOR,
// DISPLAY (tests/unit/compiler_env_test.cpp holds it to that). A variable
// whose value holds a credential is unset too, by name (value_holds_credential, below).
inline constexpr std::string_view kDefaultUnset[] = {
    // Generic: tokens, secrets, passwords, keys, passphrases, credentials.
    "*TOKEN*", "*token*", "*Token*", "*SECRET*", "*secret*", "*Secret*", "*PASSWORD*", "*password*", "*Password*",
    "*PASSWD*", "*passwd*", "*_KEY", "*_key", "*PRIVATE_KEY*", "*private_key*", "*PASSPHRASE*", "*passphrase*",
    "*_PASS", "*_pass", "*_PWD", "*_pwd", "*CREDENTIAL*", "*credential*",
    // API keys under every spelling (OPENAI_APIKEY, NUGET_APIKEY, API_KEY_1,
    // ApiKey, apiKey); personal access tokens (GITHUB_PAT, GH_PAT); secret
    // keys named by a suffix (STRIPE_SK).
    "*APIKEY*", "*apikey*", "*ApiKey*", "*Apikey*", "*apiKey*", "*API_KEY*", "*api_key*", "*_PAT", "*_pat", "*_SK",
    "*_sk",
    // SonarQube's token (SONAR_LOGIN); libpq's password (PGPASSWORD) and password file.
    "SONAR_LOGIN", "sonar_login", "PGPASS*", "pgpass*",
    // Connection strings that embed a password (Sentry's DSN), chat webhooks.
    "*DSN*", "*dsn*", "*WEBHOOK*", "*webhook*",
    // npm's registry credentials as npm_config_ variables (_auth, _authToken).
    "npm_config__auth*", "NPM_CONFIG__AUTH*",
    // Docker's registry logins; GitLab's job token in the clone URL, its
    // job JWTs, registry and deploy passwords.
    "DOCKER_AUTH_CONFIG", "docker_auth_config", "CI_REPOSITORY_URL", "ci_repository_url", "CI_JOB_JWT*", "ci_job_jwt*",
    "CI_REGISTRY_PASSWORD", "ci_registry_password", "CI_DEPLOY_PASSWORD", "ci_deploy_password",
    // The SSH agent's socket: unset, but below Landlock ABI 9 the socket itself
    // stays reachable by its path (docs/landlock-limits.md).
    "SSH_AUTH_SOCK", "ssh_auth_sock"};

// Whether value holds a credential, whatever the variable's name: a URL with a
// password (scheme://user:password@host: DATABASE_URL, HTTPS_PROXY,
// PIP_INDEX_URL), a password parameter (jdbc:...?user=u&password=p,
// Server=h;Pwd=p), an HTTP Authorization value (`Authorization: ...`,
// `Bearer TOKEN`, `Basic BASE64(user:password)`). Such a variable is unset by name.
bool value_holds_credential(std::string_view value);

// A mode whose environment loses kDefaultUnset unless opted out: the two agent modes.
bool mode_unsets_secrets(const std::string &mode);

// Whether a table asks for any change to the environment (danger-full-access cannot apply one).
bool env_changes(const EnvTable &env);

// The plan, from your files and the project's; every problem is
// a diagnostic. unseen is computed from ctx.opt.env, the compiler's own.
EnvPlan plan_env(const Context &ctx, const Layers &layers, const std::string &mode, Loc mode_loc);

}  // namespace llp
