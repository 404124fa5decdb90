// The ptrace way's seccomp filter (learn_trace.h): the tracee stops only at
// the system calls learn records, and cannot start a process the tracer
// would not see.
#pragma once
#include <linux/filter.h>
#include <vector>

namespace llp {

// A seccomp filter that stops the tracee (SECCOMP_RET_TRACE) only at the
// system calls learn records, and lets every other one run untraced: the
// tracer then wakes for a few calls instead of every one (`make bench`).
// A call of another architecture's ABI is traced, as without the filter.
// It also refuses what would start a process the tracer never sees:
// clone with CLONE_UNTRACED (EPERM), and clone3, whose flags a filter cannot
// read (ENOSYS: the C libraries then use clone), in either ABI; and, on
// x86_64, the x32 ABI (ENOSYS), whose numbers the list does not hold.
std::vector<sock_filter> watch_filter();

}  // namespace llp
