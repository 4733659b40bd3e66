/* lib/output/eve: every record is one valid JSON line in EVE shape. */
#include "core/base.h"

#include <math.h>
#include <stdio.h>
#include <syslog.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>
#include <jansson.h>

#include "applayer/parser.h"
#include "decode/events.h"
#include "detect/engine.h"
#include "detect/flowvars.h"
#include "detect/names.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "output/addr.h"
#include "output/anomaly.h"
#include "output/eve.h"
#include "output/fastlog.h"
#include "output/json_line.h"
#include "output/sink.h"
#include "output/sink_syslog.h"
#include "output/statslog.h"
#include "output/writer.h"
#include "rules/rule.h"
#include "stream/events.h"

Suite	*output_xff_suite(void);	/* test_xff.c */

static char path[64];
static struct output_eve *eve;

static char	*raw_line(int);

static void
setup(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/quell-eve-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	eve = output_eve_open(path, 2);
	ck_assert_ptr_nonnull(eve);
	ck_assert_int_eq(output_eve_start(eve), 0);
}

static void
teardown(void)
{
	output_eve_close(eve);
	unlink(path);
}

static void
setup_plain(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/quell-writer-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
}

static void
teardown_plain(void)
{
	unlink(path);
}

static void
tcp_packet(struct packet *p)
{
	memset(p, 0, sizeof(*p));
	p->ip_version = 4;
	p->src.family = AF_INET;
	p->src.u.v4 = htonl(0xc6120102);	/* 198.18.1.2 */
	p->dst.family = AF_INET;
	p->dst.u.v4 = htonl(0xc6120202);	/* 198.18.2.2 */
	p->proto = IPPROTO_TCP;
	p->sport = 41000;
	p->dport = 8080;
	p->queue = 2;
	p->nfq_id = 9;
	p->ts.tv_sec = 1700000000;
	p->ts.tv_nsec = 123456000;
}

/* Reads line n (0-based) of the eve file as JSON. */
static json_t *
read_line(int n)
{
	static char line[65536];	/* a stats line passes 8 KB */
	FILE *fp = fopen(path, "r");
	json_t *j = NULL;
	json_error_t err;

	ck_assert_ptr_nonnull(fp);
	for (int i = 0; i <= n; i++)
		ck_assert_ptr_nonnull(fgets(line, sizeof(line), fp));
	fclose(fp);
	j = json_loads(line, 0, &err);
	ck_assert_msg(j != NULL, "line %d is not JSON: %s", n, err.text);
	return j;
}

START_TEST(test_alert_has_eve_fields_with_types)
{
	struct packet p;
	struct output_eve_alert a = { .gid = 1, .sid = 1000002, .rev = 3,
	    .msg = "attack \"quoted\" \\ back", .blocked = true,
	    .verdict = "drop" };
	json_t *j, *alert;

	tcp_packet(&p);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")), "alert");
	ck_assert_str_eq(json_string_value(json_object_get(j, "src_ip")), "198.18.1.2");
	ck_assert_str_eq(json_string_value(json_object_get(j, "dest_ip")), "198.18.2.2");
	ck_assert_int_eq(json_integer_value(json_object_get(j, "src_port")), 41000);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "dest_port")), 8080);
	ck_assert_str_eq(json_string_value(json_object_get(j, "proto")), "TCP");
	ck_assert(json_is_string(json_object_get(j, "timestamp")));
	alert = json_object_get(j, "alert");
	ck_assert_str_eq(json_string_value(json_object_get(alert, "action")), "blocked");
	ck_assert_int_eq(json_integer_value(json_object_get(alert, "signature_id")), 1000002);
	ck_assert_int_eq(json_integer_value(json_object_get(alert, "gid")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(alert, "rev")), 3);
	ck_assert_str_eq(json_string_value(json_object_get(alert, "signature")),
	    "attack \"quoted\" \\ back");
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(j, "quell"), "queue")), 2);
	json_decref(j);
}
END_TEST

START_TEST(test_alert_with_invalid_utf8_message_is_still_valid_json)
{
	struct packet p;
	struct output_eve_alert a = { .gid = 1, .sid = 7, .rev = 1,
	    .msg = "caf\xe9 \x01 ctl", .verdict = "accept" };
	json_t *j;

	tcp_packet(&p);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_object_get(j, "alert"), "signature")), "caf? \x01 ctl");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_object_get(j, "alert"), "action")), "allowed");
	json_decref(j);
}
END_TEST

START_TEST(test_alert_payload_with_nul_and_invalid_utf8_stays_valid_json)
{
	static const uint8_t payload[] = { 'a', 0, '"', '\\', 0xff, 0xc3, '\n', 'z' };
	struct packet p;
	struct output_eve_alert a = { .gid = 1, .sid = 9, .rev = 1,
	    .msg = "payload", .verdict = "accept",
	    .category = "A Network Trojan was detected", .severity = 1 };
	struct output_eve_opts o = { .payload = true,
	    .payload_printable = true, .packet = true };
	json_t *j, *alert;

	tcp_packet(&p);
	p.payload = payload;
	p.payload_len = sizeof(payload);
	p.data = payload;
	p.len = sizeof(payload);
	output_eve_set_opts(eve, &o);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	/* base64 of the 8 bytes, and the printable form with '.' */
	ck_assert_str_eq(json_string_value(json_object_get(j, "payload")),
	    "YQAiXP/DCno=");
	ck_assert_str_eq(json_string_value(json_object_get(j,
	    "payload_printable")), "a.\"\\...z");
	ck_assert_str_eq(json_string_value(json_object_get(j, "packet")),
	    "YQAiXP/DCno=");
	alert = json_object_get(j, "alert");
	ck_assert_str_eq(json_string_value(json_object_get(alert, "category")),
	    "A Network Trojan was detected");
	ck_assert_int_eq(json_integer_value(json_object_get(alert, "severity")), 1);
	json_decref(j);
}
END_TEST

/* As Suricata (bug-6875-01): with payload logging on, a packet without
 * payload has no payload fields but still "stream": 0. */
/* An alert's app object given as text (the http parser's) is the line
 * the same object as a tree gives, in the same place. */
START_TEST(test_alert_app_object_as_text_is_the_trees_bytes)
{
	struct packet p;
	json_t *app = json_pack("{s:s,s:s,s:i}", "hostname", "h\"o\x01",
	    "url", "/x", "status", 200);
	char *text = json_dumps(app, JSON_COMPACT);
	struct output_eve_alert a = { .gid = 1, .sid = 7, .rev = 1,
	    .msg = "m", .verdict = "accept", .has_tx = true, .tx_id = 3,
	    .app_name = "http", .app = app };
	char *l0, *l1;

	tcp_packet(&p);
	output_eve_alert(eve, 0, &p, &a);
	a.app = NULL;
	a.app_text = text;
	a.app_len = strlen(text);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	l0 = raw_line(0);
	l1 = raw_line(1);
	ck_assert_str_eq(l0, l1);
	ck_assert_msg(strstr(l1, "\"http\":{\"hostname\":") != NULL, "%s", l1);
	free(l0);
	free(l1);
	free(text);
	json_decref(app);
}
END_TEST

/* App records of flows with other addresses, one after the other (the
 * writing thread keeps the last ones formatted): each names its own. */
START_TEST(test_app_records_name_each_flows_addresses)
{
	static const char obj[] = "{\"a\":1}";
	struct flow f4, f6;
	char *l[4];

	memset(&f4, 0, sizeof(f4));
	f4.proto = IPPROTO_TCP;
	f4.client.family = f4.server.family = AF_INET;
	f4.client.u.v4 = htonl(0xc6120102);
	f4.server.u.v4 = htonl(0xc6120202);
	memset(&f6, 0, sizeof(f6));
	f6.proto = IPPROTO_TCP;
	f6.client.family = f6.server.family = AF_INET6;
	f6.client.u.v6[0] = 0x20;
	f6.client.u.v6[1] = 0x01;
	f6.client.u.v6[2] = 0x00;
	f6.client.u.v6[3] = 0x02;
	f6.client.u.v6[15] = 1;
	memcpy(f6.server.u.v6, f6.client.u.v6, 16);
	f6.server.u.v6[15] = 2;
	output_eve_app_text(eve, 0, &f4, NULL, "http", obj, strlen(obj), false,
	    0, APPLAYER_TOSERVER, NULL, NULL, 0);
	output_eve_app_text(eve, 0, &f6, NULL, "http", obj, strlen(obj), false,
	    0, APPLAYER_TOSERVER, NULL, NULL, 0);
	/* bytes past an IPv4 address differ: still the same address */
	memset(f4.client.u.v6 + 4, 0xee, 12);
	output_eve_app_text(eve, 0, &f4, NULL, "http", obj, strlen(obj), false,
	    0, APPLAYER_TOCLIENT, NULL, NULL, 0);
	output_eve_app_text(eve, 0, &f6, NULL, "http", obj, strlen(obj), false,
	    0, APPLAYER_TOCLIENT, NULL, NULL, 0);
	output_eve_flush(eve);
	for (int i = 0; i < 4; i++)
		l[i] = raw_line(i);
	ck_assert_msg(strstr(l[0], "\"src_ip\":\"198.18.1.2\",\"src_port\":0,"
	    "\"dest_ip\":\"198.18.2.2\"") != NULL, "%s", l[0]);
	ck_assert_msg(strstr(l[1], "\"src_ip\":\"2001:0002:0000:0000:0000:0000:"
	    "0000:0001\"") != NULL || strstr(l[1], "\"src_ip\":\"2001:2::1\"") !=
	    NULL, "%s", l[1]);
	ck_assert_msg(strstr(l[2], "\"src_ip\":\"198.18.2.2\",\"src_port\":0,"
	    "\"dest_ip\":\"198.18.1.2\"") != NULL, "%s", l[2]);
	ck_assert_msg(strstr(l[3], "::2\",\"src_port\"") != NULL ||
	    strstr(l[3], ":0002\",\"src_port\"") != NULL, "%s", l[3]);
	for (int i = 0; i < 4; i++)
		free(l[i]);
}
END_TEST

