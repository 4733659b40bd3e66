#include "core/base.h"

#include <check.h>
#include <stdlib.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(stream_stream_suite());
	int failed;

	srunner_add_suite(sr, stream_reassemble_suite());
	srunner_add_suite(sr, stream_policy_suite());
	srunner_add_suite(sr, stream_raw_suite());
	srunner_add_suite(sr, stream_hostos_suite());
	srunner_add_suite(sr, stream_events_suite());
	srunner_add_suite(sr, stream_urgent_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
