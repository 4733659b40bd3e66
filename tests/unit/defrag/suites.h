/* One suite per lib/defrag file under test, run by check_defrag. */
#ifndef QUELL_TESTS_UNIT_DEFRAG_SUITES_H
#define QUELL_TESTS_UNIT_DEFRAG_SUITES_H

#include <check.h>

Suite	*defrag_defrag_suite(void);
Suite	*defrag_hosts_suite(void);
Suite	*defrag_policy_suite(void);

#endif
