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

# need_dist_and_landlock SUITE: sets ver, name and tarball (the release
# tarball `make dist` built, where packaging.mk puts it); exits with a SKIP
# when scdoc (so the tarball) is missing or Landlock does not enforce here,
# with a FAIL when the tarball was not built. For the suites that run the
# shipped binaries for real (77-integrations, 76-container).
need_dist_and_landlock() {
  ver=$(cat "$LLR_ROOT/VERSION")
  name=landlock-run-$ver-x86_64-linux-musl
  if [ "$LLR_BUILD" = "$LLR_ROOT/build" ]; then tarball=$LLR_ROOT/dist/$name.tar.gz
  else tarball=$LLR_BUILD/dist/$name.tar.gz; fi
  command -v scdoc >/dev/null || { echo "SKIP $1: scdoc is not installed, so no tarball (make deps)"; exit 0; }
  [ -f "$tarball" ] || { echo "FAIL $1-tarball: $tarball is missing (make dist)"; exit 1; }
  probe=$("$LLR_BUILD/landlock-run" --probe 2>&1)
  case $probe in
    *" enforcement=full "* | *" enforcement=partial "*) ;;
    *) echo "SKIP $1: Landlock does not enforce on this kernel ($probe)"; exit 0 ;;
  esac
}
