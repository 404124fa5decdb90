# shellcheck shell=sh
# Where the tests keep what they hand landlock-policy as the user's own: the
# policy files, their `extends` files, the launcher. The compiler refuses
# such a file reached through /tmp, /dev/shm, ${TMPDIR} or the workspace
# (an earlier confined run could have rewritten it), or through a folder
# that is not the user's or root's, or that group or others may write
# without the sticky bit (as ssh checks its own files). So the tests' worlds
# live in a fresh folder under /var/tmp (root's, sticky), or under the build
# folder when /var/tmp will not do, made 0755 so that the test user (uid
# 65534 when the suites run as root) can traverse it.
#
#   dir=$(test_dir llr-hostile) || exit 1     a fresh folder; the caller removes it
#
# LLR_TEST_DIR_BASE, when set, is tried first.

# run_writable_base DIR: true when DIR lies in a folder every confined run
# may write (so the compiler would refuse what lies there).
run_writable_base() {
  real=$(cd "$1" 2>/dev/null && pwd -P) || return 0
  tmp_real=$(cd "${TMPDIR:-/tmp}" 2>/dev/null && pwd -P) || tmp_real=/tmp
  for area in /tmp /dev/shm "$tmp_real"; do
    case $real/ in "$area"/*) return 0 ;; esac
  done
  return 1
}

test_dir() {
  for base in "${LLR_TEST_DIR_BASE:-}" /var/tmp "${LLR_BUILD:-}"; do
    [ -n "$base" ] && [ -d "$base" ] || continue
    run_writable_base "$base" && continue
    made=$(mktemp -d "$base/$1.XXXXXX") || continue
    chmod 755 "$made" || continue
    echo "$made"
    return 0
  done
  echo "test_dir: no folder outside /tmp, /dev/shm and \${TMPDIR} to keep the tests' policies in (set LLR_TEST_DIR_BASE)" >&2
  return 1
}
