#!/bin/sh
# CI step: build everything `make all` builds, with the warnings as errors
# (the Makefile's -Werror), then print the launcher's audit.
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
step "build ($BUILD)"
make -s BUILD="$BUILD" all
make -s BUILD="$BUILD" audit
