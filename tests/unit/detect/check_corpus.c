/* The Emerging Threats Open slice in tests/data/et-open, loaded as quelld
 * -T would: etc/quell.yaml's address and port groups, etc/classification
 * and reference config. Every rule that uses only implemented keywords
 * loads, none fails, and the others are reported by what they need; the
 * engine builds with either prefilter back end, and a few real rules of
 * the slice fire on packets made to trigger them. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "flow/flow.h"
#include "rules/classification.h"
#include "rules/reference.h"
#include "rules/ruleset.h"
#include "rules/vars.h"

static const char *const corpus_files[] = {
	"emerging-chat.rules", "emerging-dos.rules",
	"emerging-icmp_info.rules", "emerging-imap.rules",
	"emerging-misc.rules", "emerging-pop3.rules", "emerging-rpc.rules",
	"emerging-scan.rules", "emerging-shellcode.rules",
	"emerging-snmp.rules", "emerging-telnet.rules",
	"emerging-tftp.rules", "emerging-voip.rules", "emerging-worm.rules",
};
/* The HTTP category files beside the slice (SUBSET.txt). */
static const char *const http_files[] = {
	"emerging-user_agents.rules", "emerging-activex.rules",
};

static struct diag_list dl;
static struct ruleset *rs;
static struct rules_classes *classes;
static struct rules_refs *refs;
static struct detect_engine *de;
static struct detect_thread *dt;
static struct detect_result res;
static struct flow flow;

static void	setup(void);
static void	teardown(void);
static const char *src_path(const char *);
static void	load_corpus(void);
static void	load_files(const char *const *, size_t);
static void	build(const char *);
static struct packet pkt(uint8_t, const char *, uint16_t, const char *,
		    uint16_t, const void *, size_t);
static bool	alerted(uint32_t);
static Suite	*corpus_suite(void);

/* A file of the source tree (make check sets QUELL_TOP_SRCDIR; by hand,
 * run from the top of the tree). */
static const char *
src_path(const char *rel)
{
	static char path[4096];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/%s", top != NULL ? top : ".", rel);
	return path;
}

static void
setup(void)
{
	diag_list_init(&dl);
	rs = rules_ruleset_new();
	classes = rules_classes_new();
	refs = rules_refs_new();
	ck_assert_ptr_nonnull(rs);
	de = NULL;
	dt = NULL;
	memset(&flow, 0, sizeof(flow));
}

static void
teardown(void)
{
	detect_thread_free(dt);
	detect_engine_free(de);
	rules_ruleset_free(rs);
	rules_classes_free(classes);
	rules_refs_free(refs);
	detect_flow_vars_free(flow.detect_vars);
	diag_list_free(&dl);
}

/* The slice with the shipped configuration's variables, as quelld -T. */
static void
load_corpus(void)
{
	load_files(corpus_files, QUELL_NITEMS(corpus_files));
}

static void
load_files(const char *const *files, size_t nfiles)
{
	struct quell_config *cfg = config_new();
	struct rules_vars *vars = rules_vars_new();
	char rel[256];

	/* the parsers' buffers, as quelld registers them */
	ck_assert_int_eq(detect_applayer_register(rel, sizeof(rel)), 0);
	ck_assert_int_eq(config_load_file(cfg, src_path("etc/quell.yaml"),
	    &dl), 0);
	for (size_t i = 0; i < cfg->address_groups.count; i++)
		ck_assert_int_eq(rules_vars_set(vars,
		    cfg->address_groups.items[i].name,
		    cfg->address_groups.items[i].value), 0);
	for (size_t i = 0; i < cfg->port_groups.count; i++)
		ck_assert_int_eq(rules_vars_set(vars,
		    cfg->port_groups.items[i].name,
		    cfg->port_groups.items[i].value), 0);
	ck_assert_int_eq(rules_classes_load_file(classes,
	    src_path("etc/classification.config"), &dl), 0);
	ck_assert_int_eq(rules_refs_load_file(refs,
	    src_path("etc/reference.config"), &dl), 0);
	rules_ruleset_set_classes(rs, classes);
	rules_ruleset_set_refs(rs, refs);
	for (size_t i = 0; i < nfiles; i++) {
		snprintf(rel, sizeof(rel), "tests/data/et-open/%s",
		    files[i]);
		ck_assert_int_eq(rules_load_file(rs, src_path(rel), vars, &dl),
		    0);
	}
	rules_vars_free(vars);
	config_free(cfg);
}

static void
build(const char *mpm)
{
	struct detect_engine_opts o;

	load_corpus();
	detect_engine_opts_default(&o);
	o.mpm = mpm;
	de = detect_engine_build_opts(rs, &o, &dl);
	rs = NULL;
	ck_assert_ptr_nonnull(de);
	dt = detect_thread_new(de);
	ck_assert_ptr_nonnull(dt);
}

static struct packet
pkt(uint8_t proto, const char *src, uint16_t sport, const char *dst,
    uint16_t dport, const void *payload, size_t len)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.src.family = p.dst.family = AF_INET;
	ck_assert_int_eq(inet_pton(AF_INET, src, &p.src.u.v4), 1);
	ck_assert_int_eq(inet_pton(AF_INET, dst, &p.dst.u.v4), 1);
	p.ip_version = 4;
	p.ttl = 64;
	p.proto = proto;
	p.l4_valid = true;
	p.sport = sport;
	p.dport = dport;
	p.tcp_flags = PKT_TCP_ACK | PKT_TCP_PSH;
	p.payload = payload;
	p.payload_len = (uint32_t)len;
	p.flow = &flow;
	p.flow_flags = PKT_FLOW_TO_SERVER | PKT_FLOW_ESTABLISHED;
	return p;
}

