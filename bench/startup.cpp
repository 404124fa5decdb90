// Start-up benchmark: the launcher against a bare exec, the kernel's sample
// sandboxer and bubblewrap, in ONE run. Each round spawns every variant once, in turn (posix_spawn + waitpid),
// so load changes on the machine hit all variants alike; medians are compared.
//
//   startup ROUNDS STATIC_TRUE EXEC_FLOOR LANDLOCK_FLOOR LAUNCHER GRANTS_DIR SANDBOXER [BWRAP]
//
// Variants:  bare      STATIC_TRUE
//            floor     EXEC_FLOOR STATIC_TRUE     (one extra execve, no Landlock)
//            launcher  LAUNCHER --ro / -- STATIC_TRUE
//            1000      LAUNCHER --ro / --ro GRANTS_DIR/0 ... --ro GRANTS_DIR/999 -- STATIC_TRUE
//            landlock  LANDLOCK_FLOOR STATIC_TRUE (the launcher's system calls, nothing else)
//            sandboxer LL_FS_RO=/ LL_FS_RW= SANDBOXER STATIC_TRUE  (the kernel's samples/landlock)
//            its 1000  LL_FS_RO=/:GRANTS_DIR/0:...:GRANTS_DIR/999 LL_FS_RW= SANDBOXER STATIC_TRUE
//            channels  LAUNCHER --ro / --scope-try abstract-unix --scope-try signal --no-tty-inject -- STATIC_TRUE
//            bwrap     BWRAP --ro-bind / / STATIC_TRUE   (every 10th round: it is slow)
// The 1000-grant variants also run every 10th round.
// Bars (issue 20, restated against the landlock floor): the launcher's own
// code, its time beyond the landlock floor (the same exec and Landlock system
// calls with nothing else), is under 10% of a bare exec; bwrap's overhead over
// a bare exec is at least 10 times the launcher's. What the kernel's Landlock
// calls cost is the floor's, not the launcher's. A grant (the 1000 variant
// minus the one-grant variant, over the 1000 added grants) costs the launcher
// at most 1.5 times what it costs the kernel's sample sandboxer.
// Noise: the rounds run in batches of kBatchRounds. Each bar is a margin in
// microseconds, negative when the bar is met (own code - 10% of bare; 1000
// grants' cost - 1.5 x sandboxer's; 10 x our overhead - bwrap's), computed per
// batch from the batch's medians: a difference, so the 95% confidence interval
// of the batches' mean stays finite where a ratio's denominator would be lost
// in noise. Batches are added until every interval lies wholly on one side of
// 0, or 2 x ROUNDS rounds have run: a bar whose interval still holds 0 is
// "inconclusive" (with the interval), never met or NOT met by the luck of one run.
// Exit status 0 when every bar is met or inconclusive, 1 when one is
// clearly not met, 2 on a usage/spawn error.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "interval.h"

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
  int every = 1;                 // run in every Nth round
  std::vector<std::string> env;  // empty: our own environment, stderr kept
  std::vector<double> samples;
};

// The variants' positions in the list below.
enum : std::size_t {
  kBare,
  kFloor,
  kLauncher,
  kThousand,
  kLandlockFloor,
  kSandboxer,
  kSandboxerThousand,
  kChannels,
  kBwrap
};

std::vector<char *> c_strings(const std::vector<std::string> &strings) {
  std::vector<char *> pointers(strings.size() + 1, nullptr);  // posix_spawn wants char *const[]
  std::transform(strings.begin(), strings.end(), pointers.begin(),
                 [](const std::string &s) { return const_cast<char *>(s.c_str()); });
  return pointers;
}

// A variant given its own environment (sandboxer) gets stderr on /dev/null:
// sandboxer prints a hint on every run when the kernel's ABI is newer than its own.
bool spawn_and_wait(const Variant &v) {
  std::vector<char *> argv = c_strings(v.argv);
  std::vector<char *> envp = c_strings(v.env);
  posix_spawn_file_actions_t actions{};
  if (posix_spawn_file_actions_init(&actions) != 0) return false;
  const bool ready = v.env.empty() || posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) == 0;
  char *const *environment = v.env.empty() ? environ : envp.data();
  pid_t pid = 0;
  const bool spawned = ready && posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environment) == 0;
  posix_spawn_file_actions_destroy(&actions);
  if (!spawned) return false;
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

