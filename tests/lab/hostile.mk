# Hostile-traffic lab test: malformed packets, fragments, TCP options,
# ICMP errors and a SYN flood from scapy (Debian: python3-scapy) through
# quelld. Needs daemon/quelld and daemon/quellctl (built by make all).
TESTS += tests/lab/t_hostile.sh
EXTRA_DIST += \
	tests/lab/t_hostile.sh \
	tests/lab/hostile/hostile.py \
	$(NULL)
