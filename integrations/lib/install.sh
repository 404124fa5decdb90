#!/bin/sh
# install.sh: installs landlock-run and landlock-policy from a release
# tarball for a CI job, and refuses a tarball whose SHA-256 is not the one
# the job was given. Plain POSIX sh; used by integrations/github/action.yml
# and integrations/gitlab/landlock.gitlab-ci.yml, tested by
# tests/suites/77-integrations.sh.
#
# Environment (the action's inputs):
#   LLR_TARBALL      path, file:// or https:// URL of
#                    landlock-run-VERSION-x86_64-linux-musl.tar.gz (required)
#   LLR_SHA256       the tarball's SHA-256, 64 hex digits, or
#   LLR_SHA256SUMS   path or URL of a SHA256SUMS file that lists the tarball
#                    by its file name; one of the two is required
#   LLR_HOME         where to install (default: $RUNNER_TEMP/landlock-run,
#                    else $HOME/.local/lib/landlock-run). The binaries run
#                    unconfined and the pipeline's policy is written there,
#                    so the confined command must not be able to write it:
#                    it is refused inside the workspace, /tmp, $TMPDIR or
#                    /dev/shm (writable in workspace-write), or below a
#                    folder owned by another user or writable by others
#                    without the sticky bit
# On success: LLR_HOME/bin holds both binaries; with GITHUB_PATH and
# GITHUB_ENV set (a GitHub runner), the bin folder is added to PATH and
# LLR_HOME exported for the next steps; the last line on stdout is always
# LLR_HOME=... (for GitLab, which has no such files).
set -eu

die() { echo "landlock-run install: $*" >&2; exit 1; }

# fetch SRC DEST: a path, a file:// URL or an http(s) URL (curl, else wget).
fetch() {
  case $1 in
    http://*) die "refusing a plain http URL: $1 (use https)" ;;
    https://*)
      if command -v curl >/dev/null; then curl --proto '=https' -fsSL -o "$2" -- "$1"
      elif command -v wget >/dev/null; then wget -q -O "$2" -- "$1"
      else die "neither curl nor wget is installed to fetch $1"; fi ;;
    file://*) cp -- "${1#file://}" "$2" ;;
    *://*) die "unsupported URL scheme: $1" ;;
    *) cp -- "$1" "$2" ;;
  esac || die "cannot fetch $1"
}

# check_install_folder DIR: DIR (its real path) lies outside every folder a
# mode makes writable, and no folder on its way is another user's or
# writable by others without the sticky bit (the rule ssh applies to its
# own files): else a confined command, or a process an earlier run left,
# could replace what this job later runs unconfined.
check_install_folder() {
  real=$(cd "$1" && pwd -P) || die "cannot enter $1"
  for writable in /tmp "${TMPDIR:-}" /dev/shm "${LLR_WORKSPACE:-}" "${GITHUB_WORKSPACE:-}" "${CI_PROJECT_DIR:-}"; do
    [ -n "$writable" ] && [ -d "$writable" ] || continue
    writable=$(cd "$writable" && pwd -P) || continue
    case $real/ in
      "${writable%/}"/*) die "LLR_HOME $real lies in $writable, which a confined command may write: install elsewhere (a folder of your own outside the workspace and the temp folders)" ;;
    esac
  done
  me=$(id -u)
  folder=$real
  while :; do
    owner=$(stat -c %u "$folder") && mode=$(stat -c %a "$folder") || die "cannot stat $folder"
    [ "$owner" = "$me" ] || [ "$owner" = 0 ] || die "LLR_HOME $real lies below $folder, owned by uid $owner: install in a folder of your own"
    if [ $((0$mode & 2)) -ne 0 ] && [ $((0$mode & 512)) -eq 0 ]; then
      die "LLR_HOME $real lies below $folder, writable by others: install in a folder of your own"
    fi
    [ "$folder" != / ] || break
    folder=$(dirname "$folder")
  done
}

[ -n "${LLR_TARBALL:-}" ] || die "LLR_TARBALL (the release tarball's path or URL) is required"
name=$(basename "${LLR_TARBALL%%[?#]*}")
case $name in
  landlock-run-*-x86_64-linux-musl.tar.gz) ;;
  *) die "$name: expected landlock-run-VERSION-x86_64-linux-musl.tar.gz" ;;
esac
[ "$(uname -m)" = x86_64 ] || die "this tarball is for x86_64; the runner is $(uname -m)"
top=${name%.tar.gz}

home=${LLR_HOME:-}
if [ -z "$home" ]; then
  if [ -n "${RUNNER_TEMP:-}" ]; then home=$RUNNER_TEMP/landlock-run
  else home=${HOME:?}/.local/lib/landlock-run; fi
fi
case $home in /*) ;; *) die "LLR_HOME must be an absolute path: $home" ;; esac
mkdir -p "$home" && chmod 0700 "$home"
check_install_folder "$home"
dl=$home/download
rm -rf "$dl" && mkdir -p "$dl"
fetch "$LLR_TARBALL" "$dl/$name"

# The expected digest: given, or the tarball's line of a SHA256SUMS file.
want=${LLR_SHA256:-}
if [ -z "$want" ] && [ -n "${LLR_SHA256SUMS:-}" ]; then
  fetch "$LLR_SHA256SUMS" "$dl/SHA256SUMS"
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1; exit }' "$dl/SHA256SUMS")
  [ -n "$want" ] || die "$LLR_SHA256SUMS does not list $name"
fi
[ -n "$want" ] || die "LLR_SHA256 or LLR_SHA256SUMS is required: an unverified tarball is never installed"
want=$(printf '%s' "$want" | tr 'A-F' 'a-f')
case $want in
  *[!0-9a-f]*) die "the expected SHA-256 is not hex: $want" ;;
esac
[ ${#want} -eq 64 ] || die "the expected SHA-256 is not 64 hex digits: $want"
got=$(sha256sum "$dl/$name" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
  rm -f "$dl/$name"
  die "SHA-256 mismatch for $name: got $got, expected $want; refusing to install"
fi

# Verified: unpack it, then check it is whole (its own SHA256SUMS) and that
# the two binaries belong together (the compiler pins the launcher source).
rm -rf "${home:?}/$top" && mkdir -p "$home/$top"
tar -xzof "$dl/$name" -C "$home" "$top" || die "cannot unpack $name"
(cd "$home/$top" && sha256sum -c SHA256SUMS) >/dev/null || die "$name: its SHA256SUMS does not verify"
bin=$home/$top/bin
run_sha=$("$bin/landlock-run" --version | sed -n 's/.* source-sha256=\([0-9a-f]*\)$/\1/p')
policy_sha=$("$bin/landlock-policy" --version | sed -n 's/.* launcher-source-sha256=\([0-9a-f]*\)$/\1/p')
[ -n "$run_sha" ] && [ "$run_sha" = "$policy_sha" ] || die "$name: landlock-run and landlock-policy were not built together"
rm -rf "$dl"

if [ -n "${GITHUB_PATH:-}" ]; then echo "$bin" >>"$GITHUB_PATH"; fi
if [ -n "${GITHUB_ENV:-}" ]; then echo "LLR_HOME=$home/$top" >>"$GITHUB_ENV"; fi
echo "landlock-run install: $("$bin/landlock-run" --version) in $bin" >&2
echo "LLR_HOME=$home/$top"
