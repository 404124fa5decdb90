# shellcheck shell=bash
# shellcheck disable=SC2034 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# fs: writes, creates and deletes outside the --rw grants are denied with
# EACCES and leave the disk unchanged; the same inside --rw are allowed.
# op ARGS relative to a target dir: ro (readable grant) and out (no grant).
# Sourced by tests/escape/escape.sh (family "fs").

fs_ops=(
  "write:write @/new"       "append:append @/f"        "mkdir:mkdir @/newdir"
  "rmdir:rmdir @/empty"     "unlink:unlink @/f"        "mkfifo:mkfifo @/fifo"
  "symlink:symlink /etc/passwd @/sym" "mksock:mksock @/sock" "link-same-dir:link @/f @/f2"
  "rename-same-dir:rename @/f @/f2"   "mkdir-nested:mkdir @/sub/newdir" "write-nested:write @/sub/new"
)
for entry in "${fs_ops[@]}"; do
  name=${entry%%:*} spec=${entry#*:}
  for where in ro out; do
    if begin fs "deny-$name-in-$where" 1; then
      dir=$D/$where
      # shellcheck disable=SC2086
      set -- ${spec//@/$dir}
      sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
      denied EACCES
      for p in new newdir fifo sym sock f2 sub/newdir sub/new; do absent "$dir/$p"; done
      present "$dir/f"; content "$dir/f" orig; present "$dir/empty"
      end
    fi
  done
  if begin fs "allow-$name-in-rw" 1; then
    dir=$D/rw
    # shellcheck disable=SC2086
    set -- ${spec//@/$dir}
    sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" "$@"
    allowed
    case $name in
      write) content "$dir/new" x ;;       append) content "$dir/f" origx ;;
      mkdir) [ -d "$dir/newdir" ] || bad "no directory created" ;;
      rmdir) absent "$dir/empty" ;;         unlink) absent "$dir/f" ;;
      mkfifo) [ -p "$dir/fifo" ] || bad "no fifo created" ;;
      symlink) [ -L "$dir/sym" ] || bad "no symlink created" ;;
      mksock) [ -S "$dir/sock" ] || bad "no socket created" ;;
      link-same-dir) content "$dir/f2" orig; content "$dir/f" orig ;;
      rename-same-dir) content "$dir/f2" orig; absent "$dir/f" ;;
      mkdir-nested) [ -d "$dir/sub/newdir" ] || bad "no directory created" ;;
      write-nested) content "$dir/sub/new" x ;;
    esac
    end
  fi
done

if begin fs deny-mknod-char-in-ro 1 "MAKE_CHAR"; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" mknod-char "$D/ro/null"
  denied EACCES; absent "$D/ro/null"
  end
fi
if begin fs allow-mknod-char-in-rw-as-root 1 "MAKE_CHAR"; then
  if [ -z "$IS_ROOT" ]; then skip_scenario "needs root (CAP_MKNOD) to make a device node"; else
    out=$("$L" "${BASE[@]}" --rw "$D/rw" -- "$OP" mknod-char "$D/rw/null" 2>&1); rc=$?
    allowed; [ -c "$D/rw/null" ] || bad "no character device created"
    end
  fi
fi
if begin fs no-grant-denies-everything 1; then
  sb -- "$OP" write "$D/out/x"
  want_rc 126; absent "$D/out/x"  # not even the command itself may be executed
  end
fi
if begin fs no-grant-but-exec-denies-all-files 1; then
  sb "${BASE[@]}" -- "$OP" read /etc/passwd
  denied EACCES
  sb "${BASE[@]}" -- "$OP" readdir /
  denied EACCES
  sb "${BASE[@]}" -- "$OP" write /tmp/llr-escape-nowhere-$$
  denied EACCES; absent /tmp/llr-escape-nowhere-$$
  end
fi
if begin fs ro-dir-reads-but-does-not-write 1; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" read "$D/ro/sub/g"
  allowed
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" readdir "$D/ro/sub"
  allowed
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" read "$D/out/f"
  denied EACCES
  end
fi
if begin fs rw-file-grant-only-that-file 1; then
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" append "$D/rw/f"
  allowed; content "$D/rw/f" origx
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" write "$D/rw/sibling"
  denied EACCES; absent "$D/rw/sibling"
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" unlink "$D/rw/f"  # removal is a right of the directory
  denied EACCES; present "$D/rw/f"
  sb "${BASE[@]}" --rw "$D/rw/f" -- "$OP" read "$D/rw/sub/g"
  denied EACCES
  end
fi
if begin fs ro-file-grant-reads-only 1; then
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" read "$D/ro/f"
  allowed
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" append "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin fs exec-outside-grants-denied 1; then
  cp "$P/true" "$D/out/true"
  sb "${BASE[@]}" -- "$OP" exec "$D/out/true"
  denied EACCES
  sb "${BASE[@]}" --ro "$D/out" -- "$OP" exec "$D/out/true"
  want_out ""; want_rc 0
  sb "${BASE[@]}" -- "$D/out/true"  # the launcher's own exec: 126, not 127
  want_rc 126
  end
fi
if begin fs dotdot-out-of-grant 1; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" write "$D/rw/../out/x"
  denied EACCES; absent "$D/out/x"
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" write "$D/rw/sub/../../out/x"
  denied EACCES; absent "$D/out/x"
  end
fi
if begin fs relative-paths-from-cwd 1; then
  SB_CWD=$D/rw sb "${BASE[@]}" --rw . -- "$OP" write new
  allowed; content "$D/rw/new" x
  SB_CWD=$D/rw sb "${BASE[@]}" --rw . -- "$OP" write ../out/new
  denied EACCES; absent "$D/out/new"
  end
fi
