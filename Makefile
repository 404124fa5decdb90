# landlock-run: the static Landlock launcher and its policy compiler.
#
#   make deps all && make demo     set up a fresh Debian machine, build, demo
#   make check                     every test; ends with "N passed, N failed, N skipped"
#
# Parts of the build live beside the code they build (*.mk, included below);
# this file holds the launcher, the shared flags and the test runner.

# `make deps all` (the README's first command) on a fresh machine: under -j,
# make would start compiling `all` while `deps` is still installing the
# compilers and headers. So when deps is named beside other goals, this make
# only runs them in order, each in a make of its own: deps alone first, then
# the others, read again once the packages they test for are installed.
GOALS_AFTER_DEPS := $(filter-out deps,$(MAKECMDGOALS))
ifneq ($(and $(filter deps,$(MAKECMDGOALS)),$(GOALS_AFTER_DEPS)),)
.PHONY: $(MAKECMDGOALS) deps-then-goals
$(MAKECMDGOALS): deps-then-goals
	@:
deps-then-goals:
	$(MAKE) deps
	$(MAKE) $(GOALS_AFTER_DEPS)
else

# Build on every core unless told otherwise (`make -j1`): a fresh `make check`
# builds the launcher, the compiler twice (plain and sanitized), the fuzzers,
# the cross build and the packages before its first test.
ifeq ($(filter -j% --jobs%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc)
endif

VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
DESTDIR ?=

# The target architecture (GNU name: x86_64, aarch64); the default is the
# host's. A foreign one is cross-built with Debian's cross toolchain and the
# target's musl (dpkg multiarch, `make deps`) into build/ARCH, e.g.
#   make ARCH=aarch64 all payloads dist deb npm
# Everything ARCH changes is in this block: the per-architecture names the
# packages use are in packaging/packaging.mk (PKG_ARCH_*).
HOST_ARCH := $(shell uname -m)
ARCH ?= $(HOST_ARCH)
CROSS_ARCHES := aarch64
ifeq ($(ARCH),$(HOST_ARCH))
BUILD ?= build
CXX := g++
LINK_CC := gcc
CROSS_CXXFLAGS :=
else
ifeq ($(filter $(ARCH),$(CROSS_ARCHES)),)
$(error ARCH=$(ARCH): not one of $(HOST_ARCH) $(CROSS_ARCHES))
endif
BUILD ?= build/$(ARCH)
CXX := $(ARCH)-linux-gnu-g++
LINK_CC := $(ARCH)-linux-gnu-gcc
# The cross compiler does not search /usr/include (the host's glibc headers);
# toml++ is header-only and the same for every architecture: a folder holding
# only it (compiler/compiler.mk).
CROSS_CXXFLAGS = -isystem $(BUILD)/cross-include
endif
# RELRO makes ld pad the file so that the RELRO end falls on a page boundary:
# up to a page on x86_64, and on aarch64 (whose kernels run 4, 16 or 64 KiB
# pages, so ld aligns segments to 64 KiB) 66 KiB instead of 25. musl applies
# RELRO only in its dynamic loader, so in these static binaries it is inert:
# it is left out everywhere.
MUSL_RELRO := norelro
MUSL_SPECS ?= /usr/lib/$(ARCH)-linux-musl/musl-gcc.specs
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build and every test need; `make deps` installs them.
DEB_PACKAGES := make g++ gcc musl-tools musl-dev file coreutils util-linux passwd git \
  busybox-static dash cpio strace bubblewrap doctest-dev cppcheck clang-tidy clang-format clang-tools shellcheck binutils \
  linux-libc-dev xz-utils
# Every CROSS_ARCHES target, built from an x86_64 host: Debian's cross
# toolchain (libc6-dev and libstdc++ for the target come with it) and the
# target's musl through multiarch (its Debian name in DEB_FOREIGN_ARCHES).
ifeq ($(HOST_ARCH),x86_64)
DEB_FOREIGN_ARCHES := arm64
DEB_PACKAGES += g++-aarch64-linux-gnu gcc-aarch64-linux-gnu musl-dev:arm64
endif

LAUNCHER_SRC := launcher/landlock-run.cpp
LAUNCHER := $(BUILD)/landlock-run
# `landlock-run --version`'s source digest covers every file the launcher is
# compiled from, which is exactly the folder launcher/ (the audit unit): the
# SHA-256 of its files in byte order (cat launcher/* | sha256sum, under
# LC_ALL=C). The same recipe is in docs/launcher-cli.md,
# packaging/audit.sh and tests/suites/7*.sh; 15-launcher-budget.sh checks
# that the compiler's own dependency list is exactly these files.
LAUNCHER_HDRS := $(sort $(wildcard launcher/*.h))
LAUNCHER_DIGEST_SRCS := $(sort $(wildcard launcher/*))
LAUNCHER_SHA256 = $(shell cat $(LAUNCHER_DIGEST_SRCS) | sha256sum | cut -d' ' -f1)

# The launcher: freestanding-style C++, statically linked against musl. The
# link goes through gcc so that libstdc++ is never even on the link line.
# -fno-pie: the binaries are static, not static-pie (-no-pie below), so the
# code needs no GOT, and the constant tables holding pointers (the flag and
# ABI tables) stay read-only in .rodata instead of .data.rel.ro.
MUSL_CXXFLAGS := -std=c++20 -specs $(MUSL_SPECS) -nostdinc++ -fno-exceptions -fno-rtti -fno-pie \
  -fno-asynchronous-unwind-tables -fno-unwind-tables -fno-threadsafe-statics \
  -Os -ffunction-sections -fdata-sections -fstack-protector-strong -fno-plt \
  -Wall -Wextra -Werror -ffile-prefix-map=$(CURDIR)/=
MUSL_LDFLAGS := -specs $(MUSL_SPECS) -static -no-pie -Wl,--gc-sections -s -Wl,--build-id=none \
  -Wl,-z,$(MUSL_RELRO),-z,now,-z,noexecstack,-z,noseparate-code
# The one recipe for every static musl program (the launcher, the test
# payloads, the bench stubs): compile $< with the extra flags $(1) into $@.o,
# then link $@ from it.
define musl_program
$(CXX) $(MUSL_CXXFLAGS) $(1) -c -o $@.o $<
	$(LINK_CC) $(MUSL_LDFLAGS) -o $@ $@.o
endef
LAUNCHER_DEFS = -DLANDLOCK_RUN_VERSION='"$(VERSION)"' -DLANDLOCK_RUN_SOURCE_SHA256='"$(LAUNCHER_SHA256)"'

# Host-side C++ (compiler, unit tests): glibc, libstdc++, sanitizers in tests.
HOST_CXXFLAGS := -std=c++20 -O2 -Wall -Wextra -Werror -ffile-prefix-map=$(CURDIR)/= $(CROSS_CXXFLAGS)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: all deps demo check lint format bench install clean payloads
all: $(LAUNCHER)

$(BUILD):
	mkdir -p $@

# The object is kept: the budget test reads its undefined symbols (no heap, no stdio).
# The Makefile is a prerequisite: the digest recipe above lives in it. The
# source comes first: it is the $< that musl_program compiles.
$(LAUNCHER): $(LAUNCHER_SRC) $(LAUNCHER_DIGEST_SRCS) VERSION Makefile | $(BUILD)
	$(call musl_program,$(LAUNCHER_DEFS))

# Static test payloads (no libc needed at run time, so they also run inside
# the minimal chroot and the qemu initramfs).
PAYLOAD_SRCS := $(wildcard tests/payloads/*.cpp)
PAYLOADS := $(patsubst tests/payloads/%.cpp,$(BUILD)/payloads/%,$(PAYLOAD_SRCS))
payloads: $(PAYLOADS)
$(BUILD)/payloads/%: tests/payloads/%.cpp tests/payloads/payload.h
	@mkdir -p $(dir $@)
	$(call musl_program)
	rm -f $@.o

# doctest suites print one PASS/FAIL line per test case through this main.
DOCTEST_MAIN := tests/support/doctest_main.cpp
$(BUILD)/unit/launcher-test: tests/unit/launcher_test.cpp $(DOCTEST_MAIN) $(LAUNCHER_DIGEST_SRCS)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -o $@ tests/unit/launcher_test.cpp $(DOCTEST_MAIN)

$(BUILD)/unit/parse-check: tests/support/parse_check.cpp $(LAUNCHER_DIGEST_SRCS)
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -o $@ $<

# What `make check` builds before running tests/suites/*.sh; each *.mk adds to it.
CHECK_DEPS := $(LAUNCHER) $(PAYLOADS) $(BUILD)/unit/launcher-test $(BUILD)/unit/parse-check

# On the host's build, make check also builds every cross target (into
# $(BUILD)/ARCH, and its packages into the same $(DIST)) where its toolchain is
# installed: tests/suites/16-cross-build.sh checks the binaries and the
# aarch64 kernel tiers run them. *.mk files add to CROSS_TARGETS.
CROSS_TARGETS := all payloads
CROSS_CHECK := $(if $(and $(filter $(ARCH),$(HOST_ARCH)),$(filter x86_64,$(HOST_ARCH)),$(shell command -v aarch64-linux-gnu-g++)),cross-aarch64)
CHECK_DEPS += $(CROSS_CHECK)
.PHONY: cross-aarch64
cross-aarch64:
	$(MAKE) ARCH=aarch64 BUILD=$(BUILD)/aarch64 DIST=$(DIST) $(CROSS_TARGETS)

include compiler/compiler.mk
include tests/escape/escape.mk
include fuzz/fuzz.mk
include tests/kernels/kernels.mk
include bench/bench.mk
include packaging/packaging.mk

# The compiler bakes in the same launcher digest (compiler/compiler.mk):
# rebuilt when the files or the recipe change.
$(BUILD)/compiler/base/version.o $(BUILD)/compiler/san/base/version.o: $(LAUNCHER_DIGEST_SRCS) Makefile

# A cross target's libraries come from the target's Debian architecture
# (multiarch), which apt must know before its lists are updated; adding it
# again is a no-op.
deps:
	$(if $(DEB_FOREIGN_ARCHES),for a in $(DEB_FOREIGN_ARCHES); do $(SUDO) dpkg --add-architecture $$a; done)
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sort $(DEB_PACKAGES))
	$(if $(NPM_GLOBAL_PACKAGES),if command -v npm >/dev/null; then $(SUDO) npm install -g --no-audit --no-fund $(NPM_GLOBAL_PACKAGES); \
	  else echo "make deps: npm not found: not installing $(NPM_GLOBAL_PACKAGES) (their tests will SKIP)"; fi)

# A denied write and an allowed one, shown with the freshly built launcher.
demo: $(LAUNCHER)
	@sh tests/demo.sh $(LAUNCHER)

# `make check SUITES="30 41-hostile"` runs only the suites named (by number
# or full name) and builds only what they need. Each suite's shim says what
# that is in its `# needs:` line (words from the table below; suite 08
# checks every shim has one and uses only these words). It is the one way
# to choose suites: `make lint` is `make check SUITES=05`. tests/README.md:
# how a suite is written.
NEED_launcher := $(LAUNCHER)
NEED_payloads := $(PAYLOADS)
NEED_compiler := $(COMPILER)
NEED_compiler-test := $(COMPILER_TEST)
NEED_launcher-test := $(BUILD)/unit/launcher-test
NEED_parse-check := $(BUILD)/unit/parse-check
NEED_cross := $(CROSS_CHECK)
NEED_fuzz := $(FUZZ_BINS)
NEED_tables := $(BUILD)/tables
NEED_completions := $(COMPLETIONS)
# The release artifacts: everything `make check` builds but the fuzzers and
# the sanitized compiler tests.
NEED_packaging := $(filter-out $(FUZZ_BINS) $(COMPILER_TEST),$(CHECK_DEPS))
NEED_nothing :=
# The words of the `# needs:` lines of the shims $(1).
suite_needs = $(if $(1),$(shell sed -n 's/^\# needs://p' $(1)))
# `make lint` is `make check SUITES=05`.
ifneq ($(filter lint,$(MAKECMDGOALS)),)
SUITES ?= 05
endif
# "41-hostile" and "41" both name tests/suites/41-hostile.sh.
CHECK_SUITES := $(if $(SUITES),$(sort $(foreach s,$(SUITES),$(wildcard tests/suites/$(s)*.sh))),$(wildcard tests/suites/*.sh))
CHECK_NEEDS := $(if $(SUITES),$(sort $(foreach need,$(call suite_needs,$(CHECK_SUITES)),$(NEED_$(need)))),$(CHECK_DEPS))

check: $(CHECK_NEEDS)
	@$(if $(CHECK_SUITES),,echo "make check: no suite matches SUITES='$(SUITES)' (tests/suites/*.sh)" >&2; exit 2;)
	@LLR_ROOT=$(CURDIR) LLR_BUILD=$(abspath $(BUILD)) sh tests/run-suites.sh $(CHECK_SUITES)

lint: check

# Every C++ file of the tree formatted by .clang-format (the list:
# tests/lint/format-files.sh); suite 05 checks it stays so.
format:
	sh tests/lint/format-files.sh | xargs clang-format -i

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(LAUNCHER) $(DESTDIR)$(PREFIX)/bin/landlock-run

clean:
	rm -rf $(BUILD)

endif
