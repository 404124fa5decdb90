#!/bin/sh
# matrix.sh LAUNCHER PAYLOAD_DIR [TIER]...
# The real-kernel test matrix: runs the launcher's end-to-end suite
# (tests/e2e/launcher.sh, the same script in every tier) on each TIER:
#   6.1-abi2         Debian's 6.1 cloud kernel under qemu: Landlock ABI 2,
#                    the suite runs with EXPECT_ABI=2
#   6.1-no-landlock  the same kernel booted with lsm=lockdown,yama,apparmor
#                    (Landlock left out): EXPECT_NO_LANDLOCK=1
#   6.12-abi6        Debian's 6.12 cloud kernel under qemu: Landlock ABI 6
#                    (TCP and scopes, no audit), EXPECT_ABI=6
#   6.12-aarch64     Debian's 6.12 arm64 cloud kernel under qemu-system-aarch64
#                    (-M virt, TCG) with the cross-built launcher and payloads:
#                    Landlock ABI 6, EXPECT_ABI=6
#   6.1-aarch64      Debian's 6.1 arm64 cloud kernel, the same way: ABI 2
#   7.2-abi10        Debian unstable's 7.2 cloud kernel under qemu: Landlock
#                    ABI 10 (pathname UNIX sockets, UDP); the suite's own
#                    check holds the probe to min(kernel ABI, the launcher's
#                    newest), so no EXPECT_ABI is passed
#   7.2-aarch64      Debian unstable's 7.2 arm64 cloud kernel: ABI 10
#   7.3-abi11        Debian experimental's 7.3 cloud kernel (unstable's once
#                    it has left experimental): the kernel must report
#                    Landlock ABI 11; the probe, as for 7.2, is held by the
#                    suite to min(11, the launcher's newest). No 7.3 package
#                    in any suite tried is a SKIP that says so
#   7.3-aarch64      the same on Debian's arm64 7.3 cloud kernel
#   host             this machine's kernel, the plain suite (no qemu)
# Default: the five x86_64 ones. docs/kernel-matrix.md describes the tiers.
#
# Every qemu tier also holds the guest to the tier's kernel: its first line
# (@@BEGIN) names the LSMs and the kernel's own Landlock ABI (the abi
# payload), which must be what the tier is named for.
#
# Each guest result line comes back as "PASS TIER/name", "FAIL TIER/name: why"
# or "SKIP TIER/name: reason"; then one line per tier says whether the tier as
# a whole passed: a boot that died, hung or lost its final
# "N passed, N failed" line is a FAIL, never a SKIP. The last line sums up:
# "N passed, N failed, N skipped". Exit 0 only when nothing failed.
#
# Environment (all optional): LLR_SUITE (the suite script), LLR_KERNEL_CACHE
# (download cache, default .cache/kernels), LLR_KERNEL_OUT (initramfs and raw
# serial logs, default beside LAUNCHER in kernels/), LLR_KERNEL_TIMEOUT
# (seconds per boot, default 180), LLR_KERNEL_7_3_SUITES and
# LLR_KERNEL_7_3_VERSION (where the 7.3 kernel comes from: fetch-kernel.sh),
# QEMU (default qemu-system-x86_64),
# LLR_KERNEL_TIERS (a filter: of the TIERs given, run only those it names, e.g.
# "7.3-abi11"; one it names that is not given is a FAIL),
# QEMU_AARCH64 (default qemu-system-aarch64), LLR_CROSS_BUILD (the aarch64
# build folder with landlock-run and payloads/, default LAUNCHER's folder's
# aarch64/, where `make ARCH=aarch64 all payloads` puts them). An aarch64 tier
# without its cross build or its qemu is a SKIP that says so.
set -u
launcher=${1:?usage: matrix.sh LAUNCHER PAYLOAD_DIR [TIER]...} payloads=${2:?usage: matrix.sh LAUNCHER PAYLOAD_DIR [TIER]...}
shift 2
[ $# -gt 0 ] || set -- 6.1-abi2 6.1-no-landlock 6.12-abi6 7.2-abi10 host
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
suite=${LLR_SUITE:-$root/tests/e2e/launcher.sh}
cache=${LLR_KERNEL_CACHE:-$root/.cache/kernels}
out=${LLR_KERNEL_OUT:-$(cd "$(dirname "$launcher")" && pwd)/kernels}
timeout_s=${LLR_KERNEL_TIMEOUT:-180}
qemu=${QEMU:-qemu-system-x86_64}
qemu_a64=${QEMU_AARCH64:-qemu-system-aarch64}
launcher=$(cd "$(dirname "$launcher")" && pwd)/$(basename "$launcher")
cross=${LLR_CROSS_BUILD:-$(dirname "$launcher")/aarch64}
payloads=$(cd "$payloads" && pwd)
mkdir -p "$out"

# Result lines and their count: tests/lib/report.sh.
# shellcheck source=tests/lib/report.sh
. "$here/../lib/report.sh"

# judge TIER FILE: FILE holds the suite's own output; re-tags its result
# lines with TIER, shows the others indented, and checks the closing line.
# Sets tier_summary, or tier_problem when the output is not a complete run.
judge() {
  tier=$1 file=$2 tier_problem='' tier_summary='' p=0 f=0 s=0 failed_names=''
  while IFS= read -r line; do
    case $line in
      PASS\ *) report_line PASS "$tier/${line#PASS }"; p=$((p + 1)) ;;
      FAIL\ *) report_line FAIL "$tier/${line#FAIL }"; f=$((f + 1))
               n=${line#FAIL }; failed_names="$failed_names${failed_names:+, }${n%%: *}" ;;
      SKIP\ *) report_line SKIP "$tier/${line#SKIP }"; s=$((s + 1)) ;;
      *) echo "    [$tier] $line" ;;
    esac
  done <"$file"
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$file" | tail -n 1)
  if [ -z "$last" ]; then
    tier_problem="the suite never printed its closing 'N passed, N failed' line"
    return
  fi
  lp=${last%% passed*} lf=${last#*passed, } lf=${lf%% failed*}
  ls_=0; case $last in *skipped*) ls_=${last#*failed, } ls_=${ls_%% skipped*} ;; esac
  if [ "$lp" != "$p" ] || [ "$lf" != "$f" ] || [ "$ls_" != "$s" ]; then
    tier_problem="closing line '$last' disagrees with the result lines ($p passed, $f failed, $s skipped)"
    return
  fi
  if [ "$p" -eq 0 ]; then tier_problem="the suite passed no test ($last)"; return; fi
  tier_summary=$last
  [ "$f" -eq 0 ] || tier_problem="$f test(s) failed: $failed_names"
}

