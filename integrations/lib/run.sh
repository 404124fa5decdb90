#!/bin/sh
# run.sh: runs one CI command under a landlock-policy policy, after a probe
# that fails the job when this kernel does not enforce Landlock. Plain POSIX
# sh; used by integrations/github/action.yml and
# integrations/gitlab/landlock.gitlab-ci.yml.
#
# Environment (the action's inputs):
#   LLR_HOME        the install (install.sh prints it; GitHub: exported)
#   LLR_POLICY_TOML the pipeline's policy, its text (from the workflow file), or
#   LLR_MODE        the pipeline's policy as a mode alone (read-only,
#                   workspace-write, danger-full-access)
#   LLR_POLICY      optional: a policy file in the checkout. The repository
#                   is untrusted: the file is compiled as the project layer
#                   (`project = ...`) under the pipeline's policy, and may
#                   only narrow it
#   LLR_ALLOW_UNCONFINED  true or 1: let mode danger-full-access run the
#                   command with no sandbox (else that fails the step)
#   LLR_COMMAND     the command line, run by `sh -ec` under the policy (a
#                   failing line fails the step)
#   LLR_WORKSPACE   the workspace (default: $GITHUB_WORKSPACE, else
#                   $CI_PROJECT_DIR, else the current folder)
#   LLR_PROFILE     optional --profile NAME
# The pipeline's policy is written, before anything runs confined, to
# LLR_HOME (outside the workspace). Exit: the command's status; 1 when the
# policy is invalid or refused; 125 when the launcher fails (no Landlock on
# this kernel).
set -eu

die() { echo "landlock-run: $*" >&2; exit 1; }
on_github() { [ "${GITHUB_ACTIONS:-}" = true ]; }
# warn TEXT: a warning annotation on GitHub, a plain line elsewhere. TEXT is
# ours, never a value from the repository or the command.
warn() {
  if on_github; then echo "::warning title=landlock-run::$*" >&2
  else echo "landlock-run: warning: $*" >&2; fi
}

[ -n "${LLR_HOME:-}" ] || die "LLR_HOME is not set: run install.sh first"
[ -n "${LLR_COMMAND:-}" ] || die "LLR_COMMAND (the command to run) is required"
bin=$LLR_HOME/bin
ws=${LLR_WORKSPACE:-${GITHUB_WORKSPACE:-${CI_PROJECT_DIR:-$PWD}}}

probe=$("$bin/landlock-run" --probe) || true
echo "$probe" >&2
case $probe in
  *" enforcement=full "* | *" enforcement=partial "*) ;;
  *) echo "landlock-run: this kernel does not enforce Landlock; refusing to run the command unconfined" >&2; exit 125 ;;
esac