constexpr int kBatchRounds = 250;  // 25 samples of the every-10th variants per batch
constexpr int kMinBatches = 4;

// A bar: its margin from the medians of one batch, in microseconds, below 0 when met.
struct Bar {
  const char *text;  // "launcher's own code < 10% of bare exec"
  double (*margin)(const std::vector<double> &medians);
  std::vector<double> per_batch;
};

using bench::Interval;
using bench::interval;
using bench::Verdict;

Verdict verdict(const Bar &bar) { return bench::verdict(bar.per_batch); }

}  // namespace

int main(int argc, char **argv) {
  if (argc < 8) {
    std::fprintf(stderr,
                 "usage: startup ROUNDS STATIC_TRUE EXEC_FLOOR LANDLOCK_FLOOR LAUNCHER GRANTS_DIR SANDBOXER [BWRAP]\n");
    return 2;
  }
  const int rounds = std::atoi(argv[1]);
  const std::string truebin = argv[2];
  const std::string floor = argv[3];
  const std::string landlock_floor = argv[4];
  const std::string launcher = argv[5];
  const std::string grants_dir = argv[6];
  const std::string sandboxer = argv[7];
  std::vector<std::string> thousand{launcher, "--ro", "/"};
  std::string thousand_paths = "LL_FS_RO=/";
  for (int i = 0; i < 1000; ++i) {
    const std::string grant = grants_dir + "/" + std::to_string(i);
    thousand.push_back("--ro");
    thousand.push_back(grant);
    thousand_paths += ":" + grant;
  }
  thousand.push_back("--");
  thousand.push_back(truebin);
  std::vector<Variant> variants = {
      {"bare exec", {truebin}, 1, {}, {}},
      {"exec floor (one extra exec)", {floor, truebin}, 1, {}, {}},
      {"landlock-run --ro /", {launcher, "--ro", "/", "--", truebin}, 1, {}, {}},
      {"landlock-run, 1000 grants", thousand, 10, {}, {}},
      {"landlock floor (its syscalls only)", {landlock_floor, truebin}, 1, {}, {}},
      {"sandboxer LL_FS_RO=/", {sandboxer, truebin}, 1, {"LL_FS_RO=/", "LL_FS_RW="}, {}},
      {"sandboxer, 1000 grants", {sandboxer, truebin}, 10, {thousand_paths, "LL_FS_RW="}, {}},
      {"landlock-run + agent channels",
       {launcher, "--ro", "/", "--scope-try", "abstract-unix", "--scope-try", "signal", "--no-tty-inject", "--",
        truebin},
       1,
       {},
       {}},
  };
  if (argc > 8) variants.push_back({"bwrap --ro-bind / /", {argv[8], "--ro-bind", "/", "/", truebin}, 10, {}, {}});
  for (Variant &v : variants)  // warm-up, and proof that every variant really runs
    for (int i = 0; i < 20; ++i)
      if (!spawn_and_wait(v)) {
        std::fprintf(stderr, "startup: %s failed to run\n", v.name.c_str());
        return 2;
      }
  std::vector<Bar> bars = {
      {"launcher's own code < 10% of bare exec",
       [](const std::vector<double> &m) { return (m[kLauncher] - m[kLandlockFloor]) - 0.10 * m[kBare]; },
       {}},
      {"a grant costs at most 1.5x sandboxer's",
       [](const std::vector<double> &m) {
         return (m[kThousand] - m[kLauncher]) - 1.5 * (m[kSandboxerThousand] - m[kSandboxer]);
       },
       {}},
  };
  if (variants.size() > kBwrap)
    bars.push_back(
        {"bwrap overhead >= 10x the launcher's",
         [](const std::vector<double> &m) { return 10 * (m[kLauncher] - m[kBare]) - (m[kBwrap] - m[kBare]); },
         {}});
  // Batches until every bar's interval lies on one side of it, or the rounds run out.
  const int max_batches = std::max(kMinBatches, 2 * rounds / kBatchRounds);
  int batches = 0;
  bool decided = false;
  while (batches < max_batches && !(batches >= kMinBatches && decided)) {
    std::vector<std::size_t> start(variants.size());
    std::transform(variants.begin(), variants.end(), start.begin(), [](const Variant &v) { return v.samples.size(); });
    for (int round = 0; round < kBatchRounds; ++round)
      for (Variant &v : variants) {
        if (round % v.every) continue;
        double begin = now_us();
        if (!spawn_and_wait(v)) {
          std::fprintf(stderr, "startup: %s failed in round %d of batch %d\n", v.name.c_str(), round, batches + 1);
          return 2;
        }
        v.samples.push_back(now_us() - begin);
      }
    std::vector<double> medians(variants.size());
    for (std::size_t i = 0; i < variants.size(); ++i)
      medians[i] = median(
          std::vector<double>(variants[i].samples.begin() + static_cast<long>(start[i]), variants[i].samples.end()));
    for (Bar &bar : bars) bar.per_batch.push_back(bar.margin(medians));
    batches += 1;
    decided = batches >= 2 && std::all_of(bars.begin(), bars.end(),
                                          [](const Bar &bar) { return verdict(bar) != Verdict::Inconclusive; });
  }
  const int total_rounds = batches * kBatchRounds;
  const double bare = median(variants[kBare].samples);
  const double launcher_overhead = median(variants[kLauncher].samples) - bare;
  const double own_work = median(variants[kLauncher].samples) - median(variants[kFloor].samples);
  std::printf("startup: median of interleaved runs, microseconds (%d rounds, %d batches of %d)\n", total_rounds,
              batches, kBatchRounds);
  for (const Variant &v : variants) {
    double m = median(v.samples), overhead = m - bare;
    std::printf("  %-30s %8.1f  overhead %+7.1f us = %+6.1f%% of bare  (n=%zu)\n", v.name.c_str(), m, overhead,
                100 * overhead / bare, v.samples.size());
  }
  const double own_code =
      median(variants[kLauncher].samples) - median(variants[kLandlockFloor].samples);  // beyond the landlock floor
  std::printf("  launcher's own work (beyond the exec floor): %+.1f us = %.1f%% of bare\n", own_work,
              100 * own_work / bare);
  const double our_grants = median(variants[kThousand].samples) - median(variants[kLauncher].samples);
  std::printf("  1000 grants cost %+.1f us more than one\n", our_grants);
  const double our_grant = our_grants / 1000;
  const double its_grant = (median(variants[kSandboxerThousand].samples) - median(variants[kSandboxer].samples)) / 1000;
  std::printf("  a grant: landlock-run %.2f us, the kernel's sample sandboxer %.2f us: %.2fx\n", our_grant, its_grant,
              our_grant / std::max(its_grant, 0.001));
  const double syscalls_only = median(variants[kLandlockFloor].samples) - median(variants[kFloor].samples);
  std::printf("  the same Landlock system calls alone, beyond the exec floor: %+.1f us = %.1f%% of bare\n",
              syscalls_only, 100 * syscalls_only / bare);
  if (variants.size() > kBwrap)
    std::printf("  bwrap overhead / launcher overhead: %.1fx\n",
                (median(variants[kBwrap].samples) - bare) / std::max(launcher_overhead, 0.1));
  std::printf("  launcher's own code (beyond the landlock floor): %+.1f us = %.1f%% of bare\n", own_code,
              100 * own_code / bare);
  const double channels = median(variants[kChannels].samples) - median(variants[kLauncher].samples);
  std::printf("  the agent modes' channel guards (--no-tty-inject, two --scope-try) add %+.1f us = %.1f%% of bare\n",
              channels, 100 * channels / bare);
  bool failed = false;
  for (const Bar &bar : bars) {
    const Interval i = interval(bar.per_batch);
    const Verdict v = verdict(bar);
    const char *said = "met";
    if (v == Verdict::NotMet) said = "NOT met";
    if (v == Verdict::Inconclusive) said = "inconclusive: the interval holds the bar (noise; not a failure)";
    std::printf("bar: %s: %s (its margin, 95%% interval over %d batches: %+.1f to %+.1f us; below 0 is met)\n",
                bar.text, said, batches, i.low, i.high);
    failed = failed || v == Verdict::NotMet;
  }
  return failed ? 1 : 0;
}
