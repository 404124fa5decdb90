# landlock-run: the static Landlock launcher and its policy compiler.
#
#   make deps all && make demo     set up a fresh Debian machine, build, demo
#   make check                     every test; ends with "N passed, N failed, N skipped"
#
# Parts of the build live beside the code they build (*.mk, included below);
# this file holds the launcher, the shared flags and the test runner.

VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
DESTDIR ?=
BUILD ?= build
MUSL_SPECS ?= /usr/lib/x86_64-linux-musl/musl-gcc.specs
CXX := g++
LINK_CC := gcc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build and every test need; `make deps` installs them.
DEB_PACKAGES := make g++ gcc musl-tools musl-dev file coreutils util-linux passwd git \
  busybox-static dash cpio strace bubblewrap doctest-dev cppcheck clang-tidy shellcheck binutils

LAUNCHER_SRC := launcher/landlock-run.cpp
LAUNCHER := $(BUILD)/landlock-run
# `landlock-run --version`'s source digest covers every file the launcher is
# compiled from: the SHA-256 of the two files concatenated, in this order
# (cat launcher/landlock-run.cpp common/cli_flags.h | sha256sum). The same
# recipe is in docs/launcher-cli.md, packaging/audit.sh and tests/suites/7*.sh.
LAUNCHER_DIGEST_SRCS := $(LAUNCHER_SRC) common/cli_flags.h
LAUNCHER_SHA256 = $(shell cat $(LAUNCHER_DIGEST_SRCS) | sha256sum | cut -d' ' -f1)

# The launcher: freestanding-style C++, statically linked against musl. The
# link goes through gcc so that libstdc++ is never even on the link line.
MUSL_CXXFLAGS := -std=c++20 -specs $(MUSL_SPECS) -nostdinc++ -fno-exceptions -fno-rtti \
  -fno-asynchronous-unwind-tables -fno-unwind-tables -fno-threadsafe-statics \
  -Os -ffunction-sections -fdata-sections -fstack-protector-strong -fno-plt \
  -Wall -Wextra -Werror -ffile-prefix-map=$(CURDIR)/=
MUSL_LDFLAGS := -specs $(MUSL_SPECS) -static -Wl,--gc-sections -s -Wl,--build-id=none \
  -Wl,-z,relro,-z,now,-z,noexecstack,-z,noseparate-code
LAUNCHER_DEFS = -DLANDLOCK_RUN_VERSION='"$(VERSION)"' -DLANDLOCK_RUN_SOURCE_SHA256='"$(LAUNCHER_SHA256)"'

# Host-side C++ (compiler, unit tests): glibc, libstdc++, sanitizers in tests.
HOST_CXXFLAGS := -std=c++20 -O2 -Wall -Wextra -Werror -ffile-prefix-map=$(CURDIR)/=
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: all deps demo check lint bench install clean
all: $(LAUNCHER)

$(BUILD):
	mkdir -p $@

# The object is kept: the budget test reads its undefined symbols (no heap, no stdio).
# The Makefile is a prerequisite: the digest recipe above lives in it.
$(LAUNCHER): $(LAUNCHER_DIGEST_SRCS) VERSION Makefile | $(BUILD)
	$(CXX) $(MUSL_CXXFLAGS) $(LAUNCHER_DEFS) -c -o $@.o $<
	$(LINK_CC) $(MUSL_LDFLAGS) -o $@ $@.o

# Static test payloads (no libc needed at run time, so they also run inside
# the minimal chroot and the qemu initramfs).
PAYLOAD_SRCS := $(wildcard tests/payloads/*.cpp)
PAYLOADS := $(patsubst tests/payloads/%.cpp,$(BUILD)/payloads/%,$(PAYLOAD_SRCS))
$(BUILD)/payloads/%: tests/payloads/%.cpp tests/payloads/payload.h
	@mkdir -p $(dir $@)
	$(CXX) $(MUSL_CXXFLAGS) -c -o $@.o $<
	$(LINK_CC) $(MUSL_LDFLAGS) -o $@ $@.o
	rm -f $@.o

# doctest suites print one PASS/FAIL line per test case through this main.
DOCTEST_MAIN := tests/support/doctest_main.cpp
$(BUILD)/unit/launcher-test: tests/unit/launcher_test.cpp $(DOCTEST_MAIN) $(LAUNCHER_SRC) common/cli_flags.h
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -o $@ tests/unit/launcher_test.cpp $(DOCTEST_MAIN)

$(BUILD)/unit/parse-check: tests/support/parse_check.cpp $(LAUNCHER_SRC) common/cli_flags.h
	@mkdir -p $(dir $@)
	$(CXX) $(HOST_CXXFLAGS) $(SAN_FLAGS) -o $@ $<

# What `make check` builds before running tests/suites/*.sh; each *.mk adds to it.
CHECK_DEPS := $(LAUNCHER) $(PAYLOADS) $(BUILD)/unit/launcher-test $(BUILD)/unit/parse-check

-include compiler/compiler.mk
-include tests/escape/escape.mk
-include fuzz/fuzz.mk
-include tests/kernels/kernels.mk
-include bench/bench.mk
-include packaging/packaging.mk

# The compiler bakes in the same launcher digest (compiler/compiler.mk):
# rebuilt when the files or the recipe change.
$(BUILD)/compiler/version.o $(BUILD)/compiler/san/version.o: $(LAUNCHER_DIGEST_SRCS) Makefile

deps:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sort $(DEB_PACKAGES))

# A denied write and an allowed one, shown with the freshly built launcher.
demo: $(LAUNCHER)
	@sh tests/demo.sh $(LAUNCHER)

check: $(CHECK_DEPS)
	@LLR_ROOT=$(CURDIR) LLR_BUILD=$(abspath $(BUILD)) sh tests/run-suites.sh tests/suites/*.sh

lint:
	@LLR_ROOT=$(CURDIR) sh tests/run-suites.sh tests/suites/05-lint.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(LAUNCHER) $(DESTDIR)$(PREFIX)/bin/landlock-run

clean:
	rm -rf $(BUILD)
