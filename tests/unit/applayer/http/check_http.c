#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(http_parse_suite());
	srunner_add_suite(sr, http_buffers_suite());
	srunner_add_suite(sr, http_bodies_suite());
	srunner_add_suite(sr, http_events_suite());
	srunner_add_suite(sr, http_logger_suite());
	srunner_add_suite(sr, http_config_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
