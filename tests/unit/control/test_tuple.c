/* lib/control/tuple: bypass-add's flow tuple as text and as JSON. */
#include "core/base.h"

#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>
#include <jansson.h>

#include "control/tuple.h"

#include "suites.h"

static struct control_tuple t;
static char err[256];
static char buf[128];

static const char *
parse_error(const char *s)
{
	ck_assert_int_eq(control_tuple_parse(s, &t, err, sizeof(err)), -1);
	return err;
}

START_TEST(test_ipv4_tcp_tuple_parses)
{
	ck_assert_int_eq(control_tuple_parse(
	    "tcp 198.18.1.2:1234 -> 198.18.2.2:80", &t, err, sizeof(err)), 0);
	ck_assert_uint_eq(t.proto, IPPROTO_TCP);
	ck_assert_uint_eq(t.src.family, AF_INET);
	ck_assert_uint_eq(t.src.u.v4, htonl(0xc6120102));
	ck_assert_uint_eq(t.dst.u.v4, htonl(0xc6120202));
	ck_assert_uint_eq(t.sport, 1234);
	ck_assert_uint_eq(t.dport, 80);
}
END_TEST

START_TEST(test_ipv6_udp_tuple_with_brackets_parses)
{
	ck_assert_int_eq(control_tuple_parse(
	    "UDP [2001:db8::1]:53 -> [2001:db8::2]:5353", &t, err,
	    sizeof(err)), 0);
	ck_assert_uint_eq(t.proto, IPPROTO_UDP);
	ck_assert_uint_eq(t.src.family, AF_INET6);
	ck_assert_uint_eq(t.src.u.v6[15], 1);
	ck_assert_uint_eq(t.dst.u.v6[15], 2);
	ck_assert_uint_eq(t.dport, 5353);
}
END_TEST

START_TEST(test_tuple_without_spaces_around_the_arrow_parses)
{
	ck_assert_int_eq(control_tuple_parse(
	    "  sctp 10.0.0.1:1->10.0.0.2:2  ", &t, err, sizeof(err)), 0);
	ck_assert_uint_eq(t.proto, IPPROTO_SCTP);
	ck_assert_uint_eq(t.dport, 2);
}
END_TEST

START_TEST(test_unknown_protocol_is_refused)
{
	ck_assert_str_eq(parse_error("icmp 1.1.1.1:1 -> 2.2.2.2:2"),
	    "expected PROTO SRC:PORT -> DST:PORT with PROTO tcp, udp or sctp");
}
END_TEST

START_TEST(test_missing_arrow_is_refused)
{
	ck_assert_str_eq(parse_error("tcp 1.1.1.1:1 2.2.2.2:2"),
	    "expected '->' between the endpoints");
}
END_TEST

START_TEST(test_port_zero_is_refused)
{
	ck_assert_str_eq(parse_error("tcp 1.1.1.1:0 -> 2.2.2.2:2"),
	    "source: port must be 1-65535");
}
END_TEST

START_TEST(test_port_above_65535_is_refused)
{
	ck_assert_str_eq(parse_error("tcp 1.1.1.1:1 -> 2.2.2.2:65536"),
	    "destination: port must be 1-65535");
}
END_TEST

START_TEST(test_bad_address_is_refused_with_its_text)
{
	ck_assert_str_eq(parse_error("tcp 1.1.1.300:1 -> 2.2.2.2:2"),
	    "source: invalid address '1.1.1.300'");
}
END_TEST

START_TEST(test_ipv6_without_brackets_is_refused)
{
	ck_assert_str_eq(parse_error("tcp 2001:db8::1:1 -> [2001:db8::2]:2"),
	    "source: write IPv6 addresses as [ADDRESS]:PORT");
}
END_TEST

START_TEST(test_mixed_address_families_are_refused)
{
	ck_assert_str_eq(parse_error("tcp 1.1.1.1:1 -> [2001:db8::2]:2"),
	    "source and destination are not the same address family");
}
END_TEST

START_TEST(test_tuple_formats_back_to_its_text)
{
	control_tuple_parse("tcp 198.18.1.2:1234 -> 198.18.2.2:80", &t, err,
	    sizeof(err));
	ck_assert_str_eq(control_tuple_format(&t, buf, sizeof(buf)),
	    "tcp 198.18.1.2:1234 -> 198.18.2.2:80");
}
END_TEST

