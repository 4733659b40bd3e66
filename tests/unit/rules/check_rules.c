/* Unit tests of lib/rules: the signature lexer, parser, variables and
 * loader. Each test loads rule text through the public API and checks
 * what loaded, or the exact diagnostic a user would see. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "rules/classification.h"
#include "rules/proto.h"
#include "rules/reference.h"
#include "rules/rule.h"
#include "rules/ruleset.h"
#include "rules/vars.h"

#define RULES_TEST_LONG	65536

static struct diag_list dl;
static struct ruleset *rs;
static struct rules_vars *vars;

static void	setup(void);
static void	teardown(void);
static void	load(const char *);
static void	load_file(const char *);
static const char *data_path(const char *);
static void	fuzz_mutate(char *, size_t *, size_t, uint32_t *);
static const char *diag_text(size_t);
static struct rules_stats stats(void);
static const struct rule *rule_at(size_t);
static struct ip_addr ip(const char *);
static bool	src_has(const char *);
static bool	sport_has(uint16_t);
static uint32_t	fuzz_next(uint32_t *);
static Suite	*rules_suite(void);

static void
setup(void)
{
	diag_list_init(&dl);
	rs = rules_ruleset_new();
	vars = rules_vars_new();
	ck_assert_ptr_nonnull(rs);
	ck_assert_ptr_nonnull(vars);
	ck_assert_int_eq(rules_vars_set(vars, "HOME_NET",
	    "[198.18.0.0/15,2001:2::/48]"), 0);
	ck_assert_int_eq(rules_vars_set(vars, "EXTERNAL_NET", "!$HOME_NET"), 0);
	ck_assert_int_eq(rules_vars_set(vars, "HTTP_PORTS", "[80,8080]"), 0);
	ck_assert_int_eq(rules_vars_set(vars, "BAD_NET", "[10.0.0.0/40]"), 0);
	ck_assert_int_eq(rules_vars_set(vars, "LOOP_A", "[1.1.1.1,$LOOP_B]"),
	    0);
	ck_assert_int_eq(rules_vars_set(vars, "LOOP_B", "$LOOP_A"), 0);
}

static void
teardown(void)
{
	rules_ruleset_free(rs);
	rules_vars_free(vars);
	diag_list_free(&dl);
}

static void
load(const char *text)
{
	ck_assert_int_eq(rules_load_string(rs, "demo.rules", text, vars, &dl),
	    0);
}

/* The path of a file in tests/unit/data/rules (make check sets
 * QUELL_TOP_SRCDIR; by hand, run from the source tree). */
static const char *
data_path(const char *name)
{
	static char path[4096];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/tests/unit/data/rules/%s",
	    top != NULL ? top : ".", name);
	return path;
}

static void
load_file(const char *name)
{
	ck_assert_int_eq(rules_load_file(rs, data_path(name), vars, &dl), 0);
}

static const char *
diag_text(size_t i)
{
	static char buf[1024];

	ck_assert_uint_lt(i, dl.count);
	return diag_format(&dl.items[i], buf, sizeof(buf));
}

static struct rules_stats
stats(void)
{
	struct rules_stats st;

	rules_ruleset_stats(rs, &st);
	return st;
}

static const struct rule *
rule_at(size_t i)
{
	const struct rule *r = rules_ruleset_rule(rs, i);

	ck_assert_ptr_nonnull(r);
	return r;
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

/* whether the source address of the first loaded rule contains s */
static bool
src_has(const char *s)
{
	struct ip_addr a = ip(s);

	return rules_addr_match(&rule_at(0)->src, &a);
}

static bool
sport_has(uint16_t port)
{
	return rules_port_match(&rule_at(0)->sport, port);
}

/* Applies one random edit (replace, delete, insert, truncate) to
 * buf[0..*len), never growing it past cap - 1 bytes. */
static void
fuzz_mutate(char *buf, size_t *len, size_t cap, uint32_t *state)
{
	static const char specials[] = "[]!$,:;\"\\|()<>-/ #09aFx";
	size_t at = fuzz_next(state) % *len;
	uint32_t op = fuzz_next(state) % 4;
	char c = specials[fuzz_next(state) % (sizeof(specials) - 1)];

	switch (op) {
	case 0:
		buf[at] = c;
		break;
	case 1:
		memmove(buf + at, buf + at + 1, *len - at);
		(*len)--;
		break;
	case 2:
		if (*len + 2 < cap) {
			memmove(buf + at + 1, buf + at, *len - at + 1);
			buf[at] = c;
			(*len)++;
		}
		break;
	default:
		buf[at] = '\0';
		*len = at;
		break;
	}
}

/* xorshift32: a fixed sequence on every platform */
static uint32_t
fuzz_next(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* --- accepted forms --- */

START_TEST(test_minimal_rule_loads_with_its_fields)
{
	const struct rule *r;

	load("alert tcp any any -> any any (msg:\"hello\"; sid:1000; rev:3;)");
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_uint_eq(dl.count, 0);
	r = rule_at(0);
	ck_assert_int_eq(r->action, RULE_ACTION_ALERT);
	ck_assert_uint_eq(r->gid, 1);
	ck_assert_uint_eq(r->sid, 1000);
	ck_assert_uint_eq(r->rev, 3);
	ck_assert_str_eq(r->msg, "hello");
	ck_assert_str_eq(r->file, "demo.rules");
	ck_assert_uint_eq(r->line, 1);
}
END_TEST

START_TEST(test_every_action_keyword_maps_to_its_action)
{
	load("alert ip any any -> any any (sid:1;)\n"
	    "pass ip any any -> any any (sid:2;)\n"
	    "drop ip any any -> any any (sid:3;)\n"
	    "reject ip any any -> any any (sid:4;)\n"
	    "rejectsrc ip any any -> any any (sid:5;)\n"
	    "rejectdst ip any any -> any any (sid:6;)\n"
	    "rejectboth ip any any -> any any (sid:7;)\n");
	ck_assert_uint_eq(stats().loaded, 7);
	ck_assert_int_eq(rule_at(0)->action, RULE_ACTION_ALERT);
	ck_assert_int_eq(rule_at(1)->action, RULE_ACTION_PASS);
	ck_assert_int_eq(rule_at(2)->action, RULE_ACTION_DROP);
	ck_assert_int_eq(rule_at(3)->action, RULE_ACTION_REJECT);
	ck_assert_int_eq(rule_at(4)->action, RULE_ACTION_REJECTSRC);
	ck_assert_int_eq(rule_at(5)->action, RULE_ACTION_REJECTDST);
	ck_assert_int_eq(rule_at(6)->action, RULE_ACTION_REJECTBOTH);
}
END_TEST

START_TEST(test_icmp_covers_icmpv4_and_icmpv6)
{
	load("alert icmp any any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_ICMP));
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_ICMPV6));
	ck_assert(!rules_rule_has_proto(rule_at(0), IPPROTO_TCP));
	ck_assert_uint_eq(rule_at(0)->ip_versions, RULE_IPV4 | RULE_IPV6);
}
END_TEST

START_TEST(test_icmpv6_and_icmp6_cover_only_icmpv6)
{
	load("alert icmpv6 any any -> any any (sid:1;)\n"
	    "alert icmp6 any any -> any any (sid:2;)\n");
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert(!rules_rule_has_proto(rule_at(0), IPPROTO_ICMP));
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_ICMPV6));
	ck_assert(!rules_rule_has_proto(rule_at(1), IPPROTO_ICMP));
	ck_assert(rules_rule_has_proto(rule_at(1), IPPROTO_ICMPV6));
}
END_TEST

START_TEST(test_ip_covers_every_protocol)
{
	load("alert ip any any -> any any (sid:1;)");
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_TCP));
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_UDP));
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_SCTP));
}
END_TEST

START_TEST(test_tcp_pkt_and_udp_pkt_are_aliases)
{
	load("alert tcp-pkt any any -> any any (sid:1;)\n"
	    "alert udp-pkt any any -> any any (sid:2;)\n");
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_TCP));
	ck_assert(rules_rule_has_proto(rule_at(1), IPPROTO_UDP));
}
END_TEST

