// Parsing: the TOML text of one loaded file into its layers (the top
// level and each [profiles.NAME]); the keys are the schema's (schema.h).
#pragma once
#include "../base/diag.h"
#include "policy.h"

namespace llp {

// Parses the TOML text of sources.file(file) into layers. Every problem is
// a diagnostic; false when the file could not be read as TOML at all.
bool parse_policy(const Sources &sources, int file, Diagnostics &diags, FileLayers &out);

}  // namespace llp
