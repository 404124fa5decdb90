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
# The runners' folders (RUNNER_TEMP, HOME) outside /tmp: the install and
# the compiler refuse a launcher or a policy file there (tests/lib/testdir.sh).
# shellcheck source=tests/lib/testdir.sh
. tests/lib/testdir.sh
tmp=$(test_dir llr-integrations) || exit 1
trap 'rm -rf "$tmp"' EXIT
sha=$(sha256sum "$tarball" | cut -d' ' -f1)
REPORT_PREFIX="integrations "

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
  mkdir -p "$case_dir"
  mkdir -p "$case_dir/ws" "$case_dir/runner-temp/_runner_file_commands" "$case_dir/home" "$case_dir/tmp"
  files=$case_dir/runner-temp/_runner_file_commands
  : >"$files/env" && : >"$files/path" && : >"$files/output" && : >"$files/summary"
  ln -sf "$files/env" "$case_dir/env" && ln -sf "$files/path" "$case_dir/path"
  env GITHUB_ACTIONS=true GITHUB_WORKSPACE="$case_dir/ws" RUNNER_TEMP="$case_dir/runner-temp" \
    GITHUB_ENV="$files/env" GITHUB_PATH="$files/path" GITHUB_OUTPUT="$files/output" \
    GITHUB_STEP_SUMMARY="$files/summary" HOME="$case_dir/home" TMPDIR="$case_dir/tmp" \
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

# Issue 29: a clone of yours in the runner's TMPDIR is about the machine,
# not the run: no annotation (the compiler itself still sees it, checked
# with --diagnostics gcc in the same world).
mkdir -p "$tmp/gh-clone/tmp/checkout/.git/hooks"
gh clone INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
rc=$?
bin=$case_dir/runner-temp/landlock-run/$name/bin
HOME=$case_dir/home TMPDIR=$case_dir/tmp "$bin/landlock-policy" argv --diagnostics gcc --format json \
  --set workspace="$case_dir/ws" --mode workspace-write -- true 2>"$case_dir/gcc" >/dev/null
if [ "$rc" -eq 0 ] && grep -q 'contains .*/checkout/.git' "$case_dir/gcc" && ! grep -q 'checkout/.git' "$case_dir/err"; then
  pass "github action: a clone in TMPDIR is no annotation"
else
  fail "github action: a clone in TMPDIR is no annotation" "exit $rc; $(why); gcc: $(head -c 200 "$case_dir/gcc")"
fi

# The digest from a SHA256SUMS file, the tarball by file:// URL, the
# pipeline's policy a mode, the repository's policy file a project layer.
printf '%s  %s\n' 0000000000000000000000000000000000000000000000000000000000000000 other.tar.gz "$sha" "$name.tar.gz" >"$tmp/SHA256SUMS"
mkdir -p "$tmp/gh-sums/ws/ci" && printf '%s\n' "$good_policy" >"$tmp/gh-sums/ws/ci/policy.toml"
gh sums INPUT_TARBALL="file://$tarball" INPUT_SHA256SUMS="$tmp/SHA256SUMS" INPUT_MODE=workspace-write \
  INPUT_POLICY=ci/policy.toml INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/built" ]; then pass "github action: SHA256SUMS, file:// URL, a policy file in the workspace"
else fail "github action: SHA256SUMS, file:// URL, a policy file in the workspace" "exit $rc; $(why)"; fi

# Issue 24. The repository chooses no sandbox of its own: its policy file is
# the project layer under the pipeline's mode, whatever it says, and its
# warnings are annotations on its own file and line.
mkdir -p "$tmp/gh-project/ws/.github"
printf 'version = 1\nmode = "danger-full-access"\n' >"$tmp/gh-project/ws/.github/landlock.toml"
gh project INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_MODE=workspace-write INPUT_POLICY=.github/landlock.toml \
  INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/built" ] && [ ! -e "$case_dir/home/planted" ]; then
  pass "github action: a repository policy of danger-full-access is only a project layer: still confined"
else fail "github action: a repository policy of danger-full-access is only a project layer: still confined" "exit $rc; $(why)"; fi
if grep -q '^::warning file=.github/landlock.toml,line=2,col=8,title=landlock-policy::a project policy cannot set `mode`' "$case_dir/err"; then
  pass "github action: the project policy's annotation names the repository's file and line"
