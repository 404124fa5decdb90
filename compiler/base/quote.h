// Every way the compiler quotes a value for another reader, in one place:
// a POSIX shell, JSON, TOML and GitHub's workflow commands. Each is exact
// for its reader whatever the bytes; printable() (text.h) is the other
// half, for what a terminal shows.
#pragma once
#include <string>
#include <string_view>

namespace llp {

// One POSIX shell word: bare when every byte is safe, else single-quoted.
std::string shell_quote(std::string_view arg);
// Always single-quoted: ' becomes '\''.
std::string single_quote(std::string_view arg);

// A JSON string with its quotes: " \ and control bytes escaped; false when
// s is not UTF-8 (JSON cannot hold it).
bool json_string(std::string_view s, std::string &out);

// A TOML basic string with its quotes; false when s is not UTF-8.
bool toml_string(std::string_view s, std::string &out);

// A workflow command's message: % \r \n as %25 %0D %0A.
std::string github_escape_data(std::string_view s);
// A workflow command's property value: the same, and : , as %3A %2C.
std::string github_escape_property(std::string_view s);

}  // namespace llp
