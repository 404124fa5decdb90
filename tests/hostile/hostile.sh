#!/bin/bash
# The hostile-repository suite (issue 10): the repository being sandboxed is
# the attacker. Every scenario has two phases:
#   1. plant: the attacker's command runs confined by the user's own
#      workspace-write policy (landlock-policy exec ... -- sh -c '...') and
#      plants files, symlinks or FIFOs where it can write (the workspace,
#      $TMPDIR); where Landlock itself forbids the planting, the test user
#      plants unconfined and the comment says why that models an earlier run
#      with a wider grant or a file shipped in the repository;
#   2. the user compiles and runs again (argv / check / explain / why / exec),
#      and the outcome is checked on disk, in the argv and in the bytes printed.
# A scenario must not widen the sandbox, print a secret, run a planted
# program unconfined, hang or crash. Everything runs as an unprivileged user
# (uid 65534 via setpriv when the suite runs as root) in a fresh fake world
# (tests/hostile/lib.sh), never against the real HOME.
#
#   bash tests/hostile/hostile.sh POLICY_BIN LAUNCHER PAYLOAD_DIR
#
# Prints "PASS hostile.CLASS.NAME" / "FAIL ...: why" / "SKIP ...: reason" per
# scenario, then totals per class; exit 1 on any failure. It starts with a
# canary: if a compiled workspace-write policy does not deny a write outside
# the workspace, nothing else counts and the suite fails.
# Policy text is written literally: ${WORKSPACE}, ${env.X} and ~ are the compiler's to expand.
# shellcheck disable=SC2016,SC2088
set -u
[ $# -eq 3 ] || { echo "usage: $0 POLICY_BIN LAUNCHER PAYLOAD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/hostile/lib.sh
. "$here/lib.sh"

# The world lives outside /tmp, /dev/shm and TMPDIR, where the compiler
# accepts the user's policies and the launcher (tests/lib/testdir.sh).
# shellcheck source=tests/lib/testdir.sh
. "$here/../lib/testdir.sh"
T=$(test_dir llr-hostile) || exit 1
trap cleanup EXIT
mkdir "$T/bin"
for f in "$1" "$2" "$3/op"; do
  [ -f "$f" ] || { fail "hostile.setup" "$f was not built"; exit 1; }
  cp "$f" "$T/bin/" || { fail "hostile.setup" "cannot copy $f"; exit 1; }
done
chmod 755 "$T/bin" "$T/bin"/*
LP=$T/bin/$(basename "$1") L=$T/bin/$(basename "$2") OP=$T/bin/op
if ! "$L" --probe >/dev/null 2>&1; then
  skip "hostile.all" "Landlock does not enforce on this kernel ($("$L" --probe 2>&1 | head -1))"
  exit 0
fi
LVERSION=$("$L" --version)
echo "# hostile suite: $("$LP" --version | cut -d' ' -f1-2), $LVERSION, test user uid $TEST_UID"

# A fake launcher, as an attacker would plant it: it answers --version like
# the real one (so a version check accepts it) and leaves a marker outside
# every grant whenever anything runs it. $1: the marker.
fake_launcher() {
  printf '#!/bin/sh\necho "ran: $*" >>%s\necho "%s"\nexit 0\n' "$1" "$LVERSION"
}
# stage NAME: the attacker's file (stdin), staged in $S/stage where the
# confined plant copies it from (read-only to it, like any file on the host).
stage() { mkdir -p "$S/stage" && cat >"$S/stage/$1" && own "$S/stage"; }

# The user's trusted policy, $CONF/user.toml (stdin).
user_policy() { pol "$CONF/user.toml"; }
UP() { echo "$CONF/user.toml"; }

# run_saved FILE: runs an argv saved with `argv --format nul` as the test user,
# as `xargs -0 -a FILE env` would, but keeping the exit status exact (xargs
# folds every status from 1 to 125 into 123).
run_saved() { local saved; mapfile -d '' saved <"$1"; u "${saved[@]}"; }

# ============================================================================
# canary: a compiled workspace-write policy denies a write outside the
# workspace (and allows one inside), or nothing else counts.
begin canary ws-write-denies-outside
lp exec "$AGENT" -- "$OP" write "$OUT/canary"
want_out EACCES; want_rc 1; absent "$OUT/canary"
lp exec "$AGENT" -- "$OP" write "$W/inside"
want_out ok; want_rc 0; content "$W/inside" x
u "$OP" write "$OUT/control"
want_out ok  # unconfined, the test user can write there: the denial is Landlock's
end
if [ "$REPORT_FAILED" -ne 0 ]; then
  fail "hostile.all" "the canary was not denied: enforcement is silently skipped, no other scenario is trusted"
  exit 1
fi

# ============================================================================
# 1. trust: a trusted policy extends a file in a writable area; a confined run
# swaps that file (or a folder on its way) for a symlink to its own file in
# the session's TMPDIR. The next compile (a new session: another TMPDIR, as
# agents and CI jobs get) must treat the file as untrusted: it may only narrow.
evil_policy() {  # evil_policy KNOB: the attacker's widening policy
  echo 'version = 1'
  case $1 in
    keep-fds) echo 'keep_fds = true' ;;
    best-effort) echo 'best_effort = true' ;;
    rw-ssh) printf 'hide_secrets = false\nrw = ["~/.ssh"]\n[protect]\nunprotect = ["~/.ssh"]\n' ;;
    launcher) printf '[launcher]\npath = "%s"\n' "$TT/fake-launcher" ;;
  esac
}
# trust_phase2 [TMPDIR]: the user's next compiles; nothing may widen, and
# no planted launcher may run.
trust_phase2() {
  UENV=(TMPDIR="${1:-$S/tmp2}")
  mkdir -p "$S/tmp2" && own "$S/tmp2"
  local sub
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 0 1
  done
  lp why "$(UP)" "$W/x"; want_rc 0 1
  lp argv --format nul "$(UP)" -- true; want_rc 0 1
  argv_load
  argv_lacks --keep-fds --best-effort
  argv_no_path_under "$H/.ssh"
  argv0_not "$TT/fake-launcher"
  lp exec "$(UP)" -- "$OP" write "$OUT/escaped"  # confined, or not run at all
  absent "$OUT/escaped"
  absent "$OUT/marker"
  UENV=()
}
for knob in keep-fds best-effort rw-ssh launcher; do
  # The file itself is swapped for a symlink into TMPDIR.
  begin trust "extends-file-swapped-$knob"
  mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/fake-launcher $TT/fake-launcher &&
    chmod 755 $TT/fake-launcher && rm $W/.landlock/base.toml && ln -s $TT/evil.toml $W/.landlock/base.toml"
  trust_phase2
  end

  # A folder on the way is swapped for a symlink into TMPDIR.
  begin trust "extends-folder-swapped-$knob"
  mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "mkdir $TT/d && cp $S/stage/evil.toml $TT/d/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher &&
    chmod 755 $TT/fake-launcher && rm -r $W/.landlock && ln -s $TT/d $W/.landlock"
  trust_phase2
  end

  # The extended file lies in TMPDIR itself (the same TMPDIR: a writable grant).
  begin trust "extends-in-tmpdir-$knob"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${TMPDIR}/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant "cp $S/stage/evil.toml $TT/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher && chmod 755 $TT/fake-launcher"
  trust_phase2 "$TT"
  end
done

# The extended file lies under another rw grant of the policy (~/.cache): a
# confined run of this very policy could have written it. The workspace-write
# plant cannot reach ~/.cache, so the test user plants it unconfined: it
# models an earlier run of this policy (whose rw ~/.cache covers it).
for knob in keep-fds launcher; do
  begin trust "extends-under-rw-grant-$knob"
  mkdir -p "$H/.cache/tool" && own "$H/.cache"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["~/.cache"]
extends = ["~/.cache/tool/base.toml"]
TOML
  evil_policy "$knob" | stage evil.toml
  fake_launcher "$OUT/marker" | stage fake-launcher
  plant_raw "cp $S/stage/evil.toml $H/.cache/tool/base.toml && cp $S/stage/fake-launcher $TT/fake-launcher && chmod 755 $TT/fake-launcher"
  trust_phase2
  end
done

# An untrusted file cannot launder trust by extending a file outside the
# workspace: what it extends is untrusted too.
begin trust untrusted-extends-cannot-launder
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/base.toml"]
TOML
printf 'version = 1\nkeep_fds = true\nbest_effort = true\n' | stage evil.toml
printf 'version = 1\nextends = ["%s"]\n' "$TT/evil.toml" | stage base.toml
plant "cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/base.toml $W/base.toml"
trust_phase2
end

# `..` after a planted symlink: ${WORKSPACE}/link/../evil.toml is the
# workspace's file lexically and $TMPDIR's file for the kernel; whichever is
# read, it was reached through the workspace and is untrusted.
begin trust extends-dotdot-through-symlink
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/link/../evil.toml"]
TOML
evil_policy keep-fds | stage evil.toml
plant "mkdir $TT/sub && cp $S/stage/evil.toml $TT/evil.toml && cp $S/stage/evil.toml $W/evil.toml && ln -s $TT/sub $W/link"
trust_phase2
end

# The policy named on the command line lies in a writable grant of its own:
# the command could rewrite its next policy. Refused.
begin trust main-policy-in-workspace
pol "$W/.landlock/policy.toml" <<'TOML'
version = 1
mode = "workspace-write"
TOML
lp argv --format nul "$W/.landlock/policy.toml" -- true
want_refused
end

# Issue 22: a read-only policy kept in the workspace or ${TMPDIR} grants
# nothing writable, but an earlier workspace-write run (or a process it left
# running) rewrites it into danger-full-access: the next run must not obey.
for where in ws tmp; do
  begin trust "main-policy-rewritten-by-an-earlier-run-$where"
  dir=$W/.landlock
  [ "$where" = tmp ] && dir=$TT
  pol "$dir/ro.toml" <<'TOML'
version = 1
mode = "read-only"
TOML
  printf 'version = 1\nmode = "danger-full-access"\n' | stage evil.toml
  plant "cp $S/stage/evil.toml $dir/ro.toml"
  lp argv --format nul "$dir/ro.toml" -- true
  want_refused
  lp exec "$dir/ro.toml" -- "$OP" read "$H/.ssh/id_ed25519"
  want_rc 1
  no_secrets
  # explain and why run nothing: they answer, with the warning.
  lp explain "$dir/ro.toml"
  want_rc 0
  grep -q 'which a confined command can write' "$ERRF" || bad "explain did not warn: $(stderr_says)"
  end
done

# The user's policy is a symlink kept in the workspace, to a file outside it:
# the link is writable (the attacker can repoint it), so it is protected too.
begin trust main-policy-via-workspace-symlink
user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
plant "ln -s $CONF/user.toml $W/policy.toml"
lp argv --format nul "$W/policy.toml" -- true
want_refused
end

# The user's config is a symlink to a policy kept in the workspace.
begin trust config-symlink-to-workspace-policy
pol "$W/real.toml" <<'TOML'
version = 1
mode = "workspace-write"
TOML
ln -s "$W/real.toml" "$CONF/user.toml" && own "$CONF"
lp argv --format nul "$(UP)" -- true
want_refused
end

# ============================================================================
# 2. symlink: a grant written under the workspace that resolves outside it
# (through a symlink shipped in the repository or planted by a confined run)
# is an error, and nothing is written through it.
symlink_grant() {  # symlink_grant VICTIM_FILE: refused, and VICTIM_FILE unchanged
  local before; before=$(cat "$1" 2>/dev/null)
  lp argv --format nul "$(UP)" -- true
  want_refused
  lp exec "$(UP)" -- "$OP" append "$1"
  [ "$(cat "$1" 2>/dev/null)" = "$before" ] || bad "$1 was written through the symlink"
}
begin symlink rw-target-to-bashrc
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["${WORKSPACE}/target"]
TOML
plant "ln -s $H/.bashrc $W/target"
symlink_grant "$H/.bashrc"
end

begin symlink rw-target-relative-to-bashrc
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["${WORKSPACE}/target"]
TOML
plant "ln -s ../home/.bashrc $W/target"  # as a repository ships it: relative
symlink_grant "$H/.bashrc"
end

begin symlink rw-node-modules-to-local-bin
mkdir -p "$H/.local/bin" && echo '#!/bin/sh' >"$H/.local/bin/tool" && own "$H/.local"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["${WORKSPACE}/node_modules"]
TOML
plant "ln -s $H/.local/bin $W/node_modules"
symlink_grant "$H/.local/bin/tool"
end

# Not a protected target at all: the rule is "resolves outside the workspace".
begin symlink rw-cache-to-plain-home-folder
mkdir -p "$H/Documents" && echo doc >"$H/Documents/report.txt" && own "$H/Documents"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = ["${WORKSPACE}/cache"]
TOML
plant "ln -s $H/Documents $W/cache"
symlink_grant "$H/Documents/report.txt"
end

# A dangling symlink granted optional, whose would-be target is protected
# (~/.kube, absent today): once ~/.kube exists, the command would write it.
begin symlink optional-dangling-to-kube
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = [{ path = "${WORKSPACE}/kube", optional = true }]
TOML
plant "ln -s $H/.kube $W/kube"
lp argv --format nul "$(UP)" -- "$OP" write "$W/kube/config"
want_refused
if [ "$rc" = 0 ]; then
  cp "$OUTF" "$S/saved.nul"
  mkdir "$H/.kube" && own "$H/.kube"  # the user's kubectl creates it later
  run_saved "$S/saved.nul"
  absent "$H/.kube/config"
fi
end

# Chains are followed to the end: ~/.ssh/link -> $X/hop -> $X/final
# (dangling). An optional rw grant on $X/final writes through ~/.ssh/link.
begin symlink chain-from-protected-folder
X=$S/x
mkdir -p "$X" && ln -s "$X/hop" "$H/.ssh/link" && ln -s "$X/final" "$X/hop" && own "$X" "$H/.ssh"  # the user's own links, made before
user_policy <<TOML
version = 1
mode = "workspace-write"
rw = [{ path = "$X/final", optional = true }]
TOML
lp argv --format nul "$(UP)" -- true
want_refused
end

# The same chain, three hops deep, with a non-optional grant on a real folder.
begin symlink chain-three-hops-existing
X=$S/x
mkdir -p "$X/final" && ln -s "$X/h1" "$H/.ssh/keys" && ln -s "$X/h2" "$X/h1" && ln -s "$X/final" "$X/h2" && own "$X" "$H/.ssh"
user_policy <<TOML
version = 1
mode = "workspace-write"
rw = ["$X/final"]
TOML
lp argv --format nul "$(UP)" -- true
want_refused
end

# Loops are followed safely: a symlink loop in a protected folder and a
# looping grant finish (no hang, no crash).
begin symlink loops-finish
ln -s "$H/.ssh/loop2" "$H/.ssh/loop1" && ln -s "$H/.ssh/loop1" "$H/.ssh/loop2" && own "$H/.ssh"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = [{ path = "${WORKSPACE}/loop", optional = true }]
TOML
plant "ln -s $W/loop2 $W/loop && ln -s $W/loop $W/loop2"
lp argv --format nul "$(UP)" -- true
want_rc 0 1
lp explain "$(UP)"
want_rc 0 1
end

# A read-only grant through a workspace symlink to a hidden secret.
begin symlink ro-docs-to-ssh
user_policy <<'TOML'
version = 1
mode = "workspace-write"
ro = ["${WORKSPACE}/docs"]
TOML
plant "ln -s $H/.ssh $W/docs"
lp argv --format nul "$(UP)" -- true
want_refused
lp exec "$(UP)" -- "$OP" read "$W/docs/id_ed25519"
[ "$(cat "$OUTF")" = ok ] && bad "the key was read through the workspace symlink"
end

# A symlink among the complement siblings, to the hidden folder beside it:
# never granted, so the hidden file stays unreadable through it.
begin symlink complement-sibling-link-to-hidden
mkdir -p "$W/private" && echo WS-PRIVATE >"$W/private/secret" && own "$W"
user_policy <<'TOML'
version = 1
mode = "read-only"
hide = ["${WORKSPACE}/private"]
TOML
plant "ln -s $W/private $W/peek && ln -s $W/private/secret $W/peek-file"
lp exec "$(UP)" -- "$OP" read "$W/peek/secret"
want_out EACCES
lp exec "$(UP)" -- "$OP" read "$W/peek-file"
want_out EACCES
lp exec "$(UP)" -- "$OP" read "$W/private/secret"
want_out EACCES
end

# ============================================================================
# 3. leak: an untrusted file cannot make the compiler print bytes of a file
# the attacker chose (or of the environment: CI tokens).
# leak_phase2 [EXTRA_SECRET]: check, argv, explain and why print no secret.
leak_phase2() {
  local sub
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 0 1; no_secrets "$@"
  done
  lp why "$(UP)" "$W/x"; want_rc 0 1; no_secrets "$@"
  lp argv --format nul "$(UP)" -- true; want_rc 0 1; no_secrets "$@"
}
project_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock.toml"
TOML
}
extends_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]
TOML
}
for target in environ:/proc/self/environ ssh-key:~/.ssh/id_ed25519 netrc:~/.netrc; do
  name=${target%%:*} file=${target#*:}
  begin leak "project-extends-$name"
  project_user_policy
  printf 'version = 1\nextends = ["%s"]\n' "$file" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml"
  leak_phase2
  end

  # The user's extends reach an untrusted workspace file, which extends further.
  begin leak "untrusted-extends-$name"
  extends_user_policy
  printf 'version = 1\nextends = ["%s"]\n' "$file" | stage p.toml
  plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
  leak_phase2
  end
done

# The user's extends target in the workspace is swapped for a symlink to a
# secret: reached through the workspace, it is untrusted and never echoed.
begin leak extends-file-swapped-for-netrc-symlink
mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
extends_user_policy
plant "rm $W/.landlock/base.toml && ln -s $H/.netrc $W/.landlock/base.toml"
leak_phase2
end

# extends by a relative path climbing out of the workspace.
begin leak untrusted-extends-dotdot-netrc
extends_user_policy
printf 'version = 1\nextends = ["../../home/.netrc"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
leak_phase2
end

# A broken TOML line after an extends of a secret: the project's own line may
# be shown, never the secret's.
begin leak project-broken-toml-line
project_user_policy
printf 'version = 1\nextends = ["~/.netrc", "~/.ssh/id_ed25519", "/proc/self/environ"]\nthis is = not toml\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
leak_phase2
end

for target in netrc:"$H/.netrc" ssh-key:"$H/.ssh/id_ed25519" environ:/proc/self/environ; do
  name=${target%%:*} file=${target#*:}
  begin leak "project-symlink-to-$name"
  project_user_policy
  plant "ln -s $file $W/.landlock.toml"
  leak_phase2
  end
done

# The project policy's folder is a symlink out of the workspace, to a folder
# of the user's that holds a file of that name.
begin leak project-through-symlinked-folder
mkdir -p "$H/.private" && printf 'token = DIR-SECRET-4 is not TOML\n' >"$H/.private/policy.toml" && own "$H/.private"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock/policy.toml"
TOML
plant "ln -s $H/.private $W/.landlock"
leak_phase2 DIR-SECRET-4
end

# (Beyond issue 10's list.) An untrusted file names the secret environment
# variable in a grant: the expanded value must not be echoed in a diagnostic.
begin leak untrusted-env-variable-in-diagnostic
project_user_policy
printf 'version = 1\nro = ["${env.LLR_HOSTILE_TOKEN}"]\nrw = ["/${env.LLR_HOSTILE_TOKEN}/x"]\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
leak_phase2
end

# ============================================================================
# 4. dos: untrusted input cannot hang or kill the compiler.
begin dos project-fifo
project_user_policy
plant "mkfifo $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp argv --format nul "$(UP)" -- true
want_refused
end

begin dos project-symlink-to-dev-zero
project_user_policy
plant "ln -s /dev/zero $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp explain "$(UP)"
want_rc 1
end

begin dos project-5mib
project_user_policy
plant "{ echo 'version = 1'; yes '# padding padding padding padding padding padding padding' | head -c 5242880; } >$W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp argv --format nul "$(UP)" -- true
want_refused
end

begin dos project-is-a-folder
project_user_policy
plant "mkdir $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
end

begin dos untrusted-extends-fifo
extends_user_policy
printf 'version = 1\nextends = ["fifo"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml && mkfifo $W/.landlock/fifo"
lp check "$(UP)"
want_rc 0 1  # an error, or the extends ignored with a warning: either way, no hang
end

begin dos untrusted-extends-dev-zero
extends_user_policy
printf 'version = 1\nextends = ["/dev/zero"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
lp check "$(UP)"
want_rc 0 1
end

# A diamond of extends: eight files, each extending the next one ten times
# (no cycle, within the depth limit): 10^7 loads unless each file is loaded once.
begin dos untrusted-extends-fan-out
extends_user_policy
for i in 0 1 2 3 4 5 6 7; do
  if [ "$i" = 7 ]; then echo 'version = 1'; else
    printf 'version = 1\nextends = ['; for _ in 1 2 3 4 5 6 7 8 9; do printf '"f%s.toml", ' $((i + 1)); done
    printf '"f%s.toml"]\n' $((i + 1))
  fi | stage "f$i.toml"
done
printf 'version = 1\nextends = ["f0.toml"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/f?.toml $W/.landlock/ && cp $S/stage/p.toml $W/.landlock/base.toml"
lp check "$(UP)"
want_rc 0 1
end

begin dos project-symlink-to-dev-stdin
project_user_policy
plant "ln -s /dev/stdin $W/.landlock.toml"
lp check "$(UP)"  # stdin is /dev/null here; a terminal would block
want_rc 0 1
end

# ============================================================================
# 5. esc: no raw terminal escape (ESC, BEL, C1 CSI/OSC) reaches the
# terminal from an untrusted file or from a name on disk.
ESC=$'\e' BEL=$'\a' CSI=$'\xc2\x9b' OSC=$'\xc2\x9d'
esc_phase2() {  # esc_phase2 [OPTION...]: every subcommand's stdout and stderr are free of them
  local sub
  for sub in check explain; do
    lp "$sub" "$@" "$(UP)"; want_rc 0 1; no_ctl_bytes
  done
  lp why "$@" "$(UP)" "$W/x"; want_rc 0 1; no_ctl_bytes
  # The argv itself carries paths byte for byte (that is its job): its diagnostics may not.
  lp argv --format nul "$@" "$(UP)" -- true; want_rc 0 1; no_ctl_bytes stderr
}
esc_project() {  # esc_project NAME TEXT [OPTION...]: a project policy holding TEXT
  begin esc "$1"
  project_user_policy
  printf '%s\n' "$2" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml"
  shift 2
  esc_phase2 "$@"
  end
}
esc_project comment-esc "version = 1
rx = [\"/\"] # ${ESC}]52;c;SGVsbG8=${BEL} clipboard"
esc_project comment-c1 "version = 1
rx = [\"/\"] # ${CSI}31m red ${OSC}52;c;SGVsbG8=${BEL}"
esc_project key-escaped-esc 'version = 1
"\u001b]52;c;SGVsbG8=\u0007" = 1'
esc_project key-raw-esc "version = 1
\"${ESC}[31mkey\" = 1"
esc_project key-c1 "version = 1
\"${CSI}31mkey${OSC}0;title${BEL}\" = 1"
esc_project key-escaped-c1 'version = 1
"\u009b31mkey\u009d0;title" = 1'
esc_project scope-esc 'version = 1
scopes = ["\u001b]52;c;SGVsbG8=\u0007"]'
esc_project scope-c1 "version = 1
scopes = [\"${CSI}31mx${OSC}0;t\"]"
esc_project grant-path-esc 'version = 1
ro = ["/tmp/\u001b]52;c;SGVsbG8=\u0007"]'
# Selecting a profile that does not exist lists the ones that do, including
# those of an untrusted file the user's policy extends.
begin esc profile-name-esc
extends_user_policy
printf '%s\n' 'version = 1' '[profiles."\u001b]52;c;SGVsbG8=\u0007"]' 'strict = true' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
esc_phase2 --profile nope
end

# The `why` texts of an untrusted file's grants and hidden paths (explain prints them).
esc_project grant-why-text 'version = 1
rw = [{ path = "${WORKSPACE}", why = "\u001b]52;c;SGVsbG8=\u0007" }]
hide = [{ path = "${WORKSPACE}/h", why = "\u009b31m\u009d0;t\u0007" }]'

# Directory names in the workspace: the `.git` walk warns about them.
for v in "git-dir-esc:${ESC}]52;c;SGVsbG8=${BEL}dir" "git-dir-c1-csi:${CSI}31mdir" "git-dir-c1-osc:${OSC}52;c;SGVsbG8=${BEL}dir"; do
  name=${v%%:*} dir=${v#*:}
  begin esc "$name"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
  printf '%s' "$dir" | stage dirname
  plant "mkdir -p \"$W/\$(cat $S/stage/dirname)/.git/hooks\""
  esc_phase2
  end
done

# explain lists the complement: the siblings of a hidden path, by name.
begin esc explain-complement-names
mkdir -p "$W/private" && own "$W"
user_policy <<'TOML'
version = 1
mode = "read-only"
hide = ["${WORKSPACE}/private"]
TOML
printf '%s' "${ESC}]52;c;SGVsbG8=${BEL}dir" | stage d1
printf '%s' "${CSI}31mdir" | stage d2
plant "mkdir \"$W/\$(cat $S/stage/d1)\" \"$W/\$(cat $S/stage/d2)\" && touch \"$W/\$(cat $S/stage/d1)file\""
esc_phase2
end

# ============================================================================
# 6. var: variables are what the docs promise.
begin var home-empty
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
UENV=(HOME=)
lp argv --format nul "$(UP)" -- true
want_refused
argv_load; argv_no_path_under /home
end

begin var home-relative
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
UENV=(HOME=rel)
lp argv --format nul "$(UP)" -- true
want_refused
argv_load; argv_no_path_under /rel
end

begin var env-empty-ro
user_policy <<'TOML'
version = 1
mode = "custom"
ro = ["${env.LLR_EMPTY}/tmp"]
TOML
UENV=(LLR_EMPTY=)
lp argv --format nul "$(UP)" -- true
want_refused
end

begin var env-empty-rw-optional
user_policy <<'TOML'
version = 1
mode = "workspace-write"
rw = [{ path = "${env.LLR_EMPTY}/cache", optional = true }]
TOML
UENV=(LLR_EMPTY=)
lp argv --format nul "$(UP)" -- true
want_refused
end

for v in 'dollar-name:ws$x' 'double-dollar:ws$$y' 'braced-variable:ws${HOME}z'; do
  ws=${v#*:}
  begin var "set-workspace-literal-${v%%:*}"
  mkdir "$S/$ws" && own "$S/$ws"
  lp argv --format nul --set "workspace=$S/$ws" "$AGENT" -- true
  want_rc 0
  argv_load; argv_has "$S/$ws"
  U_CWD=$S/$ws lp exec --set "workspace=$S/$ws" "$AGENT" -- "$OP" write "$S/$ws/f"
  want_out ok; content "$S/$ws/f" x
  end
done

# ============================================================================
# 7. launcher: the launcher cannot be substituted.
# A bare launcher name: a confined run planted a fake landlock-run in a
# workspace folder that is on PATH (node_modules/.bin and the like).
begin launcher bare-name-on-path
fake_launcher "$OUT/marker" | stage fake
plant "mkdir -p $W/.bin && cp $S/stage/fake $W/.bin/landlock-run && chmod 755 $W/.bin/landlock-run"
U_PATH=$W/.bin:/usr/local/bin:/usr/bin:/bin lp exec --launcher landlock-run "$AGENT" -- true
absent "$OUT/marker"
U_PATH=$W/.bin:/usr/local/bin:/usr/bin:/bin lp argv --format nul --launcher landlock-run "$AGENT" -- true
absent "$OUT/marker"
end

# [launcher] path in the user's policy points into the workspace (a tool the
# repository vendors): refused, and never run.
begin launcher config-path-in-workspace
user_policy <<'TOML'
version = 1
mode = "workspace-write"
[launcher]
path = "${WORKSPACE}/tools/landlock-run"
TOML
fake_launcher "$OUT/marker" | stage fake
plant "mkdir -p $W/tools && cp $S/stage/fake $W/tools/landlock-run && chmod 755 $W/tools/landlock-run"
lp check "$(UP)"; want_rc 1
lp argv --format nul "$(UP)" -- true; want_refused
lp exec "$(UP)" -- true; want_rc 1
absent "$OUT/marker"
end

# The same through a symlink in the workspace to the real launcher: the link
# can be repointed by the next run, so it is refused too.
begin launcher config-path-symlink-in-workspace
user_policy <<'TOML'
version = 1
mode = "workspace-write"
[launcher]
path = "${WORKSPACE}/tools/landlock-run"
TOML
plant "mkdir -p $W/tools && ln -s $L $W/tools/landlock-run"
lp argv --format nul "$(UP)" -- true; want_refused
end

# ============================================================================
# 8. objects: protection compares objects (device, inode), not strings.
# The bind mount needs a mount namespace: root, or an unprivileged user
# namespace (unshare -rm); the compile and the run happen inside it.
NS=()
if [ -n "$IS_ROOT" ]; then
  unshare -m --propagation private true 2>/dev/null && NS=(unshare -m --propagation private)
elif unshare -rm true 2>/dev/null; then
  NS=(unshare -rm)
fi
# in_ns SRC DST CMD...: CMD as the test user, with SRC bind-mounted on DST.
in_ns() {
  local src=$1 dst=$2; shift 2
  CALL=$((CALL + 1))
  OUTF=$S/out.$CALL ERRF=$S/err.$CALL LAST=$(words "$@")
  (cd "$W" && exec "${NS[@]}" sh -c 'mount --bind "$1" "$2" || exit 99; shift 2; exec "$@"' sh "$src" "$dst" \
    timeout -k 2 20 prlimit --as=1073741824 -- "${AS[@]}" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$H" \
    TMPDIR="$TT" LLR_HOSTILE_TOKEN=ENV-SECRET-3 "$@" >"$OUTF" 2>"$ERRF" </dev/null)
  rc=$?
  [ "$rc" = 99 ] && bad "bind mount failed: $(stderr_says)"
  return 0
}
for where in view parent; do
  begin objects "bind-mount-of-ssh-rw-on-$where"
  if [ ${#NS[@]} -eq 0 ]; then
    skip_scenario "needs root or unprivileged user namespaces (unshare -rm) for a bind mount"
  else
    mkdir -p "$S/mnt/view" && own "$S/mnt"
    if [ "$where" = view ]; then g=$S/mnt/view; else g=$S/mnt; fi
    user_policy <<TOML
version = 1
mode = "workspace-write"
rw = ["$g"]
TOML
    in_ns "$H/.ssh" "$S/mnt/view" "$LP" argv --format nul "$(UP)" -- true
    want_refused
    in_ns "$H/.ssh" "$S/mnt/view" "$LP" exec "$(UP)" -- "$OP" write "$S/mnt/view/authorized_keys"
    absent "$H/.ssh/authorized_keys"
    end
  fi
done

# A hard link of the key among the complement siblings (made before the run,
# by the user or an earlier unconfined tool: Landlock cannot make one across
# grants, so the unconfined test user makes it).
begin objects hard-link-of-key-in-home
ln "$H/.ssh/id_ed25519" "$H/key-backup"
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
lp exec "$(UP)" -- "$OP" read "$H/key-backup"
want_out EACCES
lp exec "$(UP)" -- "$OP" read "$H/notes.txt"
want_out ok
end

# ============================================================================
# 9. persist: persistence points are write-protected; credentials are hidden.
# The control: the same shape of policy with a harmless grant compiles, so the
# refusals below are about the path, not the shape.
mkpersist() {
  mkdir -p "$H/.local/bin" "$H/.config/autostart" "$H/.config/systemd/user" "$H/.config/git" "$H/.cache" \
    "$W/.git/hooks"
  for f in .bashrc .profile .zshrc .gitconfig; do echo "# $f" >"$H/$f"; done
  own "$H" "$W"
}
begin persist control-harmless-rw-compiles
mkpersist
user_policy <<'TOML'
version = 1
mode = "read-only"
rw = ["~/.cache"]
TOML
lp argv --format nul "$(UP)" -- true
want_rc 0
argv_load; argv_has "$H/.cache"
end
for p in '~/.bashrc' '~/.profile' '~/.zshrc' '~/.local/bin' '~/.config/autostart' '~/.config/systemd/user' \
  '~/.gitconfig' '~/.config/git' '${WORKSPACE}/.git' '${WORKSPACE}/.git/hooks'; do
  n=${p#\~/}; n=${n#\$\{WORKSPACE\}/}; n=${n//\//-}; n=${n#.}; case $p in '${WORKSPACE}'*) n=workspace-$n ;; esac
  begin persist "rw-$n-refused"
  mkpersist
  user_policy <<TOML
version = 1
mode = "read-only"
rw = ["$p"]
TOML
  lp argv --format nul "$(UP)" -- true
  want_refused
  end
done
for mode in read-only workspace-write; do
  for f in .npmrc .pypirc .cargo/credentials.toml .config/gh/hosts.yml .config/gcloud/x .azure/x .docker/config.json; do
    n=${f#.}; n=${n//\//-}
    begin persist "hidden-$mode-$n"
    mkdir -p "$(dirname "$H/$f")" && echo CRED >"$H/$f" && own "$H"
    printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
    lp exec "$(UP)" -- "$OP" read "$H/$f"
    want_out EACCES
    lp exec "$(UP)" -- "$OP" read "$H/notes.txt"
    want_out ok
    end
  done
done

# ============================================================================
# 10. saved: an argv saved with `argv --format nul` and run later.
# A complement sibling disappears before the run: the run still works.
begin saved complement-sibling-vanishes
mkdir -p "$H/vanish-dir" && echo x >"$H/vanish-file" && own "$H"
user_policy <<'TOML'
version = 1
mode = "read-only"
TOML
lp argv --format nul "$(UP)" -- "$OP" read "$H/notes.txt"
want_rc 0
cp "$OUTF" "$S/saved.nul"
rm -r "$H/vanish-dir" "$H/vanish-file"  # the user tidies up between compile and run
run_saved "$S/saved.nul"
want_rc 0; want_out ok
end

# An rw grant entry is swapped by a confined run for a symlink to an outside
# folder before the saved argv runs: nothing lands outside.
begin saved rw-entry-swapped-for-symlink
mkdir -p "$W/out" && own "$W"
user_policy <<'TOML'
version = 1
mode = "read-only"
rw = ["${WORKSPACE}/out"]
TOML
lp argv --format nul "$(UP)" -- "$OP" write "$W/out/pwn"
want_rc 0
cp "$OUTF" "$S/saved.nul"
plant "rm -r $W/out && ln -s $OUT $W/out"
run_saved "$S/saved.nul"
want_rc 1 125
absent "$OUT/pwn"
end

# The same one folder higher: an ancestor of the grant (inside the
# workspace) is swapped for a symlink to a user's folder outside it.
begin saved rw-ancestor-swapped-for-symlink
mkdir -p "$W/a/out" "$OUT/other/out" && own "$W" "$OUT"
user_policy <<'TOML'
version = 1
mode = "read-only"
rw = ["${WORKSPACE}/a/out"]
TOML
lp argv --format nul "$(UP)" -- "$OP" write "$W/a/out/pwn"
want_rc 0
cp "$OUTF" "$S/saved.nul"
plant "rm -r $W/a && ln -s $OUT/other $W/a"
run_saved "$S/saved.nul"
want_rc 1 125
absent "$OUT/other/out/pwn"
end

# ============================================================================
# carve: in workspace-write the places that run code on the host (.git, .envrc,
# editor folders) stay read-only inside the writable workspace (issue 16).
# Phase 1 is the confined command trying to plant; phase 2 checks the disk.
carve_repo() {
  mkdir -p "$W/.git/hooks" "$W/src" "$W/.vscode" "$W/.zed"
  echo '[core]' >"$W/.git/config"
  echo orig >"$W/.envrc"
  echo orig >"$W/src/a.c"
  own "$W"
}
# carve_denied PATH OP: the confined command's OP (write, append) on PATH is
# denied, and PATH is as it was.
carve_denied() {
  local before=""
  [ -e "$1" ] && before=$(cat "$1")
  lp exec "$AGENT" -- "$OP" "$2" "$1"
  want_out EACCES
  if [ -n "$before" ]; then content "$1" "$before"; else absent "$1"; fi
}

for target in .git/hooks/pre-commit:write .git/config:append .envrc:write .envrc:append \
  .vscode/tasks.json:write .zed/settings.json:write .git/new-hooks-dir-file:write; do
  path=${target%%:*} op=${target#*:}
  begin carve "plant-$(echo "$path" | sed 's|^\.||; s|/\.|/|g' | tr '/.' '--')-$op"
  carve_repo
  carve_denied "$W/$path" "$op"
  end
done

begin carve ordinary-edits-still-work
carve_repo
lp exec "$AGENT" -- "$OP" write "$W/src/a.c"
want_out ok; content "$W/src/a.c" x
lp exec "$AGENT" -- "$OP" write "$W/src/new.c"
want_out ok; present "$W/src/new.c"
end

# The documented cost: nothing new directly in a folder on the way (the root).
begin carve cost-no-new-top-level-entry
carve_repo
lp exec "$AGENT" -- "$OP" write "$W/new-at-root"
want_out EACCES; absent "$W/new-at-root"
end

# A saved argv; a folder created later inside an existing subfolder (by the
# confined command itself) is writable when the saved argv runs.
begin carve created-after-compile-in-subfolder
carve_repo
lp argv --format nul "$AGENT" -- "$OP" write "$W/src/later/f"
want_rc 0
cp "$OUTF" "$S/saved.nul"
plant "mkdir $W/src/later"
run_saved "$S/saved.nul"
want_out ok; present "$W/src/later/f"
end

# A worktree: $W/.git is a file naming a gitdir inside the main repository,
# which lies in $TT (writable): the gitdir and the common .git are carved too.
begin carve worktree-common-gitdir
mkdir -p "$TT/main/.git/hooks" "$TT/main/.git/worktrees/ws" "$W/src"
echo "gitdir: $TT/main/.git/worktrees/ws" >"$W/.git"
echo '../..' >"$TT/main/.git/worktrees/ws/commondir"
own "$W" "$TT"
carve_denied "$TT/main/.git/hooks/pre-commit" write
carve_denied "$TT/main/.git/worktrees/ws/HEAD" write
carve_denied "$W/.git" append
end

# A submodule: $W/lib/sub/.git is a file; rewriting it would point git at a
# gitdir of the attacker's choosing (with hooks).
begin carve submodule-git-file
mkdir -p "$W/.git/modules/sub" "$W/lib/sub/src"
echo 'gitdir: ../../.git/modules/sub' >"$W/lib/sub/.git"
own "$W"
carve_denied "$W/lib/sub/.git" write
carve_denied "$W/.git/modules/sub/config" write
lp exec "$AGENT" -- "$OP" write "$W/lib/sub/src/f.c"
want_out ok
end

# $W/.git is a symlink into $TT (writable): carved at its target, never
# followed into a writable place.
begin carve git-symlink-into-tmpdir
mkdir -p "$TT/repo.git/hooks" "$W/src"
ln -s "$TT/repo.git" "$W/.git"
own "$W" "$TT"
carve_denied "$TT/repo.git/hooks/pre-commit" write
lp exec "$AGENT" -- "$OP" write "$TT/elsewhere"
want_out EACCES  # the cost: TMPDIR's root is on the way to the carve, read-only
end

# Issue 23: every place that runs code at the user's next git command (or
# when an editor or an agent starts) is carved out of the workspace, at any
# depth, and a read-only request inside it is never widened. Each of these
# was writable by the confined command before (the compiler of issue 16).

# core.hooksPath = .husky (husky): the hooks git runs instead of .git/hooks.
begin carve plant-husky-hook
carve_repo
mkdir -p "$W/.husky/_"
printf '[core]\n\thooksPath = .husky/_\n' >"$W/.git/config"
echo 'npm test' >"$W/.husky/pre-commit"
own "$W"
carve_denied "$W/.husky/pre-commit" write
carve_denied "$W/.husky/_/pre-commit" write
end

# husky in a monorepo's subfolder: core.hooksPath = frontend/.husky/_, whose
# stubs run frontend/.husky/pre-commit at the next commit.
begin carve plant-husky-monorepo-hook
carve_repo
mkdir -p "$W/frontend/.husky/_"
printf '[core]\n\thooksPath = frontend/.husky/_\n' >"$W/.git/config"
echo 'npm test' >"$W/frontend/.husky/pre-commit"
own "$W"
carve_denied "$W/frontend/.husky/pre-commit" write
carve_denied "$W/frontend/.husky/pre-push" write
end

# A config git reads (it skips a byte order mark) that sets core.hooksPath.
begin carve plant-hookspath-bom-config
carve_repo
mkdir -p "$W/src/hooks"
printf '\357\273\277[core]\n\thooksPath = src/hooks\n' >"$W/.git/config"
own "$W"
carve_denied "$W/src/hooks/pre-commit" write
end

# A hooksPath folder inside a writable subfolder, not there yet: the
# confined command must not be able to create it.
begin carve plant-hookspath-not-yet-there
carve_repo
mkdir -p "$W/tools"
printf '[core]\n\thooksPath = tools/hooks\n' >"$W/.git/config"
own "$W"
lp exec "$AGENT" -- "$OP" mkdir "$W/tools/hooks"
want_out EACCES; absent "$W/tools/hooks"
end

# The user's global config names a relative hooksPath: it applies in this repository.
begin carve plant-global-hookspath
carve_repo
mkdir -p "$W/scripts/githooks"
printf '[core]\n\thooksPath = scripts/githooks\n' >"$H/.gitconfig"
own "$W" "$H"
carve_denied "$W/scripts/githooks/pre-commit" write
end

# The repository's config includes a file in the workspace: written, it
# would set core.fsmonitor for the user's next git status.
begin carve plant-config-include
carve_repo
mkdir -p "$W/conf"
printf '[include]\n\tpath = ../conf/git.inc\n' >"$W/.git/config"
echo '[user]' >"$W/conf/git.inc"
own "$W"
carve_denied "$W/conf/git.inc" append
end

# Hook managers' configuration and agent and editor configuration at the root.
for target in .pre-commit-config.yaml lefthook.yml .lefthook.yml lefthook-local.yml .mcp.json .gitmodules \
  .claude/settings.json .codex/config.toml .agents/skill.md .cursor/hooks.json .gemini/settings.json \
  .github/hooks/hooks.json .devcontainer/devcontainer.json; do
  begin carve "plant-$(echo "$target" | sed 's|^\.|dot-|; s|/\.|/|g' | tr '/.' '--')"
  carve_repo
  mkdir -p "$(dirname "$W/$target")"
  # (.gitmodules in git's syntax: one the carve cannot read whole fails the compile)
  case $target in .gitmodules) echo '# orig' ;; *) echo orig ;; esac >"$W/$target"
  own "$W"
  carve_denied "$W/$target" write
  end
done

# A submodule five levels down: its .git file cannot be pointed at a
# planted gitdir (whose core.fsmonitor the user's git status would run).
begin carve submodule-depth-five
carve_repo
mkdir -p "$W/.git/modules/e" "$W/third_party/x/y/lib/e/src"
echo 'gitdir: ../../../../../.git/modules/e' >"$W/third_party/x/y/lib/e/.git"
own "$W"
carve_denied "$W/third_party/x/y/lib/e/.git" write
lp exec "$AGENT" -- "$OP" write "$W/third_party/x/y/lib/e/src/f.c"
want_out ok
end

# A submodule .gitmodules names that is not checked out yet: no .git file
# can be planted in its empty folder.
begin carve submodule-not-populated
carve_repo
mkdir -p "$W/lib/sub"
printf '[submodule "sub"]\n\tpath = lib/sub\n\turl = https://example.org/sub\n' >"$W/.gitmodules"
own "$W"
carve_denied "$W/lib/sub/.git" write
end

# The same for a gitlink only the index names (a real repository).
begin carve submodule-in-index
if ! command -v git >/dev/null 2>&1; then
  skip_scenario "git is not installed (make deps installs it)"
else
  mkdir -p "$W/lib/two" && own "$W"
  u git -C "$W" init -q
  u git -C "$W" update-index --add --cacheinfo "160000,$(printf '%040d' 1),lib/two"
  want_rc 0
  carve_denied "$W/lib/two/.git" write
fi
end

# A read-only request in the user's own policy stays read-only.
begin carve ro-inside-workspace
carve_repo
mkdir -p "$W/docs" && echo orig >"$W/docs/index.md" && own "$W"
printf 'version = 1\nmode = "workspace-write"\nro = ["${WORKSPACE}/docs"]\n' >"$AGENT"
own "$AGENT"
carve_denied "$W/docs/index.md" write
carve_denied "$W/docs/new.md" write
lp exec "$AGENT" -- "$OP" write "$W/src/a.c"
want_out ok
end

# Issue 23, point 7: a link in the folder a first link reaches is followed
# too, and the secrets in the runtime folder are hidden.
begin persist hidden-second-hop
mkdir -p "$OUT/a" "$OUT/b"
echo LINKED-SECRET-9 >"$OUT/b/key"
ln -s "$OUT/a" "$H/.ssh/keys.d"
ln -s "$OUT/b" "$OUT/a/more"
own "$H" "$OUT"
printf 'version = 1\nmode = "read-only"\n' | user_policy
lp exec "$(UP)" -- "$OP" read "$OUT/b/key"
want_out EACCES
no_secrets LINKED-SECRET-9
lp exec "$(UP)" -- "$OP" read "$H/notes.txt"
want_out ok
end

for mode in read-only workspace-write; do
  begin persist "hidden-$mode-runtime-containers-auth"
  mkdir -p "$S/run/containers" && echo RUNTIME-SECRET-10 >"$S/run/containers/auth.json" && own "$S/run"
  chmod 700 "$S/run"
  UENV=(XDG_RUNTIME_DIR="$S/run")
  printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
  lp exec "$(UP)" -- "$OP" read "$S/run/containers/auth.json"
  want_out EACCES
  no_secrets RUNTIME-SECRET-10
  end
done

# ============================================================================
# env: the environment is part of the sandbox (issue 11). The repository's
# command must not see the user's tokens, and a policy file the repository
# controls must not widen the environment the user's policy gives.
ENV_SECRETS=(GH-SECRET-5 AWS-SECRET-6 KEY-SECRET-7 PW-SECRET-8)
env_world() {  # the user's session: tokens, a key, a password, an agent socket, and a harmless variable
  UENV=(GITHUB_TOKEN=GH-SECRET-5 AWS_SECRET_ACCESS_KEY=AWS-SECRET-6 OPENAI_API_KEY=KEY-SECRET-7
    DB_PASSWORD=PW-SECRET-8 SSH_AUTH_SOCK="$TT/agent.sock" EDITOR=visible-editor)
}
# env_unseen: the command's env (in $OUTF) holds none of the secrets, nor the agent socket.
env_unseen() {
  local s; for s in "${ENV_SECRETS[@]}" ENV-SECRET-3 SSH_AUTH_SOCK=; do
    LC_ALL=C grep -aqF "$s" "$OUTF" && bad "the command saw $s"
  done; return 0
}
for mode in read-only workspace-write; do
  begin env "default-unset-$mode"
  env_world
  printf 'version = 1\nmode = "%s"\n' "$mode" | user_policy
  lp exec "$(UP)" -- /usr/bin/env
  want_rc 0; env_unseen
  grep -qx 'EDITOR=visible-editor' "$OUTF" || bad "the command did not see EDITOR (its environment: $(head -c 200 "$OUTF" | show))"
  # A saved argv carries the same flags.
  lp argv --format nul "$(UP)" -- /usr/bin/env
  want_rc 0
  cp "$OUTF" "$S/saved.nul"
  run_saved "$S/saved.nul"
  want_rc 0; env_unseen
  # explain names what the command would not see, never a value.
  lp explain "$(UP)"
  want_rc 0; no_secrets "${ENV_SECRETS[@]}"
  grep -qx '    GITHUB_TOKEN' "$OUTF" || bad "explain does not name GITHUB_TOKEN as unseen"
  end
done

# Two phases: the confined command (which sees no token itself) plants a
# project policy that would widen the environment; the next compile refuses.
env_widening() {  # env_widening KNOB: the attacker's [env]
  echo 'version = 1'
  echo '[env]'
  case $1 in
    inherit-all) echo 'inherit = "all"' ;;
    keep-token) echo 'keep = ["*TOKEN*", "GITHUB_*"]' ;;
    set-path) printf 'set = { PATH = "%s/bin:/usr/bin:/bin" }\n' "$W" ;;
    set-over-user) echo 'set = { TOOL_HOME = "/attacker" }' ;;
    default-unset-off) echo 'default_unset = false' ;;
  esac
}
env_user_policy() {
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock.toml"

[env]
inherit = "core"
unset = ["*TOKEN*", "GH_*"]
set = { TOOL_HOME = "/opt/tool" }
TOML
}
for knob in inherit-all keep-token set-path set-over-user default-unset-off; do
  begin env "project-widens-$knob"
  env_world
  env_user_policy
  env_widening "$knob" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml && /usr/bin/env >$W/plant-env"
  OUTF=$W/plant-env env_unseen
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 1
    grep -q 'a project policy cannot' "$ERRF" || bad "$sub does not refuse for the project's [env] (stderr: $(stderr_says))"
    no_secrets "${ENV_SECRETS[@]}"
  done
  lp exec "$(UP)" -- /usr/bin/env
  want_refused; no_secrets "${ENV_SECRETS[@]}"
  end
done

# The same through a file the user's policy extends, swapped by the confined run.
begin env extends-swapped-keeps-tokens
env_world
mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
user_policy <<'TOML'
version = 1
mode = "workspace-write"
extends = ["${WORKSPACE}/.landlock/base.toml"]

[env]
inherit = "core"
TOML
printf 'version = 1\n[env]\nkeep = ["*TOKEN*"]\ndefault_unset = false\n' | stage evil.toml
plant "rm $W/.landlock/base.toml && cp $S/stage/evil.toml $W/.landlock/base.toml"
lp exec "$(UP)" -- /usr/bin/env
want_refused; no_secrets "${ENV_SECRETS[@]}"
grep -q 'a project policy cannot keep' "$ERRF" || bad "the refusal does not name the keep (stderr: $(stderr_says))"
end

# The control: a project policy that narrows is applied. It clears the
# environment (inherit = "none") and unsets the user's TOOL_HOME, which the
# user's policy sets: the set still wins; nothing else is seen.
begin env project-narrows-applied
env_world
env_user_policy
printf 'version = 1\n[env]\ninherit = "none"\nunset = ["EDITOR", "TOOL_HOME"]\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
lp exec "$(UP)" -- /usr/bin/env
want_rc 0; env_unseen
want_out TOOL_HOME=/opt/tool
end

# ============================================================================
# learn: `landlock-policy learn` turns what the command did into grants
# (issue 22). The command chooses every path it touches, so it must not be
# able to widen the next run past the protected lists, make a later compile
# print a secret, or forge the report. Each scenario is judged on what learn
# printed and on what --write put on disk.
cp "$3/learn-hostile" "$T/bin/" && chmod 755 "$T/bin/learn-hostile"
LH=$T/bin/learn-hostile
learn_user_policy() {  # learn_user_policy MODE: the user's policy; the system and $T/bin readable
  printf 'version = 1\nmode = "%s"\nro = ["%s", "/usr", "/bin", "/etc", "/lib", { path = "/lib64", optional = true }]\n' \
    "$1" "$T/bin" | user_policy
}
# learn_run CMD...: learn the ptrace way (it works unprivileged), --write $S/learned.toml.
learn_run() { lp learn --way ptrace --launcher "$L" --write "$S/learned.toml" "$(UP)" -- "$@"; }
# learned_lacks TEXT...: the written policy (if any) holds none of them.
learned_lacks() {
  local s; for s in "$@"; do
    [ -f "$S/learned.toml" ] && LC_ALL=C grep -aqF -- "$s" "$S/learned.toml" && bad "--write stored '$s'"
  done; return 0
}
# suggested_lacks TEXT...: no suggested grant line printed names them.
suggested_lacks() {
  local s; for s in "$@"; do
    LC_ALL=C grep -a '{ path = ' "$ERRF" | grep -qF -- "$s" && bad "learn suggested a grant on '$s'"
  done; return 0
}

# A planted ${env.X} in a folder name: never expanded in the report, stored
# as a literal ($$), never expanded by a later compile of the learned policy.
begin learn env-planted-path
learn_user_policy read-only
mkdir -p "$W/d/\${env.LLR_HOSTILE_TOKEN}" && own "$W"  # shipped in the repository
learn_run "$OP" write "$W/d/\${env.LLR_HOSTILE_TOKEN}/f"
no_secrets
learned_lacks ENV-SECRET-3 '"${env.' "/\${env."
[ -f "$S/learned.toml" ] && ! grep -qF '$${env.LLR_HOSTILE_TOKEN}' "$S/learned.toml" &&
  bad "the learned policy does not hold the literal \$\${env.LLR_HOSTILE_TOKEN}"
if [ -f "$S/learned.toml" ]; then
  lp argv --format nul --launcher "$L" "$S/learned.toml" -- true
  no_secrets
fi
end

# A name with newlines forges no line of the report, and no grant.
begin learn forged-newline
learn_user_policy read-only
learn_run "$OP" write "$W/x
suggested policy change (paste into it):
rw = [ \"~\" ]"
LC_ALL=C grep -aqx 'rw = \[ "~" \]' "$ERRF" && bad "a line of the report was forged"
[ "$(LC_ALL=C grep -ac '^suggested policy change' "$ERRF")" -gt 1 ] && bad "a second 'suggested policy change' was forged"
learned_lacks 'path = "~"' '"~"'
no_ctl_bytes stderr
end

# A second thread rewrites the path while the call runs: the rewritten name
# (never denied: its folder does not exist) is never the sandbox's, never granted.
begin learn forged-race
learn_user_policy custom
mkdir -p "$OUT/denied" && echo x >"$OUT/denied/f" && own "$OUT"
lp learn --way ptrace --launcher "$L" --format json --report "$S/race.json" "$(UP)" -- \
  "$LH" race "$OUT/denied/f" "$OUT/forged-nowhere/f" 200
want_rc 0
if [ -f "$S/race.json" ]; then
  grep -F '"cause": "sandbox"' "$S/race.json" | grep -qF forged-nowhere && bad "the rewritten path was reported as the sandbox's"
  grep -F '"section"' "$S/race.json" | grep -qF forged-nowhere && bad "the rewritten path was suggested"
else bad "no report written (stderr: $(stderr_says))"; fi
end

# Custom mode hides nothing: a secret read is still never granted.
begin learn secret-read-custom
learn_user_policy custom
learn_run sh -c "\"$OP\" read \"$H/.ssh/id_ed25519\"; \"$OP\" read \"$H/.netrc\"; \"$OP\" read \"$H/notes.txt\""
no_secrets
suggested_lacks .ssh .netrc '"~"'
learned_lacks .ssh .netrc 'path = "~"'
grep -qF 'never suggested: it lies in the built-in secret ~/.ssh' "$ERRF" || bad "the refusal does not say why (stderr: $(stderr_says))"
end

# A terminal: its ioctls type into the caller's shell (TIOCSTI).
begin learn dev-tty
learn_user_policy custom
learn_run sh -c "\"$OP\" write /dev/tty; \"$OP\" read /dev/tty"
suggested_lacks /dev/tty
learned_lacks /dev/tty
grep -qF 'it lies in /dev/tty: a terminal' "$ERRF" || bad "the refusal does not say why (stderr: $(stderr_says))"
end

# ---- the channels (issue 28): one family per way out to an unconfined
# reader (files, terminal, outside, environment), in the files
# tests/hostile/channel-FAMILY[-PART].sh, sourced here so they share the
# world, the helpers and the counters; their scenarios use the class FAMILY.
CHANNELS=()
for channel in "$here"/channel-*.sh; do
  [ -f "$channel" ] || continue
  family=${channel##*/channel-}
  family=${family%.sh}
  family=${family%%-*}
  case " ${CHANNELS[*]} " in *" $family "*) ;; *) CHANNELS+=("$family") ;; esac
  # shellcheck source=/dev/null
  . "$channel"
done

# ---- totals
scenario_totals hostile canary trust symlink leak dos esc var launcher objects persist saved carve env learn "${CHANNELS[@]}"
