# shellcheck shell=bash
# shellcheck disable=SC2154 # rc is set by lib.sh's u
# symlink: a grant written under the workspace that resolves outside it
# (through a symlink shipped in the repository or planted by a confined run)
# is an error, and nothing is written through it.
# Sourced by tests/hostile/hostile.sh (class "symlink").

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