else fail "github action: the project policy's annotation names the repository's file and line" "$(grep '^::' "$case_dir/err" | head -3 | tr '\n' ' ')"; fi
# A file policy with no pipeline policy above it is refused, nothing run.
gh project-alone INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY=ci/policy.toml INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/built" ] && grep -q "the pipeline's policy is required" "$case_dir/err"; then
  pass "github action: a repository policy alone is refused (the pipeline's policy or mode is required)"
else fail "github action: a repository policy alone is refused (the pipeline's policy or mode is required)" "exit $rc; $(why)"; fi

gh both INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_MODE=danger-full-access \
  INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/built" ] && grep -q 'policy-toml or mode, not both' "$case_dir/err"; then
  pass "github action: policy-toml and mode together are refused"
else fail "github action: policy-toml and mode together are refused" "exit $rc; $(why)"; fi

# An input echoed in an error is escaped: a line break in it cannot start
# a workflow command of its own.
gh mode-escaped INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_MODE="$(printf 'bogus\n::error title=forged::x')" \
  INPUT_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && grep -q '^landlock-run: LLR_MODE bogus?::error' "$case_dir/err" && ! grep -q '^::error title=forged' "$case_dir/err"; then
  pass "github action: an input shown in an error is escaped"
else fail "github action: an input shown in an error is escaped" "exit $rc; $(why)"; fi

# danger-full-access fails the step unless the workflow allows it.
danger='version = 1
mode = "danger-full-access"'
gh danger INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$danger" INPUT_COMMAND='echo ran >"$PWD/ran"'
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/ran" ] && grep -q 'allow-unconfined: true' "$case_dir/err"; then
  pass "github action: danger-full-access fails the step without allow-unconfined"
else fail "github action: danger-full-access fails the step without allow-unconfined" "exit $rc; $(why)"; fi
gh danger-allowed INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$danger" INPUT_ALLOW_UNCONFINED=true \
  INPUT_COMMAND='echo ran >"$PWD/ran"'
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/ran" ] && grep -q '^::warning title=landlock-run::mode danger-full-access' "$case_dir/err"; then
  pass "github action: allow-unconfined: true runs danger-full-access, with a warning"
else fail "github action: allow-unconfined: true runs danger-full-access, with a warning" "exit $rc; $(why)"; fi

# A failing line fails the step: the command runs under sh -ec.
gh multi-line INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND='echo x >"$HOME/planted"
echo after >"$PWD/after"'
rc=$?
if [ "$rc" -ne 0 ] && [ ! -e "$case_dir/ws/after" ] && [ ! -e "$case_dir/home/planted" ]; then
  pass "github action: a denied first line of a multi-line command fails the step"
else fail "github action: a denied first line of a multi-line command fails the step" "exit $rc; $(why)"; fi

# The job's token stays outside: a checkout that persisted it is refused.
for kind in extraheader url; do
  mkdir -p "$tmp/gh-creds-$kind/ws/.git"
  if [ "$kind" = extraheader ]; then
    printf '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==\n'
  else
    printf '[remote "origin"]\n\turl = https://x-access-token:ghs_secret@github.com/o/r.git\n'
  fi >"$tmp/gh-creds-$kind/ws/.git/config"
  gh "creds-$kind" INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$cmd"
  rc=$?
  if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/built" ] && grep -q 'persist-credentials: false' "$case_dir/err" &&
     ! grep -q ghs_secret "$case_dir/err" "$case_dir/out"; then
    pass "github action: a token in .git/config ($kind) is refused with the fix, nothing run"
  else fail "github action: a token in .git/config ($kind) is refused with the fix, nothing run" "exit $rc; $(why)"; fi
done

# Issue 28: the token where the step used not to look. actions/checkout v6
# keeps it in $RUNNER_TEMP/git-credentials-UUID.config, which .git/config
# includes (includeIf gitdir:); a submodule's config may lie deeper than
# .git/modules/NAME/config (a name with a slash, a submodule's submodule);
# a worktree has its own config; an include may name another, relative to
# itself or to ~. Each is refused with the fix, nothing run, the token
# never printed; an include that cannot be read is refused too.
extraheader='[http "https://github.com/"]
	extraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA=='
