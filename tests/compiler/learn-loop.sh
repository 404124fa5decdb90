#!/bin/sh
# landlock-policy learn's loop, run as a user would (issue 29): learn, apply
# the suggestion with --write, learn again, until the command succeeds and
# --write says nothing was learned. A new folder at the carved workspace
# root is a folder output ("build/"), a new file a file output ("stamp"); a
# tool's folder in ~/.cache or ~/.local/state is its leaf grant, made before
# the rerun, on a home where ~/.local does not exist yet. The ptrace way
# always; the audit way (which names only the folder: learn names the entry
# from a second run) where the kernel and the privileges allow it.
# Usage: learn-loop.sh POLICY_BIN LAUNCHER [LABEL]. As root it runs again
# as uid 65534 (setpriv), with copies of the binaries that user can run.
set -u
policy_bin=$1 launcher=$2 label=${3:-}
root=${LLR_ROOT:?}
# shellcheck source=tests/compiler/env.sh
. "$root/tests/compiler/env.sh"
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
REPORT_PREFIX="compiler-learn-loop${label:+ ($label)} "

# shellcheck source=tests/lib/needs.sh
. "$root/tests/lib/needs.sh"
need_landlock "$launcher"
# The carve needs a repository: the root is read-only so that .git stays so.
mkdir -p "$WS/.git"
printf '%s\n' 'version = 1' 'mode = "workspace-write"' >"$T/ww.toml"
# learn WAY ARG...: from the workspace, as a user runs a build.
learn() {
  way=$1
  shift
  (cd "$WS" && "$policy_bin" learn --way "$way" --launcher "$launcher" --set workspace="$WS" "$@")
}
ways=ptrace
if learn audit "$T/ww.toml" -- true >/dev/null 2>"$T/probe.err"; then ways="ptrace audit"
else skip "audit way" "$(sed -n 's/.*--way audit: //p' "$T/probe.err" | head -1)"; fi
if learn ptrace "$T/ww.toml" -- true 2>&1 | grep -q 'ptrace is not permitted'; then
  skip "ptrace way" "ptrace is not permitted here"
  ways=${ways#ptrace}
fi

# loop WAY NAME POLICY COMMAND: learn --write, then learn the written policy,
# at most 6 rounds, until --write says nothing was learned. Leaves each
# round's report in $T/NAME.N.err and the last policy's name in $last.
loop() {
  way=$1 name=$2 last=$3 cmd=$4 round=1
  while [ "$round" -le 6 ]; do
    rm -f "$T/$name.$round.toml"
    learn "$way" --write "$T/$name.$round.toml" "$last" -- sh -c "$cmd" >/dev/null 2>"$T/$name.$round.err"
    rc=$?
    if grep -qF 'nothing learned, nothing written' "$T/$name.$round.err"; then return 0; fi
    # A shared folder made (a fresh home): the same policy again.
    if [ -f "$T/$name.$round.toml" ]; then last=$T/$name.$round.toml
    elif ! grep -qF 'no grant or output learned, no policy written; learn again' "$T/$name.$round.err"; then return 1; fi
    round=$((round + 1))
  done
  round=6  # the last round's report, for the failure
  return 1
}

for way in $ways; do
  rm -rf "$WS/build" "$WS/stamp"
  # A build that makes a folder at the root and fills it, and a stamp file.
  # (mkdir -p, as build tools do: an output exists before the run.)
  build='mkdir -p build && touch build/obj.o && touch stamp'
  learn "$way" "$T/ww.toml" -- sh -c "$build" >/dev/null 2>"$T/first.err"
  has "$way: mkdir build suggests a folder output" "$T/first.err" '{ path = "build/", why = "learned: mkdir create" }'
  has "$way: the report names the entry and the fix" "$T/first.err" "the fix is \`outputs = [\"build/\"]\`"
  hasnt "$way: never a file output for a folder" "$T/first.err" '"build"'
  hasnt "$way: never the placeholder NAME" "$T/first.err" 'NAME'
  if loop "$way" "build-$way" "$T/ww.toml" "$build" && [ "$rc" = 0 ]; then
    pass "$way: learn, --write, learn again: the build succeeds in round $round, and --write writes nothing then"
  else fail "$way: the loop ends" "round $round, exit $rc: $(tr '\n' '|' <"$T/build-$way.$round.err" | head -c 1200)"; fi
  has "$way: the learned policy holds the folder output" "$T/build-$way.1.toml" '{ path = "build/",'
  has "$way: touch stamp, next round: a file output" "$T/build-$way.2.err" '{ path = "stamp", why = "learned: touch create" }'
  if [ -d "$WS/build" ] && [ -f "$WS/build/obj.o" ] && [ -f "$WS/stamp" ]; then pass "$way: build/ is a folder, stamp a file"
  else fail "$way: build/ is a folder, stamp a file" "$(find "$WS" 2>&1 | head -c 600)"; fi
  if [ -e "$T/build-$way.$round.toml" ]; then fail "$way: nothing learned, nothing written" "$T/build-$way.$round.toml exists"
  else pass "$way: nothing learned, nothing written"; fi
  if [ "$(grep -c 'landlock-policy: learn: ' "$T/build-$way.$round.err")" = 1 ]; then pass "$way: said in one line"
  else fail "$way: said in one line" "$(grep 'landlock-policy: learn: ' "$T/build-$way.$round.err" | tr '\n' '|')"; fi

  # A tool's cache and state on a home without ~/.local: the leaf grants,
  # never the shared folders, each made before the rerun; the loop ends.
  rm -rf "$HOME/.cache/mytool" "$HOME/.local"
  tool="mkdir -p ~/.cache/mytool/a && mkdir -p ~/.local/state/mytool && echo s >~/.local/state/mytool/log"
  if loop "$way" "home-$way" "$T/ww.toml" "$tool" && [ "$rc" = 0 ]; then
    pass "$way: a tool's ~/.cache and ~/.local/state folders: the loop ends in round $round"
  else fail "$way: a tool's ~/.cache and ~/.local/state folders: the loop ends" \
    "round $round, exit $rc: $(tr '\n' '|' <"$T/home-$way.$round.err" | head -c 1200)"; fi
  cat "$T"/home-"$way".*.err >"$T/home-$way.all" 2>/dev/null
  has "$way: ~/.cache/mytool suggested as its leaf" "$T/home-$way.all" '{ path = "~/.cache/mytool", optional = true'
  has "$way: ~/.local/state/mytool suggested as its leaf" "$T/home-$way.all" \
    '{ path = "~/.local/state/mytool", optional = true'
  has "$way: the one command for a missing ~/.local" "$T/home-$way.all" "mkdir -p ~/'.local', then learn again"
  hasnt "$way: never a shared folder whole" "$T/home-$way.all" '{ path = "~/.cache",'
  hasnt "$way: never ~/.local/state whole" "$T/home-$way.all" '{ path = "~/.local/state",'
  if [ "$(cat "$HOME/.local/state/mytool/log" 2>/dev/null)" = s ]; then pass "$way: the tool wrote its state"
  else fail "$way: the tool wrote its state" "$(find "$HOME/.local" 2>&1 | head -c 600)"; fi
done

# The audit way names the entry from a second run, and says so.
case $ways in
  *audit*)
    has "audit: the report says a second run named the entries" "$T/first.err" \
      "learn ran the command a second time, the ptrace way, which named 1 entry there" ;;
