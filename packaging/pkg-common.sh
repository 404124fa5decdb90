# shellcheck shell=sh
# Shared by dist.sh, deb.sh and npm/build.sh: sourced, not run.
# Everything a package holds gets a fixed mode and the SOURCE_DATE_EPOCH
# mtime, so that the archives depend on the inputs only (not on umask, the
# build directory or the time of day).

: "${SOURCE_DATE_EPOCH:=$(git log -1 --format=%ct 2>/dev/null || stat -c %Y VERSION)}"
export SOURCE_DATE_EPOCH

pkg_die() { echo "packaging: $*" >&2; exit 1; }

# pkg_fresh DIR: an empty directory, mode 0755.
pkg_fresh() { rm -rf "$1" && install -d -m 0755 "$1"; }

# pkg_file MODE SRC DEST: copy with a fixed mode, creating parents 0755.
pkg_file() {
  install -d -m 0755 "$(dirname "$3")" && install -m "$1" "$2" "$3"
}

# pkg_bin_stripped SRC DEST: a program without its symbol table (the build
# leaves the compiler unstripped for debugging; packages ship it stripped).
# STRIP: the target's strip for a cross build (packaging.mk sets it).
pkg_bin_stripped() {
  pkg_file 0755 "$1" "$2" && "${STRIP:-strip}" --strip-unneeded --remove-section=.comment "$2"
}

# pkg_completions DIR SHARE [ZSH_DIR]: the shell completion scripts the
# build wrote in DIR (make completion) where each shell looks under SHARE
# (PREFIX/share): bash-completion and fish load a file named after the
# command, so the one script covering both commands goes in twice; zsh's
# #compdef names both. ZSH_DIR: site-functions (zsh's own default, for
# /usr/local), or vendor-completions (Debian's zsh, for the .deb).
pkg_completions() {
  for shell in bash zsh fish; do
    [ -f "$1/landlock-policy.$shell" ] || pkg_die "$1/landlock-policy.$shell is missing (make completion)"
  done
  pkg_file 0644 "$1/landlock-policy.bash" "$2/bash-completion/completions/landlock-policy"
  pkg_file 0644 "$1/landlock-policy.bash" "$2/bash-completion/completions/landlock-run"
  pkg_file 0644 "$1/landlock-policy.zsh" "$2/zsh/${3:-site-functions}/_landlock-policy"
  pkg_file 0644 "$1/landlock-policy.fish" "$2/fish/vendor_completions.d/landlock-policy.fish"
  pkg_file 0644 "$1/landlock-policy.fish" "$2/fish/vendor_completions.d/landlock-run.fish"
}

# pkg_man_gz SRC DEST: gzip -9n (no name, no timestamp), mode 0644.
pkg_man_gz() {
  install -d -m 0755 "$(dirname "$2")"
  gzip -9n <"$1" >"$2" && chmod 0644 "$2"
}

# pkg_normalize DIR: directories 0755, mtimes set to SOURCE_DATE_EPOCH.
pkg_normalize() {
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# pkg_tar_gz PARENT NAME OUT: a reproducible PARENT/NAME.tar.gz: sorted
# entries, numeric owner 0:0, fixed mtime, gzip without name or time.
pkg_tar_gz() {
  pkg_normalize "$1/$2"
  (cd "$1" && LC_ALL=C tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
      --mtime="@$SOURCE_DATE_EPOCH" -cf - "$2") | gzip -9n >"$3.tmp" && mv "$3.tmp" "$3"
}

# pkg_sha256sums DIR: DIR/SHA256SUMS of every other file, paths relative.
pkg_sha256sums() {
  (cd "$1" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort |
     while IFS= read -r f; do sha256sum "$f"; done) >"$1.SHA256SUMS.tmp" &&
    mv "$1.SHA256SUMS.tmp" "$1/SHA256SUMS" && chmod 0644 "$1/SHA256SUMS"
}

# pkg_policy_bin BUILD: the compiler's path; a build without it is an error
# (every package ships both binaries).
pkg_policy_bin() {
  [ -x "$1/landlock-policy" ] || pkg_die "$1/landlock-policy is missing (make BUILD=$1 all)"
  echo "$1/landlock-policy"
}

# pkg_sbom_files DEST: the bill of materials of this build (make sbom; its
# path in $SBOM) as DEST/sbom.spdx.json, and the licences of the code
# statically linked into the binaries, as packaging/sbom.py collected them,
# in DEST/licenses/: Debian's copyright file of each package (PKG.copyright)
# and the full texts those files refer to (LGPL-2.1, GPL-3, ... as named in
# /usr/share/common-licenses/, and GCC-exception-3.1).
pkg_sbom_files() {
  [ -n "${SBOM:-}" ] || pkg_die "SBOM is not set (the path of make sbom's .spdx.json)"
  [ -f "$SBOM" ] || pkg_die "$SBOM is missing (make sbom)"
  pkg_file 0644 "$SBOM" "$1/sbom.spdx.json"
  found=
  for lic in "$(dirname "$SBOM")"/licenses/*; do
    [ -f "$lic" ] || continue
    pkg_file 0644 "$lic" "$1/licenses/$(basename "$lic")"
    case $lic in *.copyright) found=yes ;; esac
  done
  [ -n "$found" ] || pkg_die "no licence file beside $SBOM (make sbom)"
}
