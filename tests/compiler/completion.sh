#!/bin/sh
# The shell completion (landlock-policy completion SHELL), run in the real
# shells: what bash, zsh and fish offer for a subcommand, an option, a mode,
# a launcher flag, a policy file and the command after --. The words
# expected come from the programs' own --help and messages (which print
# the tables), never from the completion code: a subcommand, option or flag
# added to a table and not offered fails here. Also: the scripts the build
# installs (make install, the packages) are the subcommand's bytes.
# Usage: completion.sh POLICY_BIN LAUNCHER
set -u
policy_bin=$1 launcher=$2
root=${LLR_ROOT:?}
# shellcheck source=tests/lib/report.sh
. "$root/tests/lib/report.sh"
# shellcheck source=tests/lib/testdir.sh
. "$root/tests/lib/testdir.sh"
REPORT_PREFIX="completion "
T=$(test_dir completion) || { fail setup "no test folder"; exit 1; }
trap 'rm -rf "$T"' EXIT

for shell in bash zsh fish; do
  if ! "$policy_bin" completion "$shell" >"$T/script.$shell" 2>"$T/err"; then
    fail "$shell.prints" "$(head -c 300 "$T/err")"
  elif ! cmp -s "$T/script.$shell" "${LLR_BUILD:?}/completion/landlock-policy.$shell"; then
    fail "$shell.installed-is-generated" "$LLR_BUILD/completion/landlock-policy.$shell differs from completion $shell"
  else
    pass "$shell.installed-is-generated"
  fi
done
"$policy_bin" completion tcsh >"$T/out" 2>&1
rc=$?
if [ "$rc" = 2 ] && grep -q 'expected bash, zsh or fish' "$T/out"; then pass "unknown-shell-refused"
else fail "unknown-shell-refused" "rc=$rc $(head -c 200 "$T/out")"; fi

# What the tables hold, as the programs print them.
subcommands=$("$policy_bin" --help | sed -n 's/^\(usage:\)\{0,1\} *landlock-policy \([a-z]*\) .*/\2/p')
modes=$("$policy_bin" argv --mode '?' 2>&1 | sed -n 's/.*expected //p' | sed 's/,//g; s/ or / /')
flags=$("$launcher" --help 2>&1 | sed -n 's/^ *\(--[a-z-]*\).*/\1/p')
# options_of SUB: the options its --help lists.
options_of() { "$policy_bin" "$1" --help | sed -n '/^Options:/,/^$/s/^  \(-[-a-z]*\).*/\1/p'; }
if [ "$(echo "$subcommands" | wc -w)" -ge 8 ] && [ -n "$modes" ] && [ "$(echo "$flags" | wc -w)" -ge 20 ]; then
  pass "tables-read"
else
  fail "tables-read" "subcommands=[$subcommands] modes=[$modes] flags=[$flags]"
fi
mkdir -p "$T/files/sub" && : >"$T/files/a.toml" && : >"$T/files/b.txt"

# Each shell's driver reads lines "COMMAND WORD..." (the last word is the
# one being completed, "" for an empty one) and prints one line per request:
# the words offered, space-separated.
cat >"$T/drive.bash" <<'BASH'
source "$1"
while IFS= read -r line; do
  eval "COMP_WORDS=($line)"
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  if [[ ${COMP_WORDS[0]} == landlock-run ]]; then _landlock_run; else _landlock_policy; fi
  echo "${COMPREPLY[*]}"
