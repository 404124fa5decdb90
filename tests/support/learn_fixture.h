// A denial as learn's ptrace way records it, for the learn unit tests that
// feed denials directly (compiler_learn_test.cpp, compiler_learn_escalate_test.cpp).
#pragma once
#include <cerrno>
#include <cstdint>
#include <string>

#include "../../compiler/learn/learn_trace.h"

namespace llp_test {

// call on path failed with error (the sandbox's EACCES unless said), by /usr/bin/tool.
inline llp::TracedDenial traced(llp::learn_arch::Call call, const std::string &path, int error = EACCES,
                                uint64_t flags = 0) {
  llp::TracedDenial d;
  d.call = call;
  d.error = error;
  d.path = path;
  d.flags = flags;
  d.program = "/usr/bin/tool";
  return d;
}

}  // namespace llp_test