verdict() {  # verdict TIER DESCRIPTION
  if [ -n "$tier_problem" ]; then fail "$1 ($2)" "$tier_problem"
  else pass "$1 ($2): $tier_summary"; fi
}

# printable: the serial log as plain text (no CRs, no terminal escapes)
printable() { sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1b[A-Za-z]//g' "$1" | tr -d '\r' | tr -cd '[:print:]\n'; }

initramfs_amd64='' initramfs_arm64=''
prep_error='' prep_skip=''
prepare() {  # prepare SERIES ARCH: fetch its kernel (sets kernel, kdesc, initramfs); build ARCH's initramfs once
  kernel='' prep_skip=''
  kernel=$(sh "$here/fetch-kernel.sh" "$cache" "$1" "$2" 2>"$out/fetch-$1-$2.log")
  frc=$?
  if [ "$frc" -ne 0 ]; then
    kernel=; prep_error="could not fetch the Debian $1 $2 kernel: $(tail -n 3 "$out/fetch-$1-$2.log" | tr '\n' ' ')"
    # 7.3 is a moving target: no package in any suite tried (exit 3) is a
    # kernel this archive does not carry today, not a broken tier.
    [ "$frc" = 3 ] && [ "$1" = 7.3 ] && prep_skip="no Debian 7.3 $2 kernel: $(tail -n 1 "$out/fetch-$1-$2.log") (pin one: LLR_KERNEL_7_3_SUITES, LLR_KERNEL_7_3_VERSION, LLR_DEBIAN_MIRROR; docs/kernel-matrix.md)"
    return 1
  fi
  # e.g. "linux-image-6.1.0-57-cloud-amd64-unsigned 6.1.192-3": the first
  # package named there is the kernel's own.
  kdesc=$(sed -n '1{s/_[a-z0-9]*\.deb$//; s/_/ /; p}' "$(dirname "$kernel")/deb" 2>/dev/null) || kdesc=$kernel
  if [ "$2" = amd64 ]; then
    initramfs=$initramfs_amd64 l=$launcher p=$payloads bb=${BUSYBOX:-/bin/busybox}
  else
    initramfs=$initramfs_arm64 l=$cross/landlock-run p=$cross/payloads
    if ! bb=$(sh "$here/fetch-kernel.sh" "$cache" busybox "$2" 2>"$out/fetch-busybox-$2.log"); then
      kernel=; prep_error="could not fetch Debian's $2 busybox-static: $(tail -n 3 "$out/fetch-busybox-$2.log" | tr '\n' ' ')"; return 1
    fi
  fi
  [ -n "$initramfs" ] && return 0
  initramfs=$out/initramfs-$2.cpio
  if ! BUSYBOX=$bb sh "$here/mkinitramfs.sh" "$initramfs" "$l" "$p" "$suite" 2>"$out/mkinitramfs-$2.log"; then
    kernel=; prep_error="could not build the $2 initramfs: $(tr '\n' ' ' <"$out/mkinitramfs-$2.log")"; return 1
  fi
  if [ "$2" = amd64 ]; then initramfs_amd64=$initramfs; else initramfs_arm64=$initramfs; fi
}

# begin_field NAME: the value of NAME= in the guest's @@BEGIN line ($begin).
begin_field() { printf '%s\n' " $begin" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }

# boot TIER SERIES WHAT APPEND KERNEL_ABI [ARCH]: one qemu boot of Debian's
# SERIES kernel for ARCH (amd64, the default, or arm64). KERNEL_ABI is the
# Landlock ABI the guest's kernel must report, or "none": then the guest's
# /sys/kernel/security/lsm must not list landlock, otherwise it must.
boot() {
  tier=$1 series=$2 what=$3 append=$4 kernel_abi=$5 arch=${6:-amd64}
  if [ "$arch" = arm64 ]; then
    # The cross-built binaries and the emulator are tools like any other:
    # without them the tier cannot run (make deps installs both in CI).
    if [ ! -x "$cross/landlock-run" ] || [ ! -d "$cross/payloads" ]; then
      skip "$tier" "no aarch64 build in $cross (make ARCH=aarch64 all payloads)"; return
    fi
    command -v "$qemu_a64" >/dev/null 2>&1 || { skip "$tier" "$qemu_a64 is not installed (qemu-system-arm)"; return; }
    vm=$qemu_a64 machine='-M virt -cpu max,pauth-impdef=on' console=ttyAMA0 arch_args=''
  else
    # no_timer_check: on a busy host the emulated guest's check that the
    # 8254 timer reaches the IO-APIC can miss its window and panic the boot
    # ("IO-APIC + timer doesn't work!"); the timer works, the check is skipped.
    vm=$qemu machine='' console=ttyS0 arch_args=no_timer_check
  fi
  if ! prepare "$series" "$arch"; then
    [ -z "$prep_skip" ] || { skip "$tier" "$prep_skip"; return; }
    tier_problem=$prep_error; verdict "$tier" "Debian $series $arch under qemu, $what"; return; fi
  desc="$kdesc under qemu, $what"
  log=$out/$tier.serial.log
  started=$(date +%s)
  # Software emulation on purpose (-accel tcg): /dev/kvm may exist and not
  # work. -no-reboot turns the guest's power-off, or a panic (panic=-1),
  # into qemu's exit. The arm64 guest's -cpu max uses qemu's cheaper pointer
  # authentication (pauth-impdef): the same instructions, faster emulated.
  # shellcheck disable=SC2086 # $machine is a list of options
  timeout -k 10 "$timeout_s" "$vm" $machine -nographic -no-reboot -accel tcg -m 512 -smp 1 -nic none \
    -kernel "$kernel" -initrd "$initramfs" \
    -append "console=$console $arch_args panic=-1 quiet $append" </dev/null >"$log" 2>"$out/$tier.qemu.err"
  qrc=$?
  secs=$(( $(date +%s) - started ))
  # Keep only the guest's framed lines; strip CRs and the terminal escapes
  # before the first one.
  printable "$log" >"$log.txt"
  sed -n 's/^[^@]*@@ //p' "$log.txt" >"$out/$tier.suite.out"
  begin=$(sed -n 's/^[^@]*@@BEGIN //p' "$log.txt" | head -n 1)
  end=$(sed -n 's/^[^@]*@@END //p' "$log.txt" | head -n 1)
  echo "    [$tier] guest: ${begin:-no BEGIN line} (qemu exit $qrc, ${secs}s)"
  judge "$tier" "$out/$tier.suite.out"
  if [ -z "$begin" ]; then
    tier_problem="the guest never started the suite (qemu exit $qrc): $(tail -n 5 "$log.txt" | tr '\n' ' ') $(head -c 300 "$out/$tier.qemu.err" | tr '\n' ' ')"
  elif [ -z "$end" ]; then
    [ "$qrc" -eq 124 ] && why="timed out after ${timeout_s}s" || why="qemu exit $qrc"
    tier_problem="the boot died before the suite finished ($why); last console lines: $(grep -v '^[^@]*@@' "$log.txt" | tail -n 3 | tr '\n' ' ')(raw log: $log)${tier_problem:+; $tier_problem}"
  elif [ -z "$tier_problem" ] && [ "$end" != "rc=0" ]; then
    tier_problem="the suite exited ${end#rc=} without reporting a failure"
  fi
  lsms=$(begin_field lsm) guest_abi=$(begin_field landlock_abi) probe_abi=$(begin_field probe_abi)
  if [ -z "$tier_problem" ]; then
    case ",$lsms,$kernel_abi" in
      *,landlock,*none) tier_problem="the guest still lists landlock in its LSMs: $begin" ;;
      *,landlock,*) ;;
      *none) ;;
      *) tier_problem="the guest lacks landlock in its LSMs: $begin" ;;
    esac
  fi
  if [ -z "$tier_problem" ] && [ "$guest_abi" != "$kernel_abi" ]; then
    tier_problem="the guest's kernel reports Landlock ABI ${guest_abi:-?}, the tier is for ABI $kernel_abi: $begin"
  fi
  [ -n "$begin" ] && desc="$desc, kernel ABI $guest_abi, probe abi=$probe_abi"
  verdict "$tier" "$desc, ${secs}s"
}

