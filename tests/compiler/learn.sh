#!/bin/sh
# landlock-policy learn (the ptrace way) end to end on this kernel: denials
# are recorded, sorted (the sandbox / refused on purpose / not the sandbox)
# and turned into grants; the --write policy then runs the same command with
# no sandbox denial. Usage: learn.sh POLICY_BIN LAUNCHER OP [LABEL]
# As root it runs every scenario as root, then again as uid 65534 (setpriv),
# with copies of the binaries that user can run; the chmod 000 scenario runs
# only unprivileged (root bypasses file permissions).
set -u
policy_bin=$1 launcher=$2 op=$3 label=${4:-}
root=${LLR_ROOT:?}
# shellcheck source=tests/compiler/env.sh
. "$root/tests/compiler/env.sh"

# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="compiler-learn${label:+ ($label)} "
# has NAME FILE TEXT: FILE contains TEXT (hasnt: does not).
has() { if grep -qF -- "$3" "$2"; then pass "$1"; else fail "$1" "no '$3' in: $(head -c 900 "$2" | tr '\n' '|')"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then fail "$1" "'$3' in: $(head -c 900 "$2" | tr '\n' '|')"; else pass "$1"; fi; }
# out_is NAME WANT: the command's stdout, lines joined by spaces, is WANT.
out_is() {
  got=$(tr '\n' ' ' <"$T/out")
  if [ "$got" = "$2" ]; then pass "$1"; else fail "$1" "got '$got', want '$2' ($(head -c 400 "$T/err" | tr '\n' '|'))"; fi
}

probe=$("$launcher" --probe 2>&1)
abi=$(echo "$probe" | sed -n 's/.* abi=\([0-9]*\).*/\1/p')
if ! echo "$probe" | grep -q 'enforcement=\(full\|partial\)'; then
  skip all "Landlock does not enforce on this kernel ($probe)"
  exit 0
fi

bindir=$(dirname "$op")
printf '%s\n' 'version = 1' 'mode = "custom"' \
  "ro = [\"/usr\", \"/etc\", \"$bindir\", \"\${env.LLR_TEST_ROOT}/data/a\"]" \
  'rw = ["${WORKSPACE}", "/dev/null"]' 'hide = ["~/.ssh"]' >"$T/p.toml"
# The ptrace way, always (as root the audit way would be chosen: learn-audit.sh).
learn() { "$policy_bin" learn --way ptrace --launcher "$launcher" --set workspace="$WS" "$@"; }

# ptrace may be forbidden (kernel.yama.ptrace_scope=3, a seccomp profile).
learn "$T/p.toml" -- "$op" read /etc/hostname >/dev/null 2>"$T/probe.err"
if grep -q 'ptrace is not permitted' "$T/probe.err"; then
  skip all "$(grep 'ptrace is not permitted' "$T/probe.err")"
  exit 0
fi

# The build-like command: a cache under ~/.cache/tool, a helper run from an
# ungranted folder, a hard link from a read-only grant into the workspace
# (Landlock: EXDEV), a hidden secret. Its stdout stays its own.
mkdir -p "$HOME/.cache/tool" "$T/tools"
cp "$op" "$T/tools/helper"
printf '%s\n' "\"$op\" write \"$HOME/.cache/tool/obj.o\"" \
  "\"$op\" mkdir \"$HOME/.cache/tool/d\"" \
  "\"$op\" exec \"$T/tools/helper\" read /etc/hostname" \
  "\"$op\" link \"$T/data/a/f\" \"$WS/f-link\"" \
  "\"$op\" read \"$HOME/.ssh/id_ed25519\"" \
  "\"$op\" write \"$WS/out.o\"" >"$T/build.sh"
