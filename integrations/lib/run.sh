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

# shown TEXT: TEXT made safe to print. A path from the checkout or from a
# git config is the repository's choice: every byte that is not printable
# ASCII (a line break that would start a forged ::workflow command, a
# terminal control, a bidi or invisible character) is shown as '?'.
shown() { printf '%s' "$1" | LC_ALL=C tr -c ' -~' '?'; }

# The job's credentials must not lie where the sandbox reads them: the
# checkout's git configs, and every file they include. actions/checkout's
# default stores the token in .git/config as an http extraheader (v6: in a
# file under $RUNNER_TEMP that .git/config includes with includeIf);
# GitLab's runner may put it in the remote's URL.
credential_fix="GitHub: check out with \`persist-credentials: false\` (actions/checkout)"
credential_fix="$credential_fix; GitLab: set FF_GIT_URLS_WITHOUT_TOKENS: \"true\" or \`git remote set-url origin\` to a URL without the token"
git_include_depth=10 # git's own limit on nested includes

# git_config_includes FILE: the values of include.path and
# includeIf.*.path in the git config FILE, one a line prefixed with "P ",
# whatever the include's condition (each may hold); "E WHY" and a failing
# status for what this reader does not understand (a value continued on the
# next line, a control character, a malformed header): the caller fails
# closed. Section and key names are case-insensitive, as git reads them.
git_config_includes() {
  awk '
    function bad(why) { print "E " why; failed = 1; exit 1 }
    function header(   i, n, name) {
      n = length(line)
      i = 2
      while (i <= n && substr(line, i, 1) ~ /[A-Za-z0-9.-]/) i++
      name = tolower(substr(line, 2, i - 2))
      while (substr(line, i, 1) ~ /[ \t]/) i++
      if (substr(line, i, 1) == "\"") {
        for (i++; i <= n && substr(line, i, 1) != "\""; i++) if (substr(line, i, 1) == "\\") i++
        if (i > n) bad("an unterminated section header")
        i++
      }
      if (substr(line, i, 1) != "]") bad("a malformed section header")
      line = substr(line, i + 1)
      if (index(name, ".") > 0) name = substr(name, 1, index(name, ".") - 1)
      section = name
    }
    function value(rest,   i, c, v, pending, quoted) {
      v = ""
      pending = ""
      quoted = 0
      for (i = 1; i <= length(rest); i++) {
        c = substr(rest, i, 1)
        if (c == "\\") {
          i++
          if (i > length(rest)) bad("an include path continued on the next line")
          c = substr(rest, i, 1)
          if (c == "n" || c == "t" || c == "b") bad("a control character in an include path")
          if (c != "\\" && c != "\"") bad("an unknown escape in an include path")
        } else if (c == "\"") {
          quoted = !quoted
          continue
        } else if (!quoted && (c == "#" || c == ";")) {
          break
        } else if (!quoted && (c == " " || c == "\t")) {
          if (v != "") pending = pending c
          continue
        }
        v = v pending c
        pending = ""
      }
      if (quoted) bad("an unterminated quote in an include path")
      if (v ~ /[[:cntrl:]]/) bad("a control character in an include path")
      if (v == "") bad("an empty include path")
      return v
    }
    {
      line = $0
      sub(/\r$/, "", line)
      sub(/^[ \t]+/, "", line)
      if (substr(line, 1, 1) == "[") {
        header()
        sub(/^[ \t]+/, "", line)
      }
      if (line == "" || line ~ /^[#;]/) next
      if (section != "include" && section != "includeif") next
      if (!match(line, /^[A-Za-z][A-Za-z0-9-]*/)) bad("a malformed line in an include section")
      key = tolower(substr(line, 1, RLENGTH))
      rest = substr(line, RLENGTH + 1)
      sub(/^[ \t]+/, "", rest)
      if (key != "path" || rest == "" || rest ~ /^[#;]/) next
      if (substr(rest, 1, 1) != "=") bad("a malformed line in an include section")
      print "P " value(substr(rest, 2))
    }
  ' "$1"
}

# check_git_config FILE DEPTH: refuses to run when the git config FILE, or
# a file it includes (recursively, at most $git_include_depth deep: git's
# limit), holds a credential: an http extraheader, or a URL with a password.
# An include that exists but cannot be read, or that this reader does not
# understand, is refused too (fail closed); one that does not exist is
# skipped, as git skips it.
check_git_config() {
  [ -f "$1" ] && [ -r "$1" ] ||
    die "the git config $(shown "$1") cannot be read: refusing to run, since a credential it may hold would be readable by the sandboxed command"
  found=0
  grep -Eiq 'extraheader|://[^/@[:space:]]*:[^/@[:space:]]*@' "$1" || found=$?
  case $found in
    0) die "the git config $(shown "$1") holds a credential (an http extraheader or a URL with a password) that the sandboxed command could read; refusing to run. $credential_fix" ;;
    1) ;;
    *) die "the git config $(shown "$1") cannot be read: refusing to run" ;;
  esac
  includes=$(git_config_includes "$1") ||
    die "the git config $(shown "$1") has $(shown "${includes#E }"), which this check cannot follow: refusing to run"
  [ -n "$includes" ] || return 0
  [ "$2" -lt "$git_include_depth" ] ||
    die "the git config $(shown "$1") nests includes deeper than $git_include_depth: refusing to run"
  # One include a line; each is checked in a subshell, so that this
  # level's variables survive the recursion (POSIX sh has no locals).
  printf '%s\n' "$includes" | while IFS= read -r include; do
    include=${include#P }
    case $include in
      \~/*) include=${HOME:?}/${include#\~/} ;;
      \~*) die "the git config $(shown "$1") includes $(shown "$include") (another user's home), which this check cannot follow: refusing to run" ;;
      "%("*) die "the git config $(shown "$1") includes $(shown "$include"), which this check cannot follow: refusing to run" ;;
      /*) ;;
      *) include=$(dirname "$1")/$include ;;
    esac
    if [ -e "$include" ] || [ -L "$include" ]; then
      (check_git_config "$include" $(($2 + 1))) || exit 1
    fi
  done || exit 1
}

# git_config_files GITDIR: the git configs of one git folder, one a line:
# its own (config, config.worktree), its submodules' at any depth (a name
# with a slash, a submodule's submodule: modules/a/modules/b/config) and
# its worktrees'.
git_config_files() {
  for config in "$1/config" "$1/config.worktree"; do
    if [ -e "$config" ] || [ -L "$config" ]; then printf '%s\n' "$config"; fi
  done
  for sub in modules worktrees; do
    [ -d "$1/$sub" ] || continue
    found=$(find "$1/$sub" -type f \( -name config -o -name config.worktree \)) ||
      die "cannot list the git configs under $(shown "$1/$sub"): refusing to run"
    [ -z "$found" ] || printf '%s\n' "$found"
  done
}

# check_git_credentials WORKSPACE: every git config of the checkout, and
# every file they include. A checkout whose .git is a file (a worktree, a
# submodule's checkout) names its git folder there, whose commondir names
# the main one: both are checked. A name find lists that is no file (a line
# break in a submodule's name) fails closed.
check_git_credentials() {
  gitdir=$1/.git
  if [ -f "$gitdir" ]; then
    named=$(sed -n 's/^gitdir: //p' "$gitdir")
    [ -n "$named" ] || die "$(shown "$gitdir") names no git folder: refusing to run"
    case $named in /*) gitdir=$named ;; *) gitdir=$1/$named ;; esac
  fi
  [ -d "$gitdir" ] || return 0
  configs=$(git_config_files "$gitdir") || exit 1
  if [ -f "$gitdir/commondir" ]; then
    common=$(cat "$gitdir/commondir")
    case $common in /*) ;; *) common=$gitdir/$common ;; esac
    [ -d "$common" ] || die "the git folder $(shown "$common") (commondir) cannot be read: refusing to run"
    configs="$configs
$(git_config_files "$common")" || exit 1
  fi
  printf '%s\n' "$configs" | while IFS= read -r config; do
    [ -n "$config" ] || continue
    (check_git_config "$config" 0) || exit 1
  done || exit 1
}

# The run is one brace group, which the shell reads whole before it runs
# any of it: this file may lie where the confined command can write it (an
# action used from the checkout), and a shell that read on from the file
# after the command ran would run what the command wrote there, unconfined.
{

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

check_git_credentials "$ws"

dir=$LLR_HOME/policy
rm -rf "$dir" && mkdir -m 0700 "$dir"
# The pipeline's policy: the trusted layer.
if [ -n "${LLR_POLICY_TOML:-}" ] && [ -n "${LLR_MODE:-}" ]; then
  die "give the pipeline's policy once: policy-toml or mode, not both (GitLab: LLR_POLICY_TOML or LLR_MODE)"
elif [ -n "${LLR_POLICY_TOML:-}" ]; then
  printf '%s\n' "$LLR_POLICY_TOML" >"$dir/pipeline.toml"
elif [ -n "${LLR_MODE:-}" ]; then
  case $LLR_MODE in
    read-only | workspace-write | danger-full-access) ;;
    *) die "LLR_MODE $(shown "$LLR_MODE"): expected read-only, workspace-write or danger-full-access" ;;
  esac
  printf 'version = 1\nmode = "%s"\n' "$LLR_MODE" >"$dir/pipeline.toml"
else
  die "the pipeline's policy is required: policy-toml or mode (GitLab: LLR_POLICY_TOML or LLR_MODE); a policy file of the repository (policy, LLR_POLICY) may only narrow it"
fi
# The repository's policy file: the project layer, read where it lies.
if [ -n "${LLR_POLICY:-}" ]; then
  rel=${LLR_POLICY#"$ws"/}
  case $rel in
    /* | *..* | *[!A-Za-z0-9._/-]*) die "policy $(shown "$LLR_POLICY"): expected a path inside the workspace, of letters, digits and . _ / -" ;;
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
# The compiler's one line for a failing run of this policy (`argv --format
# record`'s failure_hint: in a carved workspace, that new entries at the
# root need `outputs`), "" when it has none. Its own fixed text, a JSON
# string ending the record: the argv before it escapes every quote, so the
# last `"failure_hint": "` is the field. Its diagnostics were shown above.
hint=$("$bin/landlock-policy" argv --format record "$@" "$dir/policy.toml" -- true 2>/dev/null |
  sed -n 's/.*"failure_hint": "\(.*\)"}$/\1/p' | sed 's/\\"/"/g') || hint=
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
# tell a denial by the sandbox from any other failure. Its stdin is
# /dev/null: the job's shell may read its script from a pipe on stdin (a
# GitLab runner's does), and the command could open /proc/self/fd/0 for
# writing and append to that script, which runs unconfined once it exits.
launcher=$1
shift
mkfifo "$dir/stderr.fifo"
tee "$dir/stderr" <"$dir/stderr.fifo" >&2 &
tee_pid=$!
code=0
"$launcher" --status-fd 3 "$@" 3>"$dir/status" 2>"$dir/stderr.fifo" </dev/null || code=$?
# A process the command left running may hold its stderr open: wait for the
# copy at most 10 seconds, never for as long as it lives.
(sleep 10 && kill "$tee_pid") >/dev/null 2>&1 </dev/null &
watchdog=$!
wait "$tee_pid" || true
kill "$watchdog" 2>/dev/null || true

# What the sandbox says about a failure comes from the launcher's status
# (confined, exec_failed) and the compiler's hint for the policy, never
# from the command's wording: tools word a refusal their own way (CMake's
# "Unable to (re)create the private pkgRedirects directory").
if ! grep -q '"confined":true' "$dir/status"; then exit "$code"; fi
if grep -q '"exec_failed":true' "$dir/status"; then
  [ "$code" -ne 126 ] ||
    warn "the command could not be executed under the sandbox (exit 126). If it needs more than the policy grants, run it under \`landlock-policy learn POLICY.toml -- COMMAND\` to see the grants to add."
elif [ "$code" -ne 0 ] && [ -n "$hint" ]; then
  warn "the command failed (exit $code) under the sandbox: $(shown "$hint")"
fi
exit "$code"
}
