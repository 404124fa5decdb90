# shellcheck shell=bash
# truncate (ABI 3).
# Sourced by tests/escape/escape.sh (family "truncate").

if begin truncate truncate-ro-file 3; then
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" truncate "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate otrunc-ro-file 3; then
  sb "${BASE[@]}" --ro "$D/ro" --rw "$D/rw" -- "$OP" otrunc "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate truncate-outside-file 3; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" truncate "$D/out/f"
  denied EACCES; content "$D/out/f" orig
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" otrunc "$D/out/f"
  denied EACCES; content "$D/out/f" orig
  end
fi
if begin truncate ro-file-grant 3; then
  sb "${BASE[@]}" --ro "$D/ro/f" -- "$OP" truncate "$D/ro/f"
  denied EACCES; content "$D/ro/f" orig
  end
fi
if begin truncate allowed-under-rw 3; then
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" truncate "$D/rw/f"
  allowed; content "$D/rw/f" ""
  sb "${BASE[@]}" --rw "$D/rw" -- "$OP" otrunc "$D/rw/sub/g"
  allowed; content "$D/rw/sub/g" ""
  sb "${BASE[@]}" --rw "$D/rw2/f" -- "$OP" truncate "$D/rw2/f"
  allowed; content "$D/rw2/f" ""
  end
fi