build=$(cat "$T/build.sh")  # run as sh -c: the sandbox does not grant $T
learn "$T/p.toml" -- sh -c "$build" >"$T/out" 2>"$T/err"
rc=$?
out_is "the command's own stdout is untouched" "EACCES EACCES EACCES EXDEV EACCES ok "
if [ "$rc" = 0 ]; then pass "exit status is the command's (0)"; else fail "exit status is the command's (0)" "got $rc"; fi
has "the report says the ptrace way" "$T/err" "landlock-policy learn (ptrace)"
has "cache: create under ~/.cache/tool denied" "$T/err" "create $HOME/.cache/tool/obj.o"
has "cache: ~/.cache/tool suggested rw" "$T/err" '{ path = "~/.cache/tool", why = "learned: op create" }'
has "exec: execute from an ungranted folder denied" "$T/err" "execute $T/tools/helper"
has "exec: the folder suggested ro" "$T/err" "{ path = \"$T/tools\", why = \"learned: op execute\" }"
has "link across two grants (EXDEV) reported" "$T/err" "rename/link across $T/data/a/f -> $WS/f-link"
has "link across: the source folder suggested rw" "$T/err" \
  "{ path = \"$T/data/a\", why = \"learned: op rename/link across\" }"
has "hidden secret: refused on purpose, with why's words" "$T/err" \
  "$HOME/.ssh/id_ed25519: denied: hidden (~/.ssh: hide list)"
hasnt "hidden secret: never suggested" "$T/err" '.ssh",'
hasnt "an allowed write is not reported" "$T/err" "out.o"

# A rename fails as a whole: only the half no grant allows is reported
# (the source's grant is read-only, so removing it there is what failed).
learn "$T/p.toml" -- "$op" rename "$T/data/a/f" "$WS/moved" >"$T/out" 2>"$T/err"
has "rename: the removal half is reported" "$T/err" "remove $T/data/a/f"
hasnt "rename: the allowed half is not reported" "$T/err" "create $WS/moved"

# --write: a policy extending the original with the grants; it compiles and
# the same command then runs with no sandbox denial.
learn --write "$T/learned.toml" "$T/p.toml" -- sh -c "$build" >/dev/null 2>"$T/err"
if [ -f "$T/learned.toml" ]; then pass "--write wrote the policy"
else fail "--write wrote the policy" "$(head -c 400 "$T/err" | tr '\n' '|')"; fi
has "--write: it extends the original by its absolute path" "$T/learned.toml" "extends = [\"$T/p.toml\"]"
has "--write: grants carry why = learned" "$T/learned.toml" 'why = "learned: op create"'
hasnt "--write: the secret is not granted" "$T/learned.toml" ".ssh"
rm -f "$WS/f-link"
learn "$T/learned.toml" -- sh -c "$build" >"$T/out" 2>"$T/err"
has "--write policy: the same command gets no sandbox denial" "$T/err" "; 0 denied by the sandbox, 1 refused on purpose"
out_is "--write policy: the command's operations succeed" "ok ok ok ok EACCES ok "
learn --write "$T/learned.toml" "$T/p.toml" -- "$op" exec "$T/tools/helper" >/dev/null 2>"$T/err"
has "--write never overwrites an existing file" "$T/err" "File exists"

# A device is granted alone, never its whole folder (/dev).
learn "$T/p.toml" -- "$op" write /dev/zero >"$T/out" 2>"$T/err"
has "device: the device itself is suggested" "$T/err" '{ path = "/dev/zero", why = "learned: op write" }'
hasnt "device: not all of /dev" "$T/err" '{ path = "/dev",'
# A device ioctl (Landlock ABI 5): the fd's path, granted alone, writable.
if [ "${abi:-0}" -ge 5 ]; then
  printf '%s\n' 'version = 1' "extends = [\"$T/p.toml\"]" 'ro = ["/dev/zero"]' >"$T/dev.toml"
  learn "$T/dev.toml" -- "$op" ioctl-dev /dev/zero >"$T/out" 2>"$T/err"
  out_is "device ioctl: denied on a read-only device" "EACCES "
  has "device ioctl: reported with the fd's path" "$T/err" "device ioctl /dev/zero  (1 time"
  learn --format json --report "$T/dev.json" "$T/dev.toml" -- "$op" ioctl-dev /dev/zero >/dev/null 2>&1
  has "device ioctl: the device suggested alone, writable" "$T/dev.json" \
    '{"section": "rw", "path": "/dev/zero", "optional": false, "why": "learned: op device ioctl"'