START_TEST(test_alert_without_payload_still_has_stream)
{
	struct packet p;
	struct output_eve_alert a = { .gid = 1, .sid = 9, .rev = 1,
	    .msg = "empty", .verdict = "accept" };
	struct output_eve_opts o = { .payload = true,
	    .payload_printable = true };
	json_t *j;

	tcp_packet(&p);
	p.payload = NULL;
	p.payload_len = 0;
	output_eve_set_opts(eve, &o);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_ptr_null(json_object_get(j, "payload"));
	ck_assert_ptr_null(json_object_get(j, "payload_printable"));
	ck_assert_ptr_nonnull(json_object_get(j, "stream"));
	ck_assert_int_eq(json_integer_value(json_object_get(j, "stream")), 0);
	json_decref(j);
}
END_TEST

/* Protocol names as Suricata 7.0.6 logs them (measured: IP in IP is
 * "IP-in-IP", ICMPv6 "IPv6-ICMP" in eve.json and fast.log); a number
 * without a name is eve's number and fast.log's PROTO:NNN. */
START_TEST(test_protocol_names_are_suricatas)
{
	static const struct { uint8_t proto; const char *eve, *fast; } t[] = {
		{ 4, "IP-in-IP", "{IP-in-IP}" },
		{ 58, "IPv6-ICMP", "{IPv6-ICMP}" },
		{ 132, "SCTP", "{SCTP}" },
		{ 200, "200", "{PROTO:200}" },
	};
	struct output_eve_alert a = { .gid = 1, .sid = 1, .rev = 1,
	    .msg = "p", .verdict = "accept" };
	char fpath[] = "/tmp/quell-fast-XXXXXX", line[1024];
	struct output_fastlog *fl;
	struct packet p;
	FILE *fp;
	int fd;

	ck_assert_int_ge(fd = mkstemp(fpath), 0);
	close(fd);
	ck_assert_ptr_nonnull(fl = output_fastlog_open(fpath, 1));
	for (size_t i = 0; i < QUELL_NITEMS(t); i++) {
		tcp_packet(&p);
		p.proto = t[i].proto;
		output_eve_alert(eve, 0, &p, &a);
		output_fastlog_alert(fl, 0, &p, &a);
	}
	output_eve_flush(eve);
	output_fastlog_close(fl);
	ck_assert_ptr_nonnull(fp = fopen(fpath, "r"));
	for (size_t i = 0; i < QUELL_NITEMS(t); i++) {
		json_t *j = read_line((int)i);

		ck_assert_str_eq(json_string_value(json_object_get(j, "proto")),
		    t[i].eve);
		json_decref(j);
		ck_assert_ptr_nonnull(fgets(line, sizeof(line), fp));
		ck_assert_msg(strstr(line, t[i].fast) != NULL, "%s", line);
	}
	fclose(fp);
	unlink(fpath);
}
END_TEST

/* flow.action as Suricata 7.0.6 writes it (bug-5464-verdict-02): drop for
 * a dropped flow, else pass for a passed one, else none. */
START_TEST(test_flow_action_is_drop_or_pass)
{
	static const uint32_t flags[] = { FLOW_F_DROP, FLOW_F_PASS,
	    FLOW_F_DROP | FLOW_F_PASS, 0 };
	static const char *const want[] = { "drop", "pass", "drop", NULL };
	struct flow f;

	for (size_t i = 0; i < QUELL_NITEMS(flags); i++) {
		memset(&f, 0, sizeof(f));
		f.proto = IPPROTO_TCP;
		f.flags = flags[i];
		output_eve_flow(eve, 0, &f, "shutdown");
	}
	output_eve_flush(eve);
	for (size_t i = 0; i < QUELL_NITEMS(flags); i++) {
		json_t *j = read_line((int)i);
		json_t *a = json_object_get(json_object_get(j, "flow"),
		    "action");

		if (want[i] == NULL)
			ck_assert_ptr_null(a);
		else
			ck_assert_str_eq(json_string_value(a), want[i]);
		json_decref(j);
	}
}
END_TEST

/* Addresses and endpoints as Suricata 7.0.6 writes them (measured on
 * ipv6-rsmurf's capture): IPv6 uncompressed in eve and fast.log, and
 * fast.log's endpoints always with a port, ICMP's type and code, 0 for
 * a protocol without; a rule without msg is (null) there. */
START_TEST(test_ipv6_and_endpoints_are_written_as_suricata)
{
	static const uint8_t v6[16] = { 0xff, 0x02, [15] = 1 };
	struct output_eve_alert a = { .gid = 1, .sid = 1, .rev = 0,
	    .msg = "", .verdict = "accept" };
	char line[512];
	struct packet p;
	json_t *j;

	tcp_packet(&p);
	p.ip_version = 6;
	p.src.family = p.dst.family = AF_INET6;
	memcpy(p.src.u.v6, v6, 16);
	memcpy(p.dst.u.v6, v6, 16);
	p.proto = IPPROTO_ICMPV6;
	p.l4_valid = true;
	p.icmp_type = 128;
	p.icmp_code = 0;
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "src_ip")),
	    "ff02:0000:0000:0000:0000:0000:0000:0001");
	/* an ICMP alert has both ports, 0, as Suricata's */
	ck_assert_ptr_nonnull(json_object_get(j, "src_port"));
	ck_assert_int_eq(json_integer_value(json_object_get(j, "dest_port")),
	    0);
	json_decref(j);
	output_fastlog_format(line, sizeof(line), &p, &a);
	ck_assert_msg(strstr(line, "[1:1:0] (null) [**]") != NULL, "%s", line);
	ck_assert_msg(strstr(line, "{IPv6-ICMP} ff02:0000:0000:0000:0000:0000:"
	    "0000:0001:128 -> ff02:0000:0000:0000:0000:0000:0000:0001:0\n") !=
	    NULL, "%s", line);
	p.proto = 4;
	output_fastlog_format(line, sizeof(line), &p, &a);
	ck_assert_msg(strstr(line, "{IP-in-IP} ff02:0000:0000:0000:0000:0000:"
	    "0000:0001:0 -> ") != NULL, "%s", line);
}
END_TEST

/* An ICMP flow as Suricata 7.0.6 logs it (ipv6-rsmurf, icmp-hdr-01):
 * the first packet's type and code, the reply's once there is one. */
START_TEST(test_icmp_flow_has_types)
{
	struct flow f;
	json_t *j;

	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_ICMP;
	f.icmp_type[FLOW_DIR_TO_SERVER] = 8;
	f.icmp_type[FLOW_DIR_TO_CLIENT] = 0;
	f.pkts[FLOW_DIR_TO_SERVER] = 1;
	output_eve_flow(eve, 0, &f, "shutdown");
	f.pkts[FLOW_DIR_TO_CLIENT] = 1;
	output_eve_flow(eve, 0, &f, "shutdown");
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "icmp_type")),
	    8);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "icmp_code")),
	    0);
	ck_assert_ptr_null(json_object_get(j, "response_icmp_type"));
	json_decref(j);
	j = read_line(1);
	ck_assert_int_eq(json_integer_value(json_object_get(j,
	    "response_icmp_type")), 0);
	ck_assert_ptr_nonnull(json_object_get(j, "response_icmp_code"));
	json_decref(j);
}
END_TEST

