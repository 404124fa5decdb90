// A denial as learn's ptrace way records it, and a run of a mode's policy
// to learn from, for the learn unit tests that feed denials directly
// (compiler_learn_test.cpp, compiler_learn_escalate_test.cpp, compiler_ask_test.cpp).
#pragma once
#include <cerrno>
#include <cstdint>
#include <string>

#include "../../compiler/learn/learn_report.h"
#include "../../compiler/learn/learn_trace.h"
#include "fixture.h"

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

// A run of a policy holding only mode, in a tree with .git in the
// workspace and a tool's cache folder in the home.
struct LearnRun {
  Tree t;
  std::string policy;
  llp::CompileResult r;
  llp::LearnOptions o;
  explicit LearnRun(const std::string &mode) : policy("version = 1\nmode = \"" + mode + "\"\n") {
    t.dir("/ws/.git");
    t.dir("/ws/.git/hooks");
    t.dir("/home/.cache");
    t.dir("/home/.cache/tool");
    r = t.compile(policy);
    o.policy_file = "<stdin>";
    o.policy_is_file = false;
    o.home = t.path("/home");
    o.compile_text = [this](const std::string &name, const std::string &text) {
      llp::CompileOptions c = t.options(text);
      c.policy_name = name;
      return llp::compile(c);
    };
    o.compile_in_mode = [this](const std::string &in_mode) {
      llp::CompileOptions c = t.options(policy);
      c.sets.emplace_back("mode", in_mode);
      return llp::compile(c);
    };
  }
};

}  // namespace llp_test
