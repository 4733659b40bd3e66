/* lib/output/xff.c: the address an X-Forwarded-For value names, as
 * Suricata 7 takes it (app-layer-htp-xff.c). */
#include "core/base.h"

#include <check.h>

#include "output/xff.h"

Suite	*output_xff_suite(void);

static bool
parse(const char *v, bool forward, char *ip)
{
	return output_xff_parse((const uint8_t *)v, strlen(v), forward, ip,
	    OUTPUT_XFF_IP_LEN);
}

START_TEST(test_xff_reverse_takes_the_last_address)
{
	char ip[OUTPUT_XFF_IP_LEN];

	ck_assert(parse("10.2.2.2, 10.3.3.3", false, ip));
	ck_assert_str_eq(ip, "10.3.3.3");
}
END_TEST

START_TEST(test_xff_forward_takes_the_first_address)
{
	char ip[OUTPUT_XFF_IP_LEN];

	ck_assert(parse("10.2.2.2, 10.3.3.3", true, ip));
	ck_assert_str_eq(ip, "10.2.2.2");
}
END_TEST

START_TEST(test_xff_drops_the_port_of_v4_and_bracketed_v6)
{
	char ip[OUTPUT_XFF_IP_LEN];

	ck_assert(parse("1.2.3.4:5678", false, ip));
	ck_assert_str_eq(ip, "1.2.3.4");
	ck_assert(parse("[2a03:2880:1010:3f02:face:b00c:0:2]:80", false, ip));
	ck_assert_str_eq(ip, "2a03:2880:1010:3f02:face:b00c:0:2");
	ck_assert(parse("[::ffff:1.2.3.4]:1234", false, ip));
	ck_assert_str_eq(ip, "::ffff:1.2.3.4");
	ck_assert(parse("2001:2::68", false, ip));
	ck_assert_str_eq(ip, "2001:2::68");
}
END_TEST

START_TEST(test_xff_refuses_what_is_not_an_address)
{
	char ip[OUTPUT_XFF_IP_LEN];

	ck_assert(!parse("[1.2.3.4:1234", false, ip));
	ck_assert(!parse("999.999.999.999:1234", false, ip));
	ck_assert(!parse("unknown, proxy", false, ip));
	/* no space: reverse takes the whole chain, as Suricata */
	ck_assert(!parse("10.2.2.2,10.3.3.3", false, ip));
}
END_TEST

START_TEST(test_xff_value_must_be_7_to_255_bytes)
{
	char ip[OUTPUT_XFF_IP_LEN], v[300];

	ck_assert(!parse("1.2.3", false, ip));		/* 5 < 7 */
	ck_assert(parse("1.2.3.4", false, ip));		/* 7 */
	memset(v, ' ', sizeof(v));
	memcpy(v + 256 - 8, "10.0.0.1", 8);
	v[256] = '\0';					/* 256: too long */
	ck_assert(!parse(v, false, ip));
	v[255] = '\0';
	memcpy(v + 255 - 8, "10.0.0.1", 8);		/* 255 */
	ck_assert(parse(v, false, ip));
	ck_assert_str_eq(ip, "10.0.0.1");
}
END_TEST

START_TEST(test_xff_value_with_nul_is_refused)
{
	char ip[OUTPUT_XFF_IP_LEN];

	ck_assert(!output_xff_parse((const uint8_t *)"10.0.0.1\0x", 10, false,
	    ip, sizeof(ip)));
}
END_TEST

Suite *
output_xff_suite(void)
{
	Suite *s = suite_create("output_xff");
	TCase *tc = tcase_create("parse");

	tcase_add_test(tc, test_xff_reverse_takes_the_last_address);
	tcase_add_test(tc, test_xff_forward_takes_the_first_address);
	tcase_add_test(tc, test_xff_drops_the_port_of_v4_and_bracketed_v6);
	tcase_add_test(tc, test_xff_refuses_what_is_not_an_address);
	tcase_add_test(tc, test_xff_value_must_be_7_to_255_bytes);
	tcase_add_test(tc, test_xff_value_with_nul_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
