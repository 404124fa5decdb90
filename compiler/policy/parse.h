// Parsing: the TOML text of one loaded file into its layers (the top
// level and each [profiles.NAME]), and the rule by which layers merge.
#pragma once
#include "../base/diag.h"
#include "policy.h"

namespace llp {

// Parses the TOML text of sources.file(file) into layers. Every problem is
// a diagnostic; false when the file could not be read as TOML at all.
bool parse_policy(const Sources &sources, int file, Diagnostics &diags, FileLayers &out);

// Appends lists and overrides scalars: the merging rule of extends and profiles.
void merge_layer(Layer &into, const Layer &from);

}  // namespace llp
