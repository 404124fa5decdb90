#!/bin/sh
# selftest.sh LAUNCHER PAYLOAD_DIR
# Tests matrix.sh's judgement without booting anything: a stand-in for qemu
# replays a serial console (CRs, terminal escapes, kernel noise and all) for
# each scenario, and the tier must come out as PASS only for a complete, clean
# run. A boot that died, hung or lost its closing line must be a FAIL.
set -u
launcher=${1:?usage: selftest.sh LAUNCHER PAYLOAD_DIR} payloads=${2:?usage: selftest.sh LAUNCHER PAYLOAD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
# The scenarios name their own tiers: a filter meant for the real matrix
# (LLR_KERNEL_TIERS, suite 60's) must not reach them; the filter's own
# scenario sets it itself.
unset LLR_KERNEL_TIERS
# shellcheck source=tests/lib/report.sh
. "$here/../lib/report.sh"
t=$(mktemp -d "${TMPDIR:-/tmp}/llr-kselftest.XXXXXX") || exit 1
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/cache/linux-image-6.1.0-0-cloud-amd64-unsigned"
echo stand-in >"$t/cache/linux-image-6.1.0-0-cloud-amd64-unsigned/vmlinuz"
echo linux-image-6.1.0-0-cloud-amd64-unsigned_6.1.0-0_amd64.deb >"$t/cache/linux-image-6.1.0-0-cloud-amd64-unsigned/deb"
# The aarch64 tiers: a stand-in arm64 kernel, the host's static busybox as
# the arm64 one, and the host build as the cross build.
mkdir -p "$t/cache/linux-image-6.12.0+deb12-cloud-arm64-unsigned" "$t/cache/busybox-static-arm64"
echo stand-in >"$t/cache/linux-image-6.12.0+deb12-cloud-arm64-unsigned/vmlinuz"
echo linux-image-6.12.0+deb12-cloud-arm64-unsigned_6.12.0-1_arm64.deb >"$t/cache/linux-image-6.12.0+deb12-cloud-arm64-unsigned/deb"
cp "${BUSYBOX:-/bin/busybox}" "$t/cache/busybox-static-arm64/busybox"
# The 7.2 tiers: Debian unstable's split packages, cached under the
# linux-binary-unsigned name.
for a in amd64 arm64; do
  mkdir -p "$t/cache/linux-binary-unsigned-7.2.0+deb14-cloud-$a"
  echo stand-in >"$t/cache/linux-binary-unsigned-7.2.0+deb14-cloud-$a/vmlinuz"
  printf '%s\n' "linux-binary-unsigned-7.2.0+deb14-cloud-${a}_7.2.0-1_$a.deb" "linux-base-7.2.0+deb14-cloud-${a}_7.2.0-1_$a.deb" \
    >"$t/cache/linux-binary-unsigned-7.2.0+deb14-cloud-$a/deb"
done
# The 7.3 tiers: experimental's release candidate, no point release in its name.
for a in amd64 arm64; do
  mkdir -p "$t/cache/linux-binary-unsigned-7.3-cloud-$a"
  echo stand-in >"$t/cache/linux-binary-unsigned-7.3-cloud-$a/vmlinuz"
  printf '%s\n' "linux-binary-unsigned-7.3-cloud-${a}_7.3~rc7-1~exp1_$a.deb" "linux-base-7.3-cloud-${a}_7.3~rc7-1~exp1_$a.deb" \
    >"$t/cache/linux-binary-unsigned-7.3-cloud-$a/deb"
done
# The suite the initramfs carries: never run, the stand-in qemu prints the console.
echo 'exit 0' >"$t/suite.sh"

# The stand-in qemu: prints scenario $LLR_FAKE's console on stdout.
cat >"$t/qemu" <<'QEMU'
#!/bin/sh
echo "$*" >"$(dirname "$0")/qemu.args"
lsm=lockdown,capability,landlock,yama,apparmor
# The kernel's own Landlock ABI and the probe's, as the stand-in kernel's
# series has them (the probe clamped at 9 there).
case "$*" in
  *7.2.0*) abi=10 probe=9 ;;
  *unsigned-7.3-*) abi=11 probe=10 ;;
  *6.12.0*) abi=6 probe=6 ;;
  *) abi=2 probe=2 ;;
