/* Unit tests of lib/detect: the keyword registry, rule matching against
 * hand-built packets (no decoder involved), and verdict resolution. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/packet.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "detect/keywords/registry.h"
#include "flow/flow.h"
#include "rules/ruleset.h"
#include "rules/vars.h"

static struct diag_list dl;
static struct detect_engine *de;
static struct detect_thread *dt;
static struct detect_result res;
static struct flow flow;

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
static void	engine_opts(const char *, const struct detect_engine_opts *);
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
	detect_flow_vars_free(flow.detect_vars);
	memset(&flow, 0, sizeof(flow));
}

/* Builds with options; diags (warnings) allowed. */
static void
engine_opts(const char *text, const struct detect_engine_opts *o)
{
	struct ruleset *rs = rules_ruleset_new();

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_string(rs, "test.rules", text, NULL, &dl),
	    0);
	de = detect_engine_build_opts(rs, o, &dl);
	ck_assert_ptr_nonnull(de);
	dt = detect_thread_new(de);
	ck_assert_ptr_nonnull(dt);
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

/* A malformed stream_size names its line; the rest still load. */
START_TEST(test_malformed_stream_size_names_its_line)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;

	ck_assert_ptr_nonnull(rs);
	rules_load_string(rs, "test.rules",
	    "alert tcp any any -> any any (stream_size:client,>,10; sid:1;)\n"
	    "alert tcp any any -> any any (stream_size:nobody,>,10; sid:2;)\n"
	    "alert tcp any any -> any any (stream_size:client,~,10; sid:3;)\n"
	    "alert tcp any any -> any any (stream_size:client,>,x; sid:4;)\n"
	    "alert tcp any any -> any any (stream_size:client,>; sid:5;)\n"
	    "alert tcp any any -> any any (stream_size:both, >=, 0; sid:6;)\n",
	    NULL, &dl);
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded, 2);
	ck_assert_uint_eq(st.failed, 4);
	ck_assert_uint_eq(dl.errors, 4);
	for (unsigned i = 0; i < dl.count; i++)
		ck_assert_uint_eq(dl.items[i].line, i + 2);
	rules_ruleset_free(rs);
}
END_TEST

/* filesha256's hash list, in a temporary folder beside the rule file:
 * loads rule text named <dir>/t.rules with the list <dir>/list. */
static char fh_dir[64];

static void
fh_write(const char *name, const char *text)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", fh_dir, name);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	ck_assert_int_ge(fputs(text, fp), 0);
	ck_assert_int_eq(fclose(fp), 0);
}