esac

# As root: the same loop as an unprivileged user (the ptrace way: the audit
# way needs CAP_AUDIT_READ), in its own world.
if [ "$(id -u)" = 0 ] && [ -z "$label" ]; then
  if ! command -v setpriv >/dev/null; then
    skip "unprivileged loop" "setpriv (util-linux) is not installed"
    exit 0
  fi
  U=$(test_dir llp-learn-loop-u) || exit 1
  mkdir -p "$U/bin" "$U/tests/compiler" "$U/tests/lib"
  if cp "$policy_bin" "$launcher" "$U/bin/" && cp "$root/tests/compiler/learn-loop.sh" "$root/tests/compiler/env.sh" \
    "$U/tests/compiler/" && cp "$root/tests/lib/report.sh" "$root/tests/lib/testdir.sh" "$root/tests/lib/needs.sh" "$U/tests/lib/" &&
    chmod -R a+rX "$U"; then
    setpriv --reuid=65534 --regid=65534 --clear-groups -- env PATH=/usr/bin:/bin LLR_ROOT="$U" \
      sh "$U/tests/compiler/learn-loop.sh" "$U/bin/$(basename "$policy_bin")" "$U/bin/$(basename "$launcher")" "uid 65534"
  else fail "unprivileged loop" "cannot copy the binaries to $U"; fi
  rm -rf "$U"
fi
exit 0
