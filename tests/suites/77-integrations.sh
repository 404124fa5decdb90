#!/bin/sh
# The CI integrations: the GitHub composite action and the GitLab template
# against the release tarball (tests/integrations/integrations.sh), and
# both against a confined command that rewrites the scripts and binaries
# they leave around it (tests/integrations/rewrite.sh); the examples of
# docs/ci.md and the template, run as written (tests/integrations/examples.sh).
# needs: packaging
sh "$LLR_ROOT/tests/integrations/integrations.sh"
a=$?
sh "$LLR_ROOT/tests/integrations/rewrite.sh"
b=$?
sh "$LLR_ROOT/tests/integrations/examples.sh"
c=$?
[ "$a" = 0 ] && [ "$b" = 0 ] && [ "$c" = 0 ]