static void
fh_load(const char *rules, struct rules_stats *st)
{
	struct ruleset *rs = rules_ruleset_new();
	char err[256], file[128];

	ck_assert_int_eq(detect_applayer_register(err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(rs);
	snprintf(file, sizeof(file), "%s/t.rules", fh_dir);
	rules_load_string(rs, file, rules, NULL, &dl);
	rules_ruleset_stats(rs, st);
	rules_ruleset_free(rs);
}

static void
fh_setup(void)
{
	setup();
	snprintf(fh_dir, sizeof(fh_dir), "/tmp/quell-filehash.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(fh_dir));
}

static void
fh_teardown(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/list", fh_dir);
	unlink(path);
	rmdir(fh_dir);
	teardown();
}

#define SHA_A	"cac5f74a1e146d6de26845e3e03732c01167e4bbb4333e76889b538c9bd30362"
#define SHA_B	"537AEA248165D3E82E48C4808B92E048BD1593ECBCB99D661C3C776204CD96A2"

START_TEST(test_filesha256_list_beside_the_rule_file_loads)
{
	struct rules_stats st;

	fh_write("list", "# comment\n" SHA_A "\n\n" SHA_B "\r\n" SHA_A "\n");
	fh_load("drop http any any -> any any (filesha256:list; sid:1;)\n"
	    "alert http any any -> any any (filesha256:!list; sid:2;)\n", &st);
	ck_assert_uint_eq(st.loaded, 2);
	ck_assert_uint_eq(st.failed, 0);
	ck_assert_uint_eq(st.unsupported, 0);
	ck_assert_uint_eq(dl.count, 0);
}
END_TEST

START_TEST(test_filesha256_bad_line_names_the_list_and_line)
{
	struct rules_stats st;

	/* Suricata skips a line that does not start with a hex digit
	 * ("not-a-hash"); a short run of them is the error */
	fh_write("list", SHA_A "\nnot-a-hash\ncac5f74a\n");
	fh_load("alert http any any -> any any (filesha256:list; sid:1;)\n",
	    &st);
	ck_assert_uint_eq(st.loaded, 0);
	ck_assert_uint_eq(st.failed, 1);
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_ptr_nonnull(strstr(dl.items[0].msg, "/list:3: "));
}
END_TEST

START_TEST(test_filemd5_with_a_sha256_list_fails)
{
	struct rules_stats st;

	fh_write("list", SHA_A "\n");
	fh_load("alert http any any -> any any (filemd5:list; sid:1;)\n", &st);
	ck_assert_uint_eq(st.failed, 1);
	ck_assert_ptr_nonnull(strstr(dl.items[0].msg,
	    "hash string not 32 characters"));
}
END_TEST

START_TEST(test_filesha256_missing_list_is_an_error)
{
	struct rules_stats st;

	fh_load("alert http any any -> any any (filesha256:nolist; sid:1;)\n"
	    "alert http any any -> any any (content:\"x\"; sid:2;)\n", &st);
	ck_assert_uint_eq(st.loaded, 1);
	ck_assert_uint_eq(st.failed, 1);
	ck_assert_uint_eq(dl.items[0].line, 1);
	ck_assert_ptr_nonnull(strstr(dl.items[0].msg, "cannot open"));
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
	ck_assert_int_eq(res.alerts[0].action, RULE_ACTION_DROP);
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

START_TEST(test_alerts_come_in_action_order_then_load_order)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:30;)\n"
	    "drop tcp any any -> any any (sid:10;)\n"
	    "alert ip any any -> any any (sid:20;)\n");
	run(&p);
	ck_assert_uint_eq(res.nalerts, 3);
	ck_assert_uint_eq(res.alerts[0].sid, 10);
	ck_assert_uint_eq(res.alerts[1].sid, 30);
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
	ck_assert_uint_eq(res.nalerts, DETECT_ALERTS_DEFAULT);
	ck_assert_uint_eq(res.alerts_dropped, 21 - DETECT_ALERTS_DEFAULT);
	ck_assert_uint_eq(res.alerts[0].sid, 99);
	ck_assert_uint_eq(res.alerts[1].sid, 1);
	ck_assert_uint_eq(res.alerts[DETECT_ALERTS_DEFAULT - 1].sid,
	    DETECT_ALERTS_DEFAULT - 1);
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
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 80, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_UDP,
	    PKT_FLOW_TO_SERVER, 53, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_ICMP,
	    PKT_FLOW_TO_SERVER, 0, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_ICMPV6,
	    PKT_FLOW_TO_SERVER, 0, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_IGMP,
	    PKT_FLOW_TO_SERVER, 0, NULL), 2);
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

/* --- actions and results --- */

START_TEST(test_nfq_set_mark_sets_value_and_mask)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (nfq_set_mark:0x10/0xf0; sid:1;)");
	run(&p);
	ck_assert(res.mark.set);
	ck_assert_uint_eq(res.mark.value, 0x10);
	ck_assert_uint_eq(res.mark.mask, 0xf0);
}
END_TEST

START_TEST(test_nfq_set_mark_mask_defaults_to_all_bits)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (nfq_set_mark:42; sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.mark.value, 42);
	ck_assert_uint_eq(res.mark.mask, 0xffffffff);
}
END_TEST

START_TEST(test_marks_of_several_rules_compose_in_order)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (nfq_set_mark:0x11/0xff; sid:1;)\n"
	    "alert tcp any any -> any any (nfq_set_mark:0x200/0xf0f; "
	    "sid:2;)\n");
	run(&p);
	/* 0x11 under 0xff, then 0x200 under 0xf0f: 0x210 under 0xfff */
	ck_assert_uint_eq(res.mark.value, 0x210);
	ck_assert_uint_eq(res.mark.mask, 0xfff);
}
END_TEST

START_TEST(test_rule_without_mark_leaves_the_mark_unset)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert(!res.mark.set);
}
END_TEST

START_TEST(test_reject_answers_the_source)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("reject tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.reject, DETECT_REJECT_TO_SRC);
}
END_TEST

