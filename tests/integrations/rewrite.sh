#!/bin/sh
# Issue 28, item 1: nothing the confined command writes runs unconfined.
# GitLab: the template's script, as YAML hands it to the job, runs the
# way a Docker runner runs it (fed to the job's shell on a pipe, with
# CI_JOB_TOKEN set), under bash, dash and busybox sh; the confined command
# (workspace-write) then tries, one way per run, to plant shell text that
# the unconfined side would run after it:
#   pwrite   every file the job created that it can open for writing,
#            rewritten in place at the same size (blank lines, then the
#            payload: whatever offset a shell reads on from, it meets it)
#   truncate the same files truncated and rewritten, longer
#   append   the payload appended to them
#   stdin    the payload written into the job shell's own script pipe,
#            through /proc/self/fd/0
# It passes when no file the job created was writable, the payload never
# ran (the marker, in a folder the command cannot write, stays absent) and
# the token reached neither the command nor anything it wrote.
# TMPDIR is a folder of the test's own: GitLab leaves it unset (so /tmp),
# and either way workspace-write makes it writable, which is what the old
# template's mktemp -d relied on.
# GitHub: the action used from a copy in the checkout (where the command
# can write its scripts), `sh` bash: the command rewrites run.sh in place
# while the step's shell runs it, and what it wrote must not run.
#   rewrite.sh [TEMPLATE [ACTION_LIB]]   (default: the committed template
#   and integrations/lib: give older ones to see the test fail on them)
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
need_dist_and_landlock integrations-rewrite
template=${1:-integrations/gitlab/landlock.gitlab-ci.yml}
action_lib=${2:-integrations/lib}
# Outside /tmp: the install refuses a folder a confined command may write (tests/lib/testdir.sh).
# shellcheck source=tests/lib/testdir.sh
. tests/lib/testdir.sh
tmp=$(test_dir llr-integrations-rewrite) || exit 1
[ -n "${LLR_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
sha=$(sha256sum "$tarball" | cut -d' ' -f1)
REPORT_PREFIX="integrations rewrite "

if /usr/bin/python3 -c 'import yaml' 2>/dev/null; then
  /usr/bin/python3 -c 'import sys, yaml; sys.stdout.write(yaml.safe_load(open(sys.argv[1]))[".landlock"]["script"][0])' \
    "$template" >"$tmp/job.sh" || { fail "yaml" "cannot read the script of $template"; exit 1; }
else
  sed -n '/^    - |$/,$p' "$template" | sed '1d; s/^      //' >"$tmp/job.sh"
fi

# The confined command: MODE and the case's folder as arguments. It never
# touches the workspace (the repository's, where it lives), only what the
# job made around it; it lists what it attacked in the workspace.
cat >"$tmp/attack.sh" <<'ATTACK'
mode=$1 case=$2
ws=$PWD
payload="touch '$case/outside/marker'
env >'$case/outside/leak'
"
env >"$ws/env.txt"
: >"$ws/modified"
if [ "$mode" = stdin ]; then
  printf '\n%s' "$payload" 2>/dev/null >/proc/self/fd/0
  exit 0
fi
# Every file below each folder it may reach (the case's own folder may
# not be readable: then its parts the job names).
for root in "$case" "${TMPDIR:-/tmp}" "$HOME" "${CI_BUILDS_DIR:-$case}"; do
  find "$root" -path "$ws" -prune -o -type f -print 2>/dev/null
done | sort -u | while IFS= read -r f; do
  size=$(wc -c <"$f" 2>/dev/null) || continue
  pad=$((size - ${#payload}))
  [ "$pad" -gt 0 ] || pad=0
  case $mode in
    pwrite) { head -c "$pad" /dev/zero | tr '\0' '\n'; printf '%s' "$payload"; } 2>/dev/null 1<>"$f" ;;
    truncate) { head -c "$size" /dev/zero | tr '\0' '\n'; printf '%s' "$payload"; } 2>/dev/null >"$f" ;;
    append) printf '\n%s' "$payload" 2>/dev/null >>"$f" ;;
  esac && echo "$f" >>"$ws/modified"
done
exit 0
ATTACK

# job SHELL MODE: one job in a fresh folder, SHELL the job's shell and the
# `sh` on its PATH (the sh of the image: bash on Fedora, UBI or Amazon
# Linux, dash on Debian, busybox on Alpine); the runner's own files (the
# job's script) and the marker's folder lie outside what the mode grants.
job() {
  case_dir=$tmp/$(echo "$1" | tr ' ' -)-$2
  mkdir -p "$case_dir/builds/ws" "$case_dir/home" "$case_dir/tmp" "$case_dir/outside" "$case_dir/bin"
  cp "$tmp/attack.sh" "$case_dir/builds/ws/attack.sh"
  case $1 in
    "busybox sh") printf '#!/bin/sh\nexec busybox sh "$@"\n' >"$case_dir/bin/sh" && chmod +x "$case_dir/bin/sh" ;;
    *) ln -s "$(command -v "$1")" "$case_dir/bin/sh" ;;
  esac
  # shellcheck disable=SC2086 # SHELL is a command and its arguments
  (cd "$case_dir/builds/ws" && cat "$tmp/job.sh" | env PATH="$case_dir/bin:$PATH" GITLAB_CI=true CI=true CI_PROJECT_DIR="$case_dir/builds/ws" \
    CI_BUILDS_DIR="$case_dir/builds" HOME="$case_dir/home" TMPDIR="$case_dir/tmp" CI_JOB_TOKEN=glcbt-sekrit-token \
    LLR_TARBALL="$tarball" LLR_SHA256="$sha" LLR_MODE=workspace-write \
    LLR_COMMAND="sh ./attack.sh $2 '$case_dir'" $1 -e) >"$case_dir/out" 2>"$case_dir/err"
}

