#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(decode_decode_suite());
	srunner_add_suite(sr, decode_events_suite());
	srunner_add_suite(sr, decode_ipv4_suite());
	srunner_add_suite(sr, decode_ipv6_suite());
	srunner_add_suite(sr, decode_tcp_suite());
	srunner_add_suite(sr, decode_udp_suite());
	srunner_add_suite(sr, decode_stats_suite());
	srunner_add_suite(sr, decode_icmp_suite());
	srunner_add_suite(sr, decode_icmpv6_suite());
	srunner_add_suite(sr, decode_cases_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
