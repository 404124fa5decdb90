# Versioning, reproducibility, audit and packages (issue 7). Included by the
# top-level Makefile; every output lands under $(BUILD) or $(DIST).
#
#   make reproducible-check   clone HEAD twice, build in both, compare SHA-256
#   make audit                what an auditor wants to know about the launcher
#   make man                  man pages (scdoc) into $(BUILD)/man
#   make dist                 dist/landlock-run-VERSION-ARCH-linux-musl.tar.gz,
#                             dist/landlock-run-VERSION-src.tar.gz (the whole
#                             source tree), the SBOM and the .deb (when
#                             dpkg-deb is here) beside them, and
#                             dist/SHA256SUMS over every release file of
#                             VERSION in dist/
#   make deb                  $(BUILD)/deb/landlock-run_VERSION_DEBARCH.deb (dpkg-deb)
#   make npm                  $(BUILD)/npm/*.tgz (npm pack of the entry package
#                             and @landlock-run/linux-CPU, then the pack gates)
#   make sbom                 $(BUILD)/sbom/landlock-run-VERSION-ARCH-linux-musl.spdx.json
#                             (SPDX 2.3), licenses/*.copyright and built-using:
#                             what every package below ships (issue 13)
#   make dist-all             every architecture's tarball, .deb, npm
#                             packages and SBOM in $(DIST), with one SHA256SUMS
# Each for the ARCH the top-level Makefile selects (make ARCH=aarch64 dist).
#
# The logic lives in packaging/*.sh so that tests and ci/ run the same code.

DEB_PACKAGES += git tar gzip scdoc dpkg-dev lintian groff-base node-typescript
# packaging/sbom.py writes the bill of materials every package ships.
DEB_PACKAGES += python3
# tests/suites/77-integrations.sh parses the CI templates with a real YAML parser.
DEB_PACKAGES += python3-yaml
# tests/suites/76-container.sh: a real OCI runtime and podman's default seccomp
# profile; podman builds and runs docs/containers.md's image.
DEB_PACKAGES += crun golang-github-containers-common python3 podman

# Reproducible builds: one timestamp for everything that needs one (man page
# dates, archive mtimes, the Debian changelog); the last commit's time unless
# the caller sets it. Exported, so gcc's __DATE__ would honour it too.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || stat -c %Y VERSION)
export SOURCE_DATE_EPOCH
# Rewritten only when the epoch changes (a new commit), so that what embeds
# it (man page dates, archive mtimes) is rebuilt then, and only then.
SDE_STAMP := $(BUILD)/.source-date-epoch
.PHONY: FORCE-SDE
$(SDE_STAMP): FORCE-SDE
	@mkdir -p $(dir $@)
	@echo $(SOURCE_DATE_EPOCH) | cmp -s - $@ || echo $(SOURCE_DATE_EPOCH) >$@

# The release tarball goes to dist/ for the default build directory, and to
# $(BUILD)/dist for any other, so that parallel build directories never share
# (or race on) one tarball. tests/suites/71-dist.sh looks in the same place.
# A cross build's default folder (build/ARCH) also uses dist/: the tarball
# names differ by architecture.
DIST ?= $(if $(filter build build/$(ARCH),$(BUILD)),dist,$(BUILD)/dist)
# The names each architecture goes by: GNU's (ARCH), Debian's and npm's cpu.
PKG_DEB_ARCH := $(if $(filter aarch64,$(ARCH)),arm64,amd64)
PKG_NPM_CPU := $(if $(filter aarch64,$(ARCH)),arm64,x64)
PKG_ARCH_TRIPLET := $(ARCH)-linux-musl
# A cross build strips with the target's binutils (the host's cannot read it).
PKG_STRIP := $(if $(filter $(ARCH),$(HOST_ARCH)),strip,$(ARCH)-linux-gnu-strip)
DIST_NAME := landlock-run-$(VERSION)-$(PKG_ARCH_TRIPLET)
DIST_TARBALL := $(DIST)/$(DIST_NAME).tar.gz
DEB_FILE := $(BUILD)/deb/landlock-run_$(VERSION)_$(PKG_DEB_ARCH).deb
NPM_DIR := $(BUILD)/npm
NPM_TARBALLS := $(NPM_DIR)/landlock-run-$(VERSION).tgz $(NPM_DIR)/landlock-run-linux-$(PKG_NPM_CPU)-$(VERSION).tgz

