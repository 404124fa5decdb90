# shellcheck shell=sh
# Sourced by the packaging suites (tests/suites/7*.sh).

# check_confines NAME LAUNCHER SCRATCH: the shipped launcher, run as a user
# would, denies a write outside its --rw grant (EACCES, no file left) and lets
# one inside land. Prints PASS/FAIL lines named NAME-...
# shellcheck disable=SC2016 # $1 is the inner shell's
check_confines() {
  name=$1 bin=$2 dir=$3
  mkdir -p "$dir/in" "$dir/out"
  "$bin" --ro / --rw "$dir/in" -- /bin/sh -c 'echo x >"$1"' sh "$dir/out/f" 2>"$dir/err"
  if [ ! -e "$dir/out/f" ] && grep -q 'Permission denied' "$dir/err"; then
    echo "PASS $name-denies-write-outside"
  else
    echo "FAIL $name-denies-write-outside: $(cat "$dir/err")"
  fi
  if "$bin" --ro / --rw "$dir/in" -- /bin/sh -c 'echo x >"$1"' sh "$dir/in/f" && [ -s "$dir/in/f" ]; then
    echo "PASS $name-write-inside-lands"
  else
    echo "FAIL $name-write-inside-lands"
  fi
}

# render_warnings PAGE: groff's warnings for a man page (nothing when clean),
# PAGE may be gzipped.
render_warnings() {
  command -v groff >/dev/null || return 0
  case $1 in *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac | groff -man -Tutf8 -ww -z 2>&1
}

# gzip_n FILE: true when the gzip header has no file name and no time (gzip -n).
gzip_n() {
  # shellcheck disable=SC2046
  set -- $(od -An -tu1 -N8 "$1")
  [ $(($4 & 8)) -eq 0 ] && [ "$5$6$7$8" = "0000" ]
}