START_TEST(test_rejectdst_answers_the_destination)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("rejectdst tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.reject, DETECT_REJECT_TO_DST);
}
END_TEST

START_TEST(test_rejectboth_answers_both_sides)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("rejectboth tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.reject,
	    DETECT_REJECT_TO_SRC | DETECT_REJECT_TO_DST);
}
END_TEST

START_TEST(test_reject_under_a_winning_drop_still_asks_to_reject)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("drop tcp any any -> any any (sid:1;)\n"
	    "rejectsrc tcp any any -> any any (sid:2;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.reject, DETECT_REJECT_TO_SRC);
}
END_TEST

START_TEST(test_noalert_rule_still_drops)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("drop tcp any any -> any any (noalert; sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 0);
}
END_TEST

START_TEST(test_pass_stops_inspection_of_later_rules)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "x");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("pass tcp any any -> any any (content:\"x\"; sid:1;)\n"
	    "alert tcp any any -> any any (flowbits:set,b; sid:2;)\n"
	    "alert tcp any any -> any any (flowbits:isset,b; sid:3;)\n");
	run(&p);
	/* sid 2 never ran: the flowbit is not set */
	detect_thread_free(dt);
	detect_engine_free(de);
	engine_opts("alert tcp any any -> any any (flowbits:isset,b; "
	    "sid:3;)\n", NULL);
	run(&p);
	ck_assert_uint_eq(res.nalerts, 0);
}
END_TEST

START_TEST(test_custom_action_order_lets_drop_beat_pass)
{
	static const char *const order[] = { "drop", "pass", "reject",
	    "alert" };
	struct detect_engine_opts o;
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	detect_engine_opts_default(&o);
	ck_assert_int_eq(detect_engine_opts_action_order(&o, order, 4), 0);
	engine_opts("pass tcp any any -> any any (sid:1;)\n"
	    "drop tcp any any -> any any (sid:2;)\n", &o);
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 1);
}
END_TEST

START_TEST(test_action_order_needs_each_action_once)
{
	static const char *const order[] = { "drop", "drop", "reject",
	    "alert" };
	struct detect_engine_opts o;

	detect_engine_opts_default(&o);
	ck_assert_int_eq(detect_engine_opts_action_order(&o, order, 4), -1);
}
END_TEST

START_TEST(test_alert_carries_priority_target_and_classtype)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (classtype:trojan-activity; "
	    "priority:1; target:dest_ip; sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.alerts[0].priority, 1);
	ck_assert_uint_eq(res.alerts[0].target, RULE_TARGET_DST);
	ck_assert_str_eq(res.alerts[0].classtype, "trojan-activity");
}
END_TEST

START_TEST(test_priority_defaults_to_three)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert_uint_eq(res.alerts[0].priority, 3);
}
END_TEST

START_TEST(test_lower_priority_number_comes_first)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	engine("alert tcp any any -> any any (priority:3; sid:1;)\n"
	    "alert tcp any any -> any any (priority:1; sid:2;)\n");
	run(&p);
	ck_assert_uint_eq(res.alerts[0].sid, 2);
}
END_TEST

/* --- flow state --- */

START_TEST(test_drop_on_a_tcp_flow_drops_the_flow)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop tcp any any -> any any (content:\"evil\"; sid:1;)");
	run(&p);
	ck_assert(res.flow_drop);
	ck_assert(flow.flags & FLOW_F_DROP);
}
END_TEST

START_TEST(test_dropped_flow_drops_later_packets_without_alerts)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");
	struct packet q = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "fine");
	struct detect_stats st;

	p.flow = q.flow = &flow;
	p.flow_flags = q.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop tcp any any -> any any (content:\"evil\"; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"fine\"; sid:2;)\n");
	run(&p);
	run(&q);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 0);
	detect_thread_stats(dt, &st);
	ck_assert_uint_eq(st.flow_drop, 1);
}
END_TEST

START_TEST(test_drop_without_a_flow_drops_only_the_packet)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");

	engine("drop tcp any any -> any any (content:\"evil\"; sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert(!res.flow_drop);
}
END_TEST

START_TEST(test_drop_on_a_udp_flow_drops_only_the_packet)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 53,
	    "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop udp any any -> any any (content:\"evil\"; sid:1;)");
	run(&p);
	ck_assert(!res.flow_drop);
	ck_assert(!(flow.flags & FLOW_F_DROP));
}
END_TEST

