/* Unit tests of lib/detect: the keyword registry, rule matching against
 * hand-built packets (no decoder involved), and verdict resolution. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/keywords/registry.h"
#include "rules/ruleset.h"
#include "rules/vars.h"

static struct diag_list dl;
static struct detect_engine *de;
static struct detect_thread *dt;
static struct detect_result res;

static void	setup(void);
static void	teardown(void);
static void	engine(const char *);
static struct ip_addr ip(const char *);
static struct packet pkt(uint8_t, const char *, uint16_t, const char *,
		    uint16_t, const char *);
static struct packet tcp(const char *, uint16_t, const char *, uint16_t,
		    const char *);
static void	run(const struct packet *);
static bool	matches(const char *, const struct packet *);
static Suite	*detect_suite(void);

static void
setup(void)
{
	diag_list_init(&dl);
	de = NULL;
	dt = NULL;
	memset(&res, 0xa5, sizeof(res));
}

static void
teardown(void)
{
	detect_thread_free(dt);
	detect_engine_free(de);
	diag_list_free(&dl);
}

/* Builds the engine and a thread from rules that must all load. */
static void
engine(const char *text)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rules_vars *vars = rules_vars_new();

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_vars_set(vars, "HOME_NET", "198.18.0.0/15"), 0);
	ck_assert_int_eq(rules_load_string(rs, "test.rules", text, vars, &dl),
	    0);
	rules_vars_free(vars);
	ck_assert_uint_eq(dl.count, 0);
	de = detect_engine_build(rs, &dl);
	ck_assert_ptr_nonnull(de);
	dt = detect_thread_new(de);
	ck_assert_ptr_nonnull(dt);
}

static struct ip_addr
ip(const char *s)
{
	struct ip_addr a;

	memset(&a, 0, sizeof(a));
	a.family = strchr(s, ':') != NULL ? AF_INET6 : AF_INET;
	ck_assert_int_eq(inet_pton(a.family, s, &a.u), 1);
	return a;
}

/* A decoded packet as the decoder would leave it; payload may be NULL. */
static struct packet
pkt(uint8_t proto, const char *src, uint16_t sport, const char *dst,
    uint16_t dport, const char *payload)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.src = ip(src);
	p.dst = ip(dst);
	p.ip_version = p.src.family == AF_INET ? 4 : 6;
	p.proto = proto;
	p.l4_valid = true;
	p.sport = sport;
	p.dport = dport;
	p.payload = (const uint8_t *)payload;
	p.payload_len = payload != NULL ? (uint32_t)strlen(payload) : 0;
	return p;
}

static struct packet
tcp(const char *src, uint16_t sport, const char *dst, uint16_t dport,
    const char *payload)
{
	return pkt(IPPROTO_TCP, src, sport, dst, dport, payload);
}

static void
run(const struct packet *p)
{
	detect_packet(dt, p, &res);
}

/* Whether a fresh engine of the one rule text alerts on p. */
static bool
matches(const char *rule, const struct packet *p)
{
	engine(rule);
	run(p);
	return res.nalerts == 1;
}

/* --- registry --- */

START_TEST(test_keyword_registry_is_sorted_and_unique)
{
	ck_assert_uint_gt(detect_keywords_registry_count(), 0);
	for (size_t i = 1; i < detect_keywords_registry_count(); i++)
		ck_assert_msg(strcmp(detect_keywords_registry_at(i - 1)->name,
		    detect_keywords_registry_at(i)->name) < 0,
		    "'%s' must sort before '%s'",
		    detect_keywords_registry_at(i - 1)->name,
		    detect_keywords_registry_at(i)->name);
}
END_TEST

START_TEST(test_keyword_names_are_lowercase)
{
	for (size_t i = 0; i < detect_keywords_registry_count(); i++) {
		const char *name = detect_keywords_registry_at(i)->name;

		for (const char *c = name; *c != '\0'; c++)
			ck_assert_msg(!(*c >= 'A' && *c <= 'Z'),
			    "keyword '%s' has uppercase", name);
	}
}
END_TEST

START_TEST(test_keyword_lookup_ignores_case)
{
	ck_assert_ptr_eq(detect_keywords_registry_lookup("Content", 7),
	    detect_keywords_registry_lookup("content", 7));
}
END_TEST

START_TEST(test_every_keyword_has_a_description_and_setup)
{
	for (size_t i = 0; i < detect_keywords_registry_count(); i++) {
		const struct keyword *kw = detect_keywords_registry_at(i);

		ck_assert_ptr_nonnull(kw->desc);
		ck_assert_ptr_nonnull(kw->setup);
	}
}
END_TEST

