/* One suite per lib/bypass file under test, run by check_bypass. */
#ifndef QUELL_TESTS_UNIT_BYPASS_SUITES_H
#define QUELL_TESTS_UNIT_BYPASS_SUITES_H

#include <check.h>

Suite	*bypass_config_suite(void);
Suite	*bypass_conntrack_suite(void);
Suite	*bypass_key_suite(void);
Suite	*bypass_manager_suite(void);
Suite	*bypass_request_suite(void);
Suite	*bypass_table_suite(void);

#endif
