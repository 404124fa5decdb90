#!/bin/sh
# gate.sh PLATFORM_TGZ ENTRY_TGZ: the checks a release pipeline must not skip
# before publishing a platform package (build.sh runs them on every pack):
#   - bin/landlock-run is present, a regular file, packed executable (0755)
#   - it is static: no program interpreter, no dynamic section
#   - its ELF machine is the one the package's "cpu" field names
#   - the package's version is the entry package's, which pins it as an
#     optional dependency, and the binary's --version line names that version
#     and the launcher source digest the entry package records
#     (landlockRun.launcherSourceSha256); a binary this machine can run is
#     also run, and must print exactly that line.
# Prints "gate: ..." lines; exit 0 only when every check holds.
set -u
plat=${1:?usage: gate.sh PLATFORM_TGZ ENTRY_TGZ} entry=${2:?usage: gate.sh PLATFORM_TGZ ENTRY_TGZ}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/llr-gate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
bad=0
refuse() { echo "gate: REFUSED $(basename "$plat"): $*" >&2; bad=1; }

mkdir -p "$tmp/p" "$tmp/e"
tar -xzf "$plat" -C "$tmp/p" && tar -xzf "$entry" -C "$tmp/e" || { refuse "cannot unpack"; exit 1; }
# field FILE EXPR [KEY]: a value from a package.json p (node: npm is there
# anyway); EXPR is ours, KEY (data) is passed as k.
field() {
  node -e 'const p = require(process.argv[1]), k = process.argv[3]; const v = eval(process.argv[2]); console.log(v === undefined ? "" : v)' \
    "$1" "$2" "${3:-}" 2>/dev/null
}
pj=$tmp/p/package/package.json ej=$tmp/e/package/package.json
name=$(field "$pj" p.name) ver=$(field "$pj" p.version) cpu=$(field "$pj" 'p.cpu && p.cpu.join(",")')
ever=$(field "$ej" p.version) pin=$(field "$ej" '(p.optionalDependencies || {})[k]' "$name")
digest=$(field "$ej" '(p.landlockRun || {}).launcherSourceSha256')
[ "$name" = "@landlock-run/linux-$cpu" ] || refuse "name '$name' does not match cpu '$cpu'"
[ -n "$ver" ] && [ "$ver" = "$ever" ] || refuse "version '$ver' is not the entry package's '$ever'"
[ "$pin" = "$ever" ] || refuse "the entry package pins $name at '$pin', not '$ever'"
[ -n "$digest" ] || refuse "the entry package records no launcher source digest"

bin=$tmp/p/package/bin/landlock-run
mode=$(tar -tvzf "$plat" package/bin/landlock-run 2>/dev/null | cut -c1-10)
if [ ! -f "$bin" ]; then refuse "bin/landlock-run is missing"; echo "gate: refused" >&2; exit 1; fi
[ "$mode" = "-rwxr-xr-x" ] || refuse "bin/landlock-run is packed as '$mode', not -rwxr-xr-x"
hdr=$(readelf -hlW "$bin" 2>/dev/null) || refuse "bin/landlock-run is not an ELF file"
if printf '%s\n' "$hdr" | grep -qE 'INTERP|DYNAMIC'; then refuse "bin/landlock-run is dynamically linked"; fi
machine=$(printf '%s\n' "$hdr" | sed -n 's/^ *Machine: *//p')
case $cpu in
  x64) want='Advanced Micro Devices X86-64' ;;
  arm64) want=AArch64 ;;
  *) want="(no ELF machine known for cpu '$cpu')" ;;
esac
[ "$machine" = "$want" ] || refuse "ELF machine '$machine', but cpu '$cpu' needs '$want'"
line="landlock-run $ever source-sha256=$digest"
grep -qaF "$line" "$bin" || refuse "the binary does not hold '$line'"
host=$(uname -m)
if { [ "$cpu" = x64 ] && [ "$host" = x86_64 ]; } || { [ "$cpu" = arm64 ] && [ "$host" = aarch64 ]; }; then
  got=$("$bin" --version 2>&1)
  [ "$got" = "$line" ] || refuse "--version prints '$got', not '$line'"
fi
if [ "$bad" -eq 0 ]; then echo "gate: ok $name $ver ($machine, static, source-sha256=$digest)" >&2; fi
exit "$bad"
