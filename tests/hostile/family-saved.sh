# shellcheck shell=bash
# saved: an argv saved with `argv --format nul` and run later.
# Sourced by tests/hostile/hostile.sh (class "saved").

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
