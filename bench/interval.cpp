// bench/interval.h for shell benchmarks: reads one margin a line on stdin
// (below 0 when the bar is met, at least two lines) and prints
//   met|not-met|inconclusive LOW HIGH
// the verdict and the 95% interval of the margins' mean. Exit 0, or 2 on
// fewer than two numbers.
#include <cstdio>
#include <vector>

#include "interval.h"

int main() {
  std::vector<double> margins;
  double margin = 0;
  while (std::scanf("%lf", &margin) == 1) margins.push_back(margin);
  if (margins.size() < 2) {
    std::fprintf(stderr, "interval: needs at least two margins on stdin, one a line\n");
    return 2;
  }
  const bench::Interval i = bench::interval(margins);
  const char *said = "inconclusive";
  if (bench::verdict(margins) == bench::Verdict::Met) said = "met";
  if (bench::verdict(margins) == bench::Verdict::NotMet) said = "not-met";
  std::printf("%s %.0f %.0f\n", said, i.low, i.high);
  return 0;
}
