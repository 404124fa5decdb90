# The adversarial escape suite (tests/escape/escape.sh, issue 4). Included by
# the top-level Makefile; its payloads (tests/payloads/escape-*.cpp) are built
# by the PAYLOADS pattern rule there and are already in CHECK_DEPS.
#
#   make escape          run the escape suite alone (tests/suites/40-escape.sh in make check)

# setpriv (util-linux) drops to uid 65534 when run as root; stat/touch/date.
DEB_PACKAGES += util-linux coreutils bash

.PHONY: escape
escape: $(LAUNCHER) $(PAYLOADS)
	bash tests/escape/escape.sh $(LAUNCHER) $(BUILD)/payloads
