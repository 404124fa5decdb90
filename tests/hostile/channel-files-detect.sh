# shellcheck shell=bash
# The files channel, through the outputs workspace-write declares by itself
# (issue 29, item 1): a confined run rewrites go.mod, an existing file at the
# workspace root (so writable), to name the binary `go build` would write;
# the user's next compile reads it unconfined. The name must never become a
# carve exception or anything but a plain file name, and is printed escaped.
# Sourced by tests/hostile/hostile.sh (its world, helpers and counters).
# shellcheck disable=SC2016,SC2153 # $W, $L, $AGENT: hostile.sh's world

# detect_go_phase2 NAME...: the user's next run; none of the names appears,
# the warning is one escaped line.
detect_go_phase2() {
  lp exec --launcher "$L" "$AGENT" -- true
  want_rc 0
  for name in "$@"; do absent "$W/$name"; done
  no_ctl_bytes stderr
  grep -qF 'go.mod at the workspace root: module' "$ERRF" || bad "no warning names the module (stderr: $(stderr_says))"
}

begin files detect-go-mod-names-a-carve-exception
mkdir -p "$W/.git" && printf 'module example.com/app\n' >"$W/go.mod" && printf 'package main\n\nfunc main() {}\n' >"$W/main.go"
own "$W"
plant 'printf "module example.com/.envrc\n" >go.mod'
detect_go_phase2 .envrc
plant 'printf "module example.com/mise.toml\n" >go.mod'
detect_go_phase2 mise.toml
end

begin files detect-go-mod-name-escapes-the-terminal
mkdir -p "$W/.git" && printf 'module example.com/app\n' >"$W/go.mod" && printf 'package main\n\nfunc main() {}\n' >"$W/main.go"
own "$W"
plant 'printf "module example.com/a\342\200\256b\033]0;pwned\007\n" >go.mod'
detect_go_phase2 "a$(printf '\342\200\256')b"
LC_ALL=C grep -aqF "$(printf '\342\200\256')" "$ERRF" && bad "U+202E printed raw"
end

begin files detect-go-mod-climbs-out
mkdir -p "$W/.git" && printf 'module example.com/app\n' >"$W/go.mod" && printf 'package main\n\nfunc main() {}\n' >"$W/main.go"
own "$W"
plant "printf 'module ../../outside/x\n' >go.mod"
detect_go_phase2 x ../outside/x
absent "$OUT/x"
absent "$W/../outside/x"
end
