// The ptrace half of `landlock-policy learn`: runs an argv (the launcher's)
// traced, follows every process and thread it starts, and records each file
// or socket system call that failed with EACCES, EPERM or EXDEV. The tracer
// only reads (registers through PTRACE_GET_SYSCALL_INFO, memory through
// process_vm_readv, /proc/PID/{cwd,fd,exe}); it never changes a system
// call, so the command is allowed exactly what it would be under `exec`.
#pragma once
#include <string>
#include <sys/types.h>
#include <vector>

#include "learn_arch.h"

namespace llp {

struct TracedDenial {
  learn_arch::Call call = learn_arch::Call::Other;
  int error = 0;        // EACCES, EPERM or EXDEV
  std::string path;     // absolute (dirfd and cwd applied), lexical; ioctl: its fd's; "" for sockets
  std::string path2;    // rename/link: the new name
  uint64_t flags = 0;   // open: the O_ flags; unlinkat: AT_REMOVEDIR; ioctl: the request
  long port = -1;       // connect/bind: the TCP port (AF_INET/AF_INET6), else -1
  std::string program;  // /proc/PID/exe when the call failed
  // The paths are read at the call's entry, and again at its exit: another
  // thread may rewrite them in between, and then what the kernel used is
  // unknown. Such a denial is reported as changed, never suggested.
  bool changed = false;
};

struct TraceResult {
  bool started = false;  // false: ptrace or fork failed; error says why
  std::string error;
  int status = 0;         // the first process's exit status (128+N when killed by signal N)
  int left_running = 0;   // processes still traced when the grace after the command's exit ran out
  int killed = 0;         // processes of the run killed when learning ended (each one, traced or not)
  long not_recorded = 0;  // denials past kMaxTracedDenials, counted only
  std::vector<TracedDenial> denials;
};

// How long processes the command left behind (a daemon) are still traced
// after the command itself exits; then learning ends, and they are killed
// (PTRACE_O_EXITKILL) when the tracer exits: a learning run never waits forever.
inline constexpr int kLeftRunningGraceSeconds = 5;

// Denials recorded at most: a command failing in a loop cannot grow the
// tracer's memory without bound; the rest are only counted.
inline constexpr size_t kMaxTracedDenials = 100000;

// Runs argv[0] (an absolute path when search is false, else looked up in
// PATH) with argv, traced until every traced process has ended or the grace
// after the first one's exit has run out.
TraceResult trace_run(const std::vector<std::string> &argv, bool search);

}  // namespace llp