# The command writes in a folder of the workspace (the carve of .git
# leaves the workspace's root read-only): out/ran says it ran.
ran_cmd='echo ran >"$PWD/out/ran"'
creds_case() {
  c=$tmp/gh-$1
  mkdir -p "$c/ws/.git" "$c/ws/out" "$c/runner-temp" "$c/home"
  printf '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://github.com/o/r\n' >"$c/ws/.git/config"
}
creds_case checkout-v6
printf '%s\n' "$extraheader" >"$c/runner-temp/git-credentials-3f0e4c1a-0b9d-4e55-9c0e-5d1f1b2a7c11.config"
printf '[includeIf "gitdir:%s/ws/.git"]\n\tpath = %s/runner-temp/git-credentials-3f0e4c1a-0b9d-4e55-9c0e-5d1f1b2a7c11.config\n' \
  "$c" "$c" >>"$c/ws/.git/config"
creds_case submodule-slash
mkdir -p "$c/ws/.git/modules/third_party/lib"
printf '%s\n' "$extraheader" >"$c/ws/.git/modules/third_party/lib/config"
creds_case submodule-nested
mkdir -p "$c/ws/.git/modules/a/modules/b"
printf '[core]\n\tbare = false\n' >"$c/ws/.git/modules/a/config"
printf '[remote "origin"]\n\turl = https://x-access-token:ghs_secret@github.com/o/b.git\n' >"$c/ws/.git/modules/a/modules/b/config"
creds_case worktree
mkdir -p "$c/ws/.git/worktrees/w1"
printf '%s\n' "$extraheader" >"$c/ws/.git/worktrees/w1/config.worktree"
creds_case include-chain
mkdir -p "$c/home/creds"
printf '[Include]\n\tPath = "~/git-extra.config"  # the user'"'"'s\n' >>"$c/ws/.git/config"
printf '[includeIf "onbranch:main"] path = creds/token.config\n' >"$c/home/git-extra.config"
printf '%s\n' "$extraheader" >"$c/home/creds/token.config"
# A workspace that is a worktree of another clone: its .git is a file
# naming its git folder, whose commondir names the main one.
creds_case worktree-checkout
rm -rf "$c/ws/.git"
mkdir -p "$c/main/.git/worktrees/ws"
printf 'gitdir: ../main/.git/worktrees/ws\n' >"$c/ws/.git"
printf '../..\n' >"$c/main/.git/worktrees/ws/commondir"
printf '%s\n' "$extraheader" >"$c/main/.git/config"
for kind in checkout-v6 submodule-slash submodule-nested worktree include-chain worktree-checkout; do
  gh "$kind" INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$ran_cmd"
  rc=$?
  if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/out/ran" ] && grep -q 'holds a credential.*persist-credentials: false' "$case_dir/err" &&
     ! grep -q 'ghs_secret\|eC1hY2Nlc3Mt' "$case_dir/err" "$case_dir/out"; then
    pass "github action: a token in a git config the checkout reaches ($kind) is refused with the fix, nothing run"
  else fail "github action: a token in a git config the checkout reaches ($kind) is refused with the fix, nothing run" "exit $rc; $(why)"; fi
done
# An include that exists but cannot be read fails closed (a folder: root
# reads any file whatever its mode), here from a submodule's config (the
# compiler reads .git/config's includes itself, not the submodules').
creds_case include-unreadable
mkdir -p "$c/runner-temp/git-credentials-unreadable.config" "$c/ws/.git/modules/third_party/lib"
printf '[includeIf "gitdir:%s/ws/.git/modules/third_party/lib"]\n\tpath = %s/runner-temp/git-credentials-unreadable.config\n' \
  "$c" "$c" >"$c/ws/.git/modules/third_party/lib/config"
gh include-unreadable INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$ran_cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/out/ran" ] && grep -q 'git-credentials-unreadable.config cannot be read' "$case_dir/err"; then
  pass "github action: a git config include that cannot be read is refused, nothing run"
else fail "github action: a git config include that cannot be read is refused, nothing run" "exit $rc; $(why)"; fi
# No false alarm: includes without a credential, and one that does not
# exist (git skips it), let the step run.
creds_case include-clean
printf '[include]\n\tpath = clean.config\n\tpath = %s/runner-temp/missing.config\n' "$c" >>"$c/ws/.git/config"
printf '[user]\n\tname = CI\n' >"$c/ws/.git/clean.config"
gh include-clean INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND="$ran_cmd"
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/ws/out/ran" ]; then
  pass "github action: git config includes without a credential, or missing, let the step run"
else fail "github action: git config includes without a credential, or missing, let the step run" "exit $rc; $(why)"; fi