else
  skip "device ioctl" "Landlock ABI ${abi:-?} < 5: device ioctl is not restricted on this kernel"
fi

# A policy that sets `workspace` cannot be extended: its grants are checked
# alone (a writable home is still refused) and --write writes nothing.
printf '%s\n' 'version = 1' 'mode = "workspace-write"' "workspace = \"$WS\"" >"$T/ws-set.toml"
"$policy_bin" learn --way ptrace --launcher "$launcher" --write "$T/ws-learned.toml" "$T/ws-set.toml" -- \
  sh -c "\"$op\" write \"$HOME/planted\"; \"$op\" write \"$HOME/.cache/tool/x\"" >"$T/out" 2>"$T/err"
has "workspace set: the home is refused on purpose" "$T/err" "never suggested: it contains the built-in secret ~/.ssh"
has "workspace set: ~/.cache/tool still suggested" "$T/err" '{ path = "~/.cache/tool", why = "learned: op create" }'
has "workspace set: --write says why it wrote nothing" "$T/err" "--write not written: a policy cannot extend"
if [ -e "$T/ws-learned.toml" ]; then fail "workspace set: nothing written" "$T/ws-learned.toml exists"
else pass "workspace set: nothing written"; fi

# The carve (writable except .git): a planted hook is refused on purpose,
# with the policy change that would allow it; a new top-level file gets the
# output that allows it, never a grant that undoes the carve.
mkdir -p "$WS/.git/hooks"
printf '%s\n' 'version = 1' 'mode = "workspace-write"' >"$T/ww.toml"
learn "$T/ww.toml" -- sh -c "\"$op\" write \"$WS/.git/hooks/pre-commit\"; \"$op\" write \"$WS/new-top-level\"" \
  >/dev/null 2>"$T/err"
has "carve: a hook is refused on purpose, naming keep_writable" "$T/err" '[protect] keep_writable = [".git"], not a grant'
has "carve: a new top-level entry says why and the fix" "$T/err" \
  'the workspace root is read-only so that .git stays protected; the fix is `outputs = ["new-top-level"]`'
has "carve: a new top-level file is suggested as a file output" "$T/err" \
  '{ path = "new-top-level", why = "learned: op create" }'
hasnt "carve: never a grant on the workspace" "$T/err" "{ path = \"$WS\""
hasnt "carve: nothing suggested for .git" "$T/err" '{ path = ".git'
rm -rf "$WS/.git"

# Exit status passthrough, and JSON to --report FILE.
learn "$T/p.toml" -- sh -c 'exit 7' 2>/dev/null
rc=$?
if [ "$rc" = 7 ]; then pass "exit status is the command's (7)"; else fail "exit status is the command's (7)" "got $rc"; fi
# A process the command leaves running cannot make learn wait forever: it is
# traced for a grace period after the command exits, then killed.
start=$(date +%s)
learn "$T/p.toml" -- sh -c 'sleep 300 >/dev/null 2>&1 & exit 3' >/dev/null 2>"$T/err"
rc=$? took=$(($(date +%s) - start))
if [ "$rc" = 3 ] && [ "$took" -lt 30 ] && grep -q "left running" "$T/err"; then
  pass "a process left running ends learning after the grace (${took}s, exit 3)"
else fail "a process left running ends learning after the grace" "rc=$rc after ${took}s: $(head -c 300 "$T/err")"; fi
learn --format json --report "$T/report.json" "$T/p.toml" -- "$op" exec "$T/tools/helper" >"$T/out" 2>"$T/err"
has "json: the method" "$T/report.json" '"method": "ptrace"'
has "json: one denial" "$T/report.json" \
  "{\"cause\": \"sandbox\", \"access\": \"execute\", \"path\": \"$T/tools/helper\", \"count\": 1"
