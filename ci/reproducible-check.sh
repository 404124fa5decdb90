#!/bin/sh
# CI step: two clean clones of HEAD, two directories, two times: every binary
# and package must be byte-identical.
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "reproducible-check"
make -s BUILD="$BUILD" reproducible-check