START_TEST(test_ipv6_tuple_formats_with_brackets)
{
	control_tuple_parse("udp [2001:db8::1]:53->[2001:db8::2]:99", &t, err,
	    sizeof(err));
	ck_assert_str_eq(control_tuple_format(&t, buf, sizeof(buf)),
	    "udp [2001:db8::1]:53 -> [2001:db8::2]:99");
}
END_TEST

START_TEST(test_tuple_json_uses_eve_field_names)
{
	json_t *j;
	char *s;

	control_tuple_parse("tcp 198.18.1.2:1234 -> 198.18.2.2:80", &t, err,
	    sizeof(err));
	j = control_tuple_to_json(&t);
	s = json_dumps(j, JSON_COMPACT);
	ck_assert_str_eq(s, "{\"proto\":\"tcp\",\"src_ip\":\"198.18.1.2\","
	    "\"src_port\":1234,\"dest_ip\":\"198.18.2.2\",\"dest_port\":80}");
	free(s);
	json_decref(j);
}
END_TEST

START_TEST(test_tuple_json_reads_back_to_the_same_tuple)
{
	struct control_tuple back;
	json_t *j;

	control_tuple_parse("udp [2001:db8::1]:53 -> [2001:db8::2]:99", &t,
	    err, sizeof(err));
	j = control_tuple_to_json(&t);
	ck_assert_int_eq(control_tuple_from_json(j, &back, err, sizeof(err)),
	    0);
	ck_assert_mem_eq(&back, &t, sizeof(t));
	json_decref(j);
}
END_TEST

START_TEST(test_tuple_json_with_string_port_is_refused)
{
	json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:i}", "proto", "tcp",
	    "src_ip", "1.1.1.1", "src_port", "80", "dest_ip", "2.2.2.2",
	    "dest_port", 80);

	ck_assert_int_eq(control_tuple_from_json(j, &t, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "\"src_port\" must be an integer 1-65535");
	json_decref(j);
}
END_TEST

START_TEST(test_tuple_json_without_destination_is_refused)
{
	json_t *j = json_pack("{s:s, s:s, s:i}", "proto", "tcp",
	    "src_ip", "1.1.1.1", "src_port", 80);

	ck_assert_int_eq(control_tuple_from_json(j, &t, err, sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "\"dest_ip\" must be an IPv4 or IPv6 address string");
	json_decref(j);
}
END_TEST

START_TEST(test_tuple_json_with_unknown_protocol_is_refused)
{
	json_t *j = json_pack("{s:s}", "proto", "gre");

	ck_assert_int_eq(control_tuple_from_json(j, &t, err, sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "\"proto\" must be \"tcp\", \"udp\" or \"sctp\"");
	json_decref(j);
}
END_TEST

Suite *
control_tuple_suite(void)
{
	Suite *s = suite_create("control_tuple");
	TCase *tc = tcase_create("tuple");

	tcase_add_test(tc, test_ipv4_tcp_tuple_parses);
	tcase_add_test(tc, test_ipv6_udp_tuple_with_brackets_parses);
	tcase_add_test(tc, test_tuple_without_spaces_around_the_arrow_parses);
	tcase_add_test(tc, test_unknown_protocol_is_refused);
	tcase_add_test(tc, test_missing_arrow_is_refused);
	tcase_add_test(tc, test_port_zero_is_refused);
	tcase_add_test(tc, test_port_above_65535_is_refused);
	tcase_add_test(tc, test_bad_address_is_refused_with_its_text);
	tcase_add_test(tc, test_ipv6_without_brackets_is_refused);
	tcase_add_test(tc, test_mixed_address_families_are_refused);
	tcase_add_test(tc, test_tuple_formats_back_to_its_text);
	tcase_add_test(tc, test_ipv6_tuple_formats_with_brackets);
	tcase_add_test(tc, test_tuple_json_uses_eve_field_names);
	tcase_add_test(tc, test_tuple_json_reads_back_to_the_same_tuple);
	tcase_add_test(tc, test_tuple_json_with_string_port_is_refused);
	tcase_add_test(tc, test_tuple_json_without_destination_is_refused);
	tcase_add_test(tc, test_tuple_json_with_unknown_protocol_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
