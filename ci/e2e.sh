#!/bin/sh
# CI step: every end-to-end suite on this machine's kernel (everything that is
# neither a unit suite nor a packaging one: launcher, compiler, docs examples,
# escapes, kernels matrix).
. "$(dirname "$0")/lib.sh"
step "end-to-end suites"
all=$(suites '*')
e2e=
for s in $all; do
  case $(basename "$s") in *unit*|7[0-9]-*) ;; *) e2e="$e2e $s" ;; esac
done
run_suites $e2e
