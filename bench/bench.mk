# make bench: the launcher's footprint and start-up ratios. Performance is
# measured here, as ratios within one run, never in timed unit tests.
.PHONY: bench bench-launcher
# bench/startup.cpp runs batches of 250 rounds until each bar's 95% interval
# is on one side of it, at least 4 batches and at most 2 x BENCH_ROUNDS rounds; a bar
# still undecided then is printed "inconclusive" with its interval, and does
# not fail `make bench`: noise is not a regression.
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
$(BUILD)/bench/startup: bench/startup.cpp bench/interval.h
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) -o $@ $<
# The same verdict for the shell benchmarks (bench/compile/run.sh).
$(BUILD)/bench/interval: bench/interval.cpp bench/interval.h
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) -o $@ $<
# The yardstick for a grant's cost: the kernel's own sample, samples/landlock/
# sandboxer.c, taken from Debian's kernel source package (fetched once into
# .cache/bench by apt-get, never copied into this tree) and built static with
# musl. Its <linux/landlock.h> is the host's (linux-libc-dev), searched after
# musl's headers; <linux/prctl.h> is skipped, as musl's <sys/prctl.h>
# defines the same constants and structure.
BENCH_CACHE := .cache/bench
SANDBOXER_DEB := $(BENCH_CACHE)/linux-source-6.1.deb
$(SANDBOXER_DEB):
	@mkdir -p $(BENCH_CACHE)
	rm -f $(BENCH_CACHE)/linux-source-6.1_*.deb
	cd $(BENCH_CACHE) && apt-get download -q linux-source-6.1
	mv $(BENCH_CACHE)/linux-source-6.1_*.deb $@
$(BUILD)/bench/sandboxer.c: $(SANDBOXER_DEB)
	@mkdir -p $(dir $@)
	dpkg-deb --fsys-tarfile $< | tar -xOf - --wildcards './usr/src/linux-source-*.tar.xz' \
	  | tar -xJOf - --wildcards '*/samples/landlock/sandboxer.c' >$@.tmp
	test -s $@.tmp
	mv $@.tmp $@
$(BUILD)/bench/sandboxer: $(BUILD)/bench/sandboxer.c
	$(LINK_CC) -specs $(MUSL_SPECS) -static -O2 -D_LINUX_PRCTL_H \
	  -idirafter /usr/include -idirafter /usr/include/$(ARCH)-linux-gnu -o $@ $<
# A bar clearly not met fails `make bench` (after printing every number).
bench-launcher: $(LAUNCHER) $(BUILD)/payloads/true $(BUILD)/bench/exec-floor $(BUILD)/bench/landlock-floor \
  $(BUILD)/bench/startup $(BUILD)/bench/sandboxer
	@sh bench/size.sh $(LAUNCHER) $(LAUNCHER_SRC)
	@echo "sandboxer: samples/landlock/sandboxer.c of linux-source-6.1 $$(dpkg-deb -f $(SANDBOXER_DEB) Version), static, musl"
	@rm -rf $(BUILD)/bench/grants && mkdir -p $(BUILD)/bench/grants && cd $(BUILD)/bench/grants && seq 0 999 | xargs mkdir
	@$(BUILD)/bench/startup $(BENCH_ROUNDS) $(abspath $(BUILD)/payloads/true) $(abspath $(BUILD)/bench/exec-floor) \
	  $(abspath $(BUILD)/bench/landlock-floor) $(abspath $(LAUNCHER)) $(abspath $(BUILD)/bench/grants) \
	  $(abspath $(BUILD)/bench/sandboxer) $(shell command -v bwrap)
