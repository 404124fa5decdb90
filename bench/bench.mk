# make bench: the launcher's footprint and start-up ratios. Performance is
# measured here, as ratios within one run, never in timed unit tests.
.PHONY: bench bench-launcher
BENCH_ROUNDS ?= 3000
# The benchmarks run one after the other, never side by side (they would
# disturb each other's timings); every one runs even when another's bar is
# not met, and `make bench` then fails. *.mk files add to BENCHES.
BENCHES += bench-launcher
bench:
	@$(MAKE) --no-print-directory -j1 -k $(BENCHES)
$(BUILD)/bench/exec-floor: bench/exec_floor.cpp
	@mkdir -p $(dir $@)
	$(call musl_program)
$(BUILD)/bench/landlock-floor: bench/landlock_floor.cpp
	@mkdir -p $(dir $@)
	$(call musl_program)
$(BUILD)/bench/startup: bench/startup.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) -o $@ $<
# A bar not met fails `make bench` (after printing every number).
bench-launcher: $(LAUNCHER) $(BUILD)/payloads/true $(BUILD)/bench/exec-floor $(BUILD)/bench/landlock-floor $(BUILD)/bench/startup
	@sh bench/size.sh $(LAUNCHER) $(LAUNCHER_SRC)
	@rm -rf $(BUILD)/bench/grants && mkdir -p $(BUILD)/bench/grants && cd $(BUILD)/bench/grants && seq 0 999 | xargs mkdir
	@$(BUILD)/bench/startup $(BENCH_ROUNDS) $(abspath $(BUILD)/payloads/true) $(abspath $(BUILD)/bench/exec-floor) \
	  $(abspath $(BUILD)/bench/landlock-floor) $(abspath $(LAUNCHER)) $(abspath $(BUILD)/bench/grants) $(shell command -v bwrap)