/* A flow event's tcp object as Suricata 7.0.6 writes it (measured on
 * bug-5464-verdict-02's capture): flags both ways and each way in hex,
 * each flag seen, then the state; 00 and no state when untracked. */
START_TEST(test_flow_tcp_object_has_suricatas_flags)
{
	struct flow f;
	json_t *j;
	char *s;

	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_TCP;
	f.tcp_state = FLOW_TCP_CLOSED;
	f.tcp_peer[FLOW_DIR_TO_SERVER].tcp_flags = 0x1b;
	f.tcp_peer[FLOW_DIR_TO_CLIENT].tcp_flags = 0x13;
	output_eve_flow(eve, 0, &f, "shutdown");
	f.tcp_peer[0].tcp_flags = f.tcp_peer[1].tcp_flags = 0;
	f.tcp_state = FLOW_TCP_NONE;
	output_eve_flow(eve, 0, &f, "shutdown");
	output_eve_flush(eve);
	j = read_line(0);
	s = json_dumps(json_object_get(j, "tcp"), JSON_PRESERVE_ORDER |
	    JSON_COMPACT);
	ck_assert_str_eq(s, "{\"tcp_flags\":\"1b\",\"tcp_flags_ts\":\"1b\","
	    "\"tcp_flags_tc\":\"13\",\"syn\":true,\"fin\":true,\"psh\":true,"
	    "\"ack\":true,\"state\":\"closed\",\"ts_max_regions\":1,"
	    "\"tc_max_regions\":1}");
	free(s);
	json_decref(j);
	j = read_line(1);
	s = json_dumps(json_object_get(j, "tcp"), JSON_PRESERVE_ORDER |
	    JSON_COMPACT);
	ck_assert_str_eq(s, "{\"tcp_flags\":\"00\",\"tcp_flags_ts\":\"00\","
	    "\"tcp_flags_tc\":\"00\"}");
	free(s);
	json_decref(j);
}
END_TEST

/* With types.flow.exception-policy, flow.exception_policy lists the
 * policies applied to the flow as Suricata 7.0.12 does: in its target
 * order, the policy in force with underscores, ignore included. */
START_TEST(test_flow_lists_its_exception_policies_when_asked)
{
	struct output_eve_opts o = { .flow_exceptions = true };
	struct flow f;
	json_t *j, *l;

	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_TCP;
	f.exceptions[EXCEPTION_CAUSE_APPLAYER_ERROR] = 1 + EXCEPTION_IGNORE;
	f.exceptions[EXCEPTION_CAUSE_MIDSTREAM] = 1 + EXCEPTION_DROP_FLOW;
	output_eve_flow(eve, 0, &f, "shutdown");
	output_eve_set_opts(eve, &o);
	output_eve_flow(eve, 0, &f, "shutdown");
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_ptr_null(json_object_get(json_object_get(j, "flow"),
	    "exception_policy"));
	json_decref(j);
	j = read_line(1);
	l = json_object_get(json_object_get(j, "flow"), "exception_policy");
	ck_assert_uint_eq(json_array_size(l), 2);
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(l, 0), "target")), "stream_midstream");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(l, 0), "policy")), "drop_flow");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(l, 1), "target")), "app_layer_error");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(l, 1), "policy")), "ignore");
	json_decref(j);
}
END_TEST

/* An offline Ethernet frame 00:11:22:33:44:55 -> 66:77:88:99:aa:bb
 * around a TCP packet with the given payload. */
static uint8_t frame[14 + 20 + 20 + 16];

static void
offline_packet(struct packet *p, const char *payload)
{
	size_t n = strlen(payload);

	tcp_packet(p);
	memset(frame, 0, sizeof(frame));
	memcpy(frame, "\x66\x77\x88\x99\xaa\xbb\x00\x11\x22\x33\x44\x55"
	    "\x08\x00", 14);
	frame[14] = 0x45;
	frame[16] = 0;
	frame[17] = (uint8_t)(40 + n);		/* IP total length */
	frame[14 + 20 + 12] = 0x52;		/* TCP data offset 5, res 1 */
	frame[14 + 20 + 18] = 0x01;		/* urgent pointer 0x0102 */
	frame[14 + 20 + 19] = 0x02;
	memcpy(frame + 54, payload, n);
	p->link = PKT_LINK_ETHERNET;
	p->linktype = 1;
	p->data = frame;
	p->len = (uint32_t)(54 + n);
	p->l3 = frame + 14;
	p->l4 = frame + 34;
	p->l4_hdr_len = 20;
	p->l4_valid = true;
	p->payload = frame + 54;
	p->payload_len = (uint32_t)n;
	p->pcap_cnt = 7;
	p->queue = 0;
	p->nfq_id = 0;
}

START_TEST(test_offline_alert_has_pcap_cnt_ether_packet_info_and_verdict)
{
	struct packet p;
	struct output_eve_verdict v = { .drop = true, .ips = true };
	struct output_eve_alert a = { .gid = 1, .sid = 5, .rev = 1,
	    .msg = "m", .blocked = true, .verdict = "drop", .pkt = &v };
	struct output_eve_opts o = { .packet = true, .verdict = true,
	    .ethernet = true };
	json_t *j, *e;

	offline_packet(&p, "EVIL");
	output_eve_set_opts(eve, &o);
	output_eve_set_host(eve, "probe1");
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "pcap_cnt")), 7);
	e = json_object_get(j, "ether");
	ck_assert_str_eq(json_string_value(json_object_get(e, "src_mac")),
	    "00:11:22:33:44:55");
	ck_assert_str_eq(json_string_value(json_object_get(e, "dest_mac")),
	    "66:77:88:99:aa:bb");
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(j, "packet_info"), "linktype")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_object_get(j, "verdict"), "action")), "drop");
	ck_assert_str_eq(json_string_value(json_object_get(j, "host")),
	    "probe1");
	/* offline there is no queue to name */
	ck_assert_ptr_null(json_object_get(j, "quell"));
	json_decref(j);
}
END_TEST

START_TEST(test_verdict_of_a_reject_names_target_and_reply)
{
	struct packet p;
	struct output_eve_verdict v = { .drop = true, .ips = true,
	    .reject = OUTPUT_EVE_REJECT_TO_SRC | OUTPUT_EVE_REJECT_TO_DST };
	struct output_eve_alert a = { .gid = 1, .sid = 5, .rev = 1,
	    .msg = "m", .blocked = true, .verdict = "drop", .pkt = &v };
	struct output_eve_opts o = { .verdict = true };
	json_t *j, *vj;

	offline_packet(&p, "x");
	output_eve_set_opts(eve, &o);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	vj = json_object_get(j, "verdict");
	ck_assert_str_eq(json_string_value(json_object_get(vj, "action")),
	    "drop");
	ck_assert_str_eq(json_string_value(json_object_get(vj,
	    "reject-target")), "both");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(vj,
	    "reject"), 0)), "tcp-reset");
	json_decref(j);
}
END_TEST

START_TEST(test_drop_event_has_header_fields_reason_and_alert)
{
	struct packet p;
	struct output_eve_verdict v = { .drop = true, .ips = true };
	struct output_eve_alert a = { .gid = 1, .sid = 2, .rev = 1,
	    .msg = "drop evil", .blocked = true, .verdict = "drop" };
	struct output_eve_opts o = { .drop_verdict = true,
	    .drop_alerts = true };
	json_t *j, *d;

	offline_packet(&p, "EVIL");
	p.flow_flags = PKT_FLOW_TO_SERVER;
	output_eve_set_opts(eve, &o);
	output_eve_drop(eve, 0, &p, "rules", &v, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")),
	    "drop");
	d = json_object_get(j, "drop");
	ck_assert_int_eq(json_integer_value(json_object_get(d, "len")), 44);
	ck_assert_int_eq(json_integer_value(json_object_get(d, "tcpres")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(d, "tcpurgp")),
	    0x0102);
	ck_assert_str_eq(json_string_value(json_object_get(d, "reason")),
	    "rules");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_object_get(j, "alert"), "signature")), "drop evil");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_object_get(j, "verdict"), "action")), "drop");
	json_decref(j);
}
END_TEST

/* Suricata's metadata.flowvars: one {"NAME": "value"} per flowvar in the
 * order they were set, bytes other than printable ASCII, CR, LF as '.'. */
