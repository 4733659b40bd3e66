/* One suite per lib/flow file under test, run by check_flow. */
#ifndef QUELL_TESTS_UNIT_FLOW_SUITES_H
#define QUELL_TESTS_UNIT_FLOW_SUITES_H

#include <check.h>

Suite	*flow_config_suite(void);
Suite	*flow_memcap_suite(void);
Suite	*flow_table_suite(void);
Suite	*flow_tcp_state_suite(void);
Suite	*flow_timeout_suite(void);

#endif