# The job's credentials must not lie in the checkout, where the sandbox
# reads them: actions/checkout's default stores the token in .git/config as
# an http extraheader; GitLab's runner may put it in the remote's URL.
for config in "$ws/.git/config" "$ws"/.git/modules/*/config; do
  [ -f "$config" ] || continue
  if grep -Eiq 'extraheader|://[^/@[:space:]]*:[^/@[:space:]]*@' "$config"; then
    fix="GitHub: check out with \`persist-credentials: false\` (actions/checkout)"
    fix="$fix; GitLab: set FF_GIT_URLS_WITHOUT_TOKENS: \"true\" or \`git remote set-url origin\` to a URL without the token"
    # The file's name is not printed: a submodule's folder name is the repository's choice.
    die "the checkout's git config (.git/config or a submodule's) holds a credential (an http extraheader or a URL with a password) that the sandboxed command could read; refusing to run. $fix"
  fi
done

dir=$LLR_HOME/policy
rm -rf "$dir" && mkdir -p "$dir"
# The pipeline's policy: the trusted layer.
if [ -n "${LLR_POLICY_TOML:-}" ] && [ -n "${LLR_MODE:-}" ]; then
  die "give the pipeline's policy once: policy-toml or mode, not both (GitLab: LLR_POLICY_TOML or LLR_MODE)"
elif [ -n "${LLR_POLICY_TOML:-}" ]; then
  printf '%s\n' "$LLR_POLICY_TOML" >"$dir/pipeline.toml"
elif [ -n "${LLR_MODE:-}" ]; then
  case $LLR_MODE in
    read-only | workspace-write | danger-full-access) ;;
    *) die "LLR_MODE $LLR_MODE: expected read-only, workspace-write or danger-full-access" ;;
  esac
  printf 'version = 1\nmode = "%s"\n' "$LLR_MODE" >"$dir/pipeline.toml"
else
  die "the pipeline's policy is required: policy-toml or mode (GitLab: LLR_POLICY_TOML or LLR_MODE); a policy file of the repository (policy, LLR_POLICY) may only narrow it"
fi
# The repository's policy file: the project layer, read where it lies.
if [ -n "${LLR_POLICY:-}" ]; then
  rel=${LLR_POLICY#"$ws"/}
  case $rel in
    /* | *..* | *[!A-Za-z0-9._/-]*) die "policy $LLR_POLICY: expected a path inside the workspace, of letters, digits and . _ / -" ;;
  esac
  [ -f "$ws/$rel" ] || die "policy $rel: no such file in the workspace"
  # shellcheck disable=SC2016 # ${WORKSPACE} is the policy's variable, written as is
  printf 'version = 1\nextends = ["pipeline.toml"]\nproject = "${WORKSPACE}/%s"\n' "$rel" >"$dir/policy.toml"
else
  mv "$dir/pipeline.toml" "$dir/policy.toml"
fi

diagnostics=text
on_github && diagnostics=github
set -- --diagnostics "$diagnostics" --set workspace="$ws"
[ -z "${LLR_PROFILE:-}" ] || set -- "$@" --profile "$LLR_PROFILE"
cd "$ws"
argv=$("$bin/landlock-policy" argv --format shell "$@" "$dir/policy.toml" -- /bin/sh -ec "$LLR_COMMAND") || exit 1
eval "set -- $argv"

# danger-full-access: the argv is the command itself, with no launcher.
if [ $# -eq 3 ] && [ "$1" = /bin/sh ] && [ "$2" = -ec ]; then
  case ${LLR_ALLOW_UNCONFINED:-} in
    true | 1) warn "mode danger-full-access: the command runs with no sandbox (allow-unconfined)"
      exec "$@" ;;
  esac
  die "the policy's mode is danger-full-access: the command would run with no sandbox; refusing. A workflow that means it says allow-unconfined: true (GitLab: LLR_ALLOW_UNCONFINED: \"1\")"
fi

# Run it with the launcher's status on fd 3 and its stderr copied aside, to
# tell a denial by the sandbox from any other failure.
launcher=$1
shift
mkfifo "$dir/stderr.fifo"
tee "$dir/stderr" <"$dir/stderr.fifo" >&2 &
tee_pid=$!
code=0
"$launcher" --status-fd 3 "$@" 3>"$dir/status" 2>"$dir/stderr.fifo" || code=$?
# A process the command left running may hold its stderr open: wait for the
# copy at most 10 seconds, never for as long as it lives.
(sleep 10 && kill "$tee_pid") >/dev/null 2>&1 </dev/null &
watchdog=$!
wait "$tee_pid" || true
kill "$watchdog" 2>/dev/null || true

if ! grep -q '"confined":true' "$dir/status"; then exit "$code"; fi
denied=
if grep -q '"exec_failed":true' "$dir/status"; then
  [ "$code" -ne 126 ] || denied="the command could not be executed"
elif [ "$code" -ne 0 ] && grep -Eq 'Permission denied|Operation not permitted' "$dir/stderr"; then
  denied="its stderr reports a denied access (Permission denied or Operation not permitted)"
fi
if [ -n "$denied" ]; then
  warn "the command failed (exit $code) under the sandbox: $denied. If it needs more than the policy grants, run it under \`landlock-policy learn POLICY.toml -- COMMAND\` to see the grants to add."
fi
exit "$code"