START_TEST(test_alert_lists_flowvars_in_metadata)
{
	struct packet p;
	struct flow f;
	struct output_eve_alert a = { .gid = 1, .sid = 1, .rev = 1,
	    .msg = "m", .verdict = "accept" };
	struct output_eve_opts o = { .flow_metadata = true };
	json_t *j, *l;

	memset(&f, 0, sizeof(f));
	ck_assert_int_eq(detect_flowvars_var_set(&f, detect_names_id(
	    DETECT_NAMES_FLOWVAR, "key", 3), (const uint8_t *)"Mozilla", 7), 0);
	ck_assert_int_eq(detect_flowvars_var_set(&f, detect_names_id(
	    DETECT_NAMES_FLOWVAR, "value", 5), (const uint8_t *)"5\x01\r0", 4),
	    0);
	output_eve_set_opts(eve, &o);
	tcp_packet(&p);
	p.flow = &f;
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	l = json_object_get(json_object_get(j, "metadata"), "flowvars");
	ck_assert_uint_eq(json_array_size(l), 2);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(l, 0),
	    "key")), "Mozilla");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(l, 1),
	    "value")), "5.\r0");
	json_decref(j);
	detect_flow_vars_free(f.detect_vars);
}
END_TEST

START_TEST(test_alert_lists_rule_metadata_by_key)
{
	struct packet p;
	char k1[] = "tag", v1[] = "a", k2[] = "created_at", v2[] = "2020";
	char v3[] = "b";
	struct rule_meta meta[3] = { { k1, v1 }, { k2, v2 }, { k1, v3 } };
	struct output_eve_alert a = { .gid = 1, .sid = 5, .rev = 1,
	    .msg = "m", .verdict = "accept", .meta = meta, .nmeta = 3 };
	struct output_eve_opts o = { .rule_metadata = true };
	json_t *j, *m;

	offline_packet(&p, "x");
	output_eve_set_opts(eve, &o);
	output_eve_alert(eve, 0, &p, &a);
	output_eve_flush(eve);
	j = read_line(0);
	m = json_object_get(json_object_get(j, "alert"), "metadata");
	ck_assert_uint_eq(json_array_size(json_object_get(m, "tag")), 2);
	/* as Suricata: each key's values last one first, keys sorted */
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(m,
	    "tag"), 0)), "b");
	ck_assert_str_eq(json_object_iter_key(json_object_iter(m)),
	    "created_at");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(m,
	    "created_at"), 0)), "2020");
	json_decref(j);
}
END_TEST

START_TEST(test_stats_sum_queues_and_list_each)
{
	struct output_eve_queue_stats q[2] = {
		{ .queue = 0, .packets = 10, .accepted = 9, .dropped = 1 },
		{ .queue = 1, .packets = 5, .accepted = 5 },
	};
	struct output_eve_stats s = { .uptime = 3, .queues = q, .nqueues = 2 };
	json_t *j, *nfq;

	output_eve_stats(eve, 1, &s);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")), "stats");
	nfq = json_object_get(json_object_get(j, "stats"), "nfq");
	ck_assert_int_eq(json_integer_value(json_object_get(nfq, "packets")), 15);
	ck_assert_int_eq(json_integer_value(json_object_get(nfq, "accepted")), 14);
	ck_assert_int_eq(json_integer_value(json_object_get(nfq, "dropped")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(nfq, "queue1"), "packets")), 5);
	json_decref(j);
}
END_TEST

/* IPS mode: Suricata 7's "ips" counters (as 7.0.6 writes them with
 * --simulate-ips: accepted, blocked, rejected, replaced, drop_reason by
 * its names), in eve and stats.log; none in IDS mode. */
START_TEST(test_stats_have_suricatas_ips_counters_in_ips_mode)
{
	struct output_eve_queue_stats q = { .queue = 0, .packets = 12,
	    .accepted = 2, .routed = 1, .dropped = 9, .rejected = 1 };
	struct output_eve_stats s = { .queues = &q, .nqueues = 1,
	    .offline = true };
	struct output_counter c[OUTPUT_COUNTERS_MAX];
	json_t *j, *ips, *r;
	size_t n;
	bool seen = false;

	output_eve_stats(eve, 1, &s);
	s.ips = true;
	s.ips_drop_reason[output_eve_drop_reason_index("flow drop")] = 8;
	s.ips_drop_reason[output_eve_drop_reason_index("stream midstream")] = 1;
	output_eve_stats(eve, 1, &s);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_ptr_null(json_object_get(json_object_get(j, "stats"),
	    "ips"));
	json_decref(j);
	j = read_line(1);
	ips = json_object_get(json_object_get(j, "stats"), "ips");
	ck_assert_int_eq(json_integer_value(json_object_get(ips, "accepted")),
	    3);
	ck_assert_int_eq(json_integer_value(json_object_get(ips, "blocked")),
	    9);
	ck_assert_int_eq(json_integer_value(json_object_get(ips, "rejected")),
	    1);
	ck_assert_int_eq(json_integer_value(json_object_get(ips, "replaced")),
	    0);
	r = json_object_get(ips, "drop_reason");
	ck_assert_uint_eq(json_object_size(r), OUTPUT_EVE_DROP_REASONS);
	ck_assert_int_eq(json_integer_value(json_object_get(r, "flow_drop")),
	    8);
	ck_assert_int_eq(json_integer_value(json_object_get(r,
	    "stream_midstream")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(r,
	    "threshold_detection_filter")), 0);
	json_decref(j);
	n = output_counters_flatten(&s, c, OUTPUT_COUNTERS_MAX);
	for (size_t i = 0; i < n; i++)
		if (strcmp(c[i].name, "ips.drop_reason.flow_drop") == 0) {
			ck_assert_uint_eq(c[i].value, 8);
			seen = true;
		}
	ck_assert(seen);
	ck_assert_int_eq(output_eve_drop_reason_index("no such"), -1);
}
END_TEST

/* Suricata's detect.engines[0]: the rules of the engine in service and
 * when it went in; none before an engine is. */
START_TEST(test_stats_name_the_engine_in_service)
{
	struct output_eve_stats s = { .engine = { .rules_loaded = 7,
	    .rules_failed = 1, .rules_skipped = 2,
	    .last_reload = { 1700000000, 5000 } } };
	json_t *j, *l, *e;

	output_eve_stats(eve, 1, &s);
	memset(&s.engine.last_reload, 0, sizeof(s.engine.last_reload));
	output_eve_stats(eve, 1, &s);
	output_eve_flush(eve);
	j = read_line(0);
	l = json_object_get(json_object_get(json_object_get(j, "stats"),
	    "detect"), "engines");
	ck_assert_uint_eq(json_array_size(l), 1);
	e = json_array_get(l, 0);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "id")), 0);
	ck_assert_str_eq(json_string_value(json_object_get(e, "last_reload")),
	    "2023-11-14T22:13:20.000005+0000");
	ck_assert_int_eq(json_integer_value(json_object_get(e,
	    "rules_loaded")), 7);
	ck_assert_int_eq(json_integer_value(json_object_get(e,
	    "rules_failed")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(e,
	    "rules_skipped")), 2);
	json_decref(j);
	j = read_line(1);
	ck_assert_ptr_null(json_object_get(json_object_get(json_object_get(j,
	    "stats"), "detect"), "engines"));
	json_decref(j);
}
END_TEST

/* The kernel's figures of a queue, with what quell makes of them. */
START_TEST(test_stats_carry_the_kernel_figures_per_queue)
{
	struct output_eve_queue_stats q = { .queue = 3, .packets = 90,
	    .has_kernel = true, .kernel_queue_total = 4,
	    .kernel_queue_hwm = 64, .kernel_queue_dropped = 7,
	    .kernel_user_dropped = 2, .kernel_id_sequence = 100,
	    .kernel_failopen = 8 };
	struct output_eve_stats s = { .queues = &q, .nqueues = 1 };
	static struct output_counter c[OUTPUT_COUNTERS_MAX];
	json_t *j, *k;
	size_t n;
	unsigned found = 0;

	output_eve_stats(eve, 1, &s);
	output_eve_flush(eve);
	j = read_line(0);
	k = json_object_get(json_object_get(json_object_get(json_object_get(j,
	    "stats"), "nfq"), "queue3"), "kernel");
	ck_assert_int_eq(json_integer_value(json_object_get(k, "failopen")), 8);
	ck_assert_int_eq(json_integer_value(json_object_get(k, "queue_hwm")),
	    64);
	ck_assert_int_eq(json_integer_value(json_object_get(k, "id_sequence")),
	    100);
	ck_assert_int_eq(json_integer_value(json_object_get(k,
	    "user_dropped")), 2);
	json_decref(j);
	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	for (size_t i = 0; i < n; i++) {
		if (strcmp(c[i].name, "nfq.queue3.kernel.failopen") == 0 &&
		    c[i].value == 8)
			found |= 1;
		if (strcmp(c[i].name, "nfq.queue3.kernel.queue_hwm") == 0 &&
		    c[i].value == 64)
			found |= 2;
	}
	ck_assert_uint_eq(found, 3);
}
END_TEST

/* decoder.event.ipv4.trunc_pkt nests as Suricata's eve stats do, and
 * every event is there, also at zero. */
