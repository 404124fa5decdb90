#!/bin/sh
# Every cross-built architecture (make ARCH=aarch64, into $LLR_BUILD/aarch64)
# gets the host build's static checks: the right ELF machine, static, no
# loader, the launcher stripped and within its budget. They cannot run here:
# the aarch64 kernel tiers (60-kernels) run them. Also that the target's musl
# headers define every system call number the launcher uses (it spells none
# out: musl 1.2.3 has them all, Landlock's included).
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
src=$LLR_ROOT/launcher/landlock-run.cpp
# The system calls the launcher names (SYS_name): each must be the target's.
want=$(grep -o 'SYS_[a-z_0-9]*' "$src" | sed 's/^SYS_//' | sort -u)
for arch in ${LLR_CROSS_ARCHES:-aarch64}; do
  b=$LLR_BUILD/$arch
  case $arch in aarch64) machine='ARM aarch64' elf='AArch64' ;; esac
  if ! command -v "$arch-linux-gnu-g++" >/dev/null 2>&1; then
    skip "cross-$arch" "no $arch-linux-gnu-g++ (make deps installs it)"; continue
  fi
  for bin in landlock-run landlock-policy; do
    name=cross-$arch-$bin
    [ -f "$b/$bin" ] || { fail "$name" "$b/$bin is not built (make ARCH=$arch all)"; continue; }
    kind=$(file -b "$b/$bin")
    case $kind in
      *"$machine"*"statically linked"*) pass "$name: file(1) says $machine, statically linked" ;;
      *) fail "$name" "file(1) says: $kind" ;;
    esac
    hdr=$(readelf -hlW "$b/$bin")
    case $hdr in *"Machine:"*"$elf"*) pass "$name: ELF machine $elf" ;; *) fail "$name" "ELF machine is not $elf" ;; esac
    if printf '%s\n' "$hdr" | grep -qE 'INTERP|DYNAMIC'; then fail "$name" "wants a loader"
    else pass "$name: no program interpreter, no dynamic section"; fi
  done
  bin=$b/landlock-run
  if [ -f "$bin" ]; then
    size=$(wc -c <"$bin")
    if [ "$size" -le 32768 ]; then pass "cross-$arch-launcher-size: $size bytes (budget 32768)"
    else fail "cross-$arch-launcher-size" "$size bytes, budget 32768"; fi
    case $(file -b "$bin") in *", stripped"*) pass "cross-$arch-launcher-stripped" ;;
      *) fail "cross-$arch-launcher-stripped" "$(file -b "$bin")" ;; esac
  fi
  h=/usr/include/$arch-linux-musl/bits/syscall.h
  if [ ! -f "$h" ]; then skip "cross-$arch-syscall-numbers" "no $h (musl-dev for $arch)"; continue; fi
  missing=$(printf '%s\n' "$want" | while read -r name; do
              grep -q "^#define __NR_${name}[[:space:]]" "$h" || printf '%s ' "$name"
            done)
  if [ "$(printf '%s\n' "$want" | grep -c .)" -ge 5 ] && [ -z "$missing" ]; then
    pass "cross-$arch-syscall-numbers: $arch's musl defines the launcher's $(printf '%s' "$want" | tr '\n' ',')"
  else
    fail "cross-$arch-syscall-numbers" "$h lacks: ${missing:-(the launcher names fewer than 5 system calls)}"
  fi
done
