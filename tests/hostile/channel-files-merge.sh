# shellcheck shell=bash
# The files channel (issue 28), merge part: what the repository's own files
# (its project policy, its outputs, its .gitmodules) make of the user's next
# compile. Sourced by tests/hostile/hostile.sh, after its helpers; class `files`.
# Each scenario plants as the confined command (or ships the file in the
# repository), then compiles and runs again, and checks the disk.
# Policy text is literal: ${WORKSPACE} is the compiler's to expand.
# shellcheck disable=SC2016,SC2154

# ---- a project's rw never wins over your ro (issue 28, item 3)

# The user's policy keeps docs/ read-only inside the writable workspace and
# names the project's file; compose: merge (the default) or nest.
docs_user_policy() {
  printf 'version = 1\nmode = "workspace-write"\nro = ["${WORKSPACE}/docs"]\nproject = "${WORKSPACE}/.landlock.toml"\ncompose = "%s"\n' \
    "$1" | user_policy
}
# The repository: a .git, docs/, and an empty project file that the
# confined command may rewrite (the carve keeps the root read-only: no new
# file appears there, an existing one stays writable).
docs_repo() {
  carve_repo
  mkdir -p "$W/docs/sub"
  echo orig >"$W/docs/index.md"
  : >"$W/.landlock.toml"
  own "$W"
}
# project_rw_over_docs COMPOSE TARGET: the confined command writes a project
# file granting rw on TARGET (with ro / and rw src, so that a nested inner
# launcher still runs the command and can write src), then the user runs
# again: docs/ stays read-only, src/ writable, and the warning names the
# project file's line 3 (its rw), never the user's lines.
project_rw_over_docs() {
  docs_repo
  docs_user_policy "$1"
  printf 'version = 1\nro = ["/"]\nrw = ["${WORKSPACE}/%s", "${WORKSPACE}/src"]\n' "$2" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml"
  lp exec "$(UP)" -- "$OP" write "$W/$2/index.md"
  want_out EACCES
  if [ "$2" = docs ]; then content "$W/docs/index.md" orig; else absent "$W/$2/index.md"; fi
  grep -qF "$W/.landlock.toml:3:" "$ERRF" && grep -qF "widens what your policy grants" "$ERRF" ||
    bad "no widening warning at the project file's line (stderr: $(stderr_says))"
  grep -qF "ro and rw grants on the same path" "$ERRF" && bad "the warning points at the user's own lines: $(stderr_says)"
  lp exec "$(UP)" -- "$OP" write "$W/src/new.c"
  want_out ok
}
for compose in merge nest; do
  begin files "project-rw-over-your-ro-docs-$compose"
  project_rw_over_docs "$compose" docs
  end
  begin files "project-rw-under-your-ro-docs-sub-$compose"
  project_rw_over_docs "$compose" docs/sub
  end
done

# A saved argv compiled after the plant: the project's rw is not in it.
begin files project-rw-over-your-ro-docs-saved-argv
docs_repo
docs_user_policy merge
printf 'version = 1\nrw = ["${WORKSPACE}/docs"]\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
lp argv --format nul "$(UP)" -- "$OP" write "$W/docs/index.md"
want_rc 0
argv_load
prev=""
for a in "${ARGV[@]}"; do
  case $prev in --rw | --rw-try) [ "$a" = "$W/docs" ] && bad "the argv grants $W/docs writable" ;; esac
  prev=$a
done
cp "$OUTF" "$S/saved.nul"
run_saved "$S/saved.nul"
want_out EACCES
content "$W/docs/index.md" orig
end

# ---- outputs are checked before anything is created (item 10)

# A nested repository (vendor/sub) and a project file, both planted by the
# confined command, whose outputs are the nested repository's .envrc and
# .vscode: nothing is created, the project's outputs are dropped, and no
# later compile fails because of them.
nested_outputs_plant() {
  carve_repo
  mkdir -p "$W/vendor"
  echo lib >"$W/vendor/lib.c"
  : >"$W/.landlock.toml"
  own "$W"
  project_user_policy
  printf 'version = 1\noutputs = ["vendor/sub/.envrc", "vendor/sub/.vscode/"]\n' | stage p.toml
  plant "mkdir -p $W/vendor/sub/.git && cp $S/stage/p.toml $W/.landlock.toml"
}
begin files project-outputs-in-nested-repo-not-created
nested_outputs_plant
lp exec "$(UP)" -- "$OP" write "$W/vendor/sub/.envrc"
want_out EACCES
absent "$W/vendor/sub/.envrc"
absent "$W/vendor/sub/.vscode"
grep -qF "$W/.landlock.toml:2:" "$ERRF" || bad "no warning at the project file's outputs line (stderr: $(stderr_says))"
lp exec "$(UP)" -- true
want_rc 0
absent "$W/vendor/sub/.envrc"
end

# The user's own outputs there: an error, and nothing on disk afterwards.
begin files your-outputs-in-nested-repo-refused-nothing-created
nested_outputs_plant
printf 'version = 1\nmode = "workspace-write"\noutputs = ["vendor/sub/.envrc", "build/"]\n' | user_policy
lp exec "$(UP)" -- true
want_refused
absent "$W/vendor/sub/.envrc"
absent "$W/build"
grep -qF "$(UP):3:" "$ERRF" || bad "the error does not name the outputs line (stderr: $(stderr_says))"
end

# ---- a .gitmodules read incompletely fails closed (open from before)

# The repository names submodule lib/one (not in the index): its .git is
# carved before it exists, so no confined run can plant one there.
gitmodules_repo() {
  carve_repo
  mkdir -p "$W/lib/one/src"
  printf '[submodule "one"]\n\tpath = lib/one\n\turl = https://example.org/one\n' >"$W/.gitmodules"
  own "$W"
}
# gitmodules_refused: the next run is refused, naming .gitmodules, and no
# .git appears at the submodule's path.
gitmodules_refused() {
  lp exec "$AGENT" -- "$OP" write "$W/lib/one/.git"
  want_refused
  absent "$W/lib/one/.git"
  grep -qF "$W/.gitmodules" "$ERRF" || bad "the refusal does not name .gitmodules (stderr: $(stderr_says))"
}

begin files gitmodules-control-carved
gitmodules_repo
lp exec "$AGENT" -- "$OP" write "$W/lib/one/.git"
want_out EACCES
absent "$W/lib/one/.git"
end

# The confined command cannot write .gitmodules (carved), but Landlock does
# not govern chmod: it makes the file unreadable.
begin files gitmodules-made-unreadable
gitmodules_repo
plant "chmod 000 $W/.gitmodules"
gitmodules_refused
end

# Shipped in the repository: a line git's syntax does not allow (git refuses
# the file; what a reader makes of the rest is a guess).
begin files gitmodules-bad-line
gitmodules_repo
printf '[submodule "one"]\n\tpath = lib/one\n@@ not git syntax\n' >"$W/.gitmodules"
own "$W"
gitmodules_refused
end

# Shipped in the repository: larger than the reader's bound, the submodule last.
begin files gitmodules-too-large
gitmodules_repo
{ head -c $((2 << 20)) /dev/zero | tr '\0' '#'; printf '\n[submodule "one"]\n\tpath = lib/one\n'; } >"$W/.gitmodules"
own "$W"
gitmodules_refused
end

# A FIFO in place of .gitmodules (an unpacked archive can hold one; the
# carve keeps the workspace root read-only to a confined run): refused, no hang.
begin files gitmodules-fifo
gitmodules_repo
plant_raw "rm $W/.gitmodules && mkfifo $W/.gitmodules"
gitmodules_refused
end