START_TEST(test_stats_nest_decoder_events_by_layer)
{
	struct output_eve_stats s = { .uptime = 3 };
	json_t *j, *ev;

	s.decoder_events[DECODE_EV_IPV4_TRUNC_PKT] = 7;
	s.decoder_events[DECODE_EV_IPV6_EXTHDR_DUPL_AH] = 2;
	output_eve_stats(eve, 1, &s);
	output_eve_flush(eve);
	j = read_line(0);
	ev = json_object_get(json_object_get(json_object_get(j, "stats"),
	    "decoder"), "event");
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(ev, "ipv4"), "trunc_pkt")), 7);
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(ev, "ipv6"), "exthdr_dupl_ah")), 2);
	ck_assert_ptr_nonnull(json_object_get(json_object_get(ev, "ipraw"),
	    "invalid_ip_version"));
	ck_assert_int_eq(json_integer_value(json_object_get(
	    json_object_get(ev, "tcp"), "pkt_too_small")), 0);
	json_decref(j);
}
END_TEST

/* stats.log and quellctl counters: the same counters, dotted. */
START_TEST(test_counters_name_decoder_events_as_suricata)
{
	struct output_eve_stats s = { .uptime = 3 };
	struct output_counter c[OUTPUT_COUNTERS_MAX];
	size_t n, found = 0;

	s.decoder_events[DECODE_EV_UDP_HLEN_INVALID] = 5;
	s.stream_events[DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA -
	    DECODE_EV_STREAM_FIRST] = 7;
	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	for (size_t i = 0; i < n; i++) {
		if (strncmp(c[i].name, "decoder.event.", 14) != 0)
			continue;
		found++;
		if (strcmp(c[i].name, "decoder.event.udp.hlen_invalid") == 0)
			ck_assert_uint_eq(c[i].value, 5);
		else if (strcmp(c[i].name, "decoder.event.stream."
		    "reassembly_overlap_different_data") == 0)
			ck_assert_uint_eq(c[i].value, 7);
		else
			ck_assert_uint_eq(c[i].value, 0);
	}
	/* Suricata's decoder events (too_many_layers is
	 * decoder.too_many_layers, as Suricata's), then its stream events
	 * (decoder.event.stream.*, as with stats.stream-events on) */
	ck_assert_uint_eq(found, DECODE_EV_MAX - 1 + STREAM_NEVENTS);
}
END_TEST

/* stats.log and quellctl counters list the flow table's counters under
 * the names of the eve stats event (stats.flow.*). */
START_TEST(test_counters_include_flow_table)
{
	struct output_eve_stats s = { .uptime = 3 };
	struct output_counter c[OUTPUT_COUNTERS_MAX];
	size_t n, seen = 0;

	s.flow.memcap_hits = 7;
	s.flow.ended_forced = 9;
	s.flow.emergency_entered = 1;
	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	for (size_t i = 0; i < n; i++) {
		if (strcmp(c[i].name, "flow.memcap_hits") == 0 &&
		    c[i].value == 7)
			seen |= 1;
		if (strcmp(c[i].name, "flow.end.forced") == 0 &&
		    c[i].value == 9)
			seen |= 2;
		if (strcmp(c[i].name, "flow.emergency_mode_entered") == 0 &&
		    c[i].value == 1)
			seen |= 4;
		if (strcmp(c[i].name, "flow.active") == 0)
			seen |= 8;
	}
	ck_assert_uint_eq(seen, 15);
}
END_TEST

/* With the most queues, the counters after the per-queue ones (decoder,
 * detect, bypass, the app layer's last) are still all there. */
START_TEST(test_counters_fit_with_64_queues)
{
	static struct output_eve_queue_stats q[64];
	static struct output_counter c[OUTPUT_COUNTERS_MAX];
	struct output_eve_stats s = { .queues = q, .nqueues = 64 };
	size_t n, found;

	for (size_t i = 0; i < 64; i++) {
		q[i].queue = (uint16_t)i;
		q[i].has_kernel = true;
	}
	s.bypass.failed = 3;
	s.app.failed_udp = 5;
	s.app.frames_dropped = 7;
	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	ck_assert_uint_lt(n, QUELL_NITEMS(c));
	ck_assert_str_eq(c[n - 2].name, "app_layer.flow.failed_udp");
	ck_assert_uint_eq(c[n - 2].value, 5);
	ck_assert_str_eq(c[n - 1].name, "app_layer.frames_dropped");
	ck_assert_uint_eq(c[n - 1].value, 7);
	found = 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(c[i].name, "bypass.failed") == 0 &&
		    c[i].value == 3)
			found++;
	ck_assert_uint_eq(found, 1);
}
END_TEST

