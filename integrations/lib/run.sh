#!/bin/sh
# run.sh: runs one CI command under a landlock-policy policy, after a probe
# that fails the job when this kernel does not enforce Landlock. Plain POSIX
# sh; used by integrations/github/action.yml and
# integrations/gitlab/landlock.gitlab-ci.yml.
#
# Environment (the action's inputs):
#   LLR_HOME        the install (install.sh prints it; GitHub: exported)
#   LLR_POLICY      the policy file, or
#   LLR_POLICY_TOML the policy's text (from the workflow file itself)
#   LLR_COMMAND     the command line, run by `sh -c` under the policy
#   LLR_WORKSPACE   the workspace (default: $GITHUB_WORKSPACE, else
#                   $CI_PROJECT_DIR, else the current folder)
#   LLR_PROFILE     optional --profile NAME
# The policy is copied, before anything runs confined, to LLR_HOME (outside
# the workspace): the compiler refuses a policy that a confined command
# could rewrite. Exit: the command's status; 1 when the policy is invalid;
# 125 when the launcher fails (no Landlock on this kernel).
set -eu

die() { echo "landlock-run: $*" >&2; exit 1; }

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

dir=$LLR_HOME/policy
rm -rf "$dir" && mkdir -p "$dir"
if [ -n "${LLR_POLICY_TOML:-}" ]; then
  printf '%s\n' "$LLR_POLICY_TOML" >"$dir/policy.toml"
elif [ -n "${LLR_POLICY:-}" ]; then
  [ -f "$LLR_POLICY" ] || die "policy $LLR_POLICY: no such file"
  cp -- "$LLR_POLICY" "$dir/policy.toml"
else
  die "LLR_POLICY (a file) or LLR_POLICY_TOML (the policy's text) is required"
fi

diagnostics=text
[ "${GITHUB_ACTIONS:-}" = true ] && diagnostics=github
set -- --diagnostics "$diagnostics" --set workspace="$ws"
[ -z "${LLR_PROFILE:-}" ] || set -- "$@" --profile "$LLR_PROFILE"
cd "$ws"
exec "$bin/landlock-policy" exec "$@" "$dir/policy.toml" -- /bin/sh -c "$LLR_COMMAND"
