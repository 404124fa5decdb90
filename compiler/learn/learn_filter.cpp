#include "learn_filter.h"

#include <cerrno>
#include <cstddef>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/syscall.h>

#include "learn_arch.h"

namespace llp {

using learn_arch::Call;

std::vector<sock_filter> watch_filter() {
  // Jump targets, resolved once the returns at the end are placed.
  enum Target : int { Next = 0, Allow = -1, Trace = -2, NoSys = -3, Refuse = -4 };
  struct Step {
    sock_filter code;
    int jt = Next;
    int jf = Next;
  };
  std::vector<Step> steps;
  auto load = [&](uint32_t offset) { steps.push_back({BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset)}); };
  auto jump = [&](uint16_t how, uint32_t k, int jt, int jf) {
    steps.push_back({BPF_JUMP(BPF_JMP | how | BPF_K, k, 0, 0), jt, jf});
  };
  auto guard_clone = [&](uint32_t clone_nr, uint32_t clone3_nr) {
    jump(BPF_JEQ, clone3_nr, NoSys, Next);
    jump(BPF_JEQ, clone_nr, Next, 2);       // not clone: past the flags' check
    load(offsetof(seccomp_data, args[0]));  // the flags, in both ABIs; CLONE_UNTRACED is in the low word
    jump(BPF_JSET, CLONE_UNTRACED, Refuse, Next);
  };
  load(offsetof(seccomp_data, arch));
  jump(BPF_JEQ, learn_arch::kCompatArch, Next, 6);  // not the compat ABI: to the native check
  load(offsetof(seccomp_data, nr));
  guard_clone(learn_arch::kCompatClone, learn_arch::kCompatClone3);
  steps.push_back({BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE)});
  jump(BPF_JEQ, learn_arch::kAuditArch, Next, Trace);  // (the arch is still loaded)
  load(offsetof(seccomp_data, nr));
#if defined(__x86_64__)
  jump(BPF_JGE, 0x40000000U /* __X32_SYSCALL_BIT */, NoSys, Next);
#endif
  guard_clone(SYS_clone, SYS_clone3);
  load(offsetof(seccomp_data, nr));
  for (uint32_t nr = 0; nr < 1024; ++nr)  // the numbers learn_arch::call_of knows, one list
    if (learn_arch::call_of(nr) != Call::Other) jump(BPF_JEQ, nr, Trace, Next);
  steps.push_back({BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)});
  const int returns = static_cast<int>(steps.size());
  // The instruction a named target jumps to: the four returns after the
  // steps, in the order they are pushed below.
  auto return_index = [&](int t) {
    switch (t) {
      case Allow: return returns - 1;
      case Trace: return returns;
      case NoSys: return returns + 1;
      default: return returns + 2;
    }
  };
  // A jump's offset from step `at`: a positive one is already relative, Next
  // is 0, a named target counts to its return.
  auto offset = [&](int t, size_t at) {
    if (t > 0) return static_cast<uint8_t>(t);
    if (t == Next) return static_cast<uint8_t>(0);
    return static_cast<uint8_t>(return_index(t) - static_cast<int>(at) - 1);
  };
  std::vector<sock_filter> code;
  for (size_t i = 0; i < steps.size(); ++i) {
    sock_filter f = steps[i].code;
    if (BPF_CLASS(f.code) == BPF_JMP) {
      f.jt = offset(steps[i].jt, i);
      f.jf = offset(steps[i].jf, i);
    }
    code.push_back(f);
  }
  code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE));
  code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
  code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
  return code;
}

}  // namespace llp