START_TEST(test_timestamp_has_microseconds_and_zone)
{
	struct timespec ts = { 1700000000, 5000 };
	char buf[48];

	output_eve_timestamp(&ts, buf, sizeof(buf));
	/* 2023-11-14T22:13:20.000005+0000 in UTC */
	ck_assert_uint_eq(strlen(buf), 31);
	ck_assert_str_eq(buf + 19, ".000005+0000");
	/* the same second again (the cached date), then another one */
	ts.tv_nsec = 999999999;
	output_eve_timestamp(&ts, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2023-11-14T22:13:20.999999+0000");
	ts.tv_sec++;
	ts.tv_nsec = 120000;
	output_eve_timestamp(&ts, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2023-11-14T22:13:21.000120+0000");
}
END_TEST

START_TEST(test_addresses_are_formatted_as_suricata_does)
{
	static const char *v4[] = { "0.0.0.0", "255.255.255.255",
	    "10.0.100.9", "198.18.1.2", "1.20.199.200" };
	static const uint8_t v6[16] = { 0x20, 0x01, 0x00, 0x02, 0, 0, 0, 0,
	    0, 0, 0, 0, 0xab, 0xcd, 0x00, 0x0f };
	struct ip_addr a;
	char buf[64];

	for (size_t i = 0; i < sizeof(v4) / sizeof(v4[0]); i++) {
		memset(&a, 0, sizeof(a));
		a.family = AF_INET;
		ck_assert_int_eq(inet_pton(AF_INET, v4[i], &a.u.v4), 1);
		ck_assert_str_eq(output_addr_format(&a, buf, sizeof(buf)), v4[i]);
	}
	memset(&a, 0, sizeof(a));
	a.family = AF_INET6;
	memcpy(a.u.v6, v6, sizeof(v6));
	ck_assert_str_eq(output_addr_format(&a, buf, sizeof(buf)),
	    "2001:0002:0000:0000:0000:0000:abcd:000f");
}
END_TEST

static size_t
count_lines(const char *file)
{
	FILE *fp = fopen(file, "r");
	size_t n = 0;
	int c;

	ck_assert_ptr_nonnull(fp);
	while ((c = fgetc(fp)) != EOF)
		n += c == '\n';
	fclose(fp);
	return n;
}

START_TEST(test_writer_keeps_every_line_from_two_producers)
{
	struct output_writer *w = output_writer_open(path, 2, 64);
	size_t submitted = 0;

	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(output_writer_start(w), 0);
	for (int i = 0; i < 20000; i++) {
		char *line = strdup(i % 2 ? "odd\n" : "even\n");

		/* A full ring loses the line: retry after a pause, as
		 * nothing here may be lost. */
		while (!output_writer_submit(w, (size_t)(i % 2), line)) {
			usleep(100);
			line = strdup(i % 2 ? "odd\n" : "even\n");
		}
		submitted++;
	}
	output_writer_close(w);
	ck_assert_uint_eq(count_lines(path), submitted);
}
END_TEST

START_TEST(test_writer_counts_lines_lost_to_a_full_ring)
{
	struct output_writer *w = output_writer_open(path, 1, 4);
	struct output_writer_stats st;
	size_t accepted = 0;

	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(output_writer_start(w), 0);
	/* Far more lines at once than 4 slots hold: some must be lost,
	 * and lost + written must account for every one. */
	for (int i = 0; i < 5000; i++)
		accepted += output_writer_submit(w, 0, strdup("x\n"));
	output_writer_flush(w);
	output_writer_stats(w, &st);
	ck_assert_uint_eq(st.lost + accepted, 5000);
	ck_assert_uint_eq(st.written, accepted);
	output_writer_close(w);
	ck_assert_uint_eq(count_lines(path), accepted);
}
END_TEST

/* A written line's buffer comes back to its producer (and only to it),
 * once; reused, it is a line as any other. */
START_TEST(test_writer_gives_written_lines_back_to_their_producer)
{
	struct output_writer *w = output_writer_open(path, 2, 16);
	char *line, *again;
	size_t cap = 0;

	ck_assert_int_eq(output_writer_start(w), 0);
	ck_assert_ptr_null(output_writer_reuse(w, 0, &cap));
	output_writer_submit(w, 0, strdup("first line\n"));
	output_writer_flush(w);
	ck_assert_ptr_null(output_writer_reuse(w, 1, &cap));
	ck_assert_ptr_nonnull(line = output_writer_reuse(w, 0, &cap));
	ck_assert_uint_ge(cap, sizeof("first line\n"));
	ck_assert_ptr_null(output_writer_reuse(w, 0, &cap));
	snprintf(line, cap, "second\n");
	output_writer_submit(w, 0, line);
	output_writer_flush(w);
	ck_assert_ptr_eq(again = output_writer_reuse(w, 0, &cap), line);
	free(again);
	/* one left on the way back: the close frees it */
	output_writer_submit(w, 1, strdup("third\n"));
	output_writer_close(w);
	ck_assert_uint_eq(count_lines(path), 3);
}
END_TEST

START_TEST(test_writer_reopen_follows_a_renamed_file)
{
	struct output_writer *w = output_writer_open(path, 1, 16);
	char rotated[80];

	ck_assert_int_eq(output_writer_start(w), 0);
	snprintf(rotated, sizeof(rotated), "%s.1", path);
	output_writer_submit(w, 0, strdup("before\n"));
	output_writer_flush(w);
	ck_assert_int_eq(rename(path, rotated), 0);
	output_writer_reopen(w);
	output_writer_flush(w);
	output_writer_submit(w, 0, strdup("after\n"));
	output_writer_close(w);
	ck_assert_uint_eq(count_lines(rotated), 1);
	ck_assert_uint_eq(count_lines(path), 1);
	unlink(rotated);
}
END_TEST


START_TEST(test_sink_backends_are_chosen_by_filetype)
{
	ck_assert_ptr_eq(output_sink_find("regular"), &output_sink_file);
	ck_assert_ptr_eq(output_sink_find("file"), &output_sink_file);
	ck_assert_ptr_eq(output_sink_find("Syslog"), &output_sink_syslog);
	ck_assert_ptr_eq(output_sink_find("unix_stream"), &output_sink_unix_stream);
	ck_assert_ptr_eq(output_sink_find("unix_dgram"), &output_sink_unix_dgram);
#ifdef HAVE_HIREDIS
	ck_assert_ptr_eq(output_sink_find("redis"), &output_sink_redis);
#else
	ck_assert_ptr_null(output_sink_find("redis"));
#endif
	ck_assert_ptr_null(output_sink_find("kafka"));
}
END_TEST

START_TEST(test_backoff_doubles_to_its_max_and_resets)
{
	struct output_sink_backoff b;

	output_sink_backoff_init(&b, 100, 500);
	ck_assert(output_sink_backoff_due(&b));
	output_sink_backoff_failed(&b);
	ck_assert_uint_eq(b.wait_ms, 100);
	ck_assert(!output_sink_backoff_due(&b));
	output_sink_backoff_failed(&b);
	ck_assert_uint_eq(b.wait_ms, 200);
	output_sink_backoff_failed(&b);
	ck_assert_uint_eq(b.wait_ms, 400);
	output_sink_backoff_failed(&b);
	ck_assert_uint_eq(b.wait_ms, 500);
	output_sink_backoff_failed(&b);
	ck_assert_uint_eq(b.wait_ms, 500);
	output_sink_backoff_reset(&b);
	ck_assert(output_sink_backoff_due(&b));
}
END_TEST

START_TEST(test_syslog_names_are_suricatas)
{
	ck_assert_int_eq(output_sink_syslog_facility("local5"), LOG_LOCAL5);
	ck_assert_int_eq(output_sink_syslog_level("Info"), LOG_INFO);
	ck_assert_int_eq(output_sink_syslog_level("Emergency"), LOG_EMERG);
	ck_assert_int_eq(output_sink_syslog_facility("local8"), -1);
}
END_TEST

START_TEST(test_unknown_filetype_is_refused_by_name)
{
	struct output_sink_cfg cfg = { .filetype = "kafka", .path = path };
	char err[256];

	ck_assert_ptr_null(output_writer_open_sink(&cfg, 1, 16, err,
	    sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "filetype kafka"));
}
END_TEST

START_TEST(test_socket_sink_without_listener_drops_and_counts)
{
	struct output_sink_cfg cfg = { .filetype = "unix_dgram",
	    .path = "/nonexistent/quell.sock", .timeout_ms = 100,
	    .backoff_min_ms = 1000, .backoff_max_ms = 1000 };
	struct output_writer_stats st;
	struct output_writer *w;
	char err[256];

	w = output_writer_open_sink(&cfg, 1, 16, err, sizeof(err));
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(output_writer_start(w), 0);
	for (int i = 0; i < 5; i++)
		ck_assert(output_writer_submit(w, 0, strdup("{}\n")));
	output_writer_flush(w);
	output_writer_stats(w, &st);
	ck_assert_uint_eq(st.written, 0);
	ck_assert_uint_eq(st.dropped, 5);
	ck_assert_uint_eq(st.lost, 0);
	ck_assert_uint_ge(st.disconnects, 1);
	output_writer_close(w);
}
END_TEST

/* Two targets: one takes alerts with the payload, one only stats; the
 * alert is rendered once, cut for neither. */
/* Suricata 7's anomaly record: the packet's header, then "anomaly" with
 * type and event (decode, stream); app-layer ones add app_proto, layer
 * and the tx_id beside event_type. */
START_TEST(test_anomaly_records_have_suricatas_fields)
{
	struct packet p;
	struct output_eve_opts o = { .anomaly_decode = true,
	    .anomaly_applayer = true };
	struct output_eve_anomaly d = { .type = "decode",
	    .event = "decoder.ipv4.opt_pad_required" };
	struct output_eve_anomaly a = { .type = "applayer",
	    .event = "invalid_opcode", .app_proto = "dns",
	    .layer = "proto_parser", .has_tx = true, .tx_id = 1 };
	json_t *j, *an;

	output_eve_set_opts(eve, &o);
	tcp_packet(&p);
	p.pcap_cnt = 7;
	output_eve_anomaly(eve, 0, &p, NULL, &d);
	output_eve_anomaly(eve, 0, &p, NULL, &a);
	output_eve_flush(eve);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")),
	    "anomaly");
	ck_assert_int_eq(json_integer_value(json_object_get(j, "pcap_cnt")), 7);
	ck_assert_str_eq(json_string_value(json_object_get(j, "src_ip")),
	    "198.18.1.2");
	ck_assert_ptr_null(json_object_get(j, "tx_id"));
	an = json_object_get(j, "anomaly");
	ck_assert_uint_eq(json_object_size(an), 2);
	ck_assert_str_eq(json_string_value(json_object_get(an, "type")),
	    "decode");
	ck_assert_str_eq(json_string_value(json_object_get(an, "event")),
	    "decoder.ipv4.opt_pad_required");
	ck_assert_ptr_null(json_object_get(j, "packet"));
	json_decref(j);
	j = read_line(1);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "tx_id")), 1);
	an = json_object_get(j, "anomaly");
	ck_assert_str_eq(json_string_value(json_object_get(an, "app_proto")),
	    "dns");
	ck_assert_str_eq(json_string_value(json_object_get(an, "type")),
	    "applayer");
	ck_assert_str_eq(json_string_value(json_object_get(an, "layer")),
	    "proto_parser");
	json_decref(j);
}
END_TEST

