# libFuzzer targets (issue 4), with ASan and UBSan, built by Debian's clang-14.
#
#   make fuzz                    each target for FUZZ_SECONDS (default 60 s); fails on
#                                any crash, leak or sanitizer report (fuzz/run.sh)
#   make fuzz FUZZ_SECONDS=600   longer
# make check runs the short smoke of the same targets (tests/suites/45-fuzz-smoke.sh).
#
# Targets:
#   launcher-args  the launcher's own parser (launcher/landlock-run.cpp with
#                  LANDLOCK_RUN_NO_MAIN: nothing restricts or execs)
#   compiler       TOML text -> argv or a diagnostic, through the compiler's pure
#                  pipeline (COMPILER_LIB_SRCS from compiler/compiler.mk); every argv
#                  it emits is re-parsed by the launcher's parser and must give
#                  back the same grants (the round-trip property)
FUZZ_CXX ?= clang++
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -std=c++20 -g -O1 -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -fno-omit-frame-pointer -ffile-prefix-map=$(CURDIR)/=
DEB_PACKAGES += clang libclang-rt-14-dev

FUZZ_TARGETS := launcher-args
$(BUILD)/fuzz/launcher-args: fuzz/launcher_args_fuzz.cpp $(LAUNCHER_DIGEST_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -o $@ $<

FUZZ_TARGETS += compiler
FUZZ_COMPILER_OBJS := $(patsubst compiler/%.cpp,$(BUILD)/fuzz/obj/%.o,$(COMPILER_LIB_SRCS))
$(BUILD)/fuzz/obj/%.o: compiler/%.cpp $(COMPILER_HDRS) $(LAUNCHER_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) $(COMPILER_DEFS) -c -o $@ $<
$(BUILD)/fuzz/obj/base/version.o: VERSION $(LAUNCHER_DIGEST_SRCS) Makefile
$(BUILD)/fuzz/compiler: fuzz/compiler_fuzz.cpp $(FUZZ_COMPILER_OBJS) $(COMPILER_HDRS) $(LAUNCHER_DIGEST_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_COMPILER_OBJS)

FUZZ_BINS := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)
CHECK_DEPS += $(FUZZ_BINS)

.PHONY: fuzz
fuzz: $(FUZZ_BINS)
	sh fuzz/run.sh $(FUZZ_SECONDS) $(BUILD)/fuzz $(FUZZ_TARGETS)
