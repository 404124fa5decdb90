#!/bin/sh
# The CI examples run as written (issue 29): every pipeline policy and
# command of docs/ci.md's GitHub step and GitLab jobs and of the GitLab
# template's example jobs, through the template's job script (run.sh, as a
# GitLab runner runs it) in a fresh git repository holding the project its
# command builds (CMake, cargo, npm), against the release tarball. The
# repository's root is carved read-only, as in CI: each example must work
# under its mode with its outputs or presets. In-tree `make` at the root,
# documented as impossible, must fail, with the compiler's hint.
set -u
cd "$LLR_ROOT" || exit 1
. tests/packaging/lib.sh
need_dist_and_landlock integrations-examples
# shellcheck source=tests/lib/testdir.sh
. tests/lib/testdir.sh
REPORT_PREFIX="ci example "
command -v git >/dev/null || { skip all "git is not installed"; exit 0; }
/usr/bin/python3 -c 'import yaml' 2>/dev/null || { skip all "/usr/bin/python3 with python3-yaml is not installed (make deps)"; exit 0; }
tmp=$(test_dir llr-ci-examples) || exit 1
trap 'rm -rf "$tmp"' EXIT
sha=$(sha256sum "$tarball" | cut -d' ' -f1)

# The examples, read by a real YAML parser: docs/ci.md's ```yaml blocks and
# the template's header comment. A GitLab job's variables follow its
# `extends` chain; a GitHub step gives `policy-toml` and `command`. Each
# becomes $tmp/ex.N.{where,policy,command}.
/usr/bin/python3 - docs/ci.md integrations/gitlab/landlock.gitlab-ci.yml "$tmp" <<'PY' >"$tmp/yaml.log" 2>&1
import re, sys, textwrap, yaml
doc, template, out = sys.argv[1:4]
sources = []
for m in re.finditer(r"^```yaml\n(.*?)^```", open(doc).read(), re.S | re.M):
    sources.append((doc, m.group(1)))
header = re.search(r"Use it as:\n#\n((?:#.*\n)+?)#\n", open(template).read())
assert header, "no example in the template's header"
sources.append((template, textwrap.dedent("".join(line[1:] + "\n" for line in header.group(1).splitlines()))))
n = 0
def emit(where, policy, command):
    global n
    n += 1
    for part, text in (("where", where), ("policy", policy), ("command", command)):
        open(f"{out}/ex.{n}.{part}", "w").write(text)
for where, text in sources:
    data = yaml.safe_load(text)
    if isinstance(data, list):  # GitHub steps
        for step in data:
            w = step.get("with", {})
            if "command" in w:
                emit(f"{where} (GitHub step)", w.get("policy-toml", ""), w["command"])
        continue
    def variables(name, seen=()):
        job = data.get(name) or {}
        base = job.get("extends")
        v = dict(variables(base, seen + (name,))) if base and base not in seen and base in data else {}
        v.update(job.get("variables") or {})
        return v
    for name in data:
        if name.startswith(".") or name == "include":
            continue
        v = variables(name)
        if "LLR_COMMAND" in v:
            emit(f"{where} (GitLab job {name})", v.get("LLR_POLICY_TOML", ""), v["LLR_COMMAND"])
print(n)
PY
count=$(tail -1 "$tmp/yaml.log")
case $count in
  '' | *[!0-9]*) fail "extract" "$(tail -3 "$tmp/yaml.log" | tr '\n' ' ')"; exit 1 ;;
esac
if [ "$count" -ge 7 ]; then pass "extract: $count examples (docs/ci.md and the template)"
else fail "extract" "only $count examples (7 expected: docs/ci.md's GitHub step and 3 GitLab jobs, the template's 3)"; fi

# The job's script, as YAML gives it to the job.
/usr/bin/python3 -c 'import sys, yaml; open(sys.argv[2], "w").write(yaml.safe_load(open(sys.argv[1]))[".landlock"]["script"][0])' \
  integrations/gitlab/landlock.gitlab-ci.yml "$tmp/gitlab-script.sh"

