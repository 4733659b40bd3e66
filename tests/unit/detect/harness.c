#include "core/base.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <check.h>

#include "detect/threshold_file.h"
#include "rules/ruleset.h"
#include "harness.h"

struct diag_list harness_dl;
struct detect_engine *harness_de;
struct detect_thread *harness_dt;
struct detect_result harness_res;

void
harness_setup(void)
{
	diag_list_init(&harness_dl);
	harness_de = NULL;
	harness_dt = NULL;
	/* Garbage, so a test that reads a result it never got fails. */
	memset(&harness_res, 0xa5, sizeof(harness_res));
}

void
harness_teardown(void)
{
	detect_thread_free(harness_dt);
	detect_engine_free(harness_de);
	diag_list_free(&harness_dl);
}

/* A test may build several engines: the one before goes. */
static void
harness_drop_engine(void)
{
	detect_thread_free(harness_dt);
	detect_engine_free(harness_de);
	harness_dt = NULL;
	harness_de = NULL;
}

void
harness_engine(const char *text)
{
	struct ruleset *rs;

	harness_drop_engine();
	rs = rules_ruleset_new();

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_string(rs, "test.rules", text, NULL,
	    &harness_dl), 0);
	ck_assert_msg(harness_dl.count == 0, "unexpected diag: %s",
	    harness_dl.count > 0 ? harness_dl.items[0].msg : "");
	harness_de = detect_engine_build(rs, &harness_dl);
	ck_assert_ptr_nonnull(harness_de);
	harness_dt = detect_thread_new(harness_de);
	ck_assert_ptr_nonnull(harness_dt);
}

void
harness_engine_thresholds(const char *text, const char *tconf)
{
	struct ruleset *rs;

	harness_drop_engine();
	rs = rules_ruleset_new();

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_string(rs, "test.rules", text, NULL,
	    &harness_dl), 0);
	ck_assert_msg(harness_dl.count == 0, "unexpected diag: %s",
	    harness_dl.count > 0 ? harness_dl.items[0].msg : "");
	detect_threshold_file_apply(rs, "t.config", tconf, strlen(tconf),
	    NULL, &harness_dl);
	harness_de = detect_engine_build(rs, &harness_dl);
	ck_assert_ptr_nonnull(harness_de);
	harness_dt = detect_thread_new(harness_de);
	ck_assert_ptr_nonnull(harness_dt);
}

struct ip_addr
harness_ip(const char *s)
{
	struct ip_addr a;

	memset(&a, 0, sizeof(a));
	a.family = strchr(s, ':') != NULL ? AF_INET6 : AF_INET;
	ck_assert_int_eq(inet_pton(a.family, s, &a.u), 1);
	return a;
}