has "json: one suggestion" "$T/report.json" "{\"section\": \"ro\", \"path\": \"$T/tools\", \"optional\": false"
out_is "json: the command's stdout is its own" "EACCES "

# TCP: a connect to an ungranted loopback port (Landlock ABI 4).
if [ "${abi:-0}" -ge 4 ]; then
  printf '%s\n' 'version = 1' "extends = [\"$T/p.toml\"]" '[network]' 'connect = [1]' >"$T/net.toml"
  learn "$T/net.toml" -- "$op" connect 18123 >"$T/out" 2>"$T/err"
  out_is "tcp: the connect is denied" "EACCES "
  has "tcp: the port is reported" "$T/err" "TCP connect port 18123"
  has "tcp: the port is suggested" "$T/err" "connect = [18123]"
else
  skip "tcp connect" "Landlock ABI ${abi:-?} < 4: no TCP restriction on this kernel"
fi

# A chmod 000 file: the sandbox allows it, file permissions do not.
if [ "$(id -u)" != 0 ]; then
  # Without CAP_AUDIT_READ, the automatic choice is the ptrace way.
  "$policy_bin" learn --launcher "$launcher" --set workspace="$WS" "$T/p.toml" -- "$op" read /etc/hostname \
    >/dev/null 2>"$T/err"
  has "--way auto without CAP_AUDIT_READ: the ptrace way" "$T/err" "landlock-policy learn (ptrace)"
  "$policy_bin" learn --way audit --launcher "$launcher" --set workspace="$WS" "$T/p.toml" -- "$op" read /etc/hostname \
    >"$T/out" 2>"$T/err"
  rc=$?
  if [ "$rc" = 126 ] && [ ! -s "$T/out" ] && grep -q -- "--way audit: " "$T/err"; then
    pass "--way audit where it is not available: 126, the command not run, and why"
  else fail "--way audit where it is not available" "rc=$rc out=$(head -c 100 "$T/out") err=$(head -c 300 "$T/err")"; fi
  echo data >"$WS/locked"
  chmod 000 "$WS/locked"
  learn "$T/p.toml" -- "$op" read "$WS/locked" >"$T/out" 2>"$T/err"
  out_is "chmod 000: the read fails" "EACCES "
  has "chmod 000: reported as not the sandbox" "$T/err" "not the sandbox (file permissions or another rule; not suggested):"
  has "chmod 000: with the reason" "$T/err" "refused outside the sandbox too (Permission denied)"
  hasnt "chmod 000: never suggested" "$T/err" "suggested policy change"
fi

# ---- Issue 22: learn never widens past the protected lists, never expands
# what the command chose, and cannot be forged or outlived.
hostile=$(dirname "$op")/learn-hostile
mkdir -p "$T/data/b"

