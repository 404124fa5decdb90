# shellcheck shell=bash
# shellcheck disable=SC2016,SC2034 # policy text is literal; UENV and LAST are read by lib.sh's u
# objects: protection compares objects (device, inode), not strings.
# Sourced by tests/hostile/hostile.sh (class "objects").

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
