// The benchmarks' one verdict on noisy timings: a bar's margin (below 0 when
// the bar is met) measured once per batch; the 95% confidence interval of the
// batches' mean decides met, NOT met, or inconclusive when it holds 0.
// Used by bench/startup.cpp and, through bench/interval.cpp, by the shell
// benchmarks (bench/compile/run.sh).
#pragma once
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

namespace bench {

// The 95% confidence interval of the mean of the batch values (Student's t).
struct Interval {
  double low, high;
};

inline Interval interval(const std::vector<double> &values) {
  static const double t975[] = {12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16,
                                2.14,  2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06};
  const double n = static_cast<double>(values.size());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  const double squares = std::accumulate(values.begin(), values.end(), 0.0,
                                         [mean](double sum, double v) { return sum + (v - mean) * (v - mean); });
  const std::size_t df = values.size() - 1;
  const double t = df - 1 < sizeof t975 / sizeof t975[0] ? t975[df - 1] : 1.96;
  const double half = t * std::sqrt(squares / (n - 1) / n);
  return {mean - half, mean + half};
}

enum class Verdict { Met, NotMet, Inconclusive };

// Needs at least two values (one gives no interval).
inline Verdict verdict(const std::vector<double> &margins) {
  const Interval i = interval(margins);
  if (i.high < 0) return Verdict::Met;
  if (i.low > 0) return Verdict::NotMet;
  return Verdict::Inconclusive;
}

}  // namespace bench
