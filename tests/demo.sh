#!/bin/sh
# make demo: the launcher confining a shell, one denied write and one allowed.
set -u
L=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/landlock-demo.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/allowed"
# show CMD...: prints CMD (arguments with blanks quoted), runs it, prints its exit status.
show() {
  printf '\n$'
  for a in "$@"; do case $a in *' '*) printf " '%s'" "$a" ;; *) printf ' %s' "$a" ;; esac; done
  printf '\n'
  "$@" 2>&1
  echo "(exit $?)"
}
"$L" --probe || exit 1
echo
echo "Grants: read-only everywhere (--ro /), writable only $work/allowed (--rw)."
show "$L" --ro / --rw "$work/allowed" -- sh -c "echo hello > $work/denied.txt"
show "$L" --ro / --rw "$work/allowed" -- sh -c "echo hello > $work/allowed/ok.txt"
printf '\nOn disk: denied.txt %s; allowed/ok.txt contains "%s".\n' \
  "$([ -e "$work/denied.txt" ] && echo EXISTS || echo 'does not exist')" "$(cat "$work/allowed/ok.txt")"
[ ! -e "$work/denied.txt" ] && [ -f "$work/allowed/ok.txt" ]
