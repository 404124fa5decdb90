#!/bin/sh
# CI step: every end-to-end suite on this machine's kernel (everything that is
# neither a unit suite nor a packaging one: launcher, compiler, docs examples,
# escapes, kernels matrix).
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "end-to-end suites"
run_suites '*' '*unit*' '7[0-9]-*'
