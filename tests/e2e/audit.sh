#!/bin/sh
# The audit switches (--log-denials, --no-log) seen where the user sees them:
# Landlock's LANDLOCK_ACCESS records in the kernel log.
#
#   sh audit.sh LAUNCHER PAYLOAD_DIR
#
# With no audit daemon the kernel prints audit records to its log (dmesg),
# but only while audit is switched on. As root this suite switches it on
# through the audit netlink socket (payload `audit`) and lifts the printk rate
# limit that would drop records, then puts both back as it found them.
# Each case denies an access to a path of its own, so the log lines it looks
# for can only come from this run. An absence is only believed after a later
# record (the sentinel) has arrived: the kernel writes records in order.
# Needs: Landlock ABI 7, root, no audit daemon; otherwise every case is SKIP.
set -u
# shellcheck source=tests/lib/report.sh
. "$(dirname "$0")/../lib/report.sh"
case $1 in /*) L=$1 ;; *) L=$PWD/$1 ;; esac
case $2 in /*) P=$2 ;; *) P=$PWD/$2 ;; esac
cases="audit-log-denials-records-command-denial audit-default-omits-command-denial
audit-default-records-launcher-denial audit-no-log-omits-launcher-denial audit-switch-restored"

skip_all() {
  for c in $cases; do skip "$c" "$1"; done
  exit 0
}

"$L" --probe 2>/dev/null | grep -q ' audit=yes' || skip_all "the kernel has no Landlock audit support (needs ABI 7)"
[ "$(id -u)" = 0 ] || skip_all "switching the kernel's audit on needs root (CAP_AUDIT_CONTROL)"
status=$("$P/audit" status)
case $status in
  "enabled="[0-2]" pid="*) ;;
  *) skip_all "the audit netlink socket is not available: $status" ;;
esac
audit_pid=${status#*pid=}
was_enabled=${status#enabled=}
was_enabled=${was_enabled%% *}
[ "$audit_pid" = 0 ] || skip_all "an audit daemon (pid $audit_pid) receives the records, so they never reach dmesg"
dmesg >/dev/null 2>&1 || skip_all "the kernel log cannot be read (dmesg)"

W=$(mktemp -d /tmp/llr-audit.XXXXXX) || exit 1
ratelimit_file=/proc/sys/kernel/printk_ratelimit
old_ratelimit=$(cat "$ratelimit_file" 2>/dev/null)
restore() {
  [ "$was_enabled" = 0 ] && "$P/audit" enable 0 >/dev/null
  [ -n "$old_ratelimit" ] && echo "$old_ratelimit" >"$ratelimit_file"
  rm -rf "$W"
}
trap restore EXIT
trap 'exit 1' INT TERM

if [ "$was_enabled" = 0 ]; then
  switched=$("$P/audit" enable 1)
  [ "$switched" = ok ] || skip_all "the kernel refused to switch audit on: $switched"
fi
# Audit prints through printk_ratelimit (10 lines per 5 s); a denial makes
# about five records, so without this the later cases would lose theirs.
if [ -z "$old_ratelimit" ] || ! { echo 0 >"$ratelimit_file"; } 2>/dev/null; then
  skip_all "cannot lift the printk rate limit ($ratelimit_file), so records would be dropped"
fi

mkdir -p "$W/new" "$W/default" "$W/same" "$W/nolog" "$W/sentinel"
cp "$P/true" "$W/same/true" && cp "$P/true" "$W/nolog/true" || exit 1

# logged PATTERN: the kernel log holds a line with PATTERN (waits up to 5 s).
logged() {
  i=0
  while [ $i -lt 50 ]; do
    dmesg | grep -qF "$1" && return 0
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# check NAME WANT_RC CMD...: the command must exit WANT_RC (the denial happened).
check_run() {
  name=$1 want=$2
  shift 2
  "$@" >"$W/.out" 2>"$W/.err"
  got=$?
  [ "$got" = "$want" ] && return 0
  fail "$name" "exit $got, expected $want: $(cat "$W/.out" "$W/.err" | head -3)"
  return 1
}

# The executed command's denials: logged only with --log-denials.
ok_new=0 ok_default=0 ok_same=0 ok_nolog=0
check_run audit-log-denials-records-command-denial 1 "$L" --log-denials --ro / -- "$P/op" write "$W/new/f" && ok_new=1
check_run audit-default-omits-command-denial 1 "$L" --ro / -- "$P/op" write "$W/default/f" && ok_default=1
# The launcher's own denials (an exec it may not do: 126): logged unless --no-log.
check_run audit-default-records-launcher-denial 126 "$L" --ro "$W/new" -- "$W/same/true" && ok_same=1
check_run audit-no-log-omits-launcher-denial 126 "$L" --no-log --ro "$W/new" -- "$W/nolog/true" && ok_nolog=1
"$L" --log-denials --ro / -- "$P/op" write "$W/sentinel/f" >/dev/null 2>&1

# The log is read once, after the sentinel (or the wait for it) is over.
sentinel_seen=no
logged "path=\"$W/sentinel\"" && sentinel_seen=yes
# type=1423 is LANDLOCK_ACCESS, the denial itself.
dmesg | grep -F "type=1423 " >"$W/records"

# judge NAME RAN present|absent PATH [BLOCKERS]: the verdict on one case that
# ran as expected (RAN=1). present: a record on PATH matches the extended
# regular expression BLOCKERS; absent: no record at all on PATH.
judge() {
  [ "$2" = 1 ] || return 0
  if [ "$sentinel_seen" = no ]; then
    fail "$1" "no Landlock record reached the kernel log within 5 s, even with --log-denials"; return 0
  fi
  on_path=$(grep -F "path=\"$4\"" "$W/records")
  if [ "$3" = present ]; then
    if printf '%s\n' "$on_path" | grep -qE "$5"; then pass "$1"
    else fail "$1" "no record matching '$5' for $4"; fi
  elif [ -n "$on_path" ]; then fail "$1" "logged all the same: $on_path"
  else pass "$1"; fi
}
judge audit-log-denials-records-command-denial "$ok_new" present "$W/new" 'blockers=fs\.make_reg '
judge audit-default-omits-command-denial "$ok_default" absent "$W/default"
judge audit-default-records-launcher-denial "$ok_same" present "$W/same/true" 'blockers=fs\.execute[ ,]' # fs.execute,fs.read_file
judge audit-no-log-omits-launcher-denial "$ok_nolog" absent "$W/nolog/true"

restore
trap - EXIT
now=$("$P/audit" status)
if [ "${now%% *}" = "enabled=$was_enabled" ] && [ "$(cat "$ratelimit_file" 2>/dev/null)" = "$old_ratelimit" ]; then
  pass "audit-switch-restored"
else
  fail "audit-switch-restored" "audit is now '$now' (was enabled=$was_enabled), printk_ratelimit $(cat "$ratelimit_file" 2>/dev/null) (was $old_ratelimit)"
fi
