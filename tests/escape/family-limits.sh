# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# limits: what Landlock does not cover, pinned so the docs stay true
# (docs/landlock-limits.md). Each of these is ALLOWED by design of the kernel.
# Sourced by tests/escape/escape.sh (family "limits").

if begin limits stat-and-existence-visible 1; then
  sb "${BASE[@]}" -- "$OP" stat "$D/out/f"
  allowed
  sb "${BASE[@]}" -- "$OP" stat "$D/out/missing"
  denied ENOENT  # existence leaks: ENOENT vs ok, not EACCES
  sb "${BASE[@]}" -- "$OP" opath "$D/out/f"
  allowed  # O_PATH opens are not checked
  ln -s secret-target "$D/out/sym"
  sb "${BASE[@]}" -- "$OP" readlink "$D/out/sym"
  allowed
  end
fi
if begin limits metadata-changes-not-restricted 1; then
  touch -d 2001-01-01 "$D/out/f"
  sb "${BASE[@]}" -- "$OP" chmod "$D/out/f"
  allowed; [ "$(stat -c %a "$D/out/f")" = 600 ] || bad "mode is $(stat -c %a "$D/out/f"), the chmod did not land"
  sb "${BASE[@]}" -- "$OP" chown "$D/out/f"
  allowed
  sb "${BASE[@]}" -- "$OP" utime "$D/out/f"
  allowed; [ "$(stat -c %Y "$D/out/f")" -gt 1000000000 ] || bad "mtime unchanged"
  [ "$(date -d @"$(stat -c %Y "$D/out/f")" +%Y)" != 2001 ] || bad "utime did not land"
  sb "${BASE[@]}" -- "$OP" setxattr "$D/out/f"
  if [ "$out" = EOPNOTSUPP ]; then :; else
    allowed; run_as "$OP" getxattr "$D/out/f"; [ "$out" = ok ] || bad "the xattr did not land"
  fi
  content "$D/out/f" orig  # the content itself stays protected
  end
fi
if begin limits pathname-unix-socket-before-abi-9 1; then
  bg_start "$D/unix" "$OP" unix-listen "$D/out/sock"; lst=$bg_pid
  if ! wait_ready "$D/unix.out"; then skip_scenario "could not listen on $D/out/sock"; else
    sb "${BASE[@]}" -- "$OP" unix-connect "$D/out/sock"
    if [ "$KABI" -ge 9 ]; then denied EACCES; else allowed; fi  # ABI 9: only --connect-unix reaches it
    end
  fi
  bg_stop "$lst"
fi
if begin limits already-open-fds-with-keep-fds 1; then
  3>>"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" write-fd 3
  allowed; content "$D/out/f" origx  # Landlock checks at open time only
  3<"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" read-fd 3
  allowed
  end
fi
if begin limits stdio-fds-are-inherited 1; then
  (cd "$D" && "${AS[@]}" "$L" "${BASE[@]}" -- "$OP" stat / >"$D/out/stdout" 2>&1 </dev/null)
  content "$D/out/stdout" ok  # fds 0-2 are the caller's: output lands outside every grant
  end
fi
if begin limits inherited-fd-ftruncate 3; then
  3>>"$D/out/f" sb "${BASE[@]}" --keep-fds -- "$OP" ftruncate-fd 3
  allowed; content "$D/out/f" ""  # TRUNCATE is checked when the file is opened
  end
fi
if begin limits inherited-device-fd-ioctl 5; then
  3</dev/null sb "${BASE[@]}" --keep-fds -- "$OP" ioctl-fd 3
  allowed  # IOCTL_DEV is checked on fds opened inside the sandbox only
  end
fi
if begin limits ioctl-on-regular-files 5; then
  sb "${BASE[@]}" --ro "$D/ro" -- "$OP" ioctl-dev "$D/ro/f"
  allowed  # IOCTL_DEV governs device files only
  end
fi
if begin limits fd-passed-over-unix-socket 1; then
  # An unconfined process that the sandbox can reach hands it an fd of a file
  # outside every grant: the fd works (rights were checked when IT opened it).
  bg_start "$D/fdserver" "$OP" fd-serve "$D/rw/sock" "$D/out/f"; srv=$bg_pid
  if ! wait_ready "$D/fdserver.out"; then skip_scenario "could not listen on $D/rw/sock"; else
    sb "${BASE[@]}" --rw "$D/rw" --connect-unix "$D/rw/sock" -- "$OP" fd-recv-write "$D/rw/sock"  # ABI 9: a socket it may reach
    allowed; content "$D/out/f" origx
    end
  fi
  bg_stop "$srv"
fi
if begin limits memfd-exec 1; then
  # Execute is governed for files in the tree; a program copied into a memfd
  # (or downloaded into one) runs, with no --rw grant at all.
  cp "$P/escape-proc" "$D/out/prog"
  sb "${BASE[@]}" -- "$OP" exec "$D/out/prog" pid
  denied EACCES  # the file itself: denied
  sb "${BASE[@]}" -- "$OP" memfd-exec "$P/escape-proc" pid
  case "$out" in [0-9]*) want_rc 0 ;; *) bad "the memfd program did not run: '$out' (exit $rc)" ;; esac
  end
fi
if begin limits ro-inside-rw-is-writable 1; then
  # Rights add up along the path and there is no deny rule: a --ro grant
  # beneath a --rw grant takes nothing away (landlock-policy refuses it).
  sb "${BASE[@]}" --rw "$D/rw" --ro "$D/rw/sub" -- "$OP" append "$D/rw/sub/g"
  allowed; content "$D/rw/sub/g" origx
  end
fi
if begin limits hard-link-made-before 1; then
  ln "$D/out/f" "$D/rw/alias"  # outside the sandbox, before it starts
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" append "$D/rw/alias"
  allowed; content "$D/out/f" origx  # rules follow paths, not inodes
  end
fi
if begin limits udp-not-restricted 4; then
  sb "${BASE[@]}" --restrict-tcp -- "$OP" udp-bind $((port + 4))
  allowed_bind
  sb "${BASE[@]}" --restrict-tcp -- "$OP" udp-send $((port + 5))
  allowed
  end
fi
if begin limits tcp-unrestricted-without-tcp-flags 4; then
  sb "${BASE[@]}" -- "$OP" bind $((port + 6))
  allowed_bind
  end
fi
if begin limits signals-and-abstract-sockets-without-scope 1; then
  bg_start "$D/victim" sleep 30; victim=$bg_pid
  name=llr-escape-$$-$SEQ
  bg_start "$D/abstract" "$OP" abstract-listen "$name"; lst=$bg_pid
  sb "${BASE[@]}" -- "$OP" kill "$victim"
  allowed
  if wait_ready "$D/abstract.out"; then
    sb "${BASE[@]}" -- "$OP" abstract-connect "$name"
    allowed
  else bad "could not listen on abstract @$name"; fi
  bg_stop "$victim"; bg_stop "$lst"
  end
fi
