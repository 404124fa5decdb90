# The policy compiler, landlock-policy (C++20, toml++), and its tests.
# Included by the top-level Makefile; uses BUILD, HOST_CXXFLAGS, SAN_FLAGS,
# VERSION, LAUNCHER_SRC, LAUNCHER_SHA256, DOCTEST_MAIN.

DEB_PACKAGES += libtomlplusplus-dev doctest-dev
# tests/compiler/presets.sh runs each preset's real tool: ccache, pip,
# cargo, go, maven (Debian's /usr/share/maven-repo plugins, at the versions
# Maven 3.8's default lifecycle names), gradle, yarn 1, poetry. pnpm is only
# on the npm registry: `make deps` installs it with npm (NPM_GLOBAL_PACKAGES).
DEB_PACKAGES += ccache python3-venv python3-setuptools python3-wheel
DEB_PACKAGES += cargo rustc golang-go maven default-jdk-headless libmaven-compiler-plugin-java \
  libmaven-resources-plugin-java libmaven-jar-plugin-java libsurefire-java gradle yarnpkg python3-poetry
NPM_GLOBAL_PACKAGES += pnpm@9.15.9
# tests/compiler/builds.sh: the builds benchmark of docs/policy-format.md's
# table (cargo, npm, yarn, pnpm, go, the venv, maven and gradle come with the
# presets' tools above); bsdutils for script(1): exec's hint on a terminal.
DEB_PACKAGES += cmake meson autoconf automake python3-pytest bsdutils
# tests/compiler/exec-ask.sh drives exec --ask on a pseudo-terminal with python3's pty module.
DEB_PACKAGES += python3
# tests/compiler/completion.sh runs the generated completion in each shell.
DEB_PACKAGES += bash zsh fish

# Every compiler source but main: what the unit tests and the fuzzer link.
# The folders are the pipeline (CONTRIBUTING.md, Repository layout): base host policy plan out, the
# driver compile.cpp, learn, and main.cpp.
COMPILER_LIB_SRCS := $(filter-out compiler/main.cpp compiler/tools/%,$(sort $(wildcard compiler/*.cpp compiler/*/*.cpp)))
COMPILER_HDRS := $(wildcard compiler/*.h compiler/*/*.h) $(LAUNCHER_HDRS)
# version.cpp needs these; pass them when compiling COMPILER_LIB_SRCS elsewhere.
COMPILER_DEFS = -DLLP_VERSION='"$(VERSION)"' -DLLP_LAUNCHER_SHA256='"$(LAUNCHER_SHA256)"'
COMPILER := $(BUILD)/landlock-policy

COMPILER_OBJS := $(patsubst compiler/%.cpp,$(BUILD)/compiler/%.o,$(COMPILER_LIB_SRCS))

# A cross build finds toml++ through $(BUILD)/cross-include (the Makefile's
# CROSS_CXXFLAGS): a link to the host's header-only copy, nothing else.
ifneq ($(CROSS_CXXFLAGS),)
$(BUILD)/cross-include/toml++:
	@mkdir -p $(dir $@)
	ln -sfn /usr/include/toml++ $@
$(BUILD)/compiler/main.o $(COMPILER_OBJS): | $(BUILD)/cross-include/toml++
endif
COMPILER_SAN_OBJS := $(patsubst compiler/%.cpp,$(BUILD)/compiler/san/%.o,$(COMPILER_LIB_SRCS))

