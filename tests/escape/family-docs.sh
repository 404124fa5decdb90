# shellcheck shell=bash
# shellcheck disable=SC2154 # out, err, rc, bg_pid and port are lib.sh's; here is escape.sh's
# docs: docs/landlock-limits.md cites only scenarios that exist, and every
# "limits" scenario is cited there (so no limit is tested but left unsaid).
# Sourced by tests/escape/escape.sh (family "docs").

doc=$here/../../docs/landlock-limits.md
if begin docs limits-page-matches-suite 0; then
  if [ ! -f "$doc" ]; then bad "$doc is missing"; else
    # shellcheck disable=SC2013 # the names are words
    for cited in $(grep -o 'escape\.[a-z]*\.[a-z0-9-]*[a-z0-9*]' "$doc" | sort -u); do
      case $cited in
        *'*') prefix=${cited%\*}
              printf '%s\n' "${NAMES[@]}" | grep -q "^${prefix//./\\.}" || bad "the page cites $cited: no such scenario" ;;
        *) printf '%s\n' "${NAMES[@]}" | grep -qx "${cited//./\\.}" || bad "the page cites $cited: no such scenario" ;;
      esac
    done
    for name in "${NAMES[@]}"; do
      case $name in escape.limits.*) grep -qwF "$name" "$doc" || bad "$name is not explained on the page" ;; esac
    done
  fi
  end
fi
