#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(applayer_registry_suite());
	srunner_add_suite(sr, applayer_dns_suite());
	srunner_add_suite(sr, applayer_tls_suite());
	srunner_add_suite(sr, applayer_ssh_suite());
	srunner_add_suite(sr, applayer_framework_suite());
	srunner_add_suite(sr, applayer_frames_suite());
	srunner_add_suite(sr, applayer_detectonly_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
