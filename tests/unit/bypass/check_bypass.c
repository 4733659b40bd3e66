#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(bypass_key_suite());
	srunner_add_suite(sr, bypass_config_suite());
	srunner_add_suite(sr, bypass_request_suite());
	srunner_add_suite(sr, bypass_table_suite());
	srunner_add_suite(sr, bypass_conntrack_suite());
	srunner_add_suite(sr, bypass_manager_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