START_TEST(test_address_list_with_negated_item_excludes_it)
{
	load("alert ip [10.0.0.0/8,!10.1.1.1] any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("10.2.3.4"));
	ck_assert(!src_has("10.1.1.1"));
	ck_assert(!src_has("11.0.0.1"));
	ck_assert(!src_has("::1"));
}
END_TEST

START_TEST(test_list_of_only_negations_means_everything_else)
{
	load("alert ip [!10.0.0.0/8, !192.168.0.0/16] any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("8.8.8.8"));
	ck_assert(src_has("2001:db8::1"));
	ck_assert(!src_has("10.9.9.9"));
	ck_assert(!src_has("192.168.1.1"));
}
END_TEST

START_TEST(test_nested_lists_combine)
{
	load("alert ip [[10.0.0.1,10.0.0.2],[192.168.0.0/16,![192.168.1.0/24]]]"
	    " any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("10.0.0.2"));
	ck_assert(!src_has("10.0.0.3"));
	ck_assert(src_has("192.168.2.1"));
	ck_assert(!src_has("192.168.1.7"));
}
END_TEST

START_TEST(test_negated_list_matches_everything_outside_it)
{
	load("alert ip ![10.0.0.0/8,2001:db8::/32] any -> any any (sid:1;)");
	ck_assert(src_has("8.8.8.8"));
	ck_assert(src_has("2001:db9::1"));
	ck_assert(!src_has("10.0.0.1"));
	ck_assert(!src_has("2001:db8:ffff::1"));
}
END_TEST

START_TEST(test_ipv6_address_and_cidr_are_accepted)
{
	load("alert ip [2001:db8::/32,fe80::1] any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("2001:db8:1::1"));
	ck_assert(src_has("fe80::1"));
	ck_assert(!src_has("fe80::2"));
	ck_assert(!src_has("10.0.0.1"));
}
END_TEST

START_TEST(test_cidr_ignores_host_bits)
{
	load("alert ip 10.1.2.3/8 any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("10.200.0.1"));
}
END_TEST

START_TEST(test_ipv4_netmask_is_a_prefix)
{
	load("alert ip 192.168.0.0/255.255.0.0 any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("192.168.44.1"));
	ck_assert(!src_has("192.169.0.1"));
}
END_TEST

START_TEST(test_address_range_is_inclusive)
{
	load("alert ip 10.0.0.5-10.0.0.9 any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("10.0.0.5"));
	ck_assert(src_has("10.0.0.9"));
	ck_assert(!src_has("10.0.0.10"));
}
END_TEST

START_TEST(test_variable_expands_in_address)
{
	load("alert ip $HOME_NET any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("198.19.1.1"));
	ck_assert(src_has("2001:2::5"));
	ck_assert(!src_has("8.8.8.8"));
}
END_TEST

START_TEST(test_negated_variable_is_the_complement)
{
	load("alert ip !$HOME_NET any -> any any (sid:1;)");
	ck_assert(src_has("8.8.8.8"));
	ck_assert(!src_has("198.18.0.1"));
}
END_TEST

START_TEST(test_variable_may_refer_to_another_variable)
{
	load("alert ip $EXTERNAL_NET any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("8.8.8.8"));
	ck_assert(!src_has("2001:2::1"));
}
END_TEST

START_TEST(test_single_port_matches_only_itself)
{
	load("alert tcp any 80 -> any any (sid:1;)");
	ck_assert(sport_has(80));
	ck_assert(!sport_has(81));
}
END_TEST

START_TEST(test_port_range_is_inclusive)
{
	load("alert tcp any 1024:2048 -> any any (sid:1;)");
	ck_assert(sport_has(1024));
	ck_assert(sport_has(2048));
	ck_assert(!sport_has(1023));
	ck_assert(!sport_has(2049));
}
END_TEST

START_TEST(test_open_port_ranges_reach_the_ends)
{
	load("alert tcp any 1024: -> any :1023 (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(sport_has(65535));
	ck_assert(!sport_has(1023));
	ck_assert(rules_port_match(&rule_at(0)->dport, 0));
	ck_assert(!rules_port_match(&rule_at(0)->dport, 1024));
}
END_TEST

START_TEST(test_port_list_with_negation_excludes_it)
{
	load("alert tcp any [1:100,!50,443] -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(sport_has(49));
	ck_assert(!sport_has(50));
	ck_assert(sport_has(443));
	ck_assert(!sport_has(442));
}
END_TEST

START_TEST(test_negated_port_matches_all_others)
{
	load("alert tcp any !80 -> any any (sid:1;)");
	ck_assert(!sport_has(80));
	ck_assert(sport_has(0));
	ck_assert(sport_has(65535));
}
END_TEST

START_TEST(test_variable_expands_in_port)
{
	load("alert tcp any $HTTP_PORTS -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(sport_has(8080));
	ck_assert(!sport_has(443));
}
END_TEST

START_TEST(test_bidirectional_operator_is_accepted)
{
	load("alert tcp 10.0.0.1 any <> 10.0.0.2 any (sid:1;)\n"
	    "alert tcp 10.0.0.1 any -> 10.0.0.2 any (sid:2;)\n");
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert(rule_at(0)->bidir);
	ck_assert(!rule_at(1)->bidir);
}
END_TEST

START_TEST(test_escapes_in_quoted_values_are_removed)
{
	load("alert tcp any any -> any any "
	    "(msg:\"a \\\"quoted\\\" word\\; a \\\\ backslash\"; sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_str_eq(rule_at(0)->msg,
	    "a \"quoted\" word; a \\ backslash");
}
END_TEST

START_TEST(test_unquoted_values_are_accepted)
{
	load("alert tcp any any -> any any (msg:plain words; sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_str_eq(rule_at(0)->msg, "plain words");
}
END_TEST

START_TEST(test_blanks_around_option_separators_are_ignored)
{
	load("alert tcp any any -> any any ( msg : \"x\" ; sid : 7 ; )");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(rule_at(0)->sid, 7);
	ck_assert_str_eq(rule_at(0)->msg, "x");
}
END_TEST

START_TEST(test_blanks_inside_header_lists_are_allowed)
{
	load("alert tcp [10.0.0.1, 10.0.0.2] [80, 443] -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(src_has("10.0.0.2"));
	ck_assert(sport_has(443));
}
END_TEST

START_TEST(test_content_with_hex_and_negation_loads)
{
	load("alert tcp any any -> any any (content:\"A|42 43|D\"; "
	    "content:!\"|00|\"; sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(rule_at(0)->nmatches, 2);
	ck_assert(rule_at(0)->needs_payload);
}
END_TEST

START_TEST(test_content_accepts_escaped_specials)
{
	load("alert tcp any any -> any any "
	    "(content:\"a\\;b\\\"c\\:d\\\\e\"; sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 1);
}
END_TEST

START_TEST(test_classtype_reference_and_metadata_are_accepted)
{
	load("alert tcp any any -> any any (msg:\"m\"; "
	    "reference:url,example.com/x; reference:cve,2020-0001; "
	    "classtype:trojan-activity; metadata:created_at 2020_01_01, "
	    "signature_severity Major; sid:1; gid:3; rev:2;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_str_eq(rule_at(0)->classtype, "trojan-activity");
	ck_assert_uint_eq(rule_at(0)->gid, 3);
	ck_assert_uint_eq(rule_at(0)->rev, 2);
}
END_TEST

START_TEST(test_comments_and_blank_lines_are_skipped)
{
	load("# a comment\n"
	    "\n"
	    "   \t\n"
	    "  # alert tcp any any -> any any (sid:1;)\n"
	    "#alert tcp any any -> any any (sid:2;)\n"
	    "alert tcp any any -> any any (sid:3;)\n");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_uint_eq(stats().failed, 0);
	ck_assert_uint_eq(rule_at(0)->line, 6);
}
END_TEST

START_TEST(test_crlf_line_endings_are_tolerated)
{
	load("alert tcp any any -> any any (msg:\"a\"; sid:1;)\r\n"
	    "# comment\r\n"
	    "alert tcp any any -> any 80 \\\r\n"
	    "  (msg:\"b\"; sid:2;)\r\n");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert_str_eq(rule_at(1)->msg, "b");
	ck_assert_uint_eq(rule_at(1)->line, 3);
}
END_TEST

START_TEST(test_continued_rule_reports_its_first_line)
{
	char want[4200];

	load_file("continued.rules");
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_uint_eq(rule_at(0)->sid, 10);
	ck_assert_uint_eq(rule_at(0)->line, 2);
	ck_assert_uint_eq(rule_at(0)->nmatches, 1);
	ck_assert_uint_eq(rule_at(1)->line, 7);
	snprintf(want, sizeof(want), "%s:5:26: invalid port '99999' "
	    "near '99999'", data_path("continued.rules"));
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_str_eq(diag_text(0), want);
}
END_TEST

START_TEST(test_backslash_on_the_last_line_ends_the_rule)
{
	load("alert tcp any any -> any any (sid:1;) \\");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 1);
}
END_TEST

START_TEST(test_same_sid_in_another_gid_is_not_a_duplicate)
{
	load("alert tcp any any -> any any (sid:1;)\n"
	    "alert tcp any any -> any any (sid:1; gid:2;)\n");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 2);
}
END_TEST

START_TEST(test_vars_reject_invalid_names)
{
	errno = 0;
	ck_assert_int_eq(rules_vars_set(vars, "$HOME_NET", "any"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(rules_vars_set(vars, "", "any"), -1);
	ck_assert_int_eq(rules_vars_set(vars, "A-B", "any"), -1);
}
END_TEST

START_TEST(test_vars_set_replaces_the_value)
{
	ck_assert_int_eq(rules_vars_set(vars, "HOME_NET", "10.0.0.0/8"), 0);
	load("alert ip $HOME_NET any -> any any (sid:1;)");
	ck_assert(src_has("10.1.1.1"));
	ck_assert(!src_has("198.18.0.1"));
}
END_TEST

START_TEST(test_protocol_table_is_sorted_and_unique)
{
	for (size_t i = 1; i < rules_proto_count(); i++)
		ck_assert_msg(strcmp(rules_proto_at(i - 1)->name,
		    rules_proto_at(i)->name) < 0, "%s before %s",
		    rules_proto_at(i - 1)->name, rules_proto_at(i)->name);
}
END_TEST

START_TEST(test_protocol_lookup_finds_every_entry)
{
	for (size_t i = 0; i < rules_proto_count(); i++) {
		const char *name = rules_proto_at(i)->name;

		ck_assert_ptr_eq(rules_proto_lookup(name, strlen(name)),
		    rules_proto_at(i));
	}
}
END_TEST

/* --- errors: exact messages --- */

START_TEST(test_unknown_action_is_an_error)
{
	load("alrt tcp any any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:1: unknown action 'alrt' near 'alrt'");
}
END_TEST

START_TEST(test_unknown_protocol_is_an_error)
{
	load("alert tpc any any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:7: unknown protocol 'tpc' near 'tpc'");
}
END_TEST

START_TEST(test_app_layer_protocol_is_unsupported_not_an_error)
{
	load("alert smtp any any -> any any (msg:\"x\"; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_uint_eq(stats().failed, 0);
	ck_assert_uint_eq(stats().loaded, 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:7: warning: app-layer "
	    "protocol 'smtp' not supported yet near 'smtp'");
}
END_TEST

START_TEST(test_tcp_stream_and_tcp_pkt_are_tcp_rules_with_a_flag)
{
	load("alert tcp-stream any any -> any any (sid:1;)\n"
	    "alert tcp-pkt any any -> any any (sid:2;)");
	ck_assert_uint_eq(stats().loaded, 2);
	ck_assert(rules_rule_has_proto(rule_at(0), IPPROTO_TCP));
	ck_assert(!rules_rule_has_proto(rule_at(0), IPPROTO_UDP));
	ck_assert(rule_at(0)->flags & RULE_F_STREAM_ONLY);
	ck_assert(!(rule_at(0)->flags & RULE_F_PKT_ONLY));
	ck_assert(rules_rule_has_proto(rule_at(1), IPPROTO_TCP));
	ck_assert(rule_at(1)->flags & RULE_F_PKT_ONLY);
}
END_TEST

START_TEST(test_unknown_keyword_makes_the_rule_unsupported)
{
	load("alert tcp any any -> any any (content:\"a\"; asn1:oversize_length 1; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_uint_eq(stats().loaded, 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:44: warning: "
	    "unsupported keyword 'asn1' near 'asn1'");
}
END_TEST

START_TEST(test_only_the_first_unsupported_item_is_reported)
{
	load("alert smtp any any -> any any (flow:established; "
	    "http.uri; sid:1;)");
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_uint_eq(stats().unsupported, 1);
}
END_TEST

START_TEST(test_error_in_unsupported_rule_still_fails_it)
{
	load("alert smtp any any -> any any (flow:established;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_uint_eq(stats().unsupported, 0);
	ck_assert_str_eq(diag_text(1),
	    "demo.rules:1: missing required option 'sid'");
}
END_TEST

START_TEST(test_bad_address_is_an_error)
{
	load("alert tcp 10.0.0.256 any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: invalid "
	    "address '10.0.0.256' near '10.0.0.256'");
}
END_TEST

START_TEST(test_bad_address_inside_a_list_points_at_the_item)
{
	load("alert tcp any any -> [10.0.0.1,10.0.0.x] any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:32: invalid "
	    "address '10.0.0.x' near '10.0.0.x'");
}
END_TEST

START_TEST(test_bad_ipv4_cidr_is_an_error)
{
	load("alert tcp 10.0.0.0/33 any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: invalid CIDR "
	    "'10.0.0.0/33': prefix length must be 0..32 near '10.0.0.0/33'");
}
END_TEST

START_TEST(test_bad_ipv6_cidr_is_an_error)
{
	load("alert tcp 2001:db8::/129 any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: invalid CIDR "
	    "'2001:db8::/129': prefix length must be 0..128 near "
	    "'2001:db8::/129'");
}
END_TEST

START_TEST(test_non_contiguous_netmask_is_an_error)
{
	load("alert tcp 10.0.0.0/255.0.255.0 any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: invalid CIDR "
	    "'10.0.0.0/255.0.255.0': prefix length must be 0..32 near "
	    "'10.0.0.0/255.0.255.0'");
}
END_TEST

START_TEST(test_bad_port_is_an_error)
{
	load("alert tcp any 99999 -> any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:15: invalid port '99999' near '99999'");
}
END_TEST

START_TEST(test_bad_port_inside_a_list_points_at_the_item)
{
	load("alert tcp any any -> any [80,99999] (sid:1;)");
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:30: invalid port '99999' near '99999'");
}
END_TEST

START_TEST(test_reversed_port_range_is_an_error)
{
	load("alert tcp any 90:80 -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:15: invalid port "
	    "range '90:80': start is above end near '90:80'");
}
END_TEST

START_TEST(test_unknown_variable_is_an_error_naming_it)
{
	load("alert tcp $NOPE any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: unknown "
	    "variable '$NOPE' near '$NOPE'");
}
END_TEST

START_TEST(test_error_inside_a_variable_names_the_variable)
{
	load("alert tcp [1.2.3.4,$BAD_NET] any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:20: invalid CIDR "
	    "'10.0.0.0/40': prefix length must be 0..32 (in variable "
	    "'$BAD_NET') near '10.0.0.0/40'");
}
END_TEST

START_TEST(test_self_referencing_variables_are_an_error)
{
	load("alert tcp $LOOP_A any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: variable "
	    "'$LOOP_A' refers to itself (in variable '$LOOP_A') near "
	    "'$LOOP_A'");
}
END_TEST

START_TEST(test_negating_everything_is_an_error)
{
	load("alert tcp !any any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: address "
	    "'!any' matches nothing near '!any'");
}
END_TEST

START_TEST(test_empty_list_is_an_error)
{
	load("alert tcp [] any -> any any (sid:1;)");
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:11: empty address list near '[]'");
}
END_TEST

START_TEST(test_unclosed_list_is_an_error)
{
	load("alert tcp [10.0.0.1,10.0.0.2 any -> any any (sid:1;)");
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:11: missing ']' "
	    "in address list near '[10.0.0.1,10.0.0.2'");
}
END_TEST

START_TEST(test_list_nesting_is_capped)
{
	load("alert tcp [[[[[[[[[[[[[[[[[1.1.1.1]]]]]]]]]]]]]]]]] any -> "
	    "any any (sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:27: address list "
	    "nested too deeply (limit 16) near '[1.1.1.1]]]]]]]]]]]]]]]]]'");
}
END_TEST

START_TEST(test_bad_direction_is_an_error)
{
	load("alert tcp any any <- any any (sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:19: invalid "
	    "direction '<-': expected '->' or '<>' near '<-'");
}
END_TEST

START_TEST(test_incomplete_header_is_an_error)
{
	load("alert tcp any any -> any (sid:1;)");
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:25: incomplete "
	    "rule header: expected 'action proto src_addr src_port direction "
	    "dst_addr dst_port (options)'");
}
END_TEST

START_TEST(test_unterminated_options_are_an_error)
{
	load("alert tcp any any -> any any (msg:\"x\"; sid:1;");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:30: unterminated "
	    "rule options: missing ')' at the end near '('");
}
END_TEST

START_TEST(test_missing_options_are_an_error)
{
	load("alert tcp any any -> any any");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:29: missing rule "
	    "options: expected '(' after the header");
}
END_TEST

START_TEST(test_last_option_needs_its_semicolon)
{
	load("alert tcp any any -> any any (msg:\"x\"; sid:1)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:40: missing ';' "
	    "after option 'sid' near 'sid'");
}
END_TEST

START_TEST(test_unterminated_quoted_string_is_an_error)
{
	load("alert tcp any any -> any any (msg:\"abc; sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:35: invalid value "
	    "for 'msg': unterminated quoted string near '\"abc'");
}
END_TEST

START_TEST(test_missing_sid_is_an_error)
{
	load("alert tcp any any -> any any (msg:\"x\";)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1: missing required option 'sid'");
}
END_TEST

START_TEST(test_sid_zero_is_an_error)
{
	load("alert tcp any any -> any any (sid:0;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:35: invalid sid "
	    "'0' (expected 1..4294967295) near '0'");
}
END_TEST

START_TEST(test_non_numeric_rev_is_an_error)
{
	load("alert tcp any any -> any any (sid:1; rev:two;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:42: invalid rev "
	    "'two' (expected 0..4294967295) near 'two'");
}
END_TEST

START_TEST(test_option_given_twice_is_an_error)
{
	load("alert tcp any any -> any any (sid:1; msg:\"a\"; msg:\"b\";)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:47: option 'msg' "
	    "given more than once near 'msg'");
}
END_TEST

START_TEST(test_option_without_its_value_is_an_error)
{
	load("alert tcp any any -> any any (sid:1; msg;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:38: option 'msg' "
	    "needs a value near 'msg'");
}
END_TEST

START_TEST(test_duplicate_sid_is_an_error_on_the_later_rule)
{
	load("alert tcp any any -> any any (msg:\"first\"; sid:1;)\n"
	    "alert udp any any -> any any (msg:\"second\"; sid:1;)\n");
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(rule_at(0)->msg, "first");
	ck_assert_str_eq(diag_text(0), "demo.rules:2:49: duplicate sid "
	    "1 (gid 1), first defined at demo.rules:1 near '1'");
}
END_TEST

START_TEST(test_duplicate_sid_across_files_names_the_first_file)
{
	ck_assert_int_eq(rules_load_string(rs, "a.rules",
	    "alert tcp any any -> any any (sid:5;)", vars, &dl), 0);
	ck_assert_int_eq(rules_load_string(rs, "b.rules",
	    "\nalert tcp any any -> any any (sid:5;)", vars, &dl), 0);
	ck_assert_str_eq(diag_text(0), "b.rules:2:35: duplicate sid 5 "
	    "(gid 1), first defined at a.rules:1 near '5'");
}
END_TEST

START_TEST(test_content_with_bad_hex_is_an_error)
{
	load("alert tcp any any -> any any (content:\"ab|4G 41|\"; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:44: invalid hex "
	    "digit 'G' in content near '|4G 41|'");
}
END_TEST

START_TEST(test_content_with_odd_hex_digits_is_an_error)
{
	load("alert tcp any any -> any any (content:\"|414|\"; sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:40: odd number of "
	    "hex digits in content near '|414|'");
}
END_TEST

START_TEST(test_content_with_unterminated_hex_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a|41\"; sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:41: unterminated "
	    "hex segment in content near '|41'");
}
END_TEST

START_TEST(test_empty_content_is_an_error)
{
	load("alert tcp any any -> any any (content:\"\"; sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:39: empty content "
	    "near '\"\"'");
}
END_TEST

START_TEST(test_content_with_unknown_escape_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a\\x41\"; sid:1;)");
	ck_assert_str_eq(diag_text(0), "demo.rules:1:41: invalid "
	    "escape in content: use |XX| for other bytes near '\\x'");
}
END_TEST

START_TEST(test_too_long_rule_is_an_error)
{
	static const char head[] = "alert tcp any any -> any any (msg:\"";
	static const char tail[] = "\"; sid:1;)\n"
	    "alert tcp any any -> any any (sid:2;)\n";
	size_t n = 70000;
	char *text = malloc(sizeof(head) + n + sizeof(tail));

	ck_assert_ptr_nonnull(text);
	memcpy(text, head, sizeof(head) - 1);
	memset(text + sizeof(head) - 1, 'a', n);
	memcpy(text + sizeof(head) - 1 + n, tail, sizeof(tail));
	load(text);
	free(text);
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1: rule longer than 65536 bytes");
}
END_TEST

/* Each list item used to re-sort the whole set: 4000 items took seconds. */
START_TEST(test_long_address_list_loads_quickly)
{
	static char text[RULES_TEST_LONG];
	size_t off = 0;
	uint32_t state = 42;

	off += (size_t)snprintf(text, sizeof(text), "alert ip [");
	for (int i = 0; i < 4000; i++) {
		uint32_t a = fuzz_next(&state);

		off += (size_t)snprintf(text + off, sizeof(text) - off,
		    "%u.%u.%u.%u,", a >> 24, (a >> 16) & 255, (a >> 8) & 255,
		    a & 255);
	}
	snprintf(text + off - 1, sizeof(text) - off + 1,
	    "] any -> any any (sid:1;)");
	load(text);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 1);
}
END_TEST

START_TEST(test_errors_in_one_rule_are_all_reported)
{
	load("alert tcp any 99999 -> 10.0.0.300 any (sid:0;)");
	ck_assert_uint_eq(dl.errors, 3);
	ck_assert_uint_eq(stats().failed, 1);
}
END_TEST

START_TEST(test_errors_per_rule_are_capped)
{
	load("alert tcp any any -> any any (sid:1; sid:1; sid:1; sid:1; sid:1; "
	    "sid:1; sid:1; sid:1; sid:1; sid:1; sid:1; sid:1; sid:1;)");
	ck_assert_uint_eq(dl.count, 8);
	ck_assert_str_eq(diag_text(7), "demo.rules:1: too many errors "
	    "in this rule; further ones not shown");
}
END_TEST

START_TEST(test_file_with_bad_lines_still_loads_the_good_ones)
{
	struct rules_stats st;

	load_file("mixed.rules");
	st = stats();
	ck_assert_uint_eq(st.loaded, 3);
	ck_assert_uint_eq(st.failed, 4);
	ck_assert_uint_eq(st.unsupported, 1);
	ck_assert_uint_eq(rule_at(0)->sid, 1);
	ck_assert_uint_eq(rule_at(1)->sid, 4);
	ck_assert_uint_eq(rule_at(2)->sid, 6);
	ck_assert_uint_eq(dl.count, 5);
	ck_assert_uint_eq(dl.items[0].line, 3);
	ck_assert_uint_eq(dl.items[1].line, 5);
	ck_assert_uint_eq(dl.items[2].line, 7);
	ck_assert_uint_eq(dl.items[3].line, 8);
	ck_assert_uint_eq(dl.items[4].line, 9);
	ck_assert_int_eq(dl.items[4].severity, DIAG_WARNING);
}
END_TEST

START_TEST(test_unreadable_file_fails_with_errno_and_a_diag)
{
	errno = 0;
	ck_assert_int_eq(rules_load_file(rs, "/nonexistent/quell.rules", vars,
	    &dl), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(diag_text(0), "/nonexistent/quell.rules: "
	    "cannot open rule file: No such file or directory");
}
END_TEST

START_TEST(test_rules_load_without_vars)
{
	ck_assert_int_eq(rules_load_string(rs, "demo.rules",
	    "alert tcp any any -> $HOME_NET any (sid:1;)\n"
	    "alert tcp any any -> any any (sid:2;)\n", NULL, &dl), 0);
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:22: unknown "
	    "variable '$HOME_NET' near '$HOME_NET'");
}
END_TEST

/* Mutated valid rules must never crash, leak or load garbage silently:
 * every input ends up loaded, failed or unsupported (or is a comment). */
START_TEST(test_random_mutations_of_valid_rules_do_not_crash)
{
	static const char *const seeds[] = {
		"alert tcp $HOME_NET any -> $EXTERNAL_NET [80,8080,1024:] "
		    "(msg:\"a \\\"b\\\" c\"; content:\"GET |20 2f|\"; sid:1;)",
		"drop udp [10.0.0.0/8,!10.1.0.0/16] 53 <> any !53 "
		    "(content:!\"|00 01|\"; sid:2; rev:1; gid:1;)",
		"alert ip ![2001:db8::/32,[fe80::1,::1]] any -> any any "
		    "(msg:x; classtype:bad-unknown; sid:3;)",
		"pass icmp any any -> any any (reference:url,x.y/z; "
		    "metadata:a b, c d; sid:4;)",
		"reject tcp any :1023 -> $HOME_NET $HTTP_PORTS (sid:5;)",
		"alert http any any -> any any (flow:established; sid:6;)",
		"alert tcp any any -> any 80 (flow:established,to_server; "
		    "content:\"a\"; nocase; depth:9; content:\"b\"; "
		    "distance:-1; within:4; fast_pattern:0,1; isdataat:2,"
		    "relative; pcre:\"/x+[;]/Ri\"; sid:7;)",
		"alert udp any any -> any any (byte_extract:2,0,n,relative,"
		    "little; byte_test:1,!&,n,0,string,hex; byte_jump:2,"
		    "n,relative,align,post_offset -2; dsize:3<>9; sid:8;)",
		"alert ip any any -> any any (ttl:<3; tos:x1c; ipopts:rr; "
		    "fragbits:*MD; fragoffset:>2; id:7; ip_proto:!6; "
		    "sameip; flowbits:isset,a|b; flowint:c,+,1; sid:9;)",
		"drop tcp any any -> any any (flags:S+,CE; seq:1; ack:2; "
		    "window:!9; tcp.mss:<536; threshold:type both, track "
		    "by_dst, count 3, seconds 9; nfq_set_mark:0x1/0x3; "
		    "noalert; bypass; target:src_ip; priority:2; sid:10;)",
		"alert icmp any any -> any any (itype:8; icode:0; "
		    "icmp_id:1; icmp_seq:2; detection_filter:track by_src, "
		    "count 2, seconds 1; tag:host,1,seconds; sid:11;)",
	};
	uint32_t state = 0x5eed1234;
	struct rules_stats st;
	size_t fed = 0;

	for (int iter = 0; iter < 600; iter++) {
		const char *seed = seeds[fuzz_next(&state) % QUELL_NITEMS(seeds)];
		char buf[512];
		size_t len = strlen(seed);
		int nmut = 1 + (int)(fuzz_next(&state) % 4);

		memcpy(buf, seed, len + 1);
		for (int m = 0; m < nmut && len > 0; m++)
			fuzz_mutate(buf, &len, sizeof(buf), &state);
		ck_assert_int_eq(rules_load_string(rs, "fuzz.rules", buf, vars,
		    &dl), 0);
		fed++;
	}
	st = stats();
	ck_assert_uint_le(st.loaded + st.failed + st.unsupported, fed);
	ck_assert_uint_gt(st.failed, 0);
	ck_assert_uint_gt(st.loaded, 0);
}
END_TEST

START_TEST(test_modifier_without_content_is_an_error)
{
	load("alert tcp any any -> any any (nocase; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:31: 'nocase' needs a preceding content near "
	    "'nocase'");
}
END_TEST

START_TEST(test_modifier_twice_on_one_content_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a\"; nocase; "
	    "nocase; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:52: 'nocase' given twice for one content near "
	    "'nocase'");
}
END_TEST

START_TEST(test_depth_below_content_length_is_an_error)
{
	load("alert tcp any any -> any any (content:\"abc\"; depth:2; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:52: depth 2 is smaller than the content length 3 "
	    "near '2'");
}
END_TEST

START_TEST(test_absolute_and_relative_modifiers_do_not_mix)
{
	load("alert tcp any any -> any any (content:\"a\"; "
	    "distance:1; depth:4; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:56: 'depth' cannot be combined with 'distance', "
	    "'within' or 'startswith' on one content near 'depth'");
}
END_TEST

START_TEST(test_within_below_content_length_is_an_error)
{
	load("alert tcp any any -> any any (content:\"abc\"; "
	    "within:2; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:53: within 2 is smaller than the content length "
	    "3 near '2'");
}
END_TEST

START_TEST(test_unknown_byte_extract_variable_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a\"; depth:x; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:50: unknown variable 'x' in 'depth': define it "
	    "with byte_extract first near 'x'");
}
END_TEST

START_TEST(test_negative_offset_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a\"; offset:-1; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:51: invalid offset '-1' (expected 0..65535 or a "
	    "byte_extract variable) near '-1'");
}
END_TEST

START_TEST(test_startswith_with_depth_is_an_error)
{
	load("alert tcp any any -> any any (content:\"a\"; depth:4; "
	    "startswith; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:53: 'startswith' cannot be combined with depth, "
	    "offset, distance or within on one content near 'startswith'");
}
END_TEST

START_TEST(test_two_fast_patterns_are_an_error)
{
	load("alert tcp any any -> any any (content:\"a\"; "
	    "fast_pattern; content:\"b\"; fast_pattern; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:71: 'fast_pattern' given for more than one "
	    "content near 'fast_pattern'");
}
END_TEST

START_TEST(test_fast_pattern_chop_past_the_content_is_an_error)
{
	load("alert tcp any any -> any any (content:\"abc\"; "
	    "fast_pattern:2,2; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:59: fast_pattern 2,2 reaches past the end of the "
	    "content (3 bytes) near '2,2'");
}
END_TEST

START_TEST(test_bad_fast_pattern_argument_is_an_error)
{
	load("alert tcp any any -> any any (content:\"abc\"; "
	    "fast_pattern:foo; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:59: invalid fast_pattern 'foo': expected 'only' "
	    "or 'offset,length' near 'foo'");
}
END_TEST

START_TEST(test_fast_pattern_on_positioned_negated_content_is_an_error)
{
	load("alert tcp any any -> any any (content:!\"abc\"; "
	    "depth:5; fast_pattern; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:56: 'fast_pattern' cannot be used on a negated "
	    "content with depth, offset, distance or within near "
	    "'fast_pattern'");
}
END_TEST

START_TEST(test_pcre_without_slashes_is_an_error)
{
	load("alert tcp any any -> any any (pcre:\"a+\"; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:36: invalid pcre: expected [!]\"/regex/flags\" "
	    "near '\"a+\"'");
}
END_TEST

START_TEST(test_unknown_pcre_flag_is_an_error)
{
	load("alert tcp any any -> any any (pcre:\"/a+/q\"; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: unknown pcre flag 'q' near '\"/a+/q\"'");
}
END_TEST

START_TEST(test_pcre_that_does_not_compile_is_an_error)
{
	load("alert tcp any any -> any any (pcre:\"/a(+/\"; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:36: invalid pcre: quantifier does not follow a "
	    "repeatable item at offset 2 near '\"/a(+/\"'");
}
END_TEST

START_TEST(test_relative_pcre_without_a_previous_match_is_an_error)
{
	load("alert tcp any any -> any any (pcre:\"/a+/R\"; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:36: pcre flag 'R' needs a preceding content or "
	    "pcre near '\"/a+/R\"'");
}
END_TEST

/* Without the HTTP parser's buffers registered (this suite loads no
 * app-layer parser) an HTTP flag names the missing buffer; with them
 * (check_detect, check_corpus) the pcre goes to http.uri. */
START_TEST(test_pcre_http_flag_makes_the_rule_unsupported)
{
	load("alert tcp any any -> any any (pcre:\"/a+/U\"; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:31: warning: buffer 'http.uri' does not exist "
	    "near 'pcre'");
}
END_TEST

START_TEST(test_byte_test_with_too_few_arguments_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:1,=,2; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: byte_test needs at least "
	    "'bytes,operator,value,offset' near '1,=,2'");
}
END_TEST

START_TEST(test_unknown_byte_test_operator_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:1,~,2,0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:43: invalid byte_test operator '~' (expected [!] "
	    "and <, >, =, <=, >=, & or ^) near '~'");
}
END_TEST

START_TEST(test_binary_byte_test_over_8_bytes_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:9,=,2,0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: byte_test: at most 8 bytes without 'string' "
	    "near '9,=,2,0'");
}
END_TEST

START_TEST(test_metadata_keeps_its_pairs_in_order)
{
	const struct rule *r;

	load("alert tcp any any -> any any (metadata: created_at 2020_01_01, "
	    "tag web,former_category POLICY; sid:1;)");
	ck_assert_uint_eq(stats().loaded, 1);
	r = rules_ruleset_rule(rs, 0);
	ck_assert_uint_eq(r->nmeta, 3);
	ck_assert_str_eq(r->meta[0].key, "created_at");
	ck_assert_str_eq(r->meta[0].value, "2020_01_01");
	ck_assert_str_eq(r->meta[1].key, "tag");
	ck_assert_str_eq(r->meta[1].value, "web");
	ck_assert_str_eq(r->meta[2].key, "former_category");
}
END_TEST

START_TEST(test_zero_byte_count_loads)
{
	/* Suricata accepts 0; 44 ET Open rules use it */
	load("alert tcp any any -> any any (byte_test:0,=,2,0; sid:1;)\n"
	    "alert tcp any any -> any any (byte_jump:0,0,relative,"
	    "post_offset -7; sid:2;)\n"
	    "alert tcp any any -> any any (byte_extract:0,0,v,string,dec; "
	    "byte_test:1,=,v,0; sid:3;)");
	ck_assert_uint_eq(stats().loaded, 3);
	ck_assert_uint_eq(dl.count, 0);
}
END_TEST

START_TEST(test_byte_count_over_23_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:24,=,2,0,string; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: invalid byte_test byte count '24' (expected "
	    "0..8, or 0..23 with string) near '24'");
}
END_TEST

START_TEST(test_unknown_byte_test_option_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:1,=,2,0,wide; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:49: unknown byte_test option 'wide' near 'wide'");
}
END_TEST

START_TEST(test_number_base_without_string_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:1,=,2,0,hex; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: byte_test: hex, dec and oct need 'string' "
	    "near '1,=,2,0,hex'");
}
END_TEST

START_TEST(test_dce_option_makes_the_rule_unsupported)
{
	load("alert tcp any any -> any any (byte_test:1,=,2,0,dce; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:49: warning: byte_test option 'dce' needs the "
	    "DCERPC parser near 'dce'");
}
END_TEST

START_TEST(test_zero_bitmask_is_an_error)
{
	load("alert tcp any any -> any any (byte_test:1,=,2,0,bitmask "
	    "0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:49: invalid byte_test bitmask '0' (expected "
	    "1..0xffffffff) near 'bitmask 0'");
}
END_TEST

START_TEST(test_byte_jump_with_too_few_arguments_is_an_error)
{
	load("alert tcp any any -> any any (byte_jump:1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: byte_jump needs at least 'bytes,offset' near "
	    "'1'");
}
END_TEST

START_TEST(test_byte_jump_from_both_ends_is_an_error)
{
	load("alert tcp any any -> any any "
	    "(byte_jump:1,0,from_beginning,from_end; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: byte_jump: from_beginning and from_end "
	    "exclude each other near '1,0,from_beginning,from_end'");
}
END_TEST

START_TEST(test_zero_multiplier_is_an_error)
{
	load("alert tcp any any -> any any (byte_jump:1,0,multiplier "
	    "0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:45: invalid byte_jump multiplier '0' (expected "
	    "1..65535) near 'multiplier 0'");
}
END_TEST

START_TEST(test_byte_extract_without_a_name_is_an_error)
{
	load("alert tcp any any -> any any (byte_extract:1,0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:44: byte_extract needs at least "
	    "'bytes,offset,name' near '1,0'");
}
END_TEST

START_TEST(test_byte_extract_name_starting_with_a_digit_is_an_error)
{
	load("alert tcp any any -> any any (byte_extract:1,0,9x; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:48: invalid byte_extract variable name '9x' near "
	    "'9x'");
}
END_TEST

START_TEST(test_byte_extract_variable_defined_twice_is_an_error)
{
	load("alert tcp any any -> any any (byte_extract:1,0,v; "
	    "byte_extract:1,1,v; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:68: byte_extract variable 'v' defined twice near "
	    "'v'");
}
END_TEST

START_TEST(test_byte_extract_align_of_3_is_an_error)
{
	load("alert tcp any any -> any any (byte_extract:1,0,v,align "
	    "3; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:50: invalid byte_extract align '3' (expected 2 "
	    "or 4) near 'align 3'");
}
END_TEST

START_TEST(test_unknown_isdataat_option_is_an_error)
{
	load("alert tcp any any -> any any (isdataat:5,sideways; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:42: unknown isdataat option 'sideways' (expected "
	    "relative or rawbytes) near 'sideways'");
}
END_TEST

START_TEST(test_unknown_flow_option_is_an_error)
{
	load("alert tcp any any -> any any (flow:to_sever; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:36: unknown flow option 'to_sever' near "
	    "'to_sever'");
}
END_TEST

START_TEST(test_conflicting_flow_options_are_an_error)
{
	load("alert tcp any any -> any any (flow:to_server,to_client; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:46: flow option 'to_client' conflicts with an "
	    "earlier one near 'to_client'");
}
END_TEST

START_TEST(test_flow_option_twice_is_an_error)
{
	load("alert tcp any any -> any any "
	    "(flow:established,established; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:48: flow option 'established' given twice near "
	    "'established'");
}
END_TEST

START_TEST(test_unknown_flowbits_command_is_an_error)
{
	load("alert tcp any any -> any any (flowbits:check,x; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:40: invalid flowbits 'check,x' (expected "
	    "set|unset|toggle|isset|isnotset,name or noalert) near "
	    "'check,x'");
}
END_TEST

START_TEST(test_flowbits_set_with_or_is_an_error)
{
	load("alert tcp any any -> any any (flowbits:set,a|b; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:44: '|' is only for isset and isnotset near "
	    "'a|b'");
}
END_TEST

START_TEST(test_flowbits_mixing_or_and_and_is_an_error)
{
	load("alert tcp any any -> any any (flowbits:isset,a|b&c; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:46: flowbits cannot mix '|' and '&' near "
	    "'a|b&c'");
}
END_TEST

START_TEST(test_empty_flowbit_name_is_an_error)
{
	load("alert tcp any any -> any any (flowbits:isset,; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:46: flowbits: empty flowbit name");
}
END_TEST

START_TEST(test_unknown_flowint_operator_is_an_error)
{
	load("alert tcp any any -> any any (flowint:n,++,1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:39: invalid flowint 'n,++,1' (expected "
	    "name,operator,value or name,isset|notset) near 'n,++,1'");
}
END_TEST

START_TEST(test_flowint_isset_with_a_value_is_an_error)
{
	load("alert tcp any any -> any any (flowint:n,isset,1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:39: invalid flowint 'n,isset,1' (expected "
	    "name,operator,value or name,isset|notset) near 'n,isset,1'");
}
END_TEST

START_TEST(test_bad_flowint_value_is_an_error)
{
	load("alert tcp any any -> any any (flowint:n,+,1x; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:43: invalid flowint value '1x' (expected "
	    "0..4294967295 or a flowint name) near '1x'");
}
END_TEST

START_TEST(test_threshold_missing_seconds_is_an_error)
{
	load("alert tcp any any -> any any (threshold:type limit, "
	    "track by_src, count 1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: threshold needs type, track, count and "
	    "seconds near 'type limit, track by_src, count 1'");
}
END_TEST

START_TEST(test_unknown_threshold_type_is_an_error)
{
	load("alert tcp any any -> any any (threshold:type sometimes, "
	    "track by_src, count 1, seconds 1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:41: invalid threshold option 'type sometimes' "
	    "near 'type sometimes'");
}
END_TEST

START_TEST(test_threshold_count_of_zero_is_an_error)
{
	load("alert tcp any any -> any any (threshold:type limit, "
	    "track by_src, count 0, seconds 1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:67: invalid threshold option 'count 0' near "
	    "'count 0'");
}
END_TEST

START_TEST(test_threshold_with_detection_filter_is_an_error)
{
	load("alert tcp any any -> any any (threshold:type limit, "
	    "track by_src, count 1, seconds 1; "
	    "detection_filter:track by_src, count 1, seconds 1; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:87: only one threshold or detection_filter per "
	    "rule near 'detection_filter'");
}
END_TEST

START_TEST(test_detection_filter_takes_no_type)
{
	load("alert tcp any any -> any any (detection_filter:type "
	    "limit, track by_src, count 1, seconds 1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:48: too many arguments for 'detection_filter' "
	    "(at most 3) near 'type limit, track by_src, count 1, seconds "
	    "1'");
}
END_TEST

START_TEST(test_nfq_set_mark_with_empty_mask_is_an_error)
{
	load("alert tcp any any -> any any (nfq_set_mark:0x1/; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:44: invalid nfq_set_mark '0x1/' (expected "
	    "VALUE[/MASK], 32-bit decimal or 0x hex) near '0x1/'");
}
END_TEST

START_TEST(test_nfq_set_mark_over_32_bits_is_an_error)
{
	load("alert tcp any any -> any any (nfq_set_mark:0x100000000; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:44: invalid nfq_set_mark '0x100000000' (expected "
	    "VALUE[/MASK], 32-bit decimal or 0x hex) near '0x100000000'");
}
END_TEST

START_TEST(test_unknown_target_is_an_error)
{
	load("alert tcp any any -> any any (target:both; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:38: invalid target 'both' (expected src_ip or "
	    "dest_ip) near 'both'");
}
END_TEST

START_TEST(test_priority_over_255_is_an_error)
{
	load("alert tcp any any -> any any (priority:256; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:40: invalid priority '256' (expected 1..255) "
	    "near '256'");
}
END_TEST

START_TEST(test_tos_over_one_byte_is_an_error)
{
	load("alert tcp any any -> any any (tos:x1ff; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:35: invalid tos 'x1ff' (expected [!]0..255 or "
	    "[!]x00..xff) near 'x1ff'");
}
END_TEST

START_TEST(test_unknown_ipopts_is_an_error)
{
	load("alert tcp any any -> any any (ipopts:foo; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:38: unknown ipopts 'foo' (expected rr, eol, nop, "
	    "ts, sec, esec, lsrr, ssrr, satid or any) near 'foo'");
}
END_TEST

START_TEST(test_unknown_fragbits_is_an_error)
{
	load("alert tcp any any -> any any (fragbits:Q; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:40: invalid fragbits 'Q' (expected [+*!] and M, "
	    "D, R, then optionally ',' and ignored bits) near 'Q'");
}
END_TEST

START_TEST(test_unknown_tcp_flag_is_an_error)
{
	load("alert tcp any any -> any any (flags:SZ; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:37: invalid flags 'SZ' (expected [+*!] and F, S, "
	    "R, P, A, U, C, E or 0, then optionally ',' and ignored flags) "
	    "near 'SZ'");
}
END_TEST

START_TEST(test_flag_zero_with_other_flags_is_an_error)
{
	load("alert tcp any any -> any any (flags:S0; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:37: invalid flags 'S0' (expected [+*!] and F, S, "
	    "R, P, A, U, C, E or 0, then optionally ',' and ignored flags) "
	    "near 'S0'");
}
END_TEST

START_TEST(test_ttl_over_255_is_an_error)
{
	load("alert tcp any any -> any any (ttl:300; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:35: invalid ttl '300' (expected N, !N, <N, <=N, "
	    ">N, >=N or N-M with N up to 255) near '300'");
}
END_TEST

START_TEST(test_empty_numeric_range_is_an_error)
{
	load("alert tcp any any -> any any (ttl:5-6; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:35: invalid ttl '5-6' (expected N, !N, <N, <=N, "
	    ">N, >=N or N-M with N up to 255) near '5-6'");
}
END_TEST

START_TEST(test_comparison_without_number_is_an_error)
{
	load("alert tcp any any -> any any (dsize:>; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:37: invalid dsize '>' (expected N, !N, <N, <=N, "
	    ">N, >=N or N-M with N up to 65535) near '>'");
}
END_TEST

START_TEST(test_negative_ip_id_is_an_error)
{
	load("alert tcp any any -> any any (id:-1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:34: invalid id '-1' (expected 0..65535) near '-1'");
}
END_TEST

START_TEST(test_unknown_ip_proto_name_is_an_error)
{
	load("alert tcp any any -> any any (ip_proto:bogus; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:40: invalid ip_proto 'bogus' (expected N, !N, "
	    "<N, <=N, >N, >=N or N-M with N up to 255) near 'bogus'");
}
END_TEST

/* Suricata 8's threshold type backoff (in Suricata's own stream-events
 * and dnp3-events rules): unsupported, not an error. */
START_TEST(test_threshold_backoff_is_unsupported)
{
	load("alert tcp any any -> any any (msg:\"x\"; threshold:type "
	    "backoff, track by_flow, count 1, multiplier 2; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_uint_eq(stats().failed, 0);
	ck_assert_uint_eq(dl.errors, 0);
}
END_TEST

START_TEST(test_tag_loads_without_a_warning)
{
	load("alert tcp any any -> any any (tag:session,10,packets; "
	    "sid:1;)");
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_uint_eq(dl.count, 0);
}
END_TEST

START_TEST(test_flag_keyword_with_a_value_is_an_error)
{
	load("alert tcp any any -> any any (sameip:1; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:31: option 'sameip' takes no value near 'sameip'");
}
END_TEST

START_TEST(test_too_many_keyword_arguments_are_an_error)
{
	load("alert tcp any any -> any any (flow:a,b,c,d,e,f,g; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0),
	    "demo.rules:1:36: too many arguments for 'flow' (at most 6) "
	    "near 'a,b,c,d,e,f,g'");
}
END_TEST

/* --- classification.config, reference.config, summary --- */

static const char classes_text[] =
    "# comment\n"
    "config classification: trojan-activity,A Network Trojan was "
    "detected, 1\n"
    "config classification: misc-activity,Misc activity,3\n";

START_TEST(test_classification_file_lines_load)
{
	struct rules_classes *c = rules_classes_new();

	rules_classes_load_string(c, "classification.config", classes_text,
	    &dl);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(rules_classes_count(c), 2);
	ck_assert_str_eq(rules_classes_lookup(c, "trojan-activity", 15)->desc,
	    "A Network Trojan was detected");
	ck_assert_uint_eq(rules_classes_lookup(c, "TROJAN-activity",
	    15)->priority, 1);
	rules_classes_free(c);
}
END_TEST

START_TEST(test_bad_classification_line_is_reported_with_its_line)
{
	struct rules_classes *c = rules_classes_new();

	rules_classes_load_string(c, "classification.config",
	    "config classification: a,b,3\n"
	    "config classification: broken\n", &dl);
	ck_assert_uint_eq(rules_classes_count(c), 1);
	ck_assert_str_eq(diag_text(0), "classification.config:2:1: invalid "
	    "classification: expected 'name,description,priority' with "
	    "priority 1..255");
	rules_classes_free(c);
}
END_TEST

START_TEST(test_unknown_classtype_is_an_error_with_a_classification)
{
	struct rules_classes *c = rules_classes_new();

	rules_classes_load_string(c, "classification.config", classes_text,
	    &dl);
	rules_ruleset_set_classes(rs, c);
	load("alert tcp any any -> any any (classtype:nonsense; sid:1;)");
	ck_assert_uint_eq(stats().failed, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:41: unknown classtype "
	    "'nonsense': not in classification.config near 'nonsense'");
	rules_classes_free(c);
}
END_TEST

START_TEST(test_rule_takes_the_priority_and_category_of_its_classtype)
{
	struct rules_classes *c = rules_classes_new();

	rules_classes_load_string(c, "classification.config", classes_text,
	    &dl);
	rules_ruleset_set_classes(rs, c);
	load("alert tcp any any -> any any (classtype:trojan-activity; "
	    "sid:1;)");
	ck_assert_uint_eq(rule_at(0)->priority, 1);
	ck_assert_str_eq(rule_at(0)->category,
	    "A Network Trojan was detected");
	rules_classes_free(c);
}
END_TEST

START_TEST(test_priority_option_overrides_the_classtype)
{
	struct rules_classes *c = rules_classes_new();

	rules_classes_load_string(c, "classification.config", classes_text,
	    &dl);
	rules_ruleset_set_classes(rs, c);
	load("alert tcp any any -> any any (priority:2; "
	    "classtype:trojan-activity; sid:1;)");
	ck_assert_uint_eq(rule_at(0)->priority, 2);
	rules_classes_free(c);
}
END_TEST

START_TEST(test_unknown_reference_system_is_a_warning)
{
	struct rules_refs *r = rules_refs_new();

	rules_refs_load_string(r, "reference.config",
	    "config reference: cve https://cve.mitre.org/\n", &dl);
	ck_assert_uint_eq(rules_refs_count(r), 1);
	rules_ruleset_set_refs(rs, r);
	load("alert tcp any any -> any any (reference:cve,2024-1; "
	    "reference:foo,1; sid:1;)");
	ck_assert_uint_eq(stats().loaded, 1);
	ck_assert_uint_eq(dl.warnings, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:63: warning: unknown "
	    "reference system 'foo': not in reference.config near 'foo'");
	rules_refs_free(r);
}
END_TEST

START_TEST(test_reference_system_lookup_ignores_case)
{
	struct rules_refs *r = rules_refs_new();

	rules_refs_load_string(r, "reference.config",
	    "config reference: url https://\n", &dl);
	ck_assert_str_eq(rules_refs_lookup(r, "URL", 3), "https://");
	rules_refs_free(r);
}
END_TEST

START_TEST(test_unsupported_rules_are_tallied_by_keyword)
{
	char buf[256];

	load("alert smtp any any -> any any (sid:1;)\n"
	    "alert smtp any any -> any any (sid:2;)\n"
	    "alert tcp any any -> any any (http.uri; content:\"a\"; sid:3;)\n"
	    "alert tcp any any -> any any (content:\"a\"; sid:4;)\n");
	ck_assert_uint_eq(stats().unsupported, 3);
	ck_assert_uint_eq(rules_ruleset_unsupported_reasons(rs), 2);
	ck_assert_str_eq(rules_ruleset_unsupported_summary(rs, buf,
	    sizeof(buf)), "protocol smtp 2, http.uri 1");
}
END_TEST

START_TEST(test_unsupported_summary_is_empty_without_skips)
{
	char buf[64];

	load("alert tcp any any -> any any (sid:1;)\n");
	ck_assert_str_eq(rules_ruleset_unsupported_summary(rs, buf,
	    sizeof(buf)), "");
}
END_TEST

START_TEST(test_unsupported_keyword_is_tallied_in_lowercase)
{
	size_t n;

	load("alert tcp any any -> any any (File_Data; sid:1;)\n");
	ck_assert_str_eq(rules_ruleset_unsupported_reason(rs, 0, &n),
	    "file_data");
	ck_assert_uint_eq(n, 1);
}
END_TEST

START_TEST(test_target_may_be_repeated)
{
	load("alert tcp any any -> any any (target:src_ip; "
	    "target:dest_ip; sid:1;)");
	ck_assert_uint_eq(rule_at(0)->target, RULE_TARGET_DST);
}
END_TEST

START_TEST(test_every_implemented_keyword_loads_in_one_rule)
{
	load("alert tcp $EXTERNAL_NET any -> $HOME_NET $HTTP_PORTS "
	    "(msg:\"all\"; flow:established,to_server; flowbits:isnotset,x; "
	    "content:\"GET\"; startswith; nocase; content:\"id=\"; "
	    "distance:0; within:64; fast_pattern; byte_extract:1,0,n,"
	    "relative; byte_test:1,<,n,0,relative; isdataat:1,relative; "
	    "pcre:\"/\\d+/R\"; byte_jump:1,0,relative,from_beginning; "
	    "dsize:>3; ttl:>1; tos:0; id:1; ip_proto:tcp; flags:PA,CE; "
	    "seq:1; ack:1; window:!0; tcp.mss:>0; flowint:c,+,1; "
	    "flowbits:set,x; threshold:type limit,track by_src,count 1,"
	    "seconds 60; nfq_set_mark:1/1; bypass; target:dest_ip; "
	    "priority:1; classtype:trojan-activity; reference:cve,1; "
	    "metadata:k v; rev:2; gid:1; sid:1;)");
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(stats().loaded, 1);
}
END_TEST

static Suite *
rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *ok = tcase_create("accepted");
	TCase *err = tcase_create("errors");
	TCase *kw = tcase_create("keywords");

	tcase_add_checked_fixture(ok, setup, teardown);
	tcase_add_checked_fixture(err, setup, teardown);

	tcase_add_test(ok, test_minimal_rule_loads_with_its_fields);
	tcase_add_test(ok, test_every_action_keyword_maps_to_its_action);
	tcase_add_test(ok, test_icmp_covers_icmpv4_and_icmpv6);
	tcase_add_test(ok, test_icmpv6_and_icmp6_cover_only_icmpv6);
	tcase_add_test(ok, test_ip_covers_every_protocol);
	tcase_add_test(ok, test_tcp_pkt_and_udp_pkt_are_aliases);
	tcase_add_test(ok, test_address_list_with_negated_item_excludes_it);
	tcase_add_test(ok, test_list_of_only_negations_means_everything_else);
	tcase_add_test(ok, test_nested_lists_combine);
	tcase_add_test(ok, test_negated_list_matches_everything_outside_it);
	tcase_add_test(ok, test_ipv6_address_and_cidr_are_accepted);
	tcase_add_test(ok, test_cidr_ignores_host_bits);
	tcase_add_test(ok, test_ipv4_netmask_is_a_prefix);
	tcase_add_test(ok, test_address_range_is_inclusive);
	tcase_add_test(ok, test_variable_expands_in_address);
	tcase_add_test(ok, test_negated_variable_is_the_complement);
	tcase_add_test(ok, test_variable_may_refer_to_another_variable);
	tcase_add_test(ok, test_single_port_matches_only_itself);
	tcase_add_test(ok, test_port_range_is_inclusive);
	tcase_add_test(ok, test_open_port_ranges_reach_the_ends);
	tcase_add_test(ok, test_port_list_with_negation_excludes_it);
	tcase_add_test(ok, test_negated_port_matches_all_others);
	tcase_add_test(ok, test_variable_expands_in_port);
	tcase_add_test(ok, test_bidirectional_operator_is_accepted);
	tcase_add_test(ok, test_escapes_in_quoted_values_are_removed);
	tcase_add_test(ok, test_unquoted_values_are_accepted);
	tcase_add_test(ok, test_blanks_around_option_separators_are_ignored);
	tcase_add_test(ok, test_blanks_inside_header_lists_are_allowed);
	tcase_add_test(ok, test_content_with_hex_and_negation_loads);
	tcase_add_test(ok, test_content_accepts_escaped_specials);
	tcase_add_test(ok, test_classtype_reference_and_metadata_are_accepted);
	tcase_add_test(ok, test_comments_and_blank_lines_are_skipped);
	tcase_add_test(ok, test_crlf_line_endings_are_tolerated);
	tcase_add_test(ok, test_continued_rule_reports_its_first_line);
	tcase_add_test(ok, test_backslash_on_the_last_line_ends_the_rule);
	tcase_add_test(ok, test_same_sid_in_another_gid_is_not_a_duplicate);
	tcase_add_test(ok, test_vars_reject_invalid_names);
	tcase_add_test(ok, test_vars_set_replaces_the_value);
	tcase_add_test(ok, test_protocol_table_is_sorted_and_unique);
	tcase_add_test(ok, test_protocol_lookup_finds_every_entry);
	tcase_add_test(ok, test_rules_load_without_vars);
	tcase_add_test(ok, test_long_address_list_loads_quickly);
	tcase_add_test(ok, test_random_mutations_of_valid_rules_do_not_crash);

	tcase_add_test(err, test_unknown_action_is_an_error);
	tcase_add_test(err, test_unknown_protocol_is_an_error);
	tcase_add_test(err,
	    test_app_layer_protocol_is_unsupported_not_an_error);
	tcase_add_test(err, test_tcp_stream_and_tcp_pkt_are_tcp_rules_with_a_flag);
	tcase_add_test(err, test_unknown_keyword_makes_the_rule_unsupported);
	tcase_add_test(err, test_only_the_first_unsupported_item_is_reported);
	tcase_add_test(err, test_error_in_unsupported_rule_still_fails_it);
	tcase_add_test(err, test_bad_address_is_an_error);
	tcase_add_test(err, test_bad_address_inside_a_list_points_at_the_item);
	tcase_add_test(err, test_bad_ipv4_cidr_is_an_error);
	tcase_add_test(err, test_bad_ipv6_cidr_is_an_error);
	tcase_add_test(err, test_non_contiguous_netmask_is_an_error);
	tcase_add_test(err, test_bad_port_is_an_error);
	tcase_add_test(err, test_bad_port_inside_a_list_points_at_the_item);
	tcase_add_test(err, test_reversed_port_range_is_an_error);
	tcase_add_test(err, test_unknown_variable_is_an_error_naming_it);
	tcase_add_test(err, test_error_inside_a_variable_names_the_variable);
	tcase_add_test(err, test_self_referencing_variables_are_an_error);
	tcase_add_test(err, test_negating_everything_is_an_error);
	tcase_add_test(err, test_empty_list_is_an_error);
	tcase_add_test(err, test_unclosed_list_is_an_error);
	tcase_add_test(err, test_list_nesting_is_capped);
	tcase_add_test(err, test_bad_direction_is_an_error);
	tcase_add_test(err, test_incomplete_header_is_an_error);
	tcase_add_test(err, test_unterminated_options_are_an_error);
	tcase_add_test(err, test_missing_options_are_an_error);
	tcase_add_test(err, test_last_option_needs_its_semicolon);
	tcase_add_test(err, test_unterminated_quoted_string_is_an_error);
	tcase_add_test(err, test_missing_sid_is_an_error);
	tcase_add_test(err, test_sid_zero_is_an_error);
	tcase_add_test(err, test_non_numeric_rev_is_an_error);
	tcase_add_test(err, test_option_given_twice_is_an_error);
	tcase_add_test(err, test_option_without_its_value_is_an_error);
	tcase_add_test(err, test_duplicate_sid_is_an_error_on_the_later_rule);
	tcase_add_test(err,
	    test_duplicate_sid_across_files_names_the_first_file);
	tcase_add_test(err, test_content_with_bad_hex_is_an_error);
	tcase_add_test(err, test_content_with_odd_hex_digits_is_an_error);
	tcase_add_test(err, test_content_with_unterminated_hex_is_an_error);
	tcase_add_test(err, test_empty_content_is_an_error);
	tcase_add_test(err, test_content_with_unknown_escape_is_an_error);
	tcase_add_test(err, test_too_long_rule_is_an_error);
	tcase_add_test(err, test_errors_in_one_rule_are_all_reported);
	tcase_add_test(err, test_errors_per_rule_are_capped);
	tcase_add_test(err, test_file_with_bad_lines_still_loads_the_good_ones);
	tcase_add_test(err, test_unreadable_file_fails_with_errno_and_a_diag);

	tcase_add_checked_fixture(kw, setup, teardown);
	tcase_add_test(kw, test_classification_file_lines_load);
	tcase_add_test(kw,
	    test_bad_classification_line_is_reported_with_its_line);
	tcase_add_test(kw,
	    test_unknown_classtype_is_an_error_with_a_classification);
	tcase_add_test(kw,
	    test_rule_takes_the_priority_and_category_of_its_classtype);
	tcase_add_test(kw, test_priority_option_overrides_the_classtype);
	tcase_add_test(kw, test_unknown_reference_system_is_a_warning);
	tcase_add_test(kw, test_reference_system_lookup_ignores_case);
	tcase_add_test(kw, test_unsupported_rules_are_tallied_by_keyword);
	tcase_add_test(kw, test_unsupported_summary_is_empty_without_skips);
	tcase_add_test(kw, test_unsupported_keyword_is_tallied_in_lowercase);
	tcase_add_test(kw, test_target_may_be_repeated);
	tcase_add_test(kw, test_every_implemented_keyword_loads_in_one_rule);
	tcase_add_test(kw, test_modifier_without_content_is_an_error);
	tcase_add_test(kw, test_modifier_twice_on_one_content_is_an_error);
	tcase_add_test(kw, test_depth_below_content_length_is_an_error);
	tcase_add_test(kw, test_absolute_and_relative_modifiers_do_not_mix);
	tcase_add_test(kw, test_within_below_content_length_is_an_error);
	tcase_add_test(kw, test_unknown_byte_extract_variable_is_an_error);
	tcase_add_test(kw, test_negative_offset_is_an_error);
	tcase_add_test(kw, test_startswith_with_depth_is_an_error);
	tcase_add_test(kw, test_two_fast_patterns_are_an_error);
	tcase_add_test(kw, test_fast_pattern_chop_past_the_content_is_an_error);
	tcase_add_test(kw, test_bad_fast_pattern_argument_is_an_error);
	tcase_add_test(kw,
	    test_fast_pattern_on_positioned_negated_content_is_an_error);
	tcase_add_test(kw, test_pcre_without_slashes_is_an_error);
	tcase_add_test(kw, test_unknown_pcre_flag_is_an_error);
	tcase_add_test(kw, test_pcre_that_does_not_compile_is_an_error);
	tcase_add_test(kw,
	    test_relative_pcre_without_a_previous_match_is_an_error);
	tcase_add_test(kw, test_pcre_http_flag_makes_the_rule_unsupported);
	tcase_add_test(kw, test_byte_test_with_too_few_arguments_is_an_error);
	tcase_add_test(kw, test_unknown_byte_test_operator_is_an_error);
	tcase_add_test(kw, test_binary_byte_test_over_8_bytes_is_an_error);
	tcase_add_test(kw, test_metadata_keeps_its_pairs_in_order);
	tcase_add_test(kw, test_zero_byte_count_loads);
	tcase_add_test(kw, test_byte_count_over_23_is_an_error);
	tcase_add_test(kw, test_unknown_byte_test_option_is_an_error);
	tcase_add_test(kw, test_number_base_without_string_is_an_error);
	tcase_add_test(kw, test_dce_option_makes_the_rule_unsupported);
	tcase_add_test(kw, test_zero_bitmask_is_an_error);
	tcase_add_test(kw, test_byte_jump_with_too_few_arguments_is_an_error);
	tcase_add_test(kw, test_byte_jump_from_both_ends_is_an_error);
	tcase_add_test(kw, test_zero_multiplier_is_an_error);
	tcase_add_test(kw, test_byte_extract_without_a_name_is_an_error);
	tcase_add_test(kw,
	    test_byte_extract_name_starting_with_a_digit_is_an_error);
	tcase_add_test(kw,
	    test_byte_extract_variable_defined_twice_is_an_error);
	tcase_add_test(kw, test_byte_extract_align_of_3_is_an_error);
	tcase_add_test(kw, test_unknown_isdataat_option_is_an_error);
	tcase_add_test(kw, test_unknown_flow_option_is_an_error);
	tcase_add_test(kw, test_conflicting_flow_options_are_an_error);
	tcase_add_test(kw, test_flow_option_twice_is_an_error);
	tcase_add_test(kw, test_unknown_flowbits_command_is_an_error);
	tcase_add_test(kw, test_flowbits_set_with_or_is_an_error);
	tcase_add_test(kw, test_flowbits_mixing_or_and_and_is_an_error);
	tcase_add_test(kw, test_empty_flowbit_name_is_an_error);
	tcase_add_test(kw, test_unknown_flowint_operator_is_an_error);
	tcase_add_test(kw, test_flowint_isset_with_a_value_is_an_error);
	tcase_add_test(kw, test_bad_flowint_value_is_an_error);
	tcase_add_test(kw, test_threshold_missing_seconds_is_an_error);
	tcase_add_test(kw, test_unknown_threshold_type_is_an_error);
	tcase_add_test(kw, test_threshold_count_of_zero_is_an_error);
	tcase_add_test(kw, test_threshold_with_detection_filter_is_an_error);
	tcase_add_test(kw, test_detection_filter_takes_no_type);
	tcase_add_test(kw, test_nfq_set_mark_with_empty_mask_is_an_error);
	tcase_add_test(kw, test_nfq_set_mark_over_32_bits_is_an_error);
	tcase_add_test(kw, test_unknown_target_is_an_error);
	tcase_add_test(kw, test_priority_over_255_is_an_error);
	tcase_add_test(kw, test_tos_over_one_byte_is_an_error);
	tcase_add_test(kw, test_unknown_ipopts_is_an_error);
	tcase_add_test(kw, test_unknown_fragbits_is_an_error);
	tcase_add_test(kw, test_unknown_tcp_flag_is_an_error);
	tcase_add_test(kw, test_flag_zero_with_other_flags_is_an_error);
	tcase_add_test(kw, test_ttl_over_255_is_an_error);
	tcase_add_test(kw, test_empty_numeric_range_is_an_error);
	tcase_add_test(kw, test_comparison_without_number_is_an_error);
	tcase_add_test(kw, test_negative_ip_id_is_an_error);
	tcase_add_test(kw, test_unknown_ip_proto_name_is_an_error);
	tcase_add_test(kw, test_threshold_backoff_is_unsupported);
	tcase_add_test(kw, test_tag_loads_without_a_warning);
	tcase_add_test(kw, test_flag_keyword_with_a_value_is_an_error);
	tcase_add_test(kw, test_too_many_keyword_arguments_are_an_error);

	suite_add_tcase(s, ok);
	suite_add_tcase(s, err);
	suite_add_tcase(s, kw);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(rules_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
