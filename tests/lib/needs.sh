# shellcheck shell=sh
# The preamble the compiler's end-to-end scripts share: what they need of
# this machine, each a SKIP of the whole script (with the reason) when it is
# missing, never a silent pass. Source after tests/lib/report.sh and set
# REPORT_PREFIX first: the SKIP line is "<prefix>all: REASON".
#
#   need_landlock LAUNCHER   the kernel enforces Landlock (LAUNCHER --probe)
#   need_git                 git is installed (a carved workspace is a repository)

need_landlock() {
  needs_probe=$("$1" --probe 2>&1)
  case $needs_probe in
    *" enforcement=full "* | *" enforcement=partial "*) return 0 ;;
  esac
  skip all "Landlock does not enforce on this kernel ($needs_probe)"
  exit 0
}

need_git() {
  command -v git >/dev/null && return 0
  skip all "git is not installed (make deps installs it)"
  exit 0
}
