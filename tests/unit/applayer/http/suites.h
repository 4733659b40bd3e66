#ifndef QUELL_TESTS_UNIT_APPLAYER_HTTP_SUITES_H
#define QUELL_TESTS_UNIT_APPLAYER_HTTP_SUITES_H

#include <check.h>

Suite	*http_parse_suite(void);
Suite	*http_buffers_suite(void);
Suite	*http_bodies_suite(void);
Suite	*http_events_suite(void);
Suite	*http_logger_suite(void);
Suite	*http_config_suite(void);

#endif
