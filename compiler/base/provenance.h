// Provenance: who wrote a policy file, and so every layer, entry, grant,
// output, hidden path and env rule that comes from it. One vocabulary from
// loading to explain: the user's own files, or the project's.
#pragma once

namespace llp {

// User: a file named on the command line, its text on standard input, a
// preset, or a file it extends reached only through folders no confined run
// can write. Project: the file `project` names, or any file reached through
// the workspace, ${TMPDIR}, /tmp or /dev/shm (the repository's, or an
// earlier run's): it may only narrow what the user's files grant.
enum class Provenance { User, Project };

}  // namespace llp
