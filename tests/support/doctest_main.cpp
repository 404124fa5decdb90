// Shared main for the doctest suites: besides doctest's own console report,
// a listener prints one "PASS name" / "FAIL name" line per test case, the
// line format tests/run-suites.sh counts.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdio>

namespace {

struct LineListener : doctest::IReporter {
  const doctest::TestCaseData *current = nullptr;
  explicit LineListener(const doctest::ContextOptions &) {}
  void report_query(const doctest::QueryData &) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats &) override {}
  void test_case_start(const doctest::TestCaseData &tc) override { current = &tc; }
  void test_case_reenter(const doctest::TestCaseData &) override {}
  void test_case_end(const doctest::CurrentTestCaseStats &stats) override {
    std::printf("%s %s%s%s\n", stats.testCaseSuccess ? "PASS" : "FAIL", current->m_test_suite,
                *current->m_test_suite ? ": " : "", current->m_name);
    std::fflush(stdout);
  }
  void test_case_exception(const doctest::TestCaseException &) override {}
  void subcase_start(const doctest::SubcaseSignature &) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData &) override {}
  void log_message(const doctest::MessageData &) override {}
  void test_case_skipped(const doctest::TestCaseData &) override {}
};

}  // namespace

REGISTER_LISTENER("pass-fail-lines", 1, LineListener);