START_TEST(test_header_only_pass_passes_the_flow_and_asks_bypass)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("pass tcp 10.0.0.1 any -> any 80 (sid:1;)");
	run(&p);
	ck_assert(res.bypass);
	ck_assert(flow.flags & FLOW_F_PASS);
}
END_TEST

START_TEST(test_passed_flow_skips_inspection_of_later_packets)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");
	struct detect_stats st;

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	flow.flags = FLOW_F_PASS;
	engine("drop tcp any any -> any any (content:\"evil\"; sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	detect_thread_stats(dt, &st);
	ck_assert_uint_eq(st.flow_pass, 1);
}
END_TEST

START_TEST(test_pass_with_content_on_tcp_passes_the_flow)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ok");

	/* Suricata matches it on the stream and passes the flow */
	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("pass tcp any any -> any any (content:\"ok\"; sid:1;)");
	run(&p);
	ck_assert(res.pass);
	ck_assert(flow.flags & FLOW_F_PASS);
}
END_TEST

START_TEST(test_pass_with_dsize_passes_only_the_packet)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ok");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("pass tcp any any -> any any (content:\"ok\"; dsize:2; sid:1;)");
	run(&p);
	ck_assert(res.pass);
	ck_assert(!res.bypass);
	ck_assert(!(flow.flags & FLOW_F_PASS));
}
END_TEST

START_TEST(test_drop_of_tcp_pkt_rule_drops_only_the_packet)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop tcp-pkt any any -> any any (content:\"evil\"; sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert(!res.flow_drop);
	ck_assert(!(flow.flags & FLOW_F_DROP));
}
END_TEST

/* Suricata's like ip-only (a negated address): inspected on every
 * packet, but its drop covers the flow as an ip-only one's does. */
START_TEST(test_drop_of_like_ip_only_rule_drops_a_udp_flow)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 53,
	    "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop udp !10.9.0.0/16 any -> any 53 (sid:1;)");
	run(&p);
	ck_assert(res.flow_drop);
	ck_assert(flow.flags & FLOW_F_DROP);
}
END_TEST

/* A flow direction makes a packet rule: its drop is its packet's. */
START_TEST(test_drop_with_a_flow_direction_drops_only_the_packet)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 53,
	    "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop udp any any -> any 53 (flow:to_server; sid:1;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert(!res.flow_drop);
	ck_assert(!(flow.flags & FLOW_F_DROP));
}
END_TEST

START_TEST(test_drop_of_ip_only_rule_drops_a_udp_flow)
{
	struct packet p = pkt(IPPROTO_UDP, "10.0.0.1", 1000, "10.0.0.2", 53,
	    "evil");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("drop udp any any -> any 53 (sid:1;)");
	run(&p);
	ck_assert(res.flow_drop);
	ck_assert(flow.flags & FLOW_F_DROP);
	ck_assert(res.has_drop_alert);
	ck_assert_int_eq(res.drop_reason, DETECT_DROP_RULES);
}
END_TEST

START_TEST(test_pass_rule_with_alert_keyword_alerts_and_passes)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ok");

	engine("alert tcp any any -> any any (content:\"ok\"; sid:1;)\n"
	    "pass tcp any any -> any any (content:\"ok\"; alert; sid:2;)\n");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert(res.pass);
	ck_assert_uint_eq(res.nalerts, 1);
	ck_assert_uint_eq(res.alerts[0].sid, 2);
	ck_assert_int_eq(res.alerts[0].act, DETECT_ACTION_PASS);
}
END_TEST

START_TEST(test_pass_rule_without_alert_keyword_is_counted_suppressed)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ok");

	engine("pass tcp any any -> any any (content:\"ok\"; sid:2;)\n");
	run(&p);
	ck_assert_uint_eq(res.nalerts, 0);
	ck_assert_uint_eq(res.alerts_suppressed, 1);
}
END_TEST

START_TEST(test_noalert_drop_rule_still_names_itself_as_the_drop)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "evil");

	engine("drop tcp any any -> any any (content:\"evil\"; noalert; "
	    "sid:7;)");
	run(&p);
	ck_assert_int_eq(res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(res.nalerts, 0);
	ck_assert(res.has_drop_alert);
	ck_assert_uint_eq(res.drop_alert.sid, 7);
}
END_TEST

