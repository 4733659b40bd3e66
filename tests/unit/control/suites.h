/* One suite per lib/control file under test, run by check_control. */
#ifndef QUELL_TESTS_UNIT_CONTROL_SUITES_H
#define QUELL_TESTS_UNIT_CONTROL_SUITES_H

#include <check.h>

Suite	*control_commands_suite(void);
Suite	*control_proto_suite(void);
Suite	*control_render_suite(void);
Suite	*control_server_suite(void);
Suite	*control_tuple_suite(void);

#endif
