// Parsing: the TOML text of one loaded file into its layers (the top
// level and each [profiles.NAME]); the keys are the schema's (schema.h).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "../base/diag.h"
#include "policy.h"

namespace llp {

// Parses the TOML text of sources.file(file) into layers. Every problem is
// a diagnostic; false when the file could not be read as TOML at all.
bool parse_policy(const Sources &sources, int file, Diagnostics &diags, FileLayers &out);

// What `exec --ask` adds to the call's policy for its one retry (the
// escalation learn computed): entries for the top level's lists.
struct PolicyAdditions {
  std::vector<std::string> outputs, rw, ro;  // outputs relative to the workspace; grants absolute
  std::vector<long> connect, bind;           // [network] ports
};

// text with add's entries appended to its top-level lists (outputs, rw, ro,
// [network] connect and bind: lists append, as a later file's would),
// written out again by toml++ (comments are lost: the text is compiled for
// one run, never saved). "" with why when text is not valid TOML or a key
// to extend is not a list (a table).
std::string policy_with(std::string_view text, const PolicyAdditions &add, std::string &why);

}  // namespace llp
