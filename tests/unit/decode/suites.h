/* One suite per lib/decode file under test, run by check_decode. */
#ifndef QUELL_TESTS_UNIT_DECODE_SUITES_H
#define QUELL_TESTS_UNIT_DECODE_SUITES_H

#include <check.h>

Suite	*decode_cases_suite(void);
Suite	*decode_decode_suite(void);
Suite	*decode_events_suite(void);
Suite	*decode_icmp_suite(void);
Suite	*decode_icmpv6_suite(void);
Suite	*decode_ipv4_suite(void);
Suite	*decode_ipv6_suite(void);
Suite	*decode_stats_suite(void);
Suite	*decode_tcp_suite(void);
Suite	*decode_udp_suite(void);

#endif
