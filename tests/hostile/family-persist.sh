# shellcheck shell=bash
# shellcheck disable=SC2016,SC2088 # policy text is literal; ~ is the compiler's to expand
# persist: persistence points are write-protected; credentials are hidden.
# Sourced by tests/hostile/hostile.sh (class "persist").

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
