// Start-up benchmark: the launcher against a bare exec and bubblewrap, in ONE
// run. Each round spawns every variant once, in turn (posix_spawn + waitpid),
// so load changes on the machine hit all variants alike; medians are compared.
//
//   startup ROUNDS STATIC_TRUE EXEC_FLOOR LANDLOCK_FLOOR LAUNCHER GRANTS_DIR [BWRAP]
//
// Variants:  bare      STATIC_TRUE
//            floor     EXEC_FLOOR STATIC_TRUE     (one extra execve, no Landlock)
//            landlock  LANDLOCK_FLOOR STATIC_TRUE (the launcher's system calls, nothing else)
//            launcher  LAUNCHER --ro / -- STATIC_TRUE
//            1000      LAUNCHER --ro / --ro GRANTS_DIR/0 ... --ro GRANTS_DIR/999 -- STATIC_TRUE
//            bwrap     BWRAP --ro-bind / / STATIC_TRUE   (every 10th round: it is slow)
// Bars (issue 20, restated against the landlock floor): the launcher's own
// code, its time beyond the landlock floor (the same exec and Landlock system
// calls with nothing else), is under 10% of a bare exec; bwrap's overhead over
// a bare exec is at least 10 times the launcher's. What the kernel's Landlock
// calls cost is the floor's, not the launcher's. 1000 grants are reported,
// with no bar.
// Exit status 0 when the bars are met, 1 when not, 2 on a usage/spawn error.
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern char **environ;

namespace {

double now_us() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

struct Variant {
  std::string name;
  std::vector<std::string> argv;
  int every = 1;  // run in every Nth round
  std::vector<double> samples;
};

bool spawn_and_wait(const std::vector<std::string> &args) {
  std::vector<char *> argv(args.size() + 1, nullptr);  // posix_spawn wants char *const[]
  std::transform(args.begin(), args.end(), argv.begin(), [](const std::string &a) { return const_cast<char *>(a.c_str()); });
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return false;
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: startup ROUNDS STATIC_TRUE EXEC_FLOOR LANDLOCK_FLOOR LAUNCHER GRANTS_DIR [BWRAP]\n");
    return 2;
  }
  const int rounds = std::atoi(argv[1]);
  const std::string truebin = argv[2];
  const std::string floor = argv[3];
  const std::string landlock_floor = argv[4];
  const std::string launcher = argv[5];
  const std::string grants_dir = argv[6];
  std::vector<std::string> thousand{launcher, "--ro", "/"};
  for (int i = 0; i < 1000; ++i) {
    thousand.push_back("--ro");
    thousand.push_back(grants_dir + "/" + std::to_string(i));
  }
  thousand.push_back("--");
  thousand.push_back(truebin);
  std::vector<Variant> variants = {
      {"bare exec", {truebin}, 1, {}},
      {"exec floor (one extra exec)", {floor, truebin}, 1, {}},
      {"landlock-run --ro /", {launcher, "--ro", "/", "--", truebin}, 1, {}},
      {"landlock-run, 1000 grants", thousand, 10, {}},
      {"landlock floor (its syscalls only)", {landlock_floor, truebin}, 1, {}},
  };
  if (argc > 7) variants.push_back({"bwrap --ro-bind / /", {argv[7], "--ro-bind", "/", "/", truebin}, 10, {}});
  for (Variant &v : variants)  // warm-up, and proof that every variant really runs
    for (int i = 0; i < 20; ++i)
      if (!spawn_and_wait(v.argv)) {
        std::fprintf(stderr, "startup: %s failed to run\n", v.name.c_str());
        return 2;
      }
  for (int round = 0; round < rounds; ++round)
    for (Variant &v : variants) {
      if (round % v.every) continue;
      double start = now_us();
      if (!spawn_and_wait(v.argv)) return 2;
      v.samples.push_back(now_us() - start);
    }
  const double bare = median(variants[0].samples);
  const double launcher_overhead = median(variants[2].samples) - bare;
  const double own_work = median(variants[2].samples) - median(variants[1].samples);
  std::printf("startup: median of interleaved runs, microseconds (%d rounds)\n", rounds);
  for (const Variant &v : variants) {
    double m = median(v.samples), overhead = m - bare;
    std::printf("  %-30s %8.1f  overhead %+7.1f us = %+6.1f%% of bare  (n=%zu)\n", v.name.c_str(), m, overhead,
                100 * overhead / bare, v.samples.size());
  }
  const double own_code = median(variants[2].samples) - median(variants[4].samples);  // beyond the landlock floor
  bool fast = own_code < 0.10 * bare;
  bool vs_bwrap = true;
  std::printf("  launcher's own work (beyond the exec floor): %+.1f us = %.1f%% of bare\n", own_work,
              100 * own_work / bare);
  std::printf("  1000 grants cost %+.1f us more than one\n", median(variants[3].samples) - median(variants[2].samples));
  const double syscalls_only = median(variants[4].samples) - median(variants[1].samples);
  std::printf("  the same Landlock system calls alone, beyond the exec floor: %+.1f us = %.1f%% of bare\n",
              syscalls_only, 100 * syscalls_only / bare);
  if (variants.size() > 5) {
    double ratio = (median(variants[5].samples) - bare) / std::max(launcher_overhead, 0.1);
    vs_bwrap = ratio >= 10;
    std::printf("  bwrap overhead / launcher overhead: %.1fx\n", ratio);
  }
  std::printf("  launcher's own code (beyond the landlock floor): %+.1f us = %.1f%% of bare\n", own_code,
              100 * own_code / bare);
  std::printf("bar: launcher's own code < 10%% of bare exec: %s\n", fast ? "met" : "NOT met");
  if (variants.size() > 5) std::printf("bar: bwrap overhead >= 10x the launcher's: %s\n", vs_bwrap ? "met" : "NOT met");
  return fast && vs_bwrap ? 0 : 1;
}
