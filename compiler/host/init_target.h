// Where `landlock-policy init` writes its starter policy (out/starter.h).
#pragma once
#include <map>
#include <string>

namespace llp {

// Where `init` writes: a NAME (no slash) goes to
// ~/.config/landlock-policy/NAME.toml, outside every folder a mode makes
// writable; a FILE (with a slash) where it says, unless it lies inside the
// workspace (the current folder, the default), ${TMPDIR}, /tmp or /dev/shm.
// "" with why set when it is refused.
std::string init_target(const std::string &cwd, const std::map<std::string, std::string> &env, const std::string &arg,
                        std::string &why);

}  // namespace llp