done
BASH
# zsh's completion builtins only work inside a completion widget: stand-ins
# that record what the script offers, filtered by PREFIX as zsh would.
cat >"$T/drive.zsh" <<'ZSH'
typeset -a reply_words
offer() { local w; for w in "$@"; do [[ $w == ${PREFIX}* ]] && reply_words+=("$w"); done; }
compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; offer "$@"; }
_describe() { local w; for w in "${(@P)${@[-1]}}"; do offer "${w%%:*}"; done; }
_files() { offer "<files $*>"; }
_parameters() { offer "<variables>"; }
_normal() { reply_words+=("<command ${words[CURRENT]}>"); }
compset() { PREFIX=${PREFIX#*=}; }
compdef() { print -r -- "compdef $*" >"$2"; }
source "$1"
while IFS= read -r line; do
  eval "words=($line)"
  CURRENT=${#words}
  PREFIX=${words[CURRENT]}
  service=${words[1]}
  reply_words=()
  _landlock-policy
  print -r -- "${reply_words[*]}"
done
ZSH
cat >"$T/drive.fish" <<'FISH'
source $argv[1]
while read -l line
    set line (string replace -r ' @EMPTY@$' ' ' -- $line)
    set -l got
    for c in (complete -C "$line")
        set -a got (string split -f1 \t -- $c)
    end
    echo "$got"
end
FISH

# ask SHELL LINE...: the shell's answers, one line per request (fish takes
# the command line as typed: the last word without its quotes, an empty one
# marked, since read drops a trailing space).
ask() {
  shell=$1
  shift
  : >"$T/requests"
  for line in "$@"; do
    if [ "$shell" = fish ]; then printf '%s\n' "$line" | sed "s/ ''\$/ @EMPTY@/; s/'//g" >>"$T/requests"
    else printf '%s\n' "$line" >>"$T/requests"; fi
  done
  case $shell in
    bash) (cd "$T/files" && bash --norc --noprofile "$T/drive.bash" "$T/script.bash" <"$T/requests") ;;
    zsh) (cd "$T/files" && zsh -f "$T/drive.zsh" "$T/script.zsh" <"$T/requests") ;;
    fish) (cd "$T/files" && fish --no-config "$T/drive.fish" "$T/script.fish" <"$T/requests") ;;
  esac
}

# offers SHELL NAME LINE WORD...: the answer to LINE holds every WORD.
offers() {
  shell=$1 name=$2 line=$3
  shift 3
  got=$(ask "$shell" "$line" 2>"$T/err")
  for want in "$@"; do
    case " $got " in
      *" $want "*) ;;
      *) fail "$shell.$name" "'$line' offered [$got], not $want $(head -c 200 "$T/err")"; return ;;
    esac
  done
  pass "$shell.$name"
}

# lacks SHELL NAME LINE WORD: the answer to LINE does not hold WORD.
lacks() {
  got=$(ask "$1" "$3" 2>/dev/null)
  case " $got " in
    *" $4 "*) fail "$1.$2" "'$3' offered $4: [$got]" ;;
    *) pass "$1.$2" ;;
  esac
}

# every SHELL NAME: each table row's word is offered where it belongs, in
# one run of the shell per kind.
every() {
  shell=$1
  requests=
  for sub in $subcommands; do requests="$requests|landlock-policy $sub"; done
  # shellcheck disable=SC2086 # split at | on purpose: one request each
  got=$(IFS='|'; set -f; ask "$shell" ${requests#|} 2>&1)
  missing=
  for sub in $subcommands; do echo "$got" | grep -qw -- "$sub" || missing="$missing $sub"; done
  if [ -z "$missing" ]; then pass "$shell.every-subcommand"; else fail "$shell.every-subcommand" "not offered:$missing"; fi
  missing=
  for sub in $subcommands; do
    for option in $(options_of "$sub"); do
      # fish offers a short option (-h) for a lone -, not for itself.
      typed=$option
      case $shell:$option in fish:-[!-]*) typed=- ;; esac
      got=$(ask "$shell" "landlock-policy $sub $typed" 2>&1)
      case " $got " in *" $option "*) ;; *) missing="$missing $sub:$option" ;; esac
    done
  done
  if [ -z "$missing" ]; then pass "$shell.every-option"; else fail "$shell.every-option" "not offered:$missing"; fi
  missing=
  for flag in $flags; do
    got=$(ask "$shell" "landlock-run $flag" 2>&1)
    case " $got " in *" $flag "*) ;; *) missing="$missing $flag" ;; esac
  done
  if [ -z "$missing" ]; then pass "$shell.every-launcher-flag"; else fail "$shell.every-launcher-flag" "not offered:$missing"; fi
}