START_TEST(test_bypass_keyword_asks_bypass_and_marks_the_flow)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "bulk");

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("alert tcp any any -> any any (content:\"bulk\"; bypass; "
	    "sid:1;)");
	run(&p);
	ck_assert(res.bypass);
	ck_assert(flow.flags & FLOW_F_BYPASS);
}
END_TEST

START_TEST(test_alert_marks_the_flow_alerted)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, NULL);

	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	engine("alert tcp any any -> any any (sid:1;)");
	run(&p);
	ck_assert(flow.flags & FLOW_F_ALERTED);
}
END_TEST

/* --- grouping and prefilter --- */

START_TEST(test_rules_are_grouped_by_destination_port)
{
	engine("alert tcp any any -> any 80 (sid:1;)\n"
	    "alert tcp any any -> any 443 (sid:2;)\n"
	    "alert tcp any any -> any [80,8080] (sid:3;)\n"
	    "alert tcp any any -> any any (sid:4;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 80, NULL), 3);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 443, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 22, NULL), 1);
}
END_TEST

START_TEST(test_replies_are_grouped_by_source_port)
{
	engine("alert tcp any 80 -> any any (sid:1;)\n"
	    "alert tcp any any -> any any (sid:2;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_CLIENT, 80, NULL), 2);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_CLIENT, 81, NULL), 1);
}
END_TEST

START_TEST(test_to_client_rules_stay_out_of_to_server_groups)
{
	engine("alert tcp any any -> any any (flow:to_client; sid:1;)\n"
	    "alert tcp any any -> any any (flow:to_server; sid:2;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 80, NULL), 1);
}
END_TEST

START_TEST(test_bidirectional_rule_is_in_both_port_groups)
{
	engine("alert tcp any 25 <> any any (sid:1;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 25, NULL), 1);
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 26, NULL), 1);
}
END_TEST

START_TEST(test_rules_with_content_go_through_the_prefilter)
{
	size_t pf;

	engine("alert tcp any any -> any any (content:\"abc\"; sid:1;)\n"
	    "alert tcp any any -> any any (dsize:3; sid:2;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 80, &pf), 2);
	ck_assert_uint_eq(pf, 1);
}
END_TEST

START_TEST(test_prefilter_skips_rules_whose_pattern_is_absent)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "hello");
	struct detect_stats st;

	engine("alert tcp any any -> any any (content:\"abc\"; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"xyz\"; sid:2;)\n"
	    "alert tcp any any -> any any (content:\"hell\"; sid:3;)\n");
	run(&p);
	detect_thread_stats(dt, &st);
	ck_assert_uint_eq(st.candidates, 1);
	ck_assert_uint_eq(st.rules_checked, 1);
	ck_assert_uint_eq(res.nalerts, 1);
}
END_TEST

START_TEST(test_negated_content_alone_is_always_evaluated)
{
	size_t pf;

	engine("alert tcp any any -> any any (content:!\"abc\"; sid:1;)\n");
	ck_assert_uint_eq(detect_engine_group_size(de, IPPROTO_TCP,
	    PKT_FLOW_TO_SERVER, 80, &pf), 1);
	ck_assert_uint_eq(pf, 0);
}
END_TEST

START_TEST(test_distinct_fast_patterns_are_counted_once)
{
	struct detect_engine_info info;

	engine("alert tcp any any -> any any (content:\"abc\"; sid:1;)\n"
	    "alert udp any any -> any any (content:\"abc\"; sid:2;)\n"
	    "alert tcp any any -> any any (content:\"ABC\"; nocase; sid:3;)\n");
	detect_engine_info(de, &info);
	ck_assert_uint_eq(info.patterns, 2);
	ck_assert_uint_eq(info.sigs_with_fast_pattern, 3);
}
END_TEST

START_TEST(test_longest_content_is_the_fast_pattern)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ab longer");
	struct detect_stats st;

	engine("alert tcp any any -> any any (content:\"ab\"; "
	    "content:\"longest\"; sid:1;)\n");
	run(&p);
	detect_thread_stats(dt, &st);
	ck_assert_uint_eq(st.candidates, 0);
}
END_TEST

