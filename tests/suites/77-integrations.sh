#!/bin/sh
# The CI integrations (issue 13): the GitHub composite action's steps run as
# a runner would (tests/integrations/gha-run.sh: GITHUB_ENV, GITHUB_PATH,
# RUNNER_TEMP, GITHUB_WORKSPACE), and the GitLab template's script run as a
# GitLab job would, against the release tarball `make dist` built: a good
# policy confines the command, a tampered tarball is refused, an invalid
# policy fails the step.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
need_dist_and_landlock integrations
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sha=$(sha256sum "$tarball" | cut -d' ' -f1)
pass() { echo "PASS integrations $1"; }
fail() { echo "FAIL integrations $1: $2"; }

# A tampered release: the launcher replaced by a script, the inner
# SHA256SUMS recomputed, so that only the digest the job was given tells.
mkdir -p "$tmp/evil"
tar -xzf "$tarball" -C "$tmp/evil"
printf '#!/bin/sh\nexec "$@"\n' >"$tmp/evil/$name/bin/landlock-run"
(cd "$tmp/evil/$name" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | sort | xargs sha256sum >SHA256SUMS)
mkdir -p "$tmp/evil/out"
(cd "$tmp/evil" && tar -czf "out/$name.tar.gz" "$name")
evil=$tmp/evil/out/$name.tar.gz

good_policy='version = 1
mode = "workspace-write"'
# The command: a write in the workspace lands, one in HOME must be denied.
cmd='echo built >"$PWD/built"; if echo x 2>/dev/null >"$HOME/planted"; then exit 3; fi'

# gh CASE [VAR=VALUE]...: a fresh runner (workspace, RUNNER_TEMP, HOME,
# TMPDIR apart, as on GitHub), the action run with the INPUT_ variables given.
gh() {
  case_dir=$tmp/gh-$1
  shift
  mkdir -p "$case_dir/ws" "$case_dir/runner-temp" "$case_dir/home" "$case_dir/tmp"
  : >"$case_dir/env" && : >"$case_dir/path"
  env GITHUB_ACTIONS=true GITHUB_WORKSPACE="$case_dir/ws" RUNNER_TEMP="$case_dir/runner-temp" \
    GITHUB_ENV="$case_dir/env" GITHUB_PATH="$case_dir/path" HOME="$case_dir/home" TMPDIR="$case_dir/tmp" \
    "$@" sh tests/integrations/gha-run.sh integrations/github >"$case_dir/out" 2>"$case_dir/err"
}
why() { head -c 400 "$case_dir/err" | tr '\n' ' '; }

gh good INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/built" ] && [ ! -e "$case_dir/home/planted" ]; then
  pass "github action: installs, probes, confines the command"
else
  fail "github action: installs, probes, confines the command" "exit $rc; $(why)"
fi
if grep -qx "$case_dir/runner-temp/landlock-run/$name/bin" "$case_dir/path" &&
   grep -qx "LLR_HOME=$case_dir/runner-temp/landlock-run/$name" "$case_dir/env" &&
   grep -q "enforcement=" "$case_dir/out"; then
  pass "github action: GITHUB_PATH, GITHUB_ENV and the probe step"
else
  fail "github action: GITHUB_PATH, GITHUB_ENV and the probe step" "$(cat "$case_dir/path" "$case_dir/env" | tr '\n' ' ')"
fi

# The digest from a SHA256SUMS file, the tarball by file:// URL, the policy
# a file in the workspace (copied out before the command runs).
printf '%s  %s\n' 0000000000000000000000000000000000000000000000000000000000000000 other.tar.gz "$sha" "$name.tar.gz" >"$tmp/SHA256SUMS"
mkdir -p "$tmp/gh-sums/ws/ci" && printf '%s\n' "$good_policy" >"$tmp/gh-sums/ws/ci/policy.toml"
gh sums INPUT_TARBALL="file://$tarball" INPUT_SHA256SUMS="$tmp/SHA256SUMS" INPUT_POLICY=ci/policy.toml INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/built" ]; then pass "github action: SHA256SUMS, file:// URL, a policy file in the workspace"
else fail "github action: SHA256SUMS, file:// URL, a policy file in the workspace" "exit $rc; $(why)"; fi

gh tampered INPUT_TARBALL="$evil" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -ne 0 ] && grep -q 'SHA-256 mismatch' "$case_dir/err" && [ ! -e "$case_dir/ws/built" ] &&
   [ ! -s "$case_dir/path" ] && [ -z "$(find "$case_dir/runner-temp" -name landlock-run -type f)" ]; then
  pass "github action: a tampered tarball is refused, nothing installed or run"
else
  fail "github action: a tampered tarball is refused, nothing installed or run" "exit $rc; $(why)"
fi

gh no-digest INPUT_TARBALL="$tarball" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -ne 0 ] && grep -q 'unverified tarball is never installed' "$case_dir/err" && [ ! -e "$case_dir/ws/built" ]; then
  pass "github action: no digest, no install"
else fail "github action: no digest, no install" "exit $rc; $(why)"; fi

gh http INPUT_TARBALL="http://127.0.0.1:9/$name.tar.gz" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -ne 0 ] && grep -q 'refusing a plain http URL' "$case_dir/err"; then pass "github action: a plain http:// URL is refused"
else fail "github action: a plain http:// URL is refused" "exit $rc; $(why)"; fi

