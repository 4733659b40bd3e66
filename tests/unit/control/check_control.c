/* lib/control: protocol, commands, server, tuples, human output. */
#include "core/base.h"

#include <check.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(control_proto_suite());
	srunner_add_suite(sr, control_commands_suite());
	srunner_add_suite(sr, control_server_suite());
	srunner_add_suite(sr, control_tuple_suite());
	srunner_add_suite(sr, control_render_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