START_TEST(test_fast_pattern_keyword_overrides_the_choice)
{
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80, "ab longer");
	struct detect_stats st;

	engine("alert tcp any any -> any any (content:\"ab\"; fast_pattern; "
	    "content:\"longest\"; sid:1;)\n");
	run(&p);
	detect_thread_stats(dt, &st);
	ck_assert_uint_eq(st.candidates, 1);
	ck_assert_uint_eq(res.nalerts, 0);
}
END_TEST

START_TEST(test_aho_corasick_back_end_can_be_chosen)
{
	struct detect_engine_opts o;

	detect_engine_opts_default(&o);
	o.mpm = "ac";
	engine_opts("alert tcp any any -> any any (content:\"a\"; sid:1;)", &o);
	ck_assert_str_eq(detect_engine_mpm_name(de), "ac");
}
END_TEST

START_TEST(test_unknown_back_end_falls_back_with_a_warning)
{
	struct detect_engine_opts o;

	detect_engine_opts_default(&o);
	o.mpm = "bogus";
	engine_opts("alert tcp any any -> any any (content:\"a\"; sid:1;)", &o);
	ck_assert_str_eq(detect_engine_mpm_name(de), "ac");
	ck_assert_uint_eq(dl.warnings, 1);
}
END_TEST

START_TEST(test_both_back_ends_give_the_same_alerts)
{
	static const char *const backends[] = { "ac", "auto" };
	const char *rules =
	    "alert tcp any any -> any any (content:\"GET\"; startswith; "
	    "sid:1;)\n"
	    "alert tcp any any -> any any (content:\"passwd\"; nocase; "
	    "sid:2;)\n"
	    "alert tcp any any -> any any (content:\"|00 01|\"; sid:3;)\n"
	    "alert tcp any any -> any any (content:\"admin\"; sid:4;)\n";
	struct packet p = tcp("10.0.0.1", 1000, "10.0.0.2", 80,
	    "GET /etc/PASSWD?admin");
	uint32_t got[2];

	for (int b = 0; b < 2; b++) {
		struct detect_engine_opts o;

		detect_engine_opts_default(&o);
		o.mpm = backends[b];
		engine_opts(rules, &o);
		run(&p);
		got[b] = res.nalerts;
		detect_thread_free(dt);
		detect_engine_free(de);
		dt = NULL;
		de = NULL;
	}
	ck_assert_uint_eq(got[0], 3);
	ck_assert_uint_eq(got[1], 3);
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
	TCase *act = tcase_create("actions");
	TCase *fst = tcase_create("flowstate");
	TCase *pf = tcase_create("prefilter");
	TCase *fh = tcase_create("filehash");

	tcase_add_test(reg, test_keyword_registry_is_sorted_and_unique);
	tcase_add_test(reg, test_keyword_names_are_lowercase);
	tcase_add_test(reg, test_keyword_lookup_ignores_case);
	tcase_add_test(reg, test_malformed_stream_size_names_its_line);
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
	tcase_add_test(content,
	    test_content_missing_from_payload_does_not_match);
	tcase_add_test(content, test_content_is_case_sensitive);
	tcase_add_test(content, test_hex_content_matches_its_bytes);
	tcase_add_test(content, test_escaped_content_matches_the_plain_bytes);
	tcase_add_test(content, test_content_at_the_end_of_payload_matches);
	tcase_add_test(content,
	    test_content_longer_than_payload_does_not_match);
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
	tcase_add_test(verdict,
	    test_alerts_come_in_action_order_then_load_order);
	tcase_add_test(verdict,
	    test_alerts_beyond_the_limit_are_counted_keeping_drops);

	tcase_add_checked_fixture(eng, setup, teardown);
	tcase_add_test(eng, test_rules_are_grouped_by_protocol);
	tcase_add_test(eng, test_udp_packet_only_sees_udp_and_ip_rules);
	tcase_add_test(eng, test_empty_ruleset_builds_an_engine_that_accepts);
	tcase_add_test(eng, test_building_takes_the_rules_of_the_ruleset);

	tcase_add_checked_fixture(act, setup, teardown);
	tcase_add_test(act, test_nfq_set_mark_sets_value_and_mask);
	tcase_add_test(act, test_nfq_set_mark_mask_defaults_to_all_bits);
	tcase_add_test(act, test_marks_of_several_rules_compose_in_order);
	tcase_add_test(act, test_rule_without_mark_leaves_the_mark_unset);
	tcase_add_test(act, test_reject_answers_the_source);
	tcase_add_test(act, test_rejectdst_answers_the_destination);
	tcase_add_test(act, test_rejectboth_answers_both_sides);
	tcase_add_test(act,
	    test_reject_under_a_winning_drop_still_asks_to_reject);
	tcase_add_test(act, test_noalert_rule_still_drops);
	tcase_add_test(act, test_pass_stops_inspection_of_later_rules);
	tcase_add_test(act, test_custom_action_order_lets_drop_beat_pass);
	tcase_add_test(act, test_action_order_needs_each_action_once);
	tcase_add_test(act, test_alert_carries_priority_target_and_classtype);
	tcase_add_test(act, test_priority_defaults_to_three);
	tcase_add_test(act, test_lower_priority_number_comes_first);

	tcase_add_checked_fixture(fst, setup, teardown);
	tcase_add_test(fst, test_drop_on_a_tcp_flow_drops_the_flow);
	tcase_add_test(fst,
	    test_dropped_flow_drops_later_packets_without_alerts);
	tcase_add_test(fst, test_drop_without_a_flow_drops_only_the_packet);
	tcase_add_test(fst, test_drop_on_a_udp_flow_drops_only_the_packet);
	tcase_add_test(fst, test_drop_of_like_ip_only_rule_drops_a_udp_flow);
	tcase_add_test(fst,
	    test_drop_with_a_flow_direction_drops_only_the_packet);
	tcase_add_test(fst,
	    test_header_only_pass_passes_the_flow_and_asks_bypass);
	tcase_add_test(fst, test_passed_flow_skips_inspection_of_later_packets);
	tcase_add_test(fst, test_pass_with_content_on_tcp_passes_the_flow);
	tcase_add_test(fst, test_pass_with_dsize_passes_only_the_packet);
	tcase_add_test(fst, test_drop_of_tcp_pkt_rule_drops_only_the_packet);
	tcase_add_test(fst, test_drop_of_ip_only_rule_drops_a_udp_flow);
	tcase_add_test(fst, test_pass_rule_with_alert_keyword_alerts_and_passes);
	tcase_add_test(fst,
	    test_pass_rule_without_alert_keyword_is_counted_suppressed);
	tcase_add_test(fst,
	    test_noalert_drop_rule_still_names_itself_as_the_drop);
	tcase_add_test(fst, test_bypass_keyword_asks_bypass_and_marks_the_flow);
	tcase_add_test(fst, test_alert_marks_the_flow_alerted);

	tcase_add_checked_fixture(pf, setup, teardown);
	tcase_add_test(pf, test_rules_are_grouped_by_destination_port);
	tcase_add_test(pf, test_replies_are_grouped_by_source_port);
	tcase_add_test(pf, test_to_client_rules_stay_out_of_to_server_groups);
	tcase_add_test(pf, test_bidirectional_rule_is_in_both_port_groups);
	tcase_add_test(pf, test_rules_with_content_go_through_the_prefilter);
	tcase_add_test(pf, test_prefilter_skips_rules_whose_pattern_is_absent);
	tcase_add_test(pf, test_negated_content_alone_is_always_evaluated);
	tcase_add_test(pf, test_distinct_fast_patterns_are_counted_once);
	tcase_add_test(pf, test_longest_content_is_the_fast_pattern);
	tcase_add_test(pf, test_fast_pattern_keyword_overrides_the_choice);
	tcase_add_test(pf, test_aho_corasick_back_end_can_be_chosen);
	tcase_add_test(pf, test_unknown_back_end_falls_back_with_a_warning);
	tcase_add_test(pf, test_both_back_ends_give_the_same_alerts);
	tcase_add_checked_fixture(fh, fh_setup, fh_teardown);
	tcase_add_test(fh, test_filesha256_list_beside_the_rule_file_loads);
	tcase_add_test(fh, test_filesha256_bad_line_names_the_list_and_line);
	tcase_add_test(fh, test_filemd5_with_a_sha256_list_fails);
	tcase_add_test(fh, test_filesha256_missing_list_is_an_error);

	suite_add_tcase(s, reg);
	suite_add_tcase(s, hdr);
	suite_add_tcase(s, content);
	suite_add_tcase(s, verdict);
	suite_add_tcase(s, eng);
	suite_add_tcase(s, act);
	suite_add_tcase(s, fst);
	suite_add_tcase(s, pf);
	suite_add_tcase(s, fh);
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
