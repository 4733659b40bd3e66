#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(flow_config_suite());
	srunner_add_suite(sr, flow_table_suite());
	srunner_add_suite(sr, flow_tcp_state_suite());
	srunner_add_suite(sr, flow_timeout_suite());
	srunner_add_suite(sr, flow_memcap_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
