#include "core/base.h"

#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "defrag/hosts.h"
#include "defrag/policy.h"

#include "suites.h"

static struct ip_addr
addr(const char *s)
{
	struct ip_addr a;

	memset(&a, 0, sizeof(a));
	if (inet_pton(AF_INET, s, &a.u.v4) == 1)
		a.family = AF_INET;
	else {
		ck_assert_int_eq(inet_pton(AF_INET6, s, a.u.v6), 1);
		a.family = AF_INET6;
	}
	return a;
}

START_TEST(test_host_in_no_block_gets_the_default)
{
	struct defrag_hosts *h = defrag_hosts_new(DEFRAG_POLICY_BSD);
	struct ip_addr a = addr("198.18.0.1");

	ck_assert_int_eq(defrag_hosts_add(h, "198.19.0.0/16",
	    DEFRAG_POLICY_LINUX), 0);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_BSD);
	defrag_hosts_free(h);
}
END_TEST

START_TEST(test_most_specific_block_wins)
{
	struct defrag_hosts *h = defrag_hosts_new(DEFRAG_POLICY_BSD);
	struct ip_addr a = addr("198.18.1.7"), b = addr("198.18.2.7");

	ck_assert_int_eq(defrag_hosts_add(h, "0.0.0.0/0",
	    DEFRAG_POLICY_WINDOWS), 0);
	ck_assert_int_eq(defrag_hosts_add(h, "198.18.1.0/24",
	    DEFRAG_POLICY_LINUX), 0);
	ck_assert_int_eq(defrag_hosts_add(h, "198.18.0.0/15",
	    DEFRAG_POLICY_SOLARIS), 0);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_LINUX);
	ck_assert_int_eq(defrag_hosts_lookup(h, &b), DEFRAG_POLICY_SOLARIS);
	defrag_hosts_free(h);
}
END_TEST

/* suricata.yaml ships windows: [0.0.0.0/0]: IPv6 hosts stay bsd. */
START_TEST(test_ipv4_block_does_not_cover_ipv6)
{
	struct defrag_hosts *h = defrag_hosts_new(DEFRAG_POLICY_BSD);
	struct ip_addr a = addr("2001:2::1");

	ck_assert_int_eq(defrag_hosts_add(h, "0.0.0.0/0",
	    DEFRAG_POLICY_WINDOWS), 0);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_BSD);
	defrag_hosts_free(h);
}
END_TEST

START_TEST(test_ipv6_block_and_single_address)
{
	struct defrag_hosts *h = defrag_hosts_new(DEFRAG_POLICY_BSD);
	struct ip_addr a = addr("2001:2::1"), b = addr("2001:2::2");

	ck_assert_int_eq(defrag_hosts_add(h, "2001:2::/48",
	    DEFRAG_POLICY_LAST), 0);
	ck_assert_int_eq(defrag_hosts_add(h, "2001:2::2",
	    DEFRAG_POLICY_FIRST), 0);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_LAST);
	ck_assert_int_eq(defrag_hosts_lookup(h, &b), DEFRAG_POLICY_FIRST);
	defrag_hosts_free(h);
}
END_TEST

static const char *const bad_blocks[] = {
	"198.18.0.0/33", "198.18.0", "2001:2::/129", "host.example", "/8",
	"198.18.0.0/", "198.18.0.0/x", "",
};

START_TEST(test_bad_block_is_einval)
{
	struct defrag_hosts *h = defrag_hosts_new(DEFRAG_POLICY_BSD);

	errno = 0;
	ck_assert_int_eq(defrag_hosts_add(h, bad_blocks[_i],
	    DEFRAG_POLICY_LINUX), -1);
	ck_assert_int_eq(errno, EINVAL);
	defrag_hosts_free(h);
}
END_TEST

START_TEST(test_no_table_is_bsd)
{
	struct ip_addr a = addr("198.18.0.1");

	ck_assert_int_eq(defrag_hosts_lookup(NULL, &a), DEFRAG_POLICY_BSD);
}
END_TEST

Suite *
defrag_hosts_suite(void)
{
	Suite *s = suite_create("defrag_hosts");
	TCase *tc = tcase_create("hosts");

	tcase_add_test(tc, test_host_in_no_block_gets_the_default);
	tcase_add_test(tc, test_most_specific_block_wins);
	tcase_add_test(tc, test_ipv4_block_does_not_cover_ipv6);
	tcase_add_test(tc, test_ipv6_block_and_single_address);
	tcase_add_loop_test(tc, test_bad_block_is_einval, 0,
	    (int)QUELL_NITEMS(bad_blocks));
	tcase_add_test(tc, test_no_table_is_bsd);
	suite_add_tcase(s, tc);
	return s;
}
