// The compiler's pure entry point: TOML text and options in, the launcher's
// argv (or diagnostics) out. No exec, no exit, no stdout: the CLI
// (main.cpp), the tests and the fuzzer all call this.
#pragma once
#include <string_view>
#include <vector>

#include "out/result.h"
#include "policy/options.h"

namespace llp {

CompileResult compile(const CompileOptions &options);

// The --set keys compile() understands.
const std::vector<std::string_view> &settable_keys();

}  // namespace llp
