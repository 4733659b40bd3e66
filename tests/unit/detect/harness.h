/* What the keyword test programs (check_payload, check_header,
 * check_flowkw) share: one engine built from rule text, its thread, the
 * last result, and the diagnostics of the load. Check fixtures call
 * harness_setup/harness_teardown around each test. */
#ifndef QUELL_TESTS_UNIT_DETECT_HARNESS_H
#define QUELL_TESTS_UNIT_DETECT_HARNESS_H

#include "core/base.h"

#include "core/diag.h"
#include "core/packet.h"
#include "detect/engine.h"

extern struct diag_list harness_dl;
extern struct detect_engine *harness_de;
extern struct detect_thread *harness_dt;
extern struct detect_result harness_res;

void	harness_setup(void);
void	harness_teardown(void);
/* Builds the engine and a thread from rules that must all load without a
 * diagnostic. */
void	harness_engine(const char *rules);
/* The same with threshold.config text applied first; its diagnostics stay
 * in harness_dl for the test to check. */
void	harness_engine_thresholds(const char *rules, const char *tconf);
/* An IPv4 or IPv6 address from its text; fails the test if malformed. */
struct ip_addr harness_ip(const char *);

#endif