START_TEST(test_anomaly_packethdr_is_the_first_32_bytes)
{
	uint8_t bytes[40];
	struct packet p;
	struct output_eve_opts o = { .anomaly_decode = true,
	    .anomaly_packethdr = true };
	struct output_eve_anomaly d = { .type = "decode",
	    .event = "decoder.ipv4.trunc_pkt" };
	json_t *j;

	memset(bytes, 'A', sizeof(bytes));
	output_eve_set_opts(eve, &o);
	tcp_packet(&p);
	p.data = bytes;
	p.len = sizeof(bytes);
	output_eve_anomaly(eve, 0, &p, NULL, &d);
	output_eve_flush(eve);
	j = read_line(0);
	/* base64 of 32 'A's */
	ck_assert_str_eq(json_string_value(json_object_get(j, "packet")),
	    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE=");
	json_decref(j);
}
END_TEST

/* Each eve-log output takes the anomaly kinds it asked for. */
START_TEST(test_anomaly_records_go_to_the_outputs_taking_their_kind)
{
	char path2[64];
	struct output_sink_cfg a = { .filetype = "regular", .path = path };
	struct output_sink_cfg b = { .filetype = "regular", .path = path2 };
	static const char *const anomaly[] = { "anomaly" };
	struct output_eve_target_cfg ta = { .sink = &a, .types = anomaly,
	    .ntypes = 1, .opts = { .anomaly_decode = true } };
	struct output_eve_target_cfg tb = { .sink = &b, .types = anomaly,
	    .ntypes = 1, .opts = { .anomaly_applayer = true } };
	struct output_eve_anomaly d = { .type = "decode", .event = "x" };
	struct output_eve_anomaly s = { .type = "stream", .event = "y" };
	struct output_eve_anomaly l = { .type = "applayer", .event = "z",
	    .app_proto = "dns", .layer = "proto_parser" };
	struct output_eve *e;
	struct packet p;
	char err[256];
	json_t *j;
	int fd;

	snprintf(path2, sizeof(path2), "/tmp/quell-eve2-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(path2), 0);
	close(fd);
	ck_assert_ptr_nonnull(e = output_eve_new(1));
	ck_assert_int_eq(output_eve_add(e, &ta, err, sizeof(err)), 0);
	ck_assert_int_eq(output_eve_add(e, &tb, err, sizeof(err)), 0);
	tcp_packet(&p);
	output_eve_anomaly(e, 0, &p, NULL, &d);
	output_eve_anomaly(e, 0, &p, NULL, &s);
	output_eve_anomaly(e, 0, &p, NULL, &l);
	output_eve_close(e);
	ck_assert_uint_eq(count_lines(path), 1);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(j,
	    "anomaly"), "type")), "decode");
	json_decref(j);
	ck_assert_uint_eq(count_lines(path2), 1);
	memcpy(path, path2, sizeof(path2));
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(j,
	    "anomaly"), "type")), "applayer");
	json_decref(j);
}
END_TEST

START_TEST(test_anomaly_event_names_follow_suricatas_case)
{
	char buf[64];

	ck_assert_str_eq(output_anomaly_event_name("http",
	    "unable_to_match_response_to_request", buf, sizeof(buf)),
	    "UNABLE_TO_MATCH_RESPONSE_TO_REQUEST");
	ck_assert_str_eq(output_anomaly_event_name("tls", "invalid_record_type",
	    buf, sizeof(buf)), "INVALID_RECORD_TYPE");
	ck_assert_str_eq(output_anomaly_event_name("dns", "invalid_opcode",
	    buf, sizeof(buf)), "invalid_opcode");
	ck_assert_str_eq(output_anomaly_event_name("ssh", "invalid_banner",
	    buf, 8), "invalid");
}
END_TEST

