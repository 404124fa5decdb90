#!/bin/sh
# The CI integrations: the GitHub composite action and the GitLab template
# against the release tarball (tests/integrations/integrations.sh).
exec sh "$LLR_ROOT/tests/integrations/integrations.sh"
