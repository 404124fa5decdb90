#!/bin/sh
# The compiler's folders are its pipeline (CONTRIBUTING.md, "Repository layout"):
#   base  host  policy  plan  out  compile.cpp  learn  main.cpp (and cli/, its front end)
# and, after them all, tools/: the build-only programs (tables.cpp).
# A file may include its own folder and the folders before it, never one
# after it: that is what lets a reader start at base/ and go forward.
# And the top folder holds only the driver and the front end (at most ten
# files), every other file living in the stage it belongs to.
set -u
# shellcheck source=tests/lib/report.sh
. "$LLR_ROOT/tests/lib/report.sh"
cd "$LLR_ROOT" || exit 1

# The rank of a compiler file by its place in the pipeline.
rank_of() {
  case $1 in
    compiler/base/*) echo 0 ;;
    compiler/host/*) echo 1 ;;
    compiler/policy/*) echo 2 ;;
    compiler/plan/*) echo 3 ;;
    compiler/out/*) echo 4 ;;
    compiler/learn/*) echo 6 ;;
    compiler/main.cpp) echo 7 ;;
    compiler/cli/*) echo 7 ;;
    compiler/tools/*) echo 8 ;;
    compiler/*/*) echo unknown ;;
    compiler/*) echo 5 ;;
    *) echo outside ;;
  esac
}

# A path with its ./ and dir/../ steps taken out.
normal_path() {
  echo "$1" | awk -F/ '{
    n = 0
    for (i = 1; i <= NF; i++) {
      if ($i == "." || $i == "") continue
      if ($i == ".." && n > 0) { n--; continue }
      part[++n] = $i
    }
    out = part[1]
    for (i = 2; i <= n; i++) out = out "/" part[i]
    print out
  }'
}

against=""
unknown=""
for file in $(git ls-files 'compiler/*.cpp' 'compiler/*.h'); do
  from=$(rank_of "$file")
  if [ "$from" = unknown ]; then
    unknown="$unknown $file"
    continue
  fi
  for included in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file"); do
    target=$(normal_path "$(dirname "$file")/$included")
    to=$(rank_of "$target")
    [ "$to" = outside ] && continue
    if [ "$to" = unknown ] || [ "$to" -gt "$from" ]; then
      against="$against $file->$target"
    fi
  done
done
if [ -n "$unknown" ]; then
  fail "layout.folders" "files in a folder that is not a pipeline stage:$unknown"
else
  pass "layout.folders"
fi
if [ -n "$against" ]; then
  fail "layout.includes-follow-pipeline" "includes that run against the pipeline:$against"
else
  pass "layout.includes-follow-pipeline"
fi

top=$(git ls-files 'compiler/*' | grep -c '^compiler/[^/]*$')
if [ "$top" -le 10 ]; then
  pass "layout.top-folder-small"
else
  fail "layout.top-folder-small" "$top files directly in compiler/ (at most 10)"
fi

# Small files with one job: none of the compiler's over 450 lines (the
# functions' own limit, 80 lines, is compiler/.clang-tidy's, suite 05).
large=""
for file in $(git ls-files 'compiler/*.cpp' 'compiler/*.h'); do
  lines=$(wc -l <"$file")
  [ "$lines" -gt 450 ] && large="$large $file($lines)"
done
if [ -z "$large" ]; then
  pass "layout.files-small"
else
  fail "layout.files-small" "over 450 lines:$large"
fi

# Only host/ touches the disk: plan/, out/, the pipeline (compile.cpp) and
# the front end (cli/) ask host/ (entry_at, kind_of, executable_by_me,
# make_beneath, is_terminal...), never stat, open or access a path
# themselves, nor include the headers those calls come from. (main.cpp,
# the driver, and learn/, which watches a run, are not held to it yet.)
disk=""
for file in $(git ls-files 'compiler/plan/*' 'compiler/out/*' 'compiler/compile.cpp' 'compiler/cli/*'); do
  found=$(grep -nE '(^|[^_[:alnum:].>:])(l|f)?stat(at)?\(|(^|[^_[:alnum:].>:])(open|openat|access|faccessat|opendir|readlink|readlinkat|mkdir|mkdirat)\(|#[[:space:]]*include[[:space:]]*<(sys/stat|fcntl|dirent|unistd)\.h>' "$file" |
    grep -vE '^[0-9]+:[[:space:]]*//')
  [ -n "$found" ] && disk="$disk $file:$(printf '%s' "$found" | head -n 1 | cut -d: -f1)"
done
if [ -z "$disk" ]; then
  pass "layout.only-host-touches-disk"
else
  fail "layout.only-host-touches-disk" "plan/, out/, compile.cpp or cli/ calls the disk itself (ask host/):$disk"
fi