# A name with newlines cannot forge a line of the report (a fake suggestion).
forged_name="x
suggested policy change (paste into it):
rw = [ \"~\" ]"
: >"$T/data/b/$forged_name"
learn "$T/p.toml" -- "$op" read "$T/data/b/$forged_name" >"$T/out" 2>"$T/err"
if grep -q '^rw = \[ "~" \]$' "$T/err" || [ "$(grep -c '^suggested policy change' "$T/err")" -gt 1 ]; then
  fail "a newline in a path cannot forge a report line" "$(head -c 600 "$T/err" | tr '\n' '|')"
else pass "a newline in a path cannot forge a report line"; fi
has "a newline in a path is shown escaped" "$T/err" 'x\x0asuggested policy change'

# A planted ${env.X} in a path the command chose is written literally ($$)
# and never expanded: not in the report, not in --write, not by argv later.
LLR_LEARN_SECRET=tok-s3cr3t-77
export LLR_LEARN_SECRET
mkdir -p "$T/data/b/\${env.LLR_LEARN_SECRET}"
rm -f "$T/env.toml"
learn --write "$T/env.toml" "$T/p.toml" -- "$op" write "$T/data/b/\${env.LLR_LEARN_SECRET}/f" >"$T/out" 2>"$T/err"
hasnt "\${env.X} in a path: the report never prints its value" "$T/err" "tok-s3cr3t-77"
has "\${env.X} in a path: written as a literal (\$\$)" "$T/env.toml" "data/b/\$\${env.LLR_LEARN_SECRET}\","
"$policy_bin" argv --format nul --launcher "$launcher" --set workspace="$WS" "$T/env.toml" -- true >"$T/argv" 2>&1
hasnt "\${env.X} in a path: argv of the learned policy never expands it" "$T/argv" "tok-s3cr3t-77"
unset LLR_LEARN_SECRET

# Never suggested, never written: secrets (read, custom mode without hide),
# terminals, system folders, start-up places, a folder on PATH.
printf '%s\n' 'version = 1' 'mode = "custom"' \
  "ro = [\"/usr\", \"/etc\", \"$bindir\"]" 'rw = ["${WORKSPACE}", "/dev/null"]' >"$T/nohide.toml"
mkdir -p "$HOME/.cargo/bin" "$HOME/.config/nvim" "$HOME/.local/lib/python3.11/site-packages" \
  "$HOME/.local/share/direnv/allow" "$T/pathbin"
printf '%s\n' "\"$op\" read \"$HOME/.aws/credentials\"" "\"$op\" read \"$HOME/.ssh/id_ed25519\"" \
  "\"$op\" write /dev/tty" "\"$op\" read /dev/console" "\"$op\" write /etc/llp-learn-probe" \
  "\"$op\" write \"$HOME/.cargo/bin/cargo-x\"" "\"$op\" write \"$HOME/.config/nvim/init.lua\"" \
  "\"$op\" write \"$HOME/.local/lib/python3.11/site-packages/evil.pth\"" \
  "\"$op\" write \"$HOME/.local/share/direnv/allow/0123\"" "\"$op\" write \"$T/pathbin/git\"" >"$T/never.sh"
rm -f "$T/never.toml"
PATH="$T/pathbin:$PATH" learn --write "$T/never.toml" "$T/nohide.toml" -- sh -c "$(cat "$T/never.sh")" \
  >"$T/out" 2>"$T/err"
for never in .aws .ssh /dev/tty /dev/console '/etc"' .cargo/bin .config/nvim site-packages direnv pathbin; do
  if grep '{ path = ' "$T/err" | grep -qF -- "$never"; then fail "never suggested: $never" "$(grep '{ path = ' "$T/err")"
  else pass "never suggested: $never"; fi
  if [ -f "$T/never.toml" ] && grep -qF -- "$never" "$T/never.toml"; then fail "never written: $never" "$(cat "$T/never.toml")"
  else pass "never written: $never"; fi
done
has "a secret read (custom mode): refused on purpose, with the reason" "$T/err" \
  "it lies in the built-in secret ~/.aws: secrets are never granted"
has "/dev/tty: refused on purpose, with the reason" "$T/err" "it lies in /dev/tty: a terminal: its ioctls (TIOCSTI)"
has "a folder on PATH: refused on purpose, with the reason" "$T/err" ", a folder on PATH: a program planted there"
has "site-packages: refused on purpose, with the reason" "$T/err" "Python imports it"
if [ "$(id -u)" = 0 ]; then
  has "/etc: refused on purpose, a system folder" "$T/err" "it lies in /etc: a system folder"
fi

# A cache on a fresh HOME: never ~ nor ~/.cache; the preset, or the leaf the
# tool used, made before the rerun.
mv "$HOME/.cache" "$T/cache.saved"
learn "$T/p.toml" -- "$op" mkdir "$HOME/.cache" >"$T/out" 2>"$T/err"
has "fresh HOME: creating ~/.cache is refused on purpose" "$T/err" "never suggested: ~/.cache is shared by every tool"
has "fresh HOME: the preset that covers it" "$T/err" "preset:go (~/.cache/go-build)"
hasnt "fresh HOME: never a grant on ~" "$T/err" '{ path = "~",'
mkdir "$HOME/.cache"
rm -f "$T/go.toml"
learn --write "$T/go.toml" "$T/p.toml" -- "$op" mkdir "$HOME/.cache/go-build" >"$T/out" 2>"$T/err"
has "cache leaf: ~/.cache/go-build suggested" "$T/err" '{ path = "~/.cache/go-build", optional = true'
hasnt "cache leaf: never all of ~/.cache" "$T/err" '{ path = "~/.cache",'
has "cache leaf: made before the rerun" "$T/err" "mkdir ~/'.cache/go-build'"
if [ -d "$HOME/.cache/go-build" ]; then pass "cache leaf: --write made it"; else fail "cache leaf: --write made it" "$(cat "$T/err")"; fi
learn "$T/go.toml" -- "$op" mkdir "$HOME/.cache/go-build/x" >"$T/out" 2>"$T/err"
out_is "cache leaf: the rerun succeeds" "ok "
rm -rf "$HOME/.cache"
mv "$T/cache.saved" "$HOME/.cache"

# The same with the real tool (issue 22's reproduction): `go build` on a
# fresh HOME, then once ~/.cache exists; the learned policy then builds.
if [ -n "$label" ]; then :
elif ! command -v go >/dev/null; then skip "go on a fresh HOME" "go is not installed"
else
  mkdir -p "$T/gows" "$T/gohome"
  printf 'module example.com/hello\n\ngo 1.18\n' >"$T/gows/go.mod"
  printf 'package main\n\nfunc main() { println("hi") }\n' >"$T/gows/main.go"
  printf '%s\n' 'version = 1' 'mode = "custom"' \
    'ro = ["/usr", "/etc", "/bin", "/lib", { path = "/lib64", optional = true }, { path = "/sys", optional = true }]' \
    'rw = ["${WORKSPACE}", "${TMPDIR}", "/dev/null"]' >"$T/go.toml"
  golearn() {
    (cd "$T/gows" && env -u GOCACHE -u GOPATH -u GOMODCACHE -u XDG_CACHE_HOME -u GOFLAGS HOME="$T/gohome" GOTOOLCHAIN=local \
      "$policy_bin" learn --way ptrace --launcher "$launcher" --set workspace="$T/gows" "$@" -- go build -o hello .)
  }
  golearn "$T/go.toml" >"$T/out" 2>"$T/err"
  has "go, fresh HOME: ~/.cache refused on purpose, naming preset:go" "$T/err" \
    "never suggested: ~/.cache is shared by every tool, never granted whole; the preset that covers it: preset:go (~/.cache/go-build)"
  hasnt "go, fresh HOME: never a grant on ~" "$T/err" '{ path = "~"'
  mkdir "$T/gohome/.cache"
  rm -f "$T/go-learned.toml"
  golearn --write "$T/go-learned.toml" "$T/go.toml" >"$T/out" 2>"$T/err"
  has "go: the leaf ~/.cache/go-build suggested" "$T/err" '{ path = "~/.cache/go-build", optional = true, why = "learned: go create" }'
  hasnt "go: never all of ~/.cache" "$T/err" '{ path = "~/.cache",'
  golearn "$T/go-learned.toml" >"$T/out" 2>"$T/err"
  if [ -x "$T/gows/hello" ]; then pass "go: the learned policy builds"
  else fail "go: the learned policy builds" "$(tail -c 600 "$T/err" | tr '\n' '|')"; fi
fi

# A second thread rewrites the path during the call: the rewritten path
# (which the kernel never denied: its folder does not exist) is never
# reported as the sandbox's, nor suggested.
echo r >"$T/data/b/real"
learn --format json --report "$T/race.json" "$T/p.toml" -- "$hostile" race "$T/data/b/real" "$T/forged-nowhere/f" 300 \
  >"$T/out" 2>"$T/err"
out_is "race: the command ran" "done "
if grep -F '"cause": "sandbox"' "$T/race.json" | grep -qF forged-nowhere ||
  grep -F '"section"' "$T/race.json" | grep -qF forged-nowhere; then
  fail "race: a rewritten path is never the sandbox's, never suggested" "$(grep forged "$T/race.json" | head -3)"
else pass "race: a rewritten path is never the sandbox's, never suggested"; fi

# clone(CLONE_UNTRACED) is refused; a daemon that double-forks is gone when
# learn returns.
rm -f "$WS/untraced.pid" "$WS/daemon.pid"
learn "$T/p.toml" -- "$hostile" untraced "$WS/untraced.pid" >"$T/out" 2>"$T/err"
out_is "CLONE_UNTRACED: refused" "EPERM "
alive_pid() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
if alive_pid "$WS/untraced.pid"; then
  fail "CLONE_UNTRACED: no process outlives learn" "pid $(cat "$WS/untraced.pid") alive"
  kill -9 "$(cat "$WS/untraced.pid")"
else pass "CLONE_UNTRACED: no process outlives learn"; fi
learn "$T/p.toml" -- "$hostile" daemon "$WS/daemon.pid" >"$T/out" 2>"$T/err"
if alive_pid "$WS/daemon.pid"; then
  fail "a daemon that double-forks is gone when learn returns" "pid $(cat "$WS/daemon.pid") alive"
  kill -9 "$(cat "$WS/daemon.pid")"
elif [ -s "$WS/daemon.pid" ]; then pass "a daemon that double-forks is gone when learn returns"
else fail "a daemon that double-forks is gone when learn returns" "it never wrote its pid: $(head -c 300 "$T/err")"; fi

# --report to a FIFO is an error, at once (never a hang).
mkfifo "$T/report.fifo"
timeout 30 "$policy_bin" learn --way ptrace --launcher "$launcher" --set workspace="$WS" --format json \
  --report "$T/report.fifo" "$T/p.toml" -- true >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "not a regular file" "$T/err"; then pass "--report to a FIFO: an error, no hang"
else fail "--report to a FIFO: an error, no hang" "rc=$rc: $(head -c 300 "$T/err")"; fi

# As root, the command runs without any capability.
if [ "$(id -u)" = 0 ]; then
  learn "$T/p.toml" -- "$hostile" caps >"$T/out" 2>"$T/err"
  out_is "as root, the command has no capability (effective, bounding)" "eff=0 bnd=0 "
fi

# As root: everything again as an unprivileged user, in its own world.
if [ "$(id -u)" = 0 ] && [ -z "$label" ]; then
  if ! command -v setpriv >/dev/null; then
    skip "unprivileged run" "setpriv (util-linux) is not installed"
    exit 0
  fi
  # Outside /tmp: the launcher and the policies there would be refused.
  U=$(test_dir llp-learn-u) || exit 1
  mkdir -p "$U/bin" "$U/tests/compiler" "$U/tests/lib"
  if ! cp "$policy_bin" "$launcher" "$op" "$(dirname "$op")/learn-hostile" "$U/bin/" ||
    ! cp "$root/tests/compiler/learn.sh" "$root/tests/compiler/env.sh" "$U/tests/compiler/" ||
    ! cp "$root/tests/lib/report.sh" "$root/tests/lib/testdir.sh" "$U/tests/lib/" ||
    ! chmod -R a+rX "$U"; then
    fail "unprivileged run" "cannot copy the binaries to $U"
    rm -rf "$U"
    exit 0
  fi
  setpriv --reuid=65534 --regid=65534 --clear-groups -- env PATH=/usr/bin:/bin LLR_ROOT="$U" \
    sh "$U/tests/compiler/learn.sh" "$U/bin/$(basename "$policy_bin")" "$U/bin/$(basename "$launcher")" \
    "$U/bin/$(basename "$op")" "uid 65534"
  rm -rf "$U"
fi
