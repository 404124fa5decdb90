# shellcheck shell=sh
# Sourced by the packaging suites (suites 70-77: tests/packaging/*.sh,
# tests/containers/container.sh, tests/integrations/integrations.sh).
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"

# check_confines NAME LAUNCHER SCRATCH: the shipped launcher, run as a user
# would, denies a write outside its --rw grant (EACCES, no file left) and lets
# one inside land. Prints PASS/FAIL lines named NAME-...
# shellcheck disable=SC2016 # $1 is the inner shell's
check_confines() {
  name=$1 bin=$2 dir=$3
  mkdir -p "$dir/in" "$dir/out"
  "$bin" --ro / --rw "$dir/in" -- /bin/sh -c 'echo x >"$1"' sh "$dir/out/f" 2>"$dir/err"
  if [ ! -e "$dir/out/f" ] && grep -q 'Permission denied' "$dir/err"; then
    pass "$name-denies-write-outside"
  else
    fail "$name-denies-write-outside" "$(cat "$dir/err")"
  fi
  if "$bin" --ro / --rw "$dir/in" -- /bin/sh -c 'echo x >"$1"' sh "$dir/in/f" && [ -s "$dir/in/f" ]; then
    pass "$name-write-inside-lands"
  else
    fail "$name-write-inside-lands"
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
  command -v scdoc >/dev/null || { skip "$1" "scdoc is not installed, so no tarball (make deps)"; exit 0; }
  [ -f "$tarball" ] || { fail "$1-tarball" "$tarball is missing (make dist)"; exit 1; }
  probe=$("$LLR_BUILD/landlock-run" --probe 2>&1)
  case $probe in
    *" enforcement=full "* | *" enforcement=partial "*) ;;
    *) skip "$1" "Landlock does not enforce on this kernel ($probe)"; exit 0 ;;
  esac
}

# sbom_expect DEB_ARCH: sets sbom_comps and sbom_tools, "PKG=VERSION" words:
# the Debian packages whose code the binaries for DEB_ARCH link in (musl;
# glibc, libstdc++, libgcc and toml++ for the compiler) and the toolchain's,
# named here (not by packaging/sbom.py) with the versions dpkg reports.
sbom_expect() {
  case $1 in
    amd64) sb_tp='' sb_q=:amd64 sb_x='' ;;
    arm64) sb_tp=aarch64-linux-gnu- sb_q='' sb_x=-arm64-cross ;;
  esac
  sb_gccv=$("${sb_tp}g++" -dumpversion)
  sbom_comps='' sbom_tools=''
  for sb_p in "musl-dev:$1" "libc6-dev$sb_q$sb_x" "libstdc++-$sb_gccv-dev$sb_q$sb_x" "libgcc-$sb_gccv-dev$sb_q$sb_x" libtomlplusplus-dev; do
    sbom_comps="$sbom_comps $sb_p=$(dpkg-query -W -f='${Version}' "$sb_p")"
  done
  for sb_t in "${sb_tp}g++" "${sb_tp}gcc" "${sb_tp}ld"; do
    sb_p=$(dpkg-query -S "$(readlink -f "$(command -v "$sb_t")")" | sed 's/:.*//')
    sbom_tools="$sbom_tools $sb_p=$(dpkg-query -W -f='${Version}' "$sb_p")"
  done
}

# check_sbom NAME DIR ROOT DEB_ARCH: DIR (a tarball's top, the .deb's doc
# folder) holds the licence of each linked package, byte for byte Debian's
# /usr/share/doc/PKG/copyright, as licenses/PKG.copyright, and sbom.spdx.json,
# which tests/packaging/check_sbom.py holds to SPDX 2.3 and to dpkg; ROOT
# holds the shipped bin/landlock-run and bin/landlock-policy.
check_sbom() {
  sbom_expect "$4"
  sb_missing=
  for sb_c in $sbom_comps; do
    sb_p=${sb_c%%=*} && sb_p=${sb_p%%:*}
    cmp -s "$2/licenses/$sb_p.copyright" "/usr/share/doc/$sb_p/copyright" || sb_missing="$sb_missing $sb_p"
  done
  if [ -z "$sb_missing" ]; then pass "$1-licence-files"
  else fail "$1-licence-files" "missing or not Debian's:$sb_missing"; fi
  # The full texts those files cite (issue 24), which exist on Debian only:
  # each /usr/share/common-licenses/NAME one of them names is there as
  # licenses/NAME, Debian's text; LGPL-2.1 (glibc) and GPL-3 (libgcc,
  # libstdc++) in any case, and the GCC Runtime Library Exception in full.
  sb_missing=
  sb_cited=$(cat "$2"/licenses/*.copyright 2>/dev/null |
    grep -o '/usr/share/common-licenses/[A-Za-z0-9.+-]*[A-Za-z0-9+]' | sed 's|.*/||' | LC_ALL=C sort -u)
  for sb_n in $sb_cited LGPL-2.1 GPL-3; do
    cmp -s "$2/licenses/$sb_n" "/usr/share/common-licenses/$sb_n" || sb_missing="$sb_missing $sb_n"
  done
  sb_exc=$2/licenses/GCC-exception-3.1
  if [ "$(head -1 "$sb_exc" 2>/dev/null)" != "GCC RUNTIME LIBRARY EXCEPTION" ] ||
     [ "$(tail -1 "$sb_exc")" != "requirements of the license of GCC." ] || ! grep -q '^Version 3.1, ' "$sb_exc"; then
    sb_missing="$sb_missing GCC-exception-3.1"
  fi
  if [ -z "$sb_missing" ]; then pass "$1-licence-texts-cited-are-shipped"
  else fail "$1-licence-texts-cited-are-shipped" "missing or not the full text:$sb_missing"; fi
  # shellcheck disable=SC2086 # one PKG=VERSION a word
  if sb_out=$(python3 "$LLR_ROOT/tests/packaging/check_sbom.py" "$2/sbom.spdx.json" "$3" "$SOURCE_DATE_EPOCH" \
             $sbom_comps -- $sbom_tools 2>&1); then
    pass "$1-sbom-spdx-2.3-lists-what-dpkg-reports"
  else
    fail "$1-sbom-spdx-2.3-lists-what-dpkg-reports" "$(printf '%s' "$sb_out" | head -4 | tr '\n' ' ')"
  fi
}

# check_built_using NAME DEB DEB_ARCH: the .deb's Built-Using names the
# source package (= source version) of each package check_sbom expects.
check_built_using() {
  sbom_expect "$3"
  sb_field=$(dpkg-deb -f "$2" Built-Using)
  sb_missing=
  for sb_c in $sbom_comps; do
    sb_src=$(dpkg-query -W -f='${source:Package} (= ${source:Version})' "${sb_c%%=*}")
    case ", $sb_field," in *", $sb_src,"*) ;; *) sb_missing="$sb_missing $sb_src;" ;; esac
  done
  if [ -n "$sb_field" ] && [ -z "$sb_missing" ]; then pass "$1-built-using"
  else fail "$1-built-using" "'$sb_field' lacks$sb_missing"; fi
}
