# The adversarial escape suite (tests/escape/escape.sh, issue 4). Included by
# the top-level Makefile; its payloads (tests/payloads/escape-*.cpp) are built
# by the PAYLOADS pattern rule there and are already in CHECK_DEPS.
#
#   make escape          run the escape suite alone (tests/suites/40-escape.sh in make check)
#   make escape-mutants  check that the suite catches deliberately broken launchers

# setpriv (util-linux) drops to uid 65534 when run as root; stat/touch/date.
DEB_PACKAGES += util-linux coreutils bash

.PHONY: escape
escape: $(LAUNCHER) $(PAYLOADS)
	bash tests/escape/escape.sh $(LAUNCHER) $(BUILD)/payloads

# Mutation check of the suite itself (tests/escape/mutants.sh, a few minutes):
# copies of the launcher with one hole each; every one must make the suite fail.
.PHONY: escape-mutants
escape-mutants: $(PAYLOADS)
	MUSL_CXXFLAGS='$(MUSL_CXXFLAGS)' MUSL_LDFLAGS='$(MUSL_LDFLAGS)' bash tests/escape/mutants.sh $(BUILD)/payloads