# The runner's command files: protected, and a grant covering them is an error.
gh command-files INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML='version = 1
mode = "workspace-write"
rw = ["${env.RUNNER_TEMP}"]' INPUT_COMMAND='echo LD_PRELOAD=/x >>"$GITHUB_ENV"; echo "$PWD/evil" >>"$GITHUB_PATH"'
rc=$?
if [ "$rc" -eq 1 ] && ! grep -q evil "$case_dir/path" && ! grep -q LD_PRELOAD "$case_dir/env" &&
   grep -q 'contains protected path .*_runner_file_commands/env' "$case_dir/err"; then
  pass "github action: a grant covering \$GITHUB_ENV and \$GITHUB_PATH is an error, nothing written"
else fail "github action: a grant covering \$GITHUB_ENV and \$GITHUB_PATH is an error, nothing written" "exit $rc; $(why)"; fi

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
# The pipeline's text is not a file of the repository: no file property
# (GitHub could not place it), the place in the message.
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/built" ] && grep -q '^::error title=landlock-policy::.*:2:8: unknown mode' "$case_dir/err" &&
   ! grep -q '^::error file=' "$case_dir/err"; then
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
# Issue 29: the warning after a failing run is the compiler's hint for the
# policy, whatever the command printed: a carved workspace (a git
# repository) and a tool that words the refusal its own way, as CMake does.
mkdir -p "$tmp/gh-carved/ws"
git init -q "$tmp/gh-carved/ws"
gh carved INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_MODE=workspace-write \
  INPUT_COMMAND='mkdir build 2>/dev/null || { echo "CMake Error: Unable to (re)create the private pkgRedirects directory" >&2; exit 1; }'
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/ws/build" ] &&
   grep -q '^::warning title=landlock-run::the command failed (exit 1) under the sandbox: the workspace root is read-only.*`outputs`.*landlock-policy learn' "$case_dir/err"; then
  pass "github action: a failing run in a carved workspace gets the compiler's hint (outputs, learn), whatever the tool printed"
else fail "github action: a failing run in a carved workspace gets the compiler's hint" "exit $rc; $(grep '^::' "$case_dir/err" | tr '\n' ' ')"; fi
if [ "$(grep -c '^::warning title=landlock-run::' "$case_dir/err")" -eq 1 ]; then
  pass "github action: the hint is said once"
else fail "github action: the hint is said once" "$(grep '^::' "$case_dir/err" | tr '\n' ' ')"; fi
gh failed INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_POLICY_TOML="$good_policy" INPUT_COMMAND='echo no such test >&2; exit 4'
rc=$?
if [ "$rc" -eq 4 ] && ! grep -q '::warning title=landlock-run' "$case_dir/err"; then
  pass "github action: a failure without a denial keeps its status and gets no denial warning"
else fail "github action: a failure without a denial keeps its status and gets no denial warning" "exit $rc; $(why)"; fi

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
  skip "yaml" "/usr/bin/python3 with python3-yaml is not installed (make deps)"
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
   grep -q "in $case_dir/home/.local/lib/landlock-run/job\.[^/]*/$name/bin\$" "$case_dir/err" &&
   [ -z "$(find "$case_dir/home/.local/lib/landlock-run" -mindepth 1)" ]; then
  pass "gitlab job: installs, probes, confines the command"
else fail "gitlab job: installs, probes, confines the command" "exit $rc; $(why)"; fi
# The install is refused where a confined command could write it.
gl install-in-tmpdir LLR_HOME="$tmp/gl-install-in-tmpdir/tmp/llr" LLR_TARBALL="$tarball" LLR_SHA256="$sha" \
  LLR_POLICY_TOML="$good_policy" LLR_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/builds/ws/built" ] && grep -q 'which a confined command may write' "$case_dir/err"; then
  pass "gitlab job: an install folder in TMPDIR is refused, nothing run"
else fail "gitlab job: an install folder in TMPDIR is refused, nothing run" "exit $rc; $(why)"; fi
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
# Issue 24 in GitLab: a failing line fails the job, danger-full-access
# needs LLR_ALLOW_UNCONFINED, a token in the remote's URL is refused, and
# the job's credentials are not in the command's environment.
gl multi-line LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND='echo x >"$HOME/planted"
echo after >"$PWD/after"'
rc=$?
if [ "$rc" -ne 0 ] && [ ! -e "$case_dir/builds/ws/after" ] && [ ! -e "$case_dir/home/planted" ]; then
  pass "gitlab job: a denied first line of a multi-line command fails the job"