START_TEST(test_keyword_lookup_finds_every_keyword)
{
	for (size_t i = 0; i < detect_keywords_registry_count(); i++) {
		const struct keyword *kw = detect_keywords_registry_at(i);

		ck_assert_ptr_eq(detect_keywords_registry_lookup(kw->name,
		    strlen(kw->name)), kw);
	}
}
END_TEST

START_TEST(test_keyword_lookup_needs_the_whole_name)
{
	ck_assert_ptr_null(detect_keywords_registry_lookup("conten", 6));
	ck_assert_ptr_null(detect_keywords_registry_lookup("contents", 8));
	ck_assert_ptr_nonnull(detect_keywords_registry_lookup("contents", 7));
	ck_assert_ptr_null(detect_keywords_registry_lookup("", 0));
}
END_TEST

/* --- header fields --- */

START_TEST(test_rule_matches_its_protocol)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	ck_assert(matches("alert tcp any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_rule_ignores_other_protocols)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 80,
	    NULL);

	ck_assert(!matches("alert tcp any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_ip_rule_matches_any_protocol)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 53,
	    NULL);

	ck_assert(matches("alert ip any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_icmp_rule_matches_icmpv4)
{
	struct packet p = pkt(IPPROTO_ICMP, "10.0.0.1", 0, "10.0.0.2", 0, NULL);

	ck_assert(matches("alert icmp any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_icmp_rule_matches_icmpv6)
{
	struct packet p = pkt(IPPROTO_ICMPV6, "2001:db8::1", 0, "2001:db8::2",
	    0, NULL);

	ck_assert(matches("alert icmp any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv6_rule_ignores_icmpv4)
{
	struct packet p = pkt(IPPROTO_ICMP, "10.0.0.1", 0, "10.0.0.2", 0, NULL);

	ck_assert(!matches("alert icmpv6 any any -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_source_address_must_match)
{
	struct packet p = tcp("10.9.9.9", 1000, "198.18.0.1", 80, NULL);

	ck_assert(!matches("alert tcp 10.0.0.0/24 any -> any any (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_destination_address_must_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	ck_assert(!matches("alert tcp any any -> $HOME_NET any (sid:1;)", &p));
}
END_TEST

START_TEST(test_addresses_in_range_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "198.19.4.4", 80, NULL);

	ck_assert(matches("alert tcp 10.0.0.0/24 any -> $HOME_NET any (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_source_port_must_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	ck_assert(!matches("alert tcp any 80 -> any any (sid:1;)", &p));
}
END_TEST

START_TEST(test_destination_port_must_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 81, NULL);

	ck_assert(!matches("alert tcp any any -> any [80,443] (sid:1;)", &p));
}
END_TEST

START_TEST(test_ports_in_range_match)
{
	struct packet p = tcp("10.0.0.1", 40000, "10.0.0.2", 443, NULL);

	ck_assert(matches("alert tcp any 1024: -> any [80,443] (sid:1;)", &p));
}
END_TEST

START_TEST(test_port_rule_ignores_packets_without_ports)
{
	struct packet p = pkt(IPPROTO_ICMP, "10.0.0.1", 0, "10.0.0.2", 0, NULL);

	ck_assert(!matches("alert ip any any -> any !80 (sid:1;)", &p));
}
END_TEST

START_TEST(test_ipv6_rule_matches_ipv6_packet)
{
	struct packet p = tcp("2001:db8::1", 1000, "2001:db8:1::9", 22, NULL);

	ck_assert(matches("alert tcp 2001:db8::/48 any -> any 22 (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_ipv4_rule_ignores_ipv6_packet)
{
	struct packet p = tcp("2001:db8::1", 1000, "2001:db8::2", 22, NULL);

	ck_assert(!matches("alert tcp 10.0.0.0/8 any -> any any (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_packet_without_ip_layer_matches_nothing)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	p.ip_version = 0;
	ck_assert(!matches("drop ip any any -> any any (sid:1;)", &p));
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
}
END_TEST

/* --- direction --- */

START_TEST(test_one_way_rule_ignores_the_reply)
{
	struct packet p = tcp("10.0.0.2", 80, "10.0.0.1", 1000, NULL);

	ck_assert(!matches("alert tcp 10.0.0.1 any -> 10.0.0.2 80 (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_bidirectional_rule_matches_the_reply)
{
	struct packet p = tcp("10.0.0.2", 80, "10.0.0.1", 1000, NULL);

	ck_assert(matches("alert tcp 10.0.0.1 any <> 10.0.0.2 80 (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_bidirectional_rule_matches_the_request)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	ck_assert(matches("alert tcp 10.0.0.1 any <> 10.0.0.2 80 (sid:1;)",
	    &p));
}
END_TEST

START_TEST(test_bidirectional_rule_needs_one_consistent_orientation)
{
	struct packet p = tcp("10.0.0.1", 80, "10.0.0.2", 1000, NULL);

	ck_assert(!matches("alert tcp 10.0.0.1 any <> 10.0.0.2 80 (sid:1;)",
	    &p));
}
END_TEST

/* --- content --- */

START_TEST(test_content_found_anywhere_in_payload_matches)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80,
	    "xxGET /index.html");

	ck_assert(matches("alert tcp any any -> any any (content:\"index\"; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_content_missing_from_payload_does_not_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "GET /");

	ck_assert(!matches("alert tcp any any -> any any (content:\"POST\"; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_content_is_case_sensitive)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "get /");

	ck_assert(!matches("alert tcp any any -> any any (content:\"GET\"; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_hex_content_matches_its_bytes)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "a\x01\xff" "b");

	ck_assert(matches("alert tcp any any -> any any (content:\"a|01 FF|b\";"
	    " sid:1;)", &p));
}
END_TEST

START_TEST(test_escaped_content_matches_the_plain_bytes)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "a;\"b");

	ck_assert(matches("alert tcp any any -> any any "
	    "(content:\"a\\;\\\"b\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_content_at_the_end_of_payload_matches)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "abcdef");

	ck_assert(matches("alert tcp any any -> any any (content:\"def\"; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_content_longer_than_payload_does_not_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "abc");

	ck_assert(!matches("alert tcp any any -> any any (content:\"abcd\"; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_every_content_must_match)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "one two");

	ck_assert(!matches("alert tcp any any -> any any (content:\"one\"; "
	    "content:\"three\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_negated_content_matches_when_absent)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "GET /");

	ck_assert(matches("alert tcp any any -> any any (content:\"GET\"; "
	    "content:!\"admin\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_negated_content_fails_when_present)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "GET /admin");

	ck_assert(!matches("alert tcp any any -> any any (content:\"GET\"; "
	    "content:!\"admin\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_content_rule_ignores_empty_payload)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	ck_assert(!matches("alert tcp any any -> any any (content:!\"x\"; "
	    "sid:1;)", &p));
}
END_TEST

/* --- verdicts and alerts --- */

START_TEST(test_alert_only_accepts_and_reports)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (msg:\"seen\"; sid:7; rev:2;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(res.nalerts, 1);
	ck_assert_uint_eq(res.alerts_dropped, 0);
	ck_assert_uint_eq(res.alerts[0].gid, 1);
	ck_assert_uint_eq(res.alerts[0].sid, 7);
	ck_assert_uint_eq(res.alerts[0].rev, 2);
	ck_assert_int_eq(res.alerts[0].action, RULE_ACTION_ALERT);
	ck_assert(!res.alerts[0].blocked);
	ck_assert_str_eq(res.alerts[0].msg, "seen");
}
END_TEST

START_TEST(test_no_match_accepts_without_alerts)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("drop udp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(res.nalerts, 0);
	ck_assert_uint_eq(res.alerts_dropped, 0);
}
END_TEST

START_TEST(test_alert_without_msg_has_empty_msg)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_str_eq(res.alerts[0].msg, "");
}
END_TEST

START_TEST(test_drop_beats_alert_and_both_are_blocked)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:1;)\n"
	    "drop tcp any any -> any any (sid:2;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 2);
	ck_assert(res.alerts[0].blocked);
	ck_assert(res.alerts[1].blocked);
	ck_assert_int_eq(res.alerts[1].action, RULE_ACTION_DROP);
}
END_TEST

START_TEST(test_pass_beats_drop_and_silences_alerts)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("drop tcp any any -> any any (sid:1;)\n"
	    "alert tcp any any -> any any (sid:2;)\n"
	    "pass tcp 10.0.0.1 any -> any any (sid:3;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(res.nalerts, 0);
	ck_assert_uint_eq(res.alerts_dropped, 0);
}
END_TEST

START_TEST(test_pass_that_does_not_match_changes_nothing)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("drop tcp any any -> any any (sid:1;)\n"
	    "pass tcp 10.0.0.9 any -> any any (sid:3;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
}
END_TEST

START_TEST(test_reject_gives_reject_verdict)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("rejectboth tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_REJECT);
	ck_assert_int_eq(res.alerts[0].action, RULE_ACTION_REJECTBOTH);
	ck_assert(res.alerts[0].blocked);
}
END_TEST

START_TEST(test_drop_beats_reject)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("reject tcp any any -> any any (sid:1;)\n"
	    "drop tcp any any -> any any (sid:2;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 2);
}
END_TEST

START_TEST(test_alerts_come_in_rule_load_order)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:30;)\n"
	    "drop tcp any any -> any any (sid:10;)\n"
	    "alert ip any any -> any any (sid:20;)\n");
	run(&p);
	ck_assert_uint_eq(res.nalerts, 3);
	ck_assert_uint_eq(res.alerts[0].sid, 30);
	ck_assert_uint_eq(res.alerts[1].sid, 10);
	ck_assert_uint_eq(res.alerts[2].sid, 20);
}
END_TEST

START_TEST(test_alerts_beyond_the_limit_are_counted_keeping_drops)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);
	char text[4096];
	size_t off = 0;

	for (int i = 1; i <= 20; i++)
		off += (size_t)snprintf(text + off, sizeof(text) - off,
		    "alert tcp any any -> any any (sid:%d;)\n", i);
	snprintf(text + off, sizeof(text) - off,
	    "drop tcp any any -> any any (sid:99;)\n");
	engine(text);
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, DETECT_MAX_ALERTS);
	ck_assert_uint_eq(res.alerts_dropped, 21 - DETECT_MAX_ALERTS);
	ck_assert_uint_eq(res.alerts[0].sid, 1);
	ck_assert_uint_eq(res.alerts[DETECT_MAX_ALERTS - 2].sid,
	    DETECT_MAX_ALERTS - 1);
	ck_assert_uint_eq(res.alerts[DETECT_MAX_ALERTS - 1].sid, 99);
}
END_TEST

/* --- engine --- */

START_TEST(test_rules_are_grouped_by_protocol)
{
	engine("alert tcp any any -> any any (sid:1;)\n"
	    "alert udp any any -> any any (sid:2;)\n"
	    "alert icmp any any -> any any (sid:3;)\n"
	    "alert ip any any -> any any (sid:4;)\n"
	    "alert igmp any any -> any any (sid:5;)\n");
	ck_assert_uint_eq(detect_engine_rule_count(de), 5);
	ck_assert_uint_eq(de->groups[DETECT_GROUP_TCP].n, 2);
	ck_assert_uint_eq(de->groups[DETECT_GROUP_UDP].n, 2);
	ck_assert_uint_eq(de->groups[DETECT_GROUP_ICMP].n, 2);
	ck_assert_uint_eq(de->groups[DETECT_GROUP_ICMPV6].n, 2);
	ck_assert_uint_eq(de->groups[DETECT_GROUP_OTHER].n, 2);
}
END_TEST

START_TEST(test_udp_packet_only_sees_udp_and_ip_rules)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1, "10.0.0.2", 2, NULL);

	engine("alert tcp any any -> any any (sid:1;)\n"
	    "alert udp any any -> any any (sid:2;)\n"
	    "alert ip any any -> any any (sid:3;)\n");
	run(&p);
	ck_assert_uint_eq(res.nalerts, 2);
	ck_assert_uint_eq(res.alerts[0].sid, 2);
	ck_assert_uint_eq(res.alerts[1].sid, 3);
}
END_TEST

START_TEST(test_empty_ruleset_builds_an_engine_that_accepts)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "x");

	engine("# nothing\n");
	run(&p);
	ck_assert_uint_eq(detect_engine_rule_count(de), 0);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(res.nalerts, 0);
}
END_TEST

START_TEST(test_building_takes_the_rules_of_the_ruleset)
{
	engine("alert tcp any any -> any any (sid:1;)\n"
	    "alert udp any any -> any any (sid:2;)\n");
	ck_assert_uint_eq(detect_engine_rule_count(de), 2);
}
END_TEST

static Suite *
detect_suite(void)
{
	Suite *s = suite_create("detect");
	TCase *reg = tcase_create("registry");
	TCase *hdr = tcase_create("header");
	TCase *content = tcase_create("content");
	TCase *verdict = tcase_create("verdict");
	TCase *eng = tcase_create("engine");

	tcase_add_test(reg, test_keyword_registry_is_sorted_and_unique);
	tcase_add_test(reg, test_keyword_names_are_lowercase);
	tcase_add_test(reg, test_keyword_lookup_ignores_case);
	tcase_add_test(reg, test_every_keyword_has_a_description_and_setup);
	tcase_add_test(reg, test_keyword_lookup_finds_every_keyword);
	tcase_add_test(reg, test_keyword_lookup_needs_the_whole_name);

	tcase_add_checked_fixture(hdr, setup, teardown);
	tcase_add_test(hdr, test_rule_matches_its_protocol);
	tcase_add_test(hdr, test_rule_ignores_other_protocols);
	tcase_add_test(hdr, test_ip_rule_matches_any_protocol);
	tcase_add_test(hdr, test_icmp_rule_matches_icmpv4);
	tcase_add_test(hdr, test_icmp_rule_matches_icmpv6);
	tcase_add_test(hdr, test_icmpv6_rule_ignores_icmpv4);
	tcase_add_test(hdr, test_source_address_must_match);
	tcase_add_test(hdr, test_destination_address_must_match);
	tcase_add_test(hdr, test_addresses_in_range_match);
	tcase_add_test(hdr, test_source_port_must_match);
	tcase_add_test(hdr, test_destination_port_must_match);
	tcase_add_test(hdr, test_ports_in_range_match);
	tcase_add_test(hdr, test_port_rule_ignores_packets_without_ports);
	tcase_add_test(hdr, test_ipv6_rule_matches_ipv6_packet);
	tcase_add_test(hdr, test_ipv4_rule_ignores_ipv6_packet);
	tcase_add_test(hdr, test_packet_without_ip_layer_matches_nothing);
	tcase_add_test(hdr, test_one_way_rule_ignores_the_reply);
	tcase_add_test(hdr, test_bidirectional_rule_matches_the_reply);
	tcase_add_test(hdr, test_bidirectional_rule_matches_the_request);
	tcase_add_test(hdr,
	    test_bidirectional_rule_needs_one_consistent_orientation);

	tcase_add_checked_fixture(content, setup, teardown);
	tcase_add_test(content, test_content_found_anywhere_in_payload_matches);
	tcase_add_test(content, test_content_missing_from_payload_does_not_match);
	tcase_add_test(content, test_content_is_case_sensitive);
	tcase_add_test(content, test_hex_content_matches_its_bytes);
	tcase_add_test(content, test_escaped_content_matches_the_plain_bytes);
	tcase_add_test(content, test_content_at_the_end_of_payload_matches);
	tcase_add_test(content, test_content_longer_than_payload_does_not_match);
	tcase_add_test(content, test_every_content_must_match);
	tcase_add_test(content, test_negated_content_matches_when_absent);
	tcase_add_test(content, test_negated_content_fails_when_present);
	tcase_add_test(content, test_content_rule_ignores_empty_payload);

	tcase_add_checked_fixture(verdict, setup, teardown);
	tcase_add_test(verdict, test_alert_only_accepts_and_reports);
	tcase_add_test(verdict, test_no_match_accepts_without_alerts);
	tcase_add_test(verdict, test_alert_without_msg_has_empty_msg);
	tcase_add_test(verdict, test_drop_beats_alert_and_both_are_blocked);
	tcase_add_test(verdict, test_pass_beats_drop_and_silences_alerts);
	tcase_add_test(verdict, test_pass_that_does_not_match_changes_nothing);
	tcase_add_test(verdict, test_reject_gives_reject_verdict);
	tcase_add_test(verdict, test_drop_beats_reject);
	tcase_add_test(verdict, test_alerts_come_in_rule_load_order);
	tcase_add_test(verdict,
	    test_alerts_beyond_the_limit_are_counted_keeping_drops);

	tcase_add_checked_fixture(eng, setup, teardown);
	tcase_add_test(eng, test_rules_are_grouped_by_protocol);
	tcase_add_test(eng, test_udp_packet_only_sees_udp_and_ip_rules);
	tcase_add_test(eng, test_empty_ruleset_builds_an_engine_that_accepts);
	tcase_add_test(eng, test_building_takes_the_rules_of_the_ruleset);

	suite_add_tcase(s, reg);
	suite_add_tcase(s, hdr);
	suite_add_tcase(s, content);
	suite_add_tcase(s, verdict);
	suite_add_tcase(s, eng);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(detect_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