HAVE_SCDOC := $(shell command -v scdoc)
MAN_SRCS := $(wildcard docs/man/*.scd)
MAN_PAGES := $(patsubst docs/man/%.scd,$(BUILD)/man/%,$(MAN_SRCS))

.PHONY: reproducible-check audit man dist deb npm sbom

man: $(MAN_PAGES)
$(BUILD)/man/%: docs/man/%.scd VERSION $(SDE_STAMP)
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/g' $< | scdoc > $@.tmp && mv $@.tmp $@

# `make install` also installs the man pages (when scdoc can build them).
.PHONY: install-man
install: $(if $(HAVE_SCDOC),install-man)
install-man: $(MAN_PAGES)
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	for p in $(MAN_PAGES); do install -m 0644 $$p $(DESTDIR)$(PREFIX)/share/man/man$${p##*.}/; done

reproducible-check:
	sh packaging/reproducible-check.sh

# The audit reads the binaries as shipped: those in the release tarball.
audit: $(DIST_TARBALL)
	@sh packaging/audit.sh $(DIST_TARBALL) $(LAUNCHER_SRC)

# The bill of materials (packaging/sbom.py). The binaries are linked once
# more, exactly as the build linked them but with an ld map, and must come
# out byte-identical: the map then tells which object files and archive
# members (musl's, glibc's, libgcc's, libstdc++'s) are in the shipped
# binaries, and dpkg which Debian package each came from. toml++ is
# header-only: found as the compiler finds it. The toolchain is each program
# the build ran (driver, cc1plus, as, ld, strip) and its Debian package.
# Where the release is published (its source tarball's address is the
# SBOM's downloadLocation); none by default (NOASSERTION). Recorded like
# the epoch, so that another value rebuilds the SBOM.
RELEASE_URL ?=
RELEASE_URL_STAMP := $(BUILD)/.release-url
$(RELEASE_URL_STAMP): FORCE-SDE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(RELEASE_URL)' | cmp -s - $@ || printf '%s\n' '$(RELEASE_URL)' >$@
SBOM_DIR := $(BUILD)/sbom
SBOM_NAME := $(DIST_NAME).spdx.json
SBOM := $(SBOM_DIR)/$(SBOM_NAME)
SBOM_TOOLS = $(CXX) $(LINK_CC) $(shell $(CXX) -print-prog-name=cc1plus) \
  $(shell $(CXX) -print-prog-name=as) $(shell $(CXX) -print-prog-name=ld) $(PKG_STRIP)
sbom: $(SBOM)
$(SBOM): $(LAUNCHER) $(COMPILER) packaging/sbom.py packaging/pkg-common.sh VERSION $(SDE_STAMP) $(RELEASE_URL_STAMP)
	@mkdir -p $(SBOM_DIR)
	$(LINK_CC) $(MUSL_LDFLAGS) -o $(SBOM_DIR)/landlock-run $(LAUNCHER).o -Wl,-Map=$(SBOM_DIR)/landlock-run.map
	@cmp $(SBOM_DIR)/landlock-run $(LAUNCHER) || { echo "sbom: the launcher linked again differs from $(LAUNCHER)" >&2; exit 1; }
	$(CXX) $(HOST_CXXFLAGS) $(COMPILER_LDFLAGS) -o $(SBOM_DIR)/landlock-policy.linked \
	  $(BUILD)/compiler/main.o $(COMPILER_OBJS) -Xlinker -Map=$(SBOM_DIR)/landlock-policy.map
	@cmp $(SBOM_DIR)/landlock-policy.linked $(COMPILER) || { echo "sbom: the compiler linked again differs from $(COMPILER)" >&2; exit 1; }
	STRIP=$(PKG_STRIP) sh -c '. packaging/pkg-common.sh && pkg_bin_stripped "$$1" "$$2"' sh \
	  $(COMPILER) $(SBOM_DIR)/landlock-policy
	RELEASE_URL='$(RELEASE_URL)' SBOM_BUILD=$(abspath $(BUILD)) HEADER_ONLY="bin/landlock-policy=toml++/toml.h" \
	  HEADER_PROBE="$(CXX) $(HOST_CXXFLAGS)" python3 packaging/sbom.py $(SBOM_DIR) $(DIST_NAME) $(VERSION) $(PKG_DEB_ARCH) \
	  bin/landlock-run=$(SBOM_DIR)/landlock-run:$(SBOM_DIR)/landlock-run.map \
	  bin/landlock-policy=$(SBOM_DIR)/landlock-policy:$(SBOM_DIR)/landlock-policy.map \
	  -- $(SBOM_TOOLS)

PKG_INPUTS := $(LAUNCHER) $(COMPILER) $(COMPLETIONS) $(MAN_PAGES) $(LAUNCHER_DIGEST_SRCS) \
  LICENSE VERSION README.md packaging/dist.sh packaging/pkg-common.sh $(SDE_STAMP) $(SBOM)

# The tarball's src/build.sh: the launcher's compile and link as the
# Makefile does them (compiler, flags, source list), so that src/ rebuilds
# bin/landlock-run byte for byte in one step. The build folder's
# -ffile-prefix-map is left out: the script maps its own folder away.
LAUNCHER_RECIPE := $(BUILD)/src-build.sh
LAUNCHER_RECIPE_PACKAGES := $(if $(filter $(ARCH),$(HOST_ARCH)),g++ gcc musl-tools,g++-$(ARCH)-linux-gnu gcc-$(ARCH)-linux-gnu musl-dev:$(PKG_DEB_ARCH))
$(LAUNCHER_RECIPE): packaging/src-build.sh.in packaging/packaging.mk Makefile | $(BUILD)
	sed -e 's|@CXX@|$(CXX)|' -e 's|@LINK_CC@|$(LINK_CC)|' -e 's|@MAIN@|$(LAUNCHER_SRC)|' \
	  -e 's|@CXXFLAGS@|$(filter-out -ffile-prefix-map=%,$(MUSL_CXXFLAGS))|' -e 's|@LDFLAGS@|$(MUSL_LDFLAGS)|' \
	  -e 's|@SOURCES@|$(LAUNCHER_DIGEST_SRCS)|' -e 's|@DEB_PACKAGES@|$(LAUNCHER_RECIPE_PACKAGES)|' $< >$@.tmp
	@! grep -n '@[A-Z_]*@' $@.tmp || { echo "$@: a template name is left" >&2; exit 1; }
	mv $@.tmp $@

# The corresponding source of the release: the whole tree
# (packaging/src-tarball.sh), rewritten only when its bytes change; the
# script runs every time, since any file of the tree is an input.
SRC_TARBALL := $(DIST)/landlock-run-$(VERSION)-src.tar.gz
.PHONY: FORCE-SRC
$(SRC_TARBALL): FORCE-SRC $(SDE_STAMP)
	@mkdir -p $(dir $@)
	sh packaging/src-tarball.sh $@ $(VERSION) $(BUILD)

# What make dist writes beside the tarballs: the SBOM and, where dpkg-deb
# is, the .deb; then SHA256SUMS over every release file of VERSION in
# $(DIST) (packaging/sha256sums.sh), whichever architecture wrote it.
HAVE_DPKG_DEB := $(shell command -v dpkg-deb)
DIST_FILES := $(DIST_TARBALL) $(SRC_TARBALL) $(DIST)/$(SBOM_NAME) $(if $(HAVE_DPKG_DEB),$(DIST)/$(notdir $(DEB_FILE)))
DIST_SUMS := $(DIST)/SHA256SUMS
$(DIST)/$(SBOM_NAME): $(SBOM)
	install -D -m 0644 $< $@
$(DIST)/$(notdir $(DEB_FILE)): $(DEB_FILE)
	install -D -m 0644 $< $@
$(DIST_SUMS): $(DIST_FILES) packaging/sha256sums.sh
	sh packaging/sha256sums.sh $(DIST) $(VERSION)

dist: $(DIST_TARBALL) $(DIST_SUMS)
$(DIST_TARBALL): $(PKG_INPUTS) $(LAUNCHER_RECIPE)
	SBOM=$(SBOM) STRIP=$(PKG_STRIP) sh packaging/dist.sh $@ $(BUILD) $(VERSION) $(PKG_ARCH_TRIPLET)

deb: $(DEB_FILE)
$(DEB_FILE): $(PKG_INPUTS) packaging/deb.sh $(wildcard packaging/deb/* packaging/deb/lintian/*)
	SBOM=$(SBOM) STRIP=$(PKG_STRIP) sh packaging/deb.sh $@ $(BUILD) $(VERSION) $(PKG_DEB_ARCH)

NPM_SRCS := $(shell find packaging/npm -type f 2>/dev/null)
npm: $(NPM_TARBALLS)
$(NPM_TARBALLS) &: $(LAUNCHER) $(COMPILER) $(NPM_SRCS) LICENSE VERSION $(SBOM)
	SBOM=$(SBOM) STRIP=$(PKG_STRIP) sh packaging/npm/build.sh $(NPM_DIR) $(LAUNCHER) $(VERSION) $(PKG_NPM_CPU) $(COMPILER)

# `make check` builds what the 7x suites test. Each package is only built
# where its tool exists (the suites then report a SKIP with the reason).
HAVE_NPM := $(shell command -v npm)
CHECK_DEPS += $(if $(HAVE_SCDOC),$(MAN_PAGES) $(DIST_TARBALL) $(DIST_SUMS) $(if $(HAVE_DPKG_DEB),$(DEB_FILE)))
CHECK_DEPS += $(if $(HAVE_NPM),$(NPM_TARBALLS))
# The same packages for every cross target (the Makefile's cross-aarch64).
CROSS_TARGETS += $(if $(HAVE_SCDOC),man dist $(if $(HAVE_DPKG_DEB),deb)) $(if $(HAVE_NPM),npm)

# Every architecture's release artifacts side by side in $(DIST), with one
# SHA256SUMS over them all (packaging/dist-all.sh). Built from the host, which
# cross-builds the others.
.PHONY: dist-all
ifeq ($(ARCH),$(HOST_ARCH))
CROSS_DIST_TARBALLS := $(DIST)/landlock-run-$(VERSION)-aarch64-linux-musl.tar.gz
dist-all: $(DIST_TARBALL) $(DIST_SUMS) $(DEB_FILE) $(NPM_TARBALLS) $(SBOM)
	@[ -n "$(CROSS_CHECK)" ] || { echo "dist-all: needs the aarch64 toolchain on an x86_64 host (make deps)" >&2; exit 1; }
	$(MAKE) cross-aarch64
	sh packaging/dist-all.sh $(DIST) $(DIST_TARBALL) $(SRC_TARBALL) $(DEB_FILE) $(NPM_TARBALLS) $(SBOM) $(CROSS_DIST_TARBALLS) \
	  $(BUILD)/aarch64/deb/landlock-run_$(VERSION)_arm64.deb $(BUILD)/aarch64/npm/landlock-run-$(VERSION).tgz \
	  $(BUILD)/aarch64/npm/landlock-run-linux-arm64-$(VERSION).tgz \
	  $(BUILD)/aarch64/sbom/landlock-run-$(VERSION)-aarch64-linux-musl.spdx.json
else
dist-all:
	@echo "dist-all: run it without ARCH=: it builds every architecture from the host" >&2; exit 1
endif


# make bench: an observed run() (landlock-policy learn underneath) against a
# plain run() on the learn benchmark's small build, through the staged npm
# package; bar 1.5x (bench/npm/run.cjs, docs/npm.md). As root it measures the
# audit way, then the ptrace way as uid 65534 (bench/npm/ptrace.sh).
.PHONY: bench-npm
BENCHES += $(if $(HAVE_NPM),bench-npm)
bench-npm: $(NPM_TARBALLS)
	node bench/npm/run.cjs $(NPM_DIR)/stage/landlock-run $(LAUNCHER) $(COMPILER)
	sh bench/npm/ptrace.sh $(NPM_DIR)/stage/landlock-run $(LAUNCHER) $(COMPILER)
