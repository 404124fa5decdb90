// Prose for humans: `explain` (every grant, its resolved path, rights and
// origin; what is hidden and what that costs; what was dropped and why) and
// `why PATH` (which grant covers PATH, or why none does).
#pragma once
#include <string>

#include "../plan/cover.h"
#include "result.h"

namespace llp {

std::string explain(const CompileResult &result);
// `explain --short`: a few lines, one each for the mode, what is writable,
// the outputs, what is hidden, the network and the scopes (explain_short.cpp).
std::string explain_short(const CompileResult &result);

std::string why(const CompileResult &result, const std::string &path, bool write);

// "443, 8000-8010" for a sorted port list.
std::string port_ranges(const std::vector<long> &ports);

}  // namespace llp
