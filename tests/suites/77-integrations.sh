#!/bin/sh
# The CI integrations: the GitHub composite action and the GitLab template
# against the release tarball (tests/integrations/integrations.sh), and
# both against a confined command that rewrites the scripts and binaries
# they leave around it (tests/integrations/rewrite.sh).
sh "$LLR_ROOT/tests/integrations/integrations.sh"
a=$?
sh "$LLR_ROOT/tests/integrations/rewrite.sh"
b=$?
[ "$a" = 0 ] && [ "$b" = 0 ]
