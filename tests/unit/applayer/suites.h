#ifndef QUELL_TESTS_UNIT_APPLAYER_SUITES_H
#define QUELL_TESTS_UNIT_APPLAYER_SUITES_H

#include <check.h>

Suite	*applayer_registry_suite(void);
Suite	*applayer_dns_suite(void);
Suite	*applayer_tls_suite(void);
Suite	*applayer_ssh_suite(void);
Suite	*applayer_framework_suite(void);
Suite	*applayer_frames_suite(void);
Suite	*applayer_detectonly_suite(void);

#endif
