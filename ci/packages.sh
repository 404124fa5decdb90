#!/bin/sh
# CI step: build the release tarball, the .deb and the npm packages, then run
# their suites (packed npm install, dpkg -x install, lintian, tarball checks).
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "packages"
make -s BUILD="$BUILD" dist deb npm
run_suites '7[0-9]-*'
