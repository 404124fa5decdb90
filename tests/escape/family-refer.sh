# shellcheck shell=bash
# refer: rename and hard link across grants (LANDLOCK_ACCESS_FS_REFER).
# Refused with EACCES or EXDEV (the kernel says EXDEV when only REFER, or the
# "the file would gain rights" rule, stops it), and both sides are unchanged.
# Sourced by tests/escape/escape.sh (family "refer").

refer_unchanged() {
  content "$D/ro/f" orig; content "$D/rw/f" orig; content "$D/out/f" orig
  for p in ro/moved rw/moved out/moved rw/link ro/link out/link; do absent "$D/$p"; done
}
refer_case() {  # refer_case NAME WANT OP A B
  if begin refer "$1" 2; then
    local want=$2; shift 2
    sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
    # shellcheck disable=SC2086 # $want is a list of errno names
    refused $want; refer_unchanged
    end
  fi
}
refer_case move-out-of-ro EACCES rename "$D/ro/f" "$D/rw/moved"
refer_case move-into-ro EACCES rename "$D/rw/f" "$D/ro/moved"
refer_case move-out-of-all-grants EACCES rename "$D/out/f" "$D/rw/moved"
refer_case move-into-no-grant EACCES rename "$D/rw/f" "$D/out/moved"
refer_case link-ro-file-into-rw "EXDEV EACCES" link "$D/ro/f" "$D/rw/link"
refer_case link-outside-file-into-rw "EXDEV EACCES" link "$D/out/f" "$D/rw/link"
refer_case link-rw-file-into-ro EACCES link "$D/rw/f" "$D/ro/link"
refer_case exchange-ro-rw EACCES exchange "$D/ro/f" "$D/rw/f"
refer_case exchange-rw-out EACCES exchange "$D/rw/f" "$D/out/f"
refer_case move-dir-out-of-ro EACCES rename "$D/ro/sub" "$D/rw/moved"
if begin refer allow-between-equal-rw-grants 2; then
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" rename "$D/rw/f" "$D/rw2/moved"
  allowed; absent "$D/rw/f"; content "$D/rw2/moved" orig
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" link "$D/rw2/f" "$D/rw/link"
  allowed; content "$D/rw/link" orig
  sb "${BASE[@]}" --rw "$D/rw" --rw "$D/rw2" -- "$OP" exchange "$D/rw/link" "$D/rw2/moved"
  allowed
  end
fi
if begin refer exchange-with-ro-parent-of-rw 2; then
  # rw nested inside a --ro tree: moving rw/f up into the read-only parent is refused.
  mkdir "$D/ro/inner"; printf orig >"$D/ro/inner/f"; [ -n "$IS_ROOT" ] && chown -R "$TEST_UID" "$D/ro/inner"
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/ro/inner" -- "$OP" rename "$D/ro/inner/f" "$D/ro/up"
  denied EACCES; absent "$D/ro/up"; content "$D/ro/inner/f" orig
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/ro/inner" -- "$OP" exchange "$D/ro/inner/f" "$D/ro/f"
  denied EACCES; content "$D/ro/inner/f" orig; content "$D/ro/f" orig
  end
fi