for shell in bash dash "busybox sh"; do
  command -v "${shell%% *}" >/dev/null || { skip "$shell" "${shell%% *} is not installed (make deps)"; continue; }
  for mode in pwrite truncate append stdin; do
    job "$shell" "$mode"
    rc=$?
    name="gitlab job, $shell, $mode"
    if [ ! -f "$case_dir/builds/ws/env.txt" ]; then
      fail "$name: the confined command ran" "exit $rc; $(head -c 400 "$case_dir/err" | tr '\n' ' ')"
      continue
    fi
    if [ -e "$case_dir/outside/marker" ] || [ -e "$case_dir/outside/leak" ]; then
      fail "$name: nothing the command wrote ran unconfined" "the payload ran outside the sandbox (exit $rc)"
    else pass "$name: nothing the command wrote ran unconfined"; fi
    if [ -s "$case_dir/builds/ws/modified" ]; then
      fail "$name: no file the job created is writable by the command" "$(sed "s|^$case_dir/||" "$case_dir/builds/ws/modified" | tr '\n' ' ')"
    else pass "$name: no file the job created is writable by the command"; fi
    if grep -rq glcbt-sekrit-token "$case_dir/builds/ws" "$case_dir/outside"; then
      fail "$name: CI_JOB_TOKEN did not leak" "found in $(grep -rl glcbt-sekrit-token "$case_dir/builds/ws" "$case_dir/outside" | tr '\n' ' ')"
    else pass "$name: CI_JOB_TOKEN did not leak"; fi
    if [ "$rc" -eq 0 ] && [ -z "$(find "$case_dir/home" -path '*/job.*' -prune -print)" ]; then
      pass "$name: the job succeeds and removes its folder"
    else fail "$name: the job succeeds and removes its folder" "exit $rc; $(find "$case_dir/home" -path '*/job.*' -prune -print | head -3 | tr '\n' ' ')"; fi
  done
done

# GitHub: the action's copy in the workspace, the step's sh bash.
case_dir=$tmp/github
mkdir -p "$case_dir/ws/vendor/integrations/github" "$case_dir/runner-temp/_runner_file_commands" "$case_dir/home" \
  "$case_dir/tmp" "$case_dir/outside" "$case_dir/bin"
cp integrations/github/action.yml "$case_dir/ws/vendor/integrations/github/"
cp -R "$action_lib" "$case_dir/ws/vendor/integrations/lib"
ln -s "$(command -v bash)" "$case_dir/bin/sh"
files=$case_dir/runner-temp/_runner_file_commands
: >"$files/env" && : >"$files/path"
# The command: run.sh rewritten in place, at the same size, the payload last.
cat >"$case_dir/ws/attack.sh" <<'ATTACK'
f=vendor/integrations/lib/run.sh
size=$(wc -c <"$f")
payload="touch '$1/outside/marker'
"
{ head -c $((size - ${#payload})) /dev/zero | tr '\0' '\n'; printf '%s' "$payload"; } 1<>"$f" && echo done >rewritten
ATTACK
(cd "$case_dir/ws" && env PATH="$case_dir/bin:$PATH" GITHUB_ACTIONS=true GITHUB_WORKSPACE="$case_dir/ws" \
  RUNNER_TEMP="$case_dir/runner-temp" GITHUB_ENV="$files/env" GITHUB_PATH="$files/path" HOME="$case_dir/home" \
  TMPDIR="$case_dir/tmp" INPUT_TARBALL="$tarball" INPUT_SHA256="$sha" INPUT_MODE=workspace-write \
  INPUT_COMMAND="sh ./attack.sh '$case_dir'" \
  sh "$LLR_ROOT/tests/integrations/gha-run.sh" vendor/integrations/github) >"$case_dir/out" 2>"$case_dir/err"
rc=$?
if [ ! -f "$case_dir/ws/rewritten" ]; then
  fail "github action from the checkout, sh bash: the command rewrote run.sh" "exit $rc; $(head -c 400 "$case_dir/err" | tr '\n' ' ')"
elif [ -e "$case_dir/outside/marker" ]; then
  fail "github action from the checkout, sh bash: what the command wrote into run.sh did not run" "the payload ran outside the sandbox (exit $rc)"
else pass "github action from the checkout, sh bash: what the command wrote into run.sh did not run"; fi
exit 0