static bool
alerted(uint32_t sid)
{
	for (uint32_t i = 0; i < res.nalerts; i++)
		if (res.alerts[i].sid == sid)
			return true;
	return false;
}

START_TEST(test_no_rule_of_the_slice_fails)
{
	struct rules_stats st;

	load_corpus();
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.failed, 0);
	ck_assert_uint_eq(dl.errors, 0);
}
END_TEST

START_TEST(test_every_rule_with_implemented_keywords_loads)
{
	struct rules_stats st;

	load_corpus();
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded + st.unsupported, 674);
	ck_assert_uint_eq(st.loaded, 671);
}
END_TEST

START_TEST(test_skipped_rules_are_listed_by_what_they_need)
{
	char buf[512];

	load_corpus();
	ck_assert_str_eq(rules_ruleset_unsupported_summary(rs, buf,
	    sizeof(buf)), "protocol ftp 2, protocol smtp 1");
}
END_TEST

START_TEST(test_only_unsupported_rules_are_warned_about)
{
	load_corpus();
	ck_assert_uint_eq(dl.warnings, 3);
}
END_TEST

/* Every rule of ET's HTTP categories loads: legacy modifiers, sticky
 * buffers, pcre HTTP flags, bsize, urilen (issue 16). */
START_TEST(test_http_categories_load_whole)
{
	struct rules_stats st;

	load_files(http_files, QUELL_NITEMS(http_files));
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.failed, 0);
	ck_assert_uint_eq(st.unsupported, 0);
	ck_assert_uint_eq(st.loaded, 461);
	ck_assert_uint_eq(dl.warnings, 0);
	ck_assert_uint_eq(dl.errors, 0);
}
END_TEST

START_TEST(test_slice_builds_with_aho_corasick)
{
	build("ac");
	ck_assert_uint_eq(detect_engine_rule_count(de), 671);
	ck_assert_str_eq(detect_engine_mpm_name(de), "ac");
}
END_TEST

START_TEST(test_slice_builds_with_the_default_back_end)
{
	struct detect_engine_info info;

	build("auto");
	detect_engine_info(de, &info);
	ck_assert_uint_eq(detect_engine_rule_count(de), 671);
	ck_assert_uint_gt(info.sigs_with_fast_pattern, 380);
}
END_TEST

/* sid 2100366: GPL ICMP_INFO PING *NIX (itype:8; content |10 .. 1f|,
 * depth:32), what iputils ping sends after its timestamp */
START_TEST(test_unix_ping_fires_the_icmp_info_rule)
{
	uint8_t data[56];
	struct packet p;

	memset(data, 0, 8);
	for (int i = 8; i < 56; i++)
		data[i] = (uint8_t)i;
	p = pkt(IPPROTO_ICMP, "203.0.113.9", 0, "10.1.2.3", 0, data,
	    sizeof(data));
	p.icmp_type = 8;
	build("auto");
	detect_packet(dt, &p, &res);
	ck_assert(alerted(2100366));
}
END_TEST

/* sid 2101411: GPL SNMP public access udp (content:"public") */
START_TEST(test_snmp_public_community_fires_its_rule)
{
	static const uint8_t snmp[] = { 0x30, 0x26, 0x02, 0x01, 0x00, 0x04,
	    0x06, 'p', 'u', 'b', 'l', 'i', 'c', 0xa0, 0x19 };
	struct packet p = pkt(IPPROTO_UDP, "203.0.113.9", 40000, "10.1.2.3",
	    161, snmp, sizeof(snmp));

	build("auto");
	detect_packet(dt, &p, &res);
	ck_assert(alerted(2101411));
}
END_TEST

START_TEST(test_ordinary_web_request_fires_nothing)
{
	static const char req[] = "GET /index.html HTTP/1.1\r\n"
	    "Host: example.org\r\nUser-Agent: curl/8.5.0\r\n"
	    "Accept: */*\r\n\r\n";
	struct packet p = pkt(IPPROTO_TCP, "203.0.113.9", 40000, "10.1.2.3",
	    80, req, sizeof(req) - 1);

	build("auto");
	detect_packet(dt, &p, &res);
	ck_assert_uint_eq(res.nalerts, 0);
}
END_TEST

static Suite *
corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *load = tcase_create("load");
	TCase *fire = tcase_create("fire");

	tcase_add_checked_fixture(load, setup, teardown);
	tcase_set_timeout(load, 60);
	tcase_add_test(load, test_no_rule_of_the_slice_fails);
	tcase_add_test(load, test_every_rule_with_implemented_keywords_loads);
	tcase_add_test(load, test_skipped_rules_are_listed_by_what_they_need);
	tcase_add_test(load, test_only_unsupported_rules_are_warned_about);
	tcase_add_test(load, test_http_categories_load_whole);
	tcase_add_test(load, test_slice_builds_with_aho_corasick);
	tcase_add_test(load, test_slice_builds_with_the_default_back_end);

	tcase_add_checked_fixture(fire, setup, teardown);
	tcase_set_timeout(fire, 60);
	tcase_add_test(fire, test_unix_ping_fires_the_icmp_info_rule);
	tcase_add_test(fire, test_snmp_public_community_fires_its_rule);
	tcase_add_test(fire, test_ordinary_web_request_fires_nothing);

	suite_add_tcase(s, load);
	suite_add_tcase(s, fire);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(corpus_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
