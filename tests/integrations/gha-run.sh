#!/bin/sh
# gha-run.sh ACTION_DIR: runs a composite action's steps the way a GitHub
# runner does, for the tests. Inputs come from INPUT_<NAME> (upper case,
# "-" as "_"), else the input's default; ${{ github.workspace }} is
# GITHUB_WORKSPACE. Each step runs as `sh -e -c RUN` (GitHub's `shell: sh`)
# with GITHUB_ACTION_PATH, its env: block, the PATH entries earlier steps
# appended to GITHUB_PATH (first) and the variables they wrote to
# GITHUB_ENV. Stops at the first failing step with its status.
# Only the subset of YAML that action.yml uses is understood: anything else
# (a multi-line run:, an expression other than inputs.X) is an error, so the
# action cannot drift away from what is tested.
set -u
action=$(cd "$1" && pwd)
: "${GITHUB_ENV:?}" "${GITHUB_PATH:?}" "${GITHUB_WORKSPACE:?}" "${RUNNER_TEMP:?}"
plan=$(awk '
  function fail(why) { print "ERROR " FNR ": " why; exit 1 }
  function value(line) { sub(/^[^:]*:[ ]*/, "", line); return line }
  /^[ ]*#/ || /^[ ]*$/ { next }
  /^inputs:/ { section = "inputs"; next }
  /^runs:/ { section = "runs"; next }
  /^[a-z]/ { section = ""; next }
  section == "inputs" && /^  [a-z0-9-]+:$/ { input = $1; sub(/:$/, "", input); print "INPUT " input; next }
  section == "inputs" && /^    default:/ { print "DEFAULT " input " " value($0); next }
  section == "runs" && /^    - name:/ { print "STEP " value($0); env = 0; next }
  section == "runs" && /^      shell:/ { if (value($0) != "sh") fail("shell is not sh"); next }
  section == "runs" && /^      env:$/ { env = 1; next }
  section == "runs" && env && /^        [A-Z0-9_]+: \$\{\{ inputs\.[a-z0-9-]+ \}\}$/ {
    key = $1; sub(/:$/, "", key); name = $3; sub(/^inputs\./, "", name); print "ENV " key " " name; next }
  section == "runs" && /^      run: / { r = value($0); if (r ~ /^[|>]/) fail("multi-line run"); print "RUN " r; env = 0; next }
  section == "runs" && /^  (using: composite|steps:)$/ { next }
  section == "runs" { fail("not understood: " $0) }
' "$action/action.yml") || { echo "gha-run: $plan" >&2; exit 2; }
case $plan in *ERROR*) echo "gha-run: $plan" >&2; exit 2 ;; esac

# input NAME: INPUT_NAME, else the default.
input() {
  var=INPUT_$(echo "$1" | tr 'a-z-' 'A-Z_')
  eval "v=\${$var-}"
  # shellcheck disable=SC2154 # set by the eval
  if [ -n "$v" ]; then printf '%s' "$v"; return; fi
  d=$(printf '%s\n' "$plan" | sed -n "s/^DEFAULT $1 //p")
  case $d in
    '""') ;;
    '${{ github.workspace }}') printf '%s' "$GITHUB_WORKSPACE" ;;
    *'${{'*) echo "gha-run: unsupported default for $1: $d" >&2; exit 2 ;;
    *) printf '%s' "$d" ;;
  esac
}

step_env=
run_step() {
  # A fresh shell per step: the runner's environment, then what earlier
  # steps exported, then the step's own env.
  (
    path=$PATH
    while IFS= read -r p; do [ -n "$p" ] && path=$p:$path; done <"$GITHUB_PATH"
    export PATH="$path"
    while IFS= read -r kv; do
      case $kv in *=*) export "${kv%%=*}=${kv#*=}" ;; esac
    done <"$GITHUB_ENV"
    for kv in $step_env; do
      key=${kv%%=*}
      export "$key=$(input "${kv#*=}")"
    done
    export GITHUB_ACTION_PATH="$action"
    cd "$GITHUB_WORKSPACE" && sh -e -c "$1" </dev/null
  )
}

status=0
while IFS= read -r line; do
  case $line in
    "STEP "*) step_env= ; echo "gha-run: step: ${line#STEP }" >&2 ;;
    "ENV "*) set -- ${line#ENV }; step_env="$step_env $1=$2" ;;
    "RUN "*) run_step "${line#RUN }"; status=$?; [ "$status" -eq 0 ] || break ;;
  esac
done <<PLAN
$plan
PLAN
exit "$status"
