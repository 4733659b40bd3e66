#include "core/base.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <check.h>
#include <errno.h>
#include <string.h>

#include "stream/hostos.h"
#include "suites.h"

static struct ip_addr
addr(const char *s)
{
	struct ip_addr a;

	memset(&a, 0, sizeof(a));
	if (strchr(s, ':') != NULL) {
		a.family = AF_INET6;
		ck_assert_int_eq(inet_pton(AF_INET6, s, a.u.v6), 1);
	} else {
		a.family = AF_INET;
		ck_assert_int_eq(inet_pton(AF_INET, s, &a.u.v4), 1);
	}
	return a;
}

START_TEST(test_most_specific_block_wins)
{
	struct stream_hostos *h = stream_hostos_new(STREAM_OS_BSD);
	struct ip_addr a;

	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(stream_hostos_add(h, "0.0.0.0/0", STREAM_OS_WINDOWS),
	    0);
	ck_assert_int_eq(stream_hostos_add(h, "198.18.0.0/15",
	    STREAM_OS_LINUX), 0);
	ck_assert_int_eq(stream_hostos_add(h, "198.18.0.7", STREAM_OS_SOLARIS),
	    0);
	a = addr("198.18.0.7");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_SOLARIS);
	a = addr("198.19.3.4");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_LINUX);
	a = addr("203.0.113.1");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_WINDOWS);
	stream_hostos_free(h);
}
END_TEST

START_TEST(test_ipv6_blocks_and_the_default)
{
	struct stream_hostos *h = stream_hostos_new(STREAM_OS_BSD);
	struct ip_addr a;

	ck_assert_int_eq(stream_hostos_add(h, "2001:2::/48", STREAM_OS_MACOS),
	    0);
	a = addr("2001:2::99");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_MACOS);
	a = addr("2001:3::1");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_BSD);
	a = addr("198.18.0.1");
	ck_assert_int_eq(stream_hostos_lookup(h, &a), STREAM_OS_BSD);
	stream_hostos_free(h);
}
END_TEST

START_TEST(test_bad_blocks_are_refused)
{
	struct stream_hostos *h = stream_hostos_new(STREAM_OS_BSD);

	errno = 0;
	ck_assert_int_eq(stream_hostos_add(h, "10.0.0.0/33", STREAM_OS_BSD),
	    -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(stream_hostos_add(h, "host.example", STREAM_OS_BSD),
	    -1);
	ck_assert_int_eq(stream_hostos_add(h, "10.0.0.0/", STREAM_OS_BSD), -1);
	ck_assert_int_eq(stream_hostos_add(h, "2001:2::/129", STREAM_OS_BSD),
	    -1);
	stream_hostos_free(h);
}
END_TEST

Suite *
stream_hostos_suite(void)
{
	Suite *s = suite_create("stream_hostos");
	TCase *tc = tcase_create("lookup");

	tcase_add_test(tc, test_most_specific_block_wins);
	tcase_add_test(tc, test_ipv6_blocks_and_the_default);
	tcase_add_test(tc, test_bad_blocks_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
