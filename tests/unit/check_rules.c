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
#include "rules/proto.h"
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
	load("alert http any any -> any any (msg:\"x\"; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_uint_eq(stats().failed, 0);
	ck_assert_uint_eq(stats().loaded, 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:7: warning: app-layer "
	    "protocol 'http' not supported yet near 'http'");
}
END_TEST

START_TEST(test_unimplemented_protocol_is_unsupported)
{
	load("alert sctp any any -> any any (sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:7: warning: protocol "
	    "'sctp' not supported yet near 'sctp'");
}
END_TEST

START_TEST(test_unknown_keyword_makes_the_rule_unsupported)
{
	load("alert tcp any any -> any any (content:\"a\"; nocase; sid:1;)");
	ck_assert_uint_eq(stats().unsupported, 1);
	ck_assert_uint_eq(stats().loaded, 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(diag_text(0), "demo.rules:1:44: warning: "
	    "unsupported keyword 'nocase' near 'nocase'");
}
END_TEST

START_TEST(test_only_the_first_unsupported_item_is_reported)
{
	load("alert http any any -> any any (flow:established; "
	    "http.uri; sid:1;)");
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_uint_eq(stats().unsupported, 1);
}
END_TEST

START_TEST(test_error_in_unsupported_rule_still_fails_it)
{
	load("alert http any any -> any any (flow:established;)");
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

static Suite *
rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *ok = tcase_create("accepted");
	TCase *err = tcase_create("errors");

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
	tcase_add_test(err, test_app_layer_protocol_is_unsupported_not_an_error);
	tcase_add_test(err, test_unimplemented_protocol_is_unsupported);
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
	tcase_add_test(err, test_duplicate_sid_across_files_names_the_first_file);
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

	suite_add_tcase(s, ok);
	suite_add_tcase(s, err);
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