START_TEST(test_eve_targets_take_their_types_and_extras)
{
	char path2[64];
	struct output_sink_cfg a = { .filetype = "regular", .path = path };
	struct output_sink_cfg b = { .filetype = "regular", .path = path2 };
	static const char *const alert_only[] = { "alert" };
	static const char *const drop_alert[] = { "drop", "alert" };
	struct output_eve_target_cfg ta = { .sink = &a, .types = alert_only,
	    .ntypes = 1, .opts = { .payload = true } };
	struct output_eve_target_cfg tb = { .sink = &b, .types = drop_alert,
	    .ntypes = 2 };
	struct output_eve_alert al = { .gid = 1, .sid = 5, .rev = 1,
	    .msg = "m", .verdict = "accept" };
	struct output_eve_stats st = { .uptime = 1 };
	static const uint8_t pl[] = "abc";
	struct output_eve *e;
	struct packet p;
	char err[256];
	json_t *j;
	int fd;

	snprintf(path2, sizeof(path2), "/tmp/quell-eve2-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(path2), 0);
	close(fd);
	ck_assert_ptr_nonnull(e = output_eve_new(1));
	ck_assert_int_eq(output_eve_add(e, &ta, err, sizeof(err)), 0);
	ck_assert_int_eq(output_eve_add(e, &tb, err, sizeof(err)), 0);
	ck_assert_uint_eq(output_eve_targets(e), 2);
	tcp_packet(&p);
	p.payload = pl;
	p.payload_len = 3;
	output_eve_alert(e, 0, &p, &al);
	output_eve_stats(e, 0, &st);
	output_eve_close(e);

	ck_assert_uint_eq(count_lines(path), 1);
	j = read_line(0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")), "alert");
	ck_assert_str_eq(json_string_value(json_object_get(j, "payload")), "YWJj");
	json_decref(j);
	ck_assert_uint_eq(count_lines(path2), 1);
	memcpy(path, path2, sizeof(path2));
	j = read_line(0);
	ck_assert_ptr_null(json_object_get(j, "payload"));
	ck_assert_str_eq(json_string_value(json_object_get(j, "event_type")), "alert");
	json_decref(j);
}
END_TEST

/* output_json_line must give json_dumps(JSON_COMPACT)'s bytes plus a
 * newline: every eve consumer has seen those bytes until now. */
static void
assert_same_as_jansson(json_t *v)
{
	char *want = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	size_t len = 0;
	char *got = output_json_line(v, &len);

	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, strlen(want) + 1);
	ck_assert_int_eq(got[len - 1], '\n');
	ck_assert_int_eq(got[len], '\0');
	got[len - 1] = '\0';
	ck_assert_str_eq(got, want);
	free(want);
	free(got);
	json_decref(v);
}

/* output_json_line_with: the member's raw text where its value was. */
START_TEST(test_json_line_with_a_raw_member_is_jansson_output)
{
	json_t *v = json_pack("{s:i,s:n,s:{s:n},s:s}", "a", 1, "http",
	    "in", "http", "z", "y");
	json_t *full = json_pack("{s:i,s:{s:[i,s]},s:{s:n},s:s}", "a", 1,
	    "http", "k", 2, "\u00e9", "in", "http", "z", "y");
	char *want = json_dumps(full, JSON_COMPACT);
	size_t len = 0;
	char *got = output_json_line_with(v, "http",
	    "{\"k\":[2,\"\u00e9\"]}", strlen("{\"k\":[2,\"\u00e9\"]}"),
	    &len);

	ck_assert_ptr_nonnull(got);
	ck_assert_int_eq(got[len - 1], '\n');
	got[len - 1] = '\0';
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	json_decref(v);
	json_decref(full);
}
END_TEST

START_TEST(test_json_line_is_jansson_compact_output)
{
	char all[128];
	json_t *deep, *o;

	for (int i = 0; i < 127; i++)
		all[i] = (char)(i + 1);	/* every ASCII byte but NUL */
	all[127] = '\0';
	assert_same_as_jansson(json_object());
	assert_same_as_jansson(json_array());
	assert_same_as_jansson(json_pack("{s:s}", "k", all));
	assert_same_as_jansson(json_pack("{s:s,s:s,s:s}", "utf8",
	    "gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80", "slash", "a/b",
	    "quote\"back\\", "\x7f"));
	assert_same_as_jansson(json_pack("{s:I,s:I,s:I,s:i,s:i}", "max",
	    (json_int_t)INT64_MAX, "min", (json_int_t)INT64_MIN, "zero",
	    (json_int_t)0, "neg", -42, "pos", 7));
	assert_same_as_jansson(json_pack("{s:f,s:f,s:f,s:b,s:b,s:n}", "r",
	    0.1, "big", 1e300, "whole", 3.0, "t", 1, "f", 0, "nil"));
	assert_same_as_jansson(json_pack("[[],{},[i,[i,[i,{s:[]}]]],s#]",
	    1, 2, 3, "x", "nul\0in", (int)6));
	/* insertion order, also after a key is replaced and one deleted */
	o = json_pack("{s:i,s:i,s:i}", "b", 1, "a", 2, "c", 3);
	json_object_set_new(o, "a", json_string("again"));
	json_object_del(o, "b");
	json_object_set_new(o, "b", json_true());
	assert_same_as_jansson(o);
	deep = json_pack("{s:i}", "leaf", 1);
	for (int i = 0; i < 100; i++)
		deep = json_pack("{s:o}", "d", deep);
	assert_same_as_jansson(deep);
}
END_TEST

/* Line n (0-based) of the eve file as it is, newline included. */
static char *
raw_line(int n)
{
	char line[8192];
	FILE *fp = fopen(path, "r");

	ck_assert_ptr_nonnull(fp);
	for (int i = 0; i <= n; i++)
		ck_assert_ptr_nonnull(fgets(line, sizeof(line), fp));
	fclose(fp);
	return strdup(line);
}

/* An app record from its objects' JSON text (what the http parser hands
 * over: no jansson object per field) has the bytes the same record has
 * from jansson trees, written through the tree path (an http xff
 * setting takes it) and through the text path with tree objects. */
START_TEST(test_app_record_from_text_has_the_tree_records_bytes)
{
	struct packet p;
	struct flow f;
	struct output_eve_opts o = { .flow_metadata = true };
	json_t *tree = json_pack("{s:s,s:i,s:[{s:s,s:s}],s:s#,s:{s:s}}",
	    "hostname", "h\"o\\st\x01\t/\xc3\xbc", "status", 200,
	    "request_headers", "name", "a", "value", "b", "nul", "a\0b", 3,
	    "content_range", "raw", "1-2");
	json_t *app = json_pack("{s:s,s:I}", "url", "/x", "length",
	    (json_int_t)INT64_MAX);
	char *t1 = json_dumps(tree, JSON_COMPACT);
	char *t2 = json_dumps(app, JSON_COMPACT);
	json_t *s1 = json_string(t1), *s2 = json_string(t2);
	char *l[8];

	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_TCP;
	f.client.family = f.server.family = AF_INET;
	f.client.u.v4 = htonl(0xc6120102);
	f.server.u.v4 = htonl(0xc6120202);
	f.client_port = 41000;
	f.server_port = 80;
	f.flow_id = 0xfffffffffffffull;
	f.vlan_n = 2;
	f.vlan[0] = 10;
	f.vlan[1] = 20;
	f.alproto = f.alproto_ts = APPLAYER_PROTO_HTTP1;
	f.alproto_tc = APPLAYER_PROTO_DNS;
	ck_assert_int_eq(detect_flowvars_var_set(&f, detect_names_id(
	    DETECT_NAMES_FLOWVAR, "key", 3), (const uint8_t *)"v", 1), 0);
	tcp_packet(&p);
	p.pcap_cnt = 7;
	output_eve_set_opts(eve, &o);
	output_eve_app(eve, 0, &f, &p, "http", s1, true, 3,
	    APPLAYER_TOCLIENT, NULL, NULL);
	output_eve_app(eve, 0, &f, &p, "http", tree, true, 3,
	    APPLAYER_TOCLIENT, NULL, NULL);
	output_eve_app(eve, 0, &f, NULL, "fileinfo", s1, false, 0,
	    APPLAYER_TOSERVER, "http", s2);
	output_eve_app(eve, 0, &f, NULL, "fileinfo", tree, false, 0,
	    APPLAYER_TOSERVER, "http", app);
	/* the objects as bare text (applayer_log_rec.obj_text) */
	output_eve_app_text(eve, 0, &f, &p, "http", t1, strlen(t1), true, 3,
	    APPLAYER_TOCLIENT, NULL, NULL, 0);
	output_eve_app_text(eve, 0, &f, NULL, "fileinfo", t1, strlen(t1),
	    false, 0, APPLAYER_TOSERVER, "http", t2, strlen(t2));
	o.http_xff.enabled = true;
	snprintf(o.http_xff.header, sizeof(o.http_xff.header),
	    "X-Forwarded-For");
	output_eve_set_opts(eve, &o);
	output_eve_app(eve, 0, &f, &p, "http", s1, true, 3,
	    APPLAYER_TOCLIENT, NULL, NULL);
	output_eve_app(eve, 0, &f, &p, "http", tree, true, 3,
	    APPLAYER_TOCLIENT, NULL, NULL);
	output_eve_flush(eve);
	for (int i = 0; i < 8; i++)
		l[i] = raw_line(i);
	ck_assert_str_eq(l[0], l[7]);
	ck_assert_str_eq(l[1], l[7]);
	ck_assert_str_eq(l[4], l[7]);
	ck_assert_str_eq(l[6], l[7]);
	ck_assert_str_eq(l[2], l[3]);
	ck_assert_str_eq(l[5], l[3]);
	ck_assert_msg(strstr(l[2], "\"app_proto\":\"http\","
	    "\"app_proto_tc\":\"dns\",\"fileinfo\":{") != NULL, "%s", l[2]);
	ck_assert_msg(strstr(l[7], "\"vlan\":[10,20],") != NULL, "%s", l[7]);
	ck_assert_msg(strstr(l[7], "\"metadata\":{\"flowvars\":") != NULL,
	    "%s", l[7]);
	for (int i = 0; i < 8; i++)
		free(l[i]);
	free(t1);
	free(t2);
	json_decref(s1);
	json_decref(s2);
	json_decref(tree);
	json_decref(app);
	detect_flow_vars_free(f.detect_vars);
}
END_TEST

START_TEST(test_json_line_refuses_non_finite_reals)
{
	json_t *v = json_pack("{s:o}", "r", json_real(1.0));

	/* json_real refuses NaN and infinities; a tree cannot hold one, so
	 * only a finite real reaches the renderer */
	ck_assert_ptr_null(json_real(NAN));
	free(output_json_line(v, NULL));
	json_decref(v);
	ck_assert_ptr_null(output_json_line(NULL, NULL));
}
END_TEST

static Suite *
output_suite(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("eve");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_alert_has_eve_fields_with_types);
	tcase_add_test(tc, test_alert_with_invalid_utf8_message_is_still_valid_json);
	tcase_add_test(tc, test_alert_payload_with_nul_and_invalid_utf8_stays_valid_json);
	tcase_add_test(tc, test_alert_without_payload_still_has_stream);
	tcase_add_test(tc, test_alert_app_object_as_text_is_the_trees_bytes);
	tcase_add_test(tc, test_app_records_name_each_flows_addresses);
	tcase_add_test(tc, test_protocol_names_are_suricatas);
	tcase_add_test(tc, test_flow_action_is_drop_or_pass);
	tcase_add_test(tc, test_icmp_flow_has_types);
	tcase_add_test(tc, test_ipv6_and_endpoints_are_written_as_suricata);
	tcase_add_test(tc, test_flow_tcp_object_has_suricatas_flags);
	tcase_add_test(tc, test_flow_lists_its_exception_policies_when_asked);
	tcase_add_test(tc,
	    test_offline_alert_has_pcap_cnt_ether_packet_info_and_verdict);
	tcase_add_test(tc, test_verdict_of_a_reject_names_target_and_reply);
	tcase_add_test(tc, test_drop_event_has_header_fields_reason_and_alert);
	tcase_add_test(tc, test_alert_lists_rule_metadata_by_key);
	tcase_add_test(tc, test_alert_lists_flowvars_in_metadata);
	tcase_add_test(tc, test_anomaly_records_have_suricatas_fields);
	tcase_add_test(tc, test_anomaly_packethdr_is_the_first_32_bytes);
	tcase_add_test(tc, test_anomaly_event_names_follow_suricatas_case);
	tcase_add_test(tc, test_stats_sum_queues_and_list_each);
	tcase_add_test(tc, test_stats_name_the_engine_in_service);
	tcase_add_test(tc, test_stats_have_suricatas_ips_counters_in_ips_mode);
	tcase_add_test(tc, test_stats_carry_the_kernel_figures_per_queue);
	tcase_add_test(tc, test_stats_nest_decoder_events_by_layer);
	tcase_add_test(tc, test_counters_name_decoder_events_as_suricata);
	tcase_add_test(tc, test_counters_fit_with_64_queues);
	tcase_add_test(tc, test_counters_include_flow_table);
	tcase_add_test(tc, test_timestamp_has_microseconds_and_zone);
	tcase_add_test(tc, test_addresses_are_formatted_as_suricata_does);
	tcase_add_test(tc, test_json_line_is_jansson_compact_output);
	tcase_add_test(tc, test_json_line_with_a_raw_member_is_jansson_output);
	tcase_add_test(tc, test_app_record_from_text_has_the_tree_records_bytes);
	tcase_add_test(tc, test_json_line_refuses_non_finite_reals);
	suite_add_tcase(s, tc);
	tc = tcase_create("writer");
	tcase_add_checked_fixture(tc, setup_plain, teardown_plain);
	tcase_add_test(tc, test_writer_keeps_every_line_from_two_producers);
	tcase_add_test(tc, test_writer_counts_lines_lost_to_a_full_ring);
	tcase_add_test(tc, test_writer_reopen_follows_a_renamed_file);
	tcase_add_test(tc, test_writer_gives_written_lines_back_to_their_producer);
	tcase_add_test(tc, test_sink_backends_are_chosen_by_filetype);
	tcase_add_test(tc, test_backoff_doubles_to_its_max_and_resets);
	tcase_add_test(tc, test_syslog_names_are_suricatas);
	tcase_add_test(tc, test_unknown_filetype_is_refused_by_name);
	tcase_add_test(tc, test_socket_sink_without_listener_drops_and_counts);
	tcase_add_test(tc, test_eve_targets_take_their_types_and_extras);
	tcase_add_test(tc, test_anomaly_records_go_to_the_outputs_taking_their_kind);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr;
	int failed;

	setenv("TZ", "UTC", 1);
	sr = srunner_create(output_suite());
	srunner_add_suite(sr, output_xff_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