gh invalid INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML='version = 1
mode = "workspace-writ"' INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/built" ] && grep -q '^::error file=.*title=landlock-policy::' "$case_dir/err"; then
  pass "github action: an invalid policy fails the step with an annotation, nothing run"
else
  fail "github action: an invalid policy fails the step with an annotation, nothing run" "exit $rc; $(why)"
fi

gh denied INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" \
  INPUT_COMMAND='echo x >"$HOME/planted"'
rc=$?
if [ "$rc" -ne 0 ] && [ ! -e "$case_dir/home/planted" ] && grep -q 'Permission denied' "$case_dir/err"; then
  pass "github action: a denied write fails the step"
else fail "github action: a denied write fails the step" "exit $rc; $(why)"; fi

# GitLab: the committed template is what generate.sh makes of the scripts.
if sh integrations/gitlab/generate.sh | cmp -s - integrations/gitlab/landlock.gitlab-ci.yml; then
  pass "gitlab template is generated from integrations/lib (no drift)"
else
  fail "gitlab template is generated from integrations/lib (no drift)" "run: sh integrations/gitlab/generate.sh >integrations/gitlab/landlock.gitlab-ci.yml"
fi
# Its script, as YAML gives it to the job (python3-yaml, a real parser).
if /usr/bin/python3 -c 'import yaml' 2>/dev/null; then
  /usr/bin/python3 - integrations/gitlab/landlock.gitlab-ci.yml integrations/github/action.yml "$tmp/gitlab-script.sh" <<'PY' >"$tmp/yaml.log" 2>&1
import sys, yaml
gitlab = yaml.safe_load(open(sys.argv[1]))
job = gitlab[".landlock"]
assert list(job) == ["variables", "script"], list(job)
assert len(job["script"]) == 1
open(sys.argv[3], "w").write(job["script"][0])
action = yaml.safe_load(open(sys.argv[2]))
assert action["runs"]["using"] == "composite"
inputs = set(action["inputs"])
for step in action["runs"]["steps"]:
    assert step["shell"] == "sh", step
    for value in step.get("env", {}).values():
        assert value.startswith("${{ inputs.") and value[11:-3] in inputs, value
PY
  if [ $? -eq 0 ]; then pass "the action and the template parse as YAML, inputs all declared"
  else fail "the action and the template parse as YAML, inputs all declared" "$(tail -3 "$tmp/yaml.log" | tr '\n' ' ')"; fi
else
  echo "SKIP integrations yaml: /usr/bin/python3 with python3-yaml is not installed (make deps)"
  sed -n '/^    - |$/,$p' integrations/gitlab/landlock.gitlab-ci.yml | sed '1d; s/^      //' >"$tmp/gitlab-script.sh"
fi

# gl CASE [VAR=VALUE]...: the job's script under sh -e, with what a GitLab
# runner sets (CI_PROJECT_DIR, CI_BUILDS_DIR), HOME and TMPDIR apart.
gl() {
  case_dir=$tmp/gl-$1
  shift
  mkdir -p "$case_dir/builds/ws" "$case_dir/home" "$case_dir/tmp"
  (cd "$case_dir/builds/ws" && env GITLAB_CI=true CI=true CI_PROJECT_DIR="$case_dir/builds/ws" \
    CI_BUILDS_DIR="$case_dir/builds" HOME="$case_dir/home" TMPDIR="$case_dir/tmp" "$@" \
    $gl_shell -e "$tmp/gitlab-script.sh") >"$case_dir/out" 2>"$case_dir/err" </dev/null
}
gl_shell="sh"
gl good LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/builds/ws/built" ] && [ ! -e "$case_dir/home/planted" ] &&
   [ -x "$case_dir/home/.local/lib/landlock-run/$name/bin/landlock-run" ]; then
  pass "gitlab job: installs, probes, confines the command"
else fail "gitlab job: installs, probes, confines the command" "exit $rc; $(why)"; fi
gl tampered LLR_TARBALL="$evil" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND="$cmd"
rc=$?
if [ "$rc" -ne 0 ] && grep -q 'SHA-256 mismatch' "$case_dir/err" && [ ! -e "$case_dir/builds/ws/built" ]; then
  pass "gitlab job: a tampered tarball is refused"
else fail "gitlab job: a tampered tarball is refused" "exit $rc; $(why)"; fi
gl invalid LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML='version = 1
bogus = 1' LLR_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/builds/ws/built" ] && grep -q 'error: unknown key' "$case_dir/err"; then
  pass "gitlab job: an invalid policy fails the job, nothing run"
else fail "gitlab job: an invalid policy fails the job, nothing run" "exit $rc; $(why)"; fi
# An Alpine-like job: nothing but busybox's applets on PATH, busybox sh.
if command -v busybox >/dev/null; then
  mkdir -p "$tmp/bb"
  for applet in $(busybox --list); do ln -s "$(command -v busybox)" "$tmp/bb/$applet"; done
  gl_shell="busybox sh"
  gl busybox PATH="$tmp/bb" LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND="$cmd"
  rc=$?
  if [ "$rc" -eq 0 ] && [ -f "$case_dir/builds/ws/built" ] && [ ! -e "$case_dir/home/planted" ]; then
    pass "gitlab job with only busybox (an Alpine image): installs and confines"
  else fail "gitlab job with only busybox (an Alpine image): installs and confines" "exit $rc; $(why)"; fi
else
  echo "SKIP integrations busybox job: busybox is not installed (make deps)"
fi
exit 0
