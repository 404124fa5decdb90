#!/bin/sh
# deb.sh OUT BUILD VERSION [DEB_ARCH]: a .deb built with dpkg-deb alone, run
# from the repo root, for Debian architecture DEB_ARCH (default amd64) of the
# binaries in BUILD. Native version (no Debian revision); root-owned files,
# fixed mtimes. SBOM (environment): make sbom's .spdx.json, shipped as
# /usr/share/doc/landlock-run/sbom.spdx.json with the licences of the code
# linked in (licenses/PKG.copyright) and giving the Built-Using field.
set -eu
out=$1 build=$2 version=$3 deb_arch=${4:-amd64}
. packaging/pkg-common.sh
maintainer=${DEB_MAINTAINER:-landlock-run authors <maintainers@landlock-run.invalid>}
root=$build/deb/root
pkg_fresh "$root"
doc=$root/usr/share/doc/landlock-run

pkg_file 0755 "$build/landlock-run" "$root/usr/bin/landlock-run"
policy=$(pkg_policy_bin "$build")
pkg_bin_stripped "$policy" "$root/usr/bin/landlock-policy"
for page in "$build"/man/*.[0-9]; do
  [ -f "$page" ] || pkg_die "no man pages in $build/man (make BUILD=$build man)"
  sect=${page##*.}
  pkg_man_gz "$page" "$root/usr/share/man/man$sect/$(basename "$page").gz"
done
pkg_completions "$build/completion" "$root/usr/share" vendor-completions
pkg_file 0644 packaging/deb/copyright "$doc/copyright"
pkg_sbom_files "$doc"
# Built-Using: the Debian source packages (= versions) whose code the static
# binaries hold (packaging/sbom.py, from the link maps and dpkg).
built_using=$(cat "$(dirname "$SBOM")/built-using")
[ -n "$built_using" ] || pkg_die "no Built-Using beside $SBOM (make sbom)"
changelog=$build/deb/changelog
{
  echo "landlock-run ($version) unstable; urgency=medium"
  echo
  echo "  * Release $version, built from the landlock-run source of the same version."
  echo
  echo " -- $maintainer  $(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")"
} >"$changelog"
pkg_man_gz "$changelog" "$doc/changelog.gz"
if [ -d packaging/deb/lintian ]; then
  pkg_file 0644 packaging/deb/lintian/landlock-run "$root/usr/share/lintian/overrides/landlock-run"
fi

# Depends: the launcher is static; a dynamically linked compiler gets its
# shared-library dependencies from dpkg-shlibdeps (in a scratch tree, since it
# insists on reading a debian/control).
depends=
if file -L "$policy" | grep -q 'dynamically linked'; then
  command -v dpkg-shlibdeps >/dev/null || pkg_die "dpkg-shlibdeps (dpkg-dev) is needed: the compiler is dynamically linked"
  scratch=$build/deb/shlibdeps
  pkg_fresh "$scratch/debian"
  printf 'Source: landlock-run\n\nPackage: landlock-run\nArchitecture: any\n' >"$scratch/debian/control"
  abs=$(cd "$root/usr/bin" && pwd)/landlock-policy
  line=$(cd "$scratch" && dpkg-shlibdeps -O -e"$abs" 2>/dev/null) || pkg_die "dpkg-shlibdeps failed on $policy"
  depends="Depends: ${line#shlibs:Depends=}
"
fi

install -d -m 0755 "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | while IFS= read -r f; do md5sum "$f"; done) >"$root/DEBIAN/md5sums"
# Installed-Size as dpkg-gencontrol counts it: KiB per file, rounded up, plus
# one per directory.
size=$( (cd "$root" && find usr -type f -printf '%s\n'; find usr -type d -printf '0\n') |
  awk '{ n += $1 == 0 ? 1 : int(($1 + 1023) / 1024) } END { print n }')
# awk, not sed: the Depends line holds characters sed would treat as syntax.
awk -v v="$version" -v m="$maintainer" -v s="$size" -v d="$depends" -v a="$deb_arch" -v b="$built_using" '
  { gsub(/@VERSION@/, v); gsub(/@MAINTAINER@/, m); gsub(/@INSTALLED_SIZE@/, s); gsub(/@ARCH@/, a); gsub(/@BUILT_USING@/, b)
    if (index($0, "@DEPENDS@")) { sub(/@DEPENDS@/, ""); printf "%s", d } print }' \
  packaging/deb/control.in >"$root/DEBIAN/control"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

pkg_normalize "$root"
install -d -m 0755 "$(dirname "$out")"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out.tmp" >/dev/null
mv "$out.tmp" "$out"
echo "deb: $out"