esac
case "$*" in *lsm=lockdown,yama,apparmor*) lsm=lockdown,capability,yama,apparmor abi=none probe=0 ;; esac
[ "$LLR_FAKE" = lsm-ignored ] && lsm=lockdown,capability,landlock,yama,apparmor
[ "$LLR_FAKE" = landlock-missing ] && lsm=lockdown,capability,yama,apparmor
[ "$LLR_FAKE" = abi-wrong ] && abi=9
printf '\033c\033[?7l\033[2JSeaBIOS (version stand-in)\r\nBooting from ROM...\r\n'
printf '\033c\033[?7l\033[2J@@BEGIN kernel=6.1.0-0-cloud-amd64 lsm=%s landlock_abi=%s probe_abi=%s\r\n' "$lsm" "$abi" "$probe"
printf '@@ PASS one\r\n@@ SKIP two: not here\r\n@@ note: with @@ inside\r\n'
case $LLR_FAKE in
  died) printf '[    3.1] Kernel panic - not syncing: stand-in\r\n'; exit 0 ;;
  hang) printf '@@ 1 passed, 0 failed, 1 skipped\r\n'; sleep 30; exit 0 ;;
  guest-fail) printf '@@ FAIL three: broken\r\n@@ 1 passed, 1 failed, 1 skipped\r\n@@END rc=1\r\n' ;;
  no-closing) printf '@@END rc=0\r\n' ;;
  mismatch) printf '@@ 5 passed, 0 failed, 1 skipped\r\n@@END rc=0\r\n' ;;
  bad-rc) printf '@@ 1 passed, 0 failed, 1 skipped\r\n@@END rc=2\r\n' ;;
  *) printf '@@ 1 passed, 0 failed, 1 skipped\r\n@@END rc=0\r\n' ;;
esac
printf '[    3.4] reboot: Power down\r\n'
QEMU
chmod +x "$t/qemu"

# expect SCENARIO TIER RC TEXT [TEXT2]: matrix.sh exits RC and its tier line
# has TEXT (and TEXT2).
expect() {
  name="kernel-matrix judges '$1' on $2: exit $3"
  LLR_FAKE=$1 QEMU=$t/qemu QEMU_AARCH64=$t/qemu LLR_CROSS_BUILD=$(dirname "$launcher") LLR_SUITE=$t/suite.sh LLR_KERNEL_CACHE=$t/cache LLR_KERNEL_OUT=$t/out \
    LLR_KERNEL_TIMEOUT=3 sh "$here/matrix.sh" "$launcher" "$payloads" "$2" >"$t/log" 2>&1
  rc=$?
  line=$(grep -E "^(PASS|FAIL) $2 \\(" "$t/log")
  if [ "$rc" = "$3" ] && [ "${line#*"$4"}" != "$line" ] && { [ -z "${5:-}" ] || [ "${line#*"$5"}" != "$line" ]; }; then pass "$name"
  else fail "$name" "got exit $rc, tier line '$line'"; sed 's/^/    /' "$t/log"; fi
}
expect clean 6.1-abi2 0 "PASS 6.1-abi2 (linux-image-6.1.0-0-cloud-amd64-unsigned 6.1.0-0 under qemu"
# A busy host must not panic the emulated x86 guest's early boot on its timer
# check (seen: "IO-APIC + timer doesn't work!" under load).
case " $(cat "$t/qemu.args" 2>/dev/null) " in
  *" no_timer_check "*) pass "kernel-matrix: the x86_64 guest boots with no_timer_check" ;;
  *) fail "kernel-matrix: the x86_64 guest boots with no_timer_check" "qemu ran with '$(cat "$t/qemu.args" 2>/dev/null)'" ;;
esac
expect clean 6.1-no-landlock 0 "PASS 6.1-no-landlock ("
expect lsm-ignored 6.1-no-landlock 1 "the guest still lists landlock"
expect landlock-missing 6.1-abi2 1 "the guest lacks landlock in its LSMs"
expect died 6.1-abi2 1 "the boot died before the suite finished (qemu exit 0); last console lines:" \
  "Kernel panic - not syncing: stand-in"
expect hang 6.1-abi2 1 "timed out after 3s"
expect guest-fail 6.1-abi2 1 "1 test(s) failed: three"
expect no-closing 6.1-abi2 1 "never printed its closing"
expect mismatch 6.1-abi2 1 "disagrees with the result lines (1 passed, 0 failed, 1 skipped)"
expect bad-rc 6.1-abi2 1 "the suite exited 2 without reporting a failure"
expect clean 6.12-aarch64 0 "PASS 6.12-aarch64 (linux-image-6.12.0+deb12-cloud-arm64-unsigned 6.12.0-1 under qemu, aarch64"
expect guest-fail 6.12-aarch64 1 "1 test(s) failed: three"
expect clean 7.2-abi10 0 "PASS 7.2-abi10 (linux-binary-unsigned-7.2.0+deb14-cloud-amd64 7.2.0-1 under qemu, Landlock ABI 10" \
  "kernel ABI 10, probe abi=9"