$(BUILD)/compiler/%.o: compiler/%.cpp $(COMPILER_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(COMPILER_DEFS) -c -o $@ $<
$(BUILD)/compiler/san/%.o: compiler/%.cpp $(COMPILER_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) $(COMPILER_DEFS) -c -o $@ $<
# The version and launcher digest are baked in here only.
$(BUILD)/compiler/base/version.o $(BUILD)/compiler/san/base/version.o: VERSION $(LAUNCHER_SRC)

# Static (glibc and libstdc++ linked in; it calls nothing that needs NSS or
# dlopen), so the binary in the release tarball runs on any x86_64 Linux: a
# CI image with another libc (Alpine's musl), a FROM scratch container.
# No build id: a release's compiler carries nothing but its code (the launcher
# is linked the same way), and `make audit` reports exactly what is shipped.
COMPILER_LDFLAGS := -static -Wl,--build-id=none
$(COMPILER): $(BUILD)/compiler/main.o $(COMPILER_OBJS)
	$(CXX) $(HOST_CXXFLAGS) $(COMPILER_LDFLAGS) -o $@ $^

all: $(COMPILER)

# The tables printed for what is built around them (compiler/tools/tables.cpp):
# npm's flags.json, policy.json and index.d.ts's unions, run.sh's mode check. Build-only, never
# installed. `make tables` rewrites the committed copies; suite 31 fails
# when one differs from what this prints.
TABLES := $(BUILD)/tables
TABLES_OUTPUTS := packaging/npm/landlock-run/flags.json packaging/npm/landlock-run/policy.json
$(TABLES): $(BUILD)/compiler/tools/tables.o $(COMPILER_OBJS)
	$(CXX) $(HOST_CXXFLAGS) -o $@ $^
.PHONY: tables
tables: $(TABLES)
	$(TABLES) flags >packaging/npm/landlock-run/flags.json
	$(TABLES) policy >packaging/npm/landlock-run/policy.json
	sh compiler/tools/splice.sh integrations/lib/run.sh "$$($(TABLES) run-modes)"
	sh compiler/tools/splice.sh packaging/npm/landlock-run/index.d.ts "$$($(TABLES) dts)"
	sh integrations/gitlab/generate.sh >integrations/gitlab/landlock.gitlab-ci.yml

# Unit tests (doctest), under ASan and UBSan as make check demands.
COMPILER_TEST_SRCS := $(sort $(wildcard tests/unit/compiler_*.cpp))
COMPILER_TEST := $(BUILD)/unit/compiler-test
$(BUILD)/unit/compiler_tests/%.o: tests/unit/%.cpp $(COMPILER_HDRS) $(wildcard tests/support/*.h) $(LAUNCHER_SRC)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -c -o $@ $<
$(BUILD)/unit/compiler_tests/doctest_main.o: $(DOCTEST_MAIN)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -c -o $@ $<
$(COMPILER_TEST): $(patsubst tests/unit/%.cpp,$(BUILD)/unit/compiler_tests/%.o,$(COMPILER_TEST_SRCS)) \
    $(BUILD)/unit/compiler_tests/doctest_main.o $(COMPILER_SAN_OBJS)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -o $@ $^

CHECK_DEPS += $(COMPILER) $(COMPILER_TEST) $(TABLES)

# The shell completion of both commands (compiler/cli/completion.h), for
# make install and the packages: written by packaging/completion-gen.cpp,
# compiled for the machine that builds (a cross build cannot run its own
# landlock-policy) from the same code as `landlock-policy completion SHELL`,
# so both give the same bytes. Where each goes under share/ is
# packaging/pkg-common.sh's pkg_completions, for make install and the packages.
COMPLETION_DIR := $(BUILD)/completion
COMPLETION_GEN := $(COMPLETION_DIR)/completion-gen
COMPLETION_GEN_SRCS := packaging/completion-gen.cpp $(sort $(wildcard compiler/cli/completion*.cpp)) \
  compiler/plan/modes.cpp compiler/policy/schema.cpp compiler/base/quote.cpp compiler/base/text.cpp
COMPLETIONS := $(COMPLETION_DIR)/landlock-policy.bash $(COMPLETION_DIR)/landlock-policy.zsh \
  $(COMPLETION_DIR)/landlock-policy.fish
$(COMPLETION_GEN): $(COMPLETION_GEN_SRCS) $(COMPILER_HDRS)
	@mkdir -p $(dir $@)
	g++ -std=c++20 -O2 -Wall -Wextra -Werror -o $@ $(COMPLETION_GEN_SRCS)
$(COMPLETION_DIR)/landlock-policy.%: $(COMPLETION_GEN)
	$(COMPLETION_GEN) $* >$@.tmp && mv $@.tmp $@
completion: $(COMPLETIONS)
all: $(COMPLETIONS)
CHECK_DEPS += $(COMPLETIONS)

.PHONY: install-compiler bench-compile completion
BENCHES += bench-compile
install: install-compiler
install-compiler: $(COMPILER) $(COMPLETIONS)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(COMPILER) $(DESTDIR)$(PREFIX)/bin/landlock-policy
	sh -c '. packaging/pkg-common.sh && pkg_completions "$$1" "$$2"' sh $(COMPLETION_DIR) $(DESTDIR)$(PREFIX)/share

# 10 000 grants well under a second; 10x the grants at most ~12x the time,
# decided by bench/interval.h's 95% interval (inconclusive is not a failure).
bench-compile: $(COMPILER) $(LAUNCHER) $(BUILD)/bench/interval
	sh bench/compile/run.sh $(abspath $(COMPILER)) $(abspath $(BUILD)/bench/interval)

# make bench: learn over exec on a small real build (make of 60 C files),
# each way this machine has; bar: under 3 times.
.PHONY: bench-learn
BENCHES += bench-learn
bench-learn: $(COMPILER) $(LAUNCHER)
	sh bench/learn/run.sh $(abspath $(COMPILER))