# bash: registered for both commands, and what it offers.
out=$(bash --norc --noprofile -c 'source "$1"; complete -p landlock-policy landlock-run' sh "$T/script.bash" 2>&1)
if [ "$out" = "complete -F _landlock_policy landlock-policy
complete -F _landlock_run landlock-run" ]; then pass "bash.complete-p"; else fail "bash.complete-p" "$out"; fi

# The docs' lines (docs/policy-format.md, Shell completion), run as
# written, each in its own shell, with landlock-policy on PATH.
mkdir -p "$T/bin"
ln -s "$(cd "$(dirname "$policy_bin")" && pwd)/$(basename "$policy_bin")" "$T/bin/landlock-policy"
doc_line() {
  awk -v want="completion $1)" '/^```bash$/ { inside = 1; next } /^```/ { inside = 0 } inside && index($0, want) { print }' \
    "$root/docs/policy-format.md"
}
line=$(doc_line bash)
out=$(PATH="$T/bin:$PATH" bash --norc --noprofile -c "$line
complete -p landlock-policy" 2>&1)
if [ -n "$line" ] && [ "$out" = "complete -F _landlock_policy landlock-policy" ]; then pass "bash.docs-line"
else fail "bash.docs-line" "line '$line': $out"; fi
if command -v zsh >/dev/null; then
  line=$(doc_line zsh)
  out=$(PATH="$T/bin:$PATH" zsh -f -c "autoload -U compinit; compinit -u -D
$line
print -r -- \$_comps[landlock-policy]" 2>&1)
  if [ -n "$line" ] && [ -n "$out" ]; then pass "zsh.docs-line"; else fail "zsh.docs-line" "line '$line': $out"; fi
else
  skip "zsh.docs-line" "zsh is not installed (make deps)"
fi

for shell in bash zsh fish; do
  if ! command -v "$shell" >/dev/null; then
    skip "$shell" "$shell is not installed (make deps)"
    continue
  fi
  # shellcheck disable=SC2086 # the words are the table's, one per word
  offers "$shell" subcommand-ex "landlock-policy ex" exec explain
  # shellcheck disable=SC2086
  offers "$shell" mode-values "landlock-policy argv --mode ''" $modes
  offers "$shell" init-modes "landlock-policy init --mode ''" read-only workspace-write
  lacks "$shell" init-offers-no-danger "landlock-policy init --mode ''" danger-full-access
  offers "$shell" launcher-sc "landlock-run --sc" --scope --scope-try
  offers "$shell" scope-values "landlock-run --scope ''" abstract-unix signal
  offers "$shell" learn-way "landlock-policy learn --way ''" auto audit ptrace
  offers "$shell" set-keys "landlock-policy exec --set ''" workspace= mode= strict= launcher=
  offers "$shell" shells "landlock-policy completion ''" bash zsh fish
  lacks "$shell" learn-has-no-short "landlock-policy learn --sh" --short
  offers "$shell" exec-ask "landlock-policy exec --as" --ask
  lacks "$shell" argv-has-no-ask "landlock-policy argv --as" --ask
  every "$shell"
done

# Files and the command after --, where the shells differ.
offers bash policy-files "landlock-policy check ''" a.toml sub
lacks bash policy-files-only-toml "landlock-policy check ''" b.txt
offers bash format-equals "landlock-policy argv --format = js" json
offers bash command-after-dashdash "landlock-policy exec --mode read-only -- ech" echo
offers bash launcher-command "landlock-run --ro / -- ech" echo
offers bash launcher-path "landlock-run --ro ''" a.toml b.txt sub
if command -v zsh >/dev/null; then
  offers zsh policy-files "landlock-policy check ''" "<files -g *.toml>"
  offers zsh command-after-dashdash "landlock-policy exec --mode read-only -- ech" "<command ech>"
  offers zsh format-equals "landlock-policy argv --format=js" json
  if head -n 1 "$T/script.zsh" | grep -qx '#compdef landlock-policy landlock-run'; then pass "zsh.compdef-line"
  else fail "zsh.compdef-line" "$(head -n 1 "$T/script.zsh")"; fi
fi
if command -v fish >/dev/null; then
  offers fish policy-files "landlock-policy check ''" a.toml sub/
  lacks fish policy-files-only-toml "landlock-policy check ''" b.txt
  offers fish command-after-dashdash "landlock-run --ro / -- ech" echo
  offers fish format-equals "landlock-policy argv --format=js" --format=json
fi

# make install puts each script where its shell looks, under PREFIX/share.
dest=$T/destdir
if make -s -C "$root" BUILD="$LLR_BUILD" DESTDIR="$dest" PREFIX=/usr/local install >"$T/make.out" 2>&1; then
  bad=
  for f in bash-completion/completions/landlock-policy:bash bash-completion/completions/landlock-run:bash \
    zsh/site-functions/_landlock-policy:zsh fish/vendor_completions.d/landlock-policy.fish:fish \
    fish/vendor_completions.d/landlock-run.fish:fish; do
    cmp -s "$T/script.${f#*:}" "$dest/usr/local/share/${f%:*}" || bad="$bad ${f%:*}"
  done
  if [ -z "$bad" ]; then pass "make-install-places-every-script"; else fail "make-install-places-every-script" "missing or not the generated script:$bad"; fi
else
  fail "make-install-places-every-script" "make install failed: $(tail -c 300 "$T/make.out")"
fi
report_totals