expect clean 7.2-aarch64 0 "PASS 7.2-aarch64 (linux-binary-unsigned-7.2.0+deb14-cloud-arm64 7.2.0-1 under qemu, aarch64, Landlock ABI 10"
expect abi-wrong 7.2-abi10 1 "the guest's kernel reports Landlock ABI 9, the tier is for ABI 10"
expect abi-wrong 6.1-abi2 1 "the guest's kernel reports Landlock ABI 9, the tier is for ABI 2"
expect abi-wrong 6.1-no-landlock 1 "the guest's kernel reports Landlock ABI 9, the tier is for ABI none"
expect clean 7.3-abi11 0 "PASS 7.3-abi11 (linux-binary-unsigned-7.3-cloud-amd64 7.3~rc7-1~exp1 under qemu, Landlock ABI 11" \
  "kernel ABI 11, probe abi=10"
expect clean 7.3-aarch64 0 "PASS 7.3-aarch64 (linux-binary-unsigned-7.3-cloud-arm64 7.3~rc7-1~exp1 under qemu, aarch64, Landlock ABI 11"
expect abi-wrong 7.3-abi11 1 "the guest's kernel reports Landlock ABI 9, the tier is for ABI 11"

# The tier filter: of the tiers given, only those LLR_KERNEL_TIERS names run.
LLR_KERNEL_TIERS=7.3-abi11 LLR_FAKE=clean QEMU=$t/qemu LLR_SUITE=$t/suite.sh LLR_KERNEL_CACHE=$t/cache LLR_KERNEL_OUT=$t/out \
  LLR_KERNEL_TIMEOUT=3 sh "$here/matrix.sh" "$launcher" "$payloads" 6.1-abi2 7.3-abi11 >"$t/log" 2>&1
tiers=$(sed -n 's/^\(PASS\|FAIL\|SKIP\) \([^ /]*\) (.*/\2/p' "$t/log" | tr '\n' ' ')
if [ "$tiers" = "7.3-abi11 " ]; then pass "kernel-matrix: LLR_KERNEL_TIERS=7.3-abi11 runs that tier alone"
else fail "kernel-matrix: LLR_KERNEL_TIERS=7.3-abi11 runs that tier alone" "tiers run: '$tiers'"; fi

# Where the 7.3 kernel comes from, without the network: stand-ins for apt
# that log which suite each call is about and know no package at all (or
# cannot reach the archive). An empty cache then tries experimental, then
# unstable, and the tier is a SKIP naming both and the way to pin one; an
# archive that cannot be reached is a FAIL, as for every other tier.
mkdir -p "$t/apt-bin"
cat >"$t/apt-bin/apt-get" <<'APT'
#!/bin/sh
for a in "$@"; do case $a in Dir::Etc::SourceList=*) echo "update $(cut -d' ' -f5 "${a#*=}")" >>"$LLR_FAKE_APT_LOG" ;; esac; done
case " $* " in *" update "*) [ "$LLR_FAKE_APT" != unreachable ] || { echo 'E: Failed to fetch' >&2; exit 100; } ;; esac
exit 0
APT
printf '#!/bin/sh\nexit 0\n' >"$t/apt-bin/apt-cache"
chmod +x "$t/apt-bin/apt-get" "$t/apt-bin/apt-cache"
# expect_fetch MODE RESULT TEXT: the 7.3-abi11 tier on an empty cache.
expect_fetch() {
  name="kernel-matrix: no 7.3 package known ($1): a $2"
  rm -f "$t/apt.log"
  PATH=$t/apt-bin:$PATH LLR_FAKE_APT=$1 LLR_FAKE_APT_LOG=$t/apt.log LLR_DEBIAN_MIRROR=http://mirror.invalid/debian \
    LLR_SUITE=$t/suite.sh LLR_KERNEL_CACHE=$t/empty-cache LLR_KERNEL_OUT=$t/out \
    sh "$here/matrix.sh" "$launcher" "$payloads" 7.3-abi11 >"$t/log" 2>&1
  line=$(grep -E "^(PASS|FAIL|SKIP) 7.3-abi11" "$t/log")
  tried=$(tr '\n' ' ' <"$t/apt.log" 2>/dev/null)
  case "$line|$tried" in
    "$2 7.3-abi11"*"$3"*"|update experimental update unstable ") pass "$name" ;;
    *) fail "$name" "tier line '$line', apt asked about: $tried" ;;
  esac
}
expect_fetch none SKIP "in experimental, unstable of http://mirror.invalid/debian (pin one: LLR_KERNEL_7_3_SUITES, LLR_KERNEL_7_3_VERSION"
expect_fetch unreachable FAIL "could not fetch the Debian 7.3 amd64 kernel"
report_totals