else fail "gitlab job: a denied first line of a multi-line command fails the job" "exit $rc; $(why)"; fi
mkdir -p "$tmp/gl-carved/builds/ws"
git init -q "$tmp/gl-carved/builds/ws"
gl carved LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_MODE=workspace-write LLR_COMMAND='cmake -B build 2>/dev/null || exit 7'
rc=$?
if [ "$rc" -eq 7 ] && grep -q '^landlock-run: warning: the command failed (exit 7) under the sandbox: .*`outputs`.*landlock-policy learn' "$case_dir/err"; then
  pass "gitlab job: a failing run in a carved workspace gets the compiler's hint, whatever the tool printed"
else fail "gitlab job: a failing run in a carved workspace gets the compiler's hint" "exit $rc; $(why)"; fi
gl danger LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_MODE=danger-full-access LLR_COMMAND='echo ran >"$PWD/ran"'
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/builds/ws/ran" ] && grep -q 'LLR_ALLOW_UNCONFINED' "$case_dir/err"; then
  pass "gitlab job: danger-full-access fails the job without LLR_ALLOW_UNCONFINED"
else fail "gitlab job: danger-full-access fails the job without LLR_ALLOW_UNCONFINED" "exit $rc; $(why)"; fi
gl danger-allowed LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_MODE=danger-full-access LLR_ALLOW_UNCONFINED=1 \
  LLR_COMMAND='echo ran >"$PWD/ran"'
rc=$?
if [ "$rc" -eq 0 ] && [ -f "$case_dir/builds/ws/ran" ]; then pass "gitlab job: LLR_ALLOW_UNCONFINED=1 runs danger-full-access"
else fail "gitlab job: LLR_ALLOW_UNCONFINED=1 runs danger-full-access" "exit $rc; $(why)"; fi
mkdir -p "$tmp/gl-creds/builds/ws/.git"
printf '[remote "origin"]\n\turl = https://gitlab-ci-token:glcbt-secret@gitlab.example/g/p.git\n' >"$tmp/gl-creds/builds/ws/.git/config"
gl creds LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND="$cmd"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$case_dir/builds/ws/built" ] && grep -q 'FF_GIT_URLS_WITHOUT_TOKENS' "$case_dir/err" &&
   ! grep -q glcbt-secret "$case_dir/err"; then
  pass "gitlab job: a token in the remote's URL is refused with the fix"
else fail "gitlab job: a token in the remote's URL is refused with the fix" "exit $rc; $(why)"; fi
gl secrets LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_POLICY_TOML="$good_policy" LLR_COMMAND='env >"$PWD/env.txt"' \
  CI_REPOSITORY_URL=https://gitlab-ci-token:sekrit-repository@gitlab.example/g/p.git CI_JOB_JWT_V2=sekrit-jwt \
  DOCKER_AUTH_CONFIG=sekrit-docker GOOGLE_CREDENTIALS=sekrit-google GPG_PASSPHRASE=sekrit-gpg MYSQL_PWD=sekrit-mysql \
  DATABASE_URL=postgres://u:sekrit-database@db/x SENTRY_DSN=sekrit-sentry SLACK_WEBHOOK_URL=sekrit-slack SSH_PRIVATE_KEY_B64=sekrit-ssh \
  github_token=sekrit-github npm_config__authToken=sekrit-npm HTTPS_PROXY=http://u:sekrit-proxy@proxy:3128 \
  PIP_INDEX_URL=https://u:sekrit-pip@pypi.example/simple CI_REGISTRY_PASSWORD=sekrit-registry CI_DEPLOY_PASSWORD=sekrit-deploy \
  FTP_PASS=sekrit-ftp KEEP_ME=kept-value
rc=$?
if [ "$rc" -eq 0 ] && grep -q kept-value "$case_dir/builds/ws/env.txt" && ! grep -q sekrit- "$case_dir/builds/ws/env.txt"; then
  pass "gitlab job: the job's tokens, passwords and credential URLs are not in the command's environment"
else fail "gitlab job: the job's tokens, passwords and credential URLs are not in the command's environment" \
  "exit $rc; $(grep sekrit- "$case_dir/builds/ws/env.txt" 2>/dev/null | cut -d= -f1 | tr '\n' ' ') $(why)"; fi

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
  skip "busybox job" "busybox is not installed (make deps)"
fi
exit 0
