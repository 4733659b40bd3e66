#ifndef QUELL_TESTS_UNIT_STREAM_SUITES_H
#define QUELL_TESTS_UNIT_STREAM_SUITES_H

#include <check.h>

Suite	*stream_events_suite(void);
Suite	*stream_hostos_suite(void);
Suite	*stream_policy_suite(void);
Suite	*stream_raw_suite(void);
Suite	*stream_reassemble_suite(void);
Suite	*stream_stream_suite(void);
Suite	*stream_urgent_suite(void);

#endif
