# shellcheck shell=sh
# The preamble the compiler's end-to-end scripts share: what they need of
# this machine, each a SKIP of the whole script (with the reason) when it is
# missing, never a silent pass. Source after tests/lib/report.sh and set
# REPORT_PREFIX first: the SKIP line is "<prefix>all: REASON".
#
#   need_landlock LAUNCHER   the kernel enforces Landlock (LAUNCHER --probe)
#   need_git                 git is installed (a carved workspace is a repository)
#   has NAME FILE TEXT       PASS when FILE holds TEXT, else FAIL showing FILE
#   hasnt NAME FILE TEXT     the reverse

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

has() { if grep -qF -- "$3" "$2"; then pass "$1"; else fail "$1" "no '$3' in: $(head -c 1500 "$2" | tr '\n' '|')"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then fail "$1" "'$3' in: $(head -c 1500 "$2" | tr '\n' '|')"; else pass "$1"; fi; }