# project KIND DIR: a fresh git repository DIR holding a small project of
# KIND, its tests included.
project() {
  git init -q "$2"
  case $1 in
    cmake)
      printf 'cmake_minimum_required(VERSION 3.13)\nproject(hello C)\nenable_testing()\nadd_executable(hello hello.c)\nadd_test(NAME hello COMMAND hello)\n' >"$2/CMakeLists.txt"
      printf 'int main(void) { return 0; }\n' >"$2/hello.c" ;;
    cargo)
      printf '[package]\nname = "hello"\nversion = "0.1.0"\nedition = "2021"\n' >"$2/Cargo.toml"
      mkdir -p "$2/src"
      printf 'fn main() {}\n#[test]\nfn works() {}\n' >"$2/src/main.rs" ;;
    npm)
      printf '{"name":"hello","version":"1.0.0","private":true,"scripts":{"test":"node -e \\"process.exit(0)\\""}}\n' >"$2/package.json"
      # The lock file a repository commits (npm ci needs it), made outside.
      (cd "$2" && npm install --package-lock-only --offline --cache "$tmp/npm-cache" --no-audit --no-fund \
         --loglevel=error) >/dev/null 2>&1 ;;
    make)
      printf 'all check:\n\techo built >out.txt\n' >"$2/Makefile" ;;
  esac
}
# needs KIND: the tools KIND's example runs, or "" when all are installed.
needs() {
  case $1 in
    cmake) for t in cmake cc; do command -v "$t" >/dev/null || echo "$t"; done ;;
    cargo) [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] || echo "cargo and rustc in /usr/bin" ;;
    npm) command -v npm >/dev/null || echo npm ;;
  esac
}

# job N DIR [VAR=VALUE]...: the template's job in workspace DIR, as a GitLab
# runner runs it; Debian's cargo and rustc first on PATH (rustup's proxies
# would read the real HOME).
job() {
  jdir=$tmp/job.$1
  ws=$2
  shift 2
  mkdir -p "$jdir/home" "$jdir/tmp"
  (cd "$ws" && env GITLAB_CI=true CI=true CI_PROJECT_DIR="$ws" CI_BUILDS_DIR="$(dirname "$ws")" \
     HOME="$jdir/home" TMPDIR="$jdir/tmp" PATH=/usr/local/bin:/usr/bin:/bin LLR_TARBALL="$tarball" LLR_SHA256="$sha" \
     "$@" sh -e "$tmp/gitlab-script.sh") >"$jdir/out" 2>"$jdir/err" </dev/null
}

i=1
while [ "$i" -le "$count" ]; do
  where=$(cat "$tmp/ex.$i.where")
  command=$(cat "$tmp/ex.$i.command")
  case $command in
    *cmake*) kind=cmake ;;
    *cargo*) kind=cargo ;;
    *npm*) kind=npm ;;
    *) kind=unknown ;;
  esac
  missing=$(needs "$kind")
  if [ "$kind" = unknown ]; then
    fail "$where" "no project for the command $(printf '%s' "$command" | tr '\n' ';')"
  elif [ -n "$missing" ]; then
    skip "$where" "$(echo "$missing" | tr '\n' ' ')is not installed (make deps)"
  else
    project "$kind" "$tmp/ws.$i/$kind"
    job "$i" "$tmp/ws.$i/$kind" LLR_POLICY_TOML="$(cat "$tmp/ex.$i.policy")" LLR_COMMAND="$command"
    rc=$?
    if [ "$rc" -eq 0 ]; then pass "$where: $(printf '%s' "$command" | tr '\n' ';') works under its policy in a fresh git repository"
    else fail "$where" "exit $rc: $(tail -c 600 "$tmp/job.$i/err" | tr '\n' '|')"; fi
  fi
  i=$((i + 1))
done

# What the docs call impossible: in-tree make at the root, in workspace-write
# alone. It fails, and the warning is the compiler's hint for the policy.
project make "$tmp/ws.make/make"
job make "$tmp/ws.make/make" LLR_MODE=workspace-write LLR_COMMAND='make'
rc=$?
if [ "$rc" -ne 0 ] && [ ! -e "$tmp/ws.make/make/out.txt" ] &&
   grep -q '^landlock-run: warning: the command failed (exit [0-9]*) under the sandbox: .*`outputs`' "$tmp/job.make/err"; then
  pass "in-tree make at the root fails under workspace-write, with the hint that names outputs"
else fail "in-tree make at the root" "exit $rc: $(tail -c 400 "$tmp/job.make/err" | tr '\n' '|')"; fi
exit 0
