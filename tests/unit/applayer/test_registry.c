#include "core/base.h"

#include <check.h>

#include "applayer/parser.h"
#include "applayer/registry.h"
#include "suites.h"

static void
count_one(const struct applayer_parser *p, void *arg)
{
	size_t *n = arg;

	ck_assert_ptr_eq(applayer_registry_get(p->proto), p);
	ck_assert_ptr_eq(applayer_registry_by_name(p->name,
	    strlen(p->name)), p);
	(*n)++;
}

START_TEST(test_every_entry_complete)
{
	char err[256] = "";
	size_t n = 0;

	ck_assert_msg(applayer_registry_check(err, sizeof(err)) == 0, "%s",
	    err);
	applayer_registry_foreach(count_one, &n);
	ck_assert_uint_le(n, APPLAYER_PROTO_MAX);
}
END_TEST

START_TEST(test_proto_names)
{
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_HTTP1), "http");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_TLS), "tls");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_DNS), "dns");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_SSH), "ssh");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_FAILED), "failed");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_MAX), "unknown");
	ck_assert_ptr_null(applayer_registry_by_name("nosuch", 6));
	ck_assert_ptr_null(applayer_registry_get(APPLAYER_PROTO_MAX));
}
END_TEST

START_TEST(test_txdata_events)
{
	struct applayer_txdata td;

	memset(&td, 0, sizeof(td));
	applayer_txdata_set_event(&td, 0);
	applayer_txdata_set_event(&td, 127);
	applayer_txdata_set_event(&td, 128);	/* out of range: ignored */
	ck_assert(applayer_txdata_has_event(&td, 0));
	ck_assert(applayer_txdata_has_event(&td, 127));
	ck_assert(!applayer_txdata_has_event(&td, 1));
	ck_assert(!applayer_txdata_has_event(&td, 128));
}
END_TEST

Suite *
applayer_registry_suite(void)
{
	Suite *s = suite_create("applayer_registry");
	TCase *tc = tcase_create("registry");

	tcase_add_test(tc, test_every_entry_complete);
	tcase_add_test(tc, test_proto_names);
	tcase_add_test(tc, test_txdata_events);
	suite_add_tcase(s, tc);
	return s;
}
