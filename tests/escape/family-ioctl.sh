# shellcheck shell=bash
# ioctl on devices (ABI 5), on a device opened inside the sandbox.
# Sourced by tests/escape/escape.sh (family "ioctl").

if begin ioctl dev-null-under-ro 5; then
  sb "${BASE[@]}" --ro /dev -- "$OP" ioctl-dev /dev/null
  denied EACCES
  sb "${BASE[@]}" --ro /dev/zero -- "$OP" ioctl-dev /dev/zero
  denied EACCES
  end
fi
if begin ioctl dev-under-rw 5; then
  sb "${BASE[@]}" --rw /dev/null -- "$OP" ioctl-dev /dev/null
  allowed  # ENOTTY: the ioctl reached the driver
  sb "${BASE[@]}" --ro / --rw /dev -- "$OP" ioctl-dev /dev/zero
  allowed
  end
fi
if begin ioctl ro-root-grant-covers-dev 5; then
  sb --ro / -- "$OP" ioctl-dev /dev/null
  denied EACCES
  end
fi