host() {
  log=$out/host.suite.out
  started=$(date +%s)
  sh "$suite" "$launcher" "$payloads" </dev/null >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - started ))
  judge host "$log"
  [ -n "$tier_problem" ] || [ "$rc" -eq 0 ] || tier_problem="the suite exited $rc without reporting a failure"
  verdict host "this machine's kernel $(uname -r), ${secs}s"
}

[ -f "$suite" ] || { fail "kernel-matrix" "no suite at $suite"; set --; }
if [ -n "${LLR_KERNEL_TIERS:-}" ]; then
  for w in $LLR_KERNEL_TIERS; do
    case " $* " in *" $w "*) ;; *) fail "kernel-matrix" "LLR_KERNEL_TIERS names '$w', not one of the tiers given ($*)" ;; esac
  done
  for t in "$@"; do
    shift
    case " $LLR_KERNEL_TIERS " in *" $t "*) set -- "$@" "$t" ;; esac
  done
fi
for t in "$@"; do
  case $t in
    6.1-abi2) boot "$t" 6.1 "Landlock ABI 2" "llr.expect_abi=2" 2 ;;
    6.1-no-landlock) boot "$t" 6.1 "lsm=lockdown,yama,apparmor: no Landlock" \
      "lsm=lockdown,yama,apparmor llr.expect_no_landlock=1" none ;;
    6.12-abi6) boot "$t" 6.12 "Landlock ABI 6" "llr.expect_abi=6" 6 ;;
    6.12-aarch64) boot "$t" 6.12 "aarch64, Landlock ABI 6" "llr.expect_abi=6" 6 arm64 ;;
    6.1-aarch64) boot "$t" 6.1 "aarch64, Landlock ABI 2" "llr.expect_abi=2" 2 arm64 ;;
    7.2-abi10) boot "$t" 7.2 "Landlock ABI 10" "" 10 ;;
    7.2-aarch64) boot "$t" 7.2 "aarch64, Landlock ABI 10" "" 10 arm64 ;;
    7.3-abi11) boot "$t" 7.3 "Landlock ABI 11" "" 11 ;;
    7.3-aarch64) boot "$t" 7.3 "aarch64, Landlock ABI 11" "" 11 arm64 ;;
    host) host ;;
    *) fail "kernel-matrix" "unknown tier '$t' (6.1-abi2, 6.1-no-landlock, 6.12-abi6, 7.2-abi10, 6.12-aarch64, 6.1-aarch64, 7.2-aarch64, 7.3-abi11, 7.3-aarch64, host)" ;;
  esac
done
report_totals
